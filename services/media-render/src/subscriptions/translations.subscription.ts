// The translation service's facts: a completed translation is rendered in its language (a job on
// the render queue, idempotent per project, language and version); a deleted one takes its files.
import type { Subscription } from '@trainwright/platform';
import { TranslationChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { TranslationRenderService } from '../services/translation-render.service.js';
import type { TranslationJobs } from '../services/ports.js';

const LANGUAGE = /^[a-z]{2}$/;

export function translationCompletedSubscription(jobs: TranslationJobs): Subscription {
  return {
    name: 'media-translation-completed',
    subject: 'translation.completed',
    handle: async (event) => {
      const e = TranslationChanged.decode(event.data);
      if (LANGUAGE.test(e.language) && e.version > 0) await jobs.enqueue({ projectId: e.projectId, language: e.language, version: e.version, translationId: e.translationId });
    },
  };
}

export function translationDeletedSubscription(renders: Pick<TranslationRenderService, 'forgetLanguage'>): Subscription {
  return {
    name: 'media-translation-deleted',
    subject: 'translation.deleted',
    handle: async (event) => {
      const e = TranslationChanged.decode(event.data);
      if (LANGUAGE.test(e.language)) await renders.forgetLanguage(e.projectId, e.language);
    },
  };
}
