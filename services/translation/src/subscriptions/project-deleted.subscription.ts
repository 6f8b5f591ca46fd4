// A deleted project's translations go with it.
import type { Subscription } from '@trainwright/platform';
import { ProjectChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { TranslationDeps } from '../services/translations/deps.js';
import { forgetProject } from '../services/translations/forget-project.js';

export function projectDeletedSubscription(deps: Pick<TranslationDeps, 'store'>): Subscription {
  return {
    name: 'translation-project-deleted',
    subject: 'project.deleted',
    handle: async (event) => forgetProject(deps, ProjectChanged.decode(event.data).projectId, event.id),
  };
}
