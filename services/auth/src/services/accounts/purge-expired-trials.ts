import { retentionCutoff } from '@trainwright/catalogue';
import { authEvents } from '../events.js';
import type { AuthDeps } from './deps.js';

/**
 * Sends account.data_expired for every trial past its data retention that never upgraded (the
 * project and media services delete the data); each account once. Returns the accounts purged.
 */
export async function purgeExpiredTrials(deps: Pick<AuthDeps, 'accounts' | 'clock' | 'afterWrite'>, batch = 100): Promise<number> {
  let purged = 0;
  for (;;) {
    const userIds = await deps.accounts.purgeExpiredTrials(retentionCutoff(deps.clock()), batch, (userId, companyIds) => [
      authEvents.accountDataExpired({ userId, companyIds }),
    ]);
    purged += userIds.length;
    if (userIds.length > 0) deps.afterWrite();
    if (userIds.length < batch) return purged;
  }
}
