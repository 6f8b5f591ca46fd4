// A deleted project's translations go with it.
import type { Subscription } from '@trainwright/platform';
import { ProjectChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { TranslationOperations } from '../services/translations.js';

export function projectDeletedSubscription(translations: Pick<TranslationOperations, 'forgetProject'>): Subscription {
  return {
    name: 'translation-project-deleted',
    subject: 'project.deleted',
    handle: async (event) => translations.forgetProject(ProjectChanged.decode(event.data).projectId, event.id),
  };
}
