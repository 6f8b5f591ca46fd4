// The translation service's events kept on the project row as available_languages: a completed
// translation adds its language, a deleted one removes it (the card's language count and the
// project's languages read it). Ordered per language by occurred_at: a late event is a no-op.
import type { Subscription } from '@trainwright/platform';
import { TranslationChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { ProjectDeps } from '../services/projects/deps.js';

export function translationLanguagesSubscription(deps: Pick<ProjectDeps, 'projects'>): Subscription {
  return {
    name: 'project-translation-languages',
    subject: 'translation.*',
    handle: async (event) => {
      if (event.subject !== 'translation.completed' && event.subject !== 'translation.deleted') return;
      const e = TranslationChanged.decode(event.data);
      await deps.projects.applyLanguage({ projectId: e.projectId, language: e.language, present: event.subject === 'translation.completed', at: e.occurredAt });
    },
  };
}
