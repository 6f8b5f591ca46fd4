// Deletes the data of trials past their retention: auth finds them and tells the services that
// hold the data (account.data_expired). Runs on a schedule (main.ts).
import { handleJob, PURGE_EXPIRED_TRIALS_JOB } from '@trainwright/platform';
import type { AuthDeps } from '../services/accounts/deps.js';
import { purgeExpiredTrials } from '../services/accounts/purge-expired-trials.js';

export function purgeExpiredTrialsJob(deps: AuthDeps) {
  return handleJob(PURGE_EXPIRED_TRIALS_JOB, async () => ({ purged: await purgeExpiredTrials(deps) }));
}
