// Deletes the data of trials past their retention: auth finds them and tells the services that
// hold the data (account.data_expired). Runs on a schedule (main.ts).
import { handleJob, PURGE_EXPIRED_TRIALS_JOB } from '@trainwright/platform';
import type { AccountService } from '../services/account.service.js';

export function purgeExpiredTrialsJob(accounts: AccountService) {
  return handleJob(PURGE_EXPIRED_TRIALS_JOB, async () => ({ purged: await accounts.purgeExpiredTrials() }));
}
