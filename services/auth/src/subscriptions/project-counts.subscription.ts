// Projects used and each company's project count follow the project service's facts.
import type { Subscription } from '@trainwright/platform';
import { ProjectChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { AccountService } from '../services/account.service.js';

export function projectCountsSubscription(accounts: AccountService): Subscription {
  return {
    name: 'auth-project-counts',
    subject: 'project.*',
    handle: async (event) => {
      if (event.subject !== 'project.created' && event.subject !== 'project.deleted') return;
      const e = ProjectChanged.decode(event.data);
      await accounts.countProject(event.id, {
        companyId: e.companyId,
        ownerUserId: e.ownerUserId,
        delta: event.subject === 'project.created' ? 1 : -1,
        countsTowardLimit: e.countsTowardLimit,
      });
    },
  };
}
