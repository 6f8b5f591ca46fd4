// The translation service's facts: a completed translation is rendered in its language (a job on
// the render queue, idempotent per project, language and version); a deleted one takes its files.
// And one of media-render's own, after which the completed translations render again: the
// project's files rendered (a new look). (The project's own paid video no longer renders the
// translations' videos: each language's is paid on its own, services/videos/paid-video.ts.)
// Consumed from the bus rather than called from those jobs, so a project's render neither waits
// for the translation service nor fails with it; a failure here is redelivered.
import type { Subscription } from '@trainwright/platform';
import { PipelineProgress, TranslationChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { RenderDeps } from '../services/renders/deps.js';
import { forgetTranslationRenders } from '../services/renders/forget-renders.js';
import { renderTranslationsAgain } from '../services/renders/render-translations-again.js';

const LANGUAGE = /^[a-z]{2}$/;

export function translationCompletedSubscription(deps: Pick<RenderDeps, 'translationJobs' | 'companyPlans'>): Subscription {
  return {
    name: 'media-translation-completed',
    subject: 'translation.completed',
    handle: async (event) => {
      const e = TranslationChanged.decode(event.data);
      if (!LANGUAGE.test(e.language) || e.version <= 0) return;
      // The owner's plan as it is now travels with the job (its worker does not ask auth).
      const plan = await deps.companyPlans.companyPlan(e.companyId);
      await deps.translationJobs.enqueue({ projectId: e.projectId, language: e.language, version: e.version, translationId: e.translationId, plan });
    },
  };
}

export function translationDeletedSubscription(deps: RenderDeps): Subscription {
  return {
    name: 'media-translation-deleted',
    subject: 'translation.deleted',
    handle: async (event) => {
      const e = TranslationChanged.decode(event.data);
      if (LANGUAGE.test(e.language)) await forgetTranslationRenders(deps, e.projectId, e.language);
    },
  };
}

/**
 * render.completed: the project's own files of a version are current. Every change of its look
 * (template, styles, branding, format, voice, burned subtitles) is a new version rendered, so its
 * translations are drawn again in the look it has now; a version that changed only the project's
 * own text finds their sets complete.
 */
export function projectRenderedSubscription(deps: RenderDeps): Subscription {
  return {
    name: 'media-translation-looks',
    subject: 'render.completed',
    handle: async (event) => {
      const e = PipelineProgress.decode(event.data);
      if (e.projectId) await renderTranslationsAgain(deps, e.projectId, `look-v${e.contentVersion ?? 0}`);
    },
  };
}
