// Data retention: an expired trial's projects and files are deleted (auth decides when).
import type { Subscription } from '@trainwright/platform';
import { AccountDataExpired } from '@trainwright/proto/trainwright/events/v1/events';
import { deleteAccountData } from '../services/projects/delete-account-data.js';
import type { ProjectDeps } from '../services/projects/deps.js';

export function accountDataExpiredSubscription(deps: ProjectDeps, removeFiles: (keys: string[]) => Promise<void>): Subscription {
  return {
    name: 'project-account-data-expired',
    subject: 'account.data_expired',
    handle: async (event) => {
      const e = AccountDataExpired.decode(event.data);
      await removeFiles(await deleteAccountData(deps, { userId: e.userId, companyIds: e.companyIds }));
    },
  };
}
