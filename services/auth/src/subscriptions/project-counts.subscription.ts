// Projects used and each company's project count follow the project service's facts.
import type { Subscription } from '@trainwright/platform';
import { ProjectChanged } from '@trainwright/proto/trainwright/events/v1/events';
import { countProject } from '../services/accounts/count-project.js';
import type { AuthDeps } from '../services/accounts/deps.js';

export function projectCountsSubscription(deps: AuthDeps): Subscription {
  return {
    name: 'auth-project-counts',
    subject: 'project.*',
    handle: async (event) => {
      if (event.subject !== 'project.created' && event.subject !== 'project.deleted') return;
      const e = ProjectChanged.decode(event.data);
      await countProject(deps, event.id, {
        companyId: e.companyId,
        ownerUserId: e.ownerUserId,
        delta: event.subject === 'project.created' ? 1 : -1,
        countsTowardLimit: e.countsTowardLimit,
      });
    },
  };
}
