import { computeTrialStatus, type TrialStatus } from '@trainwright/catalogue';
import type { AuthDeps } from './deps.js';
import { getAccount } from './get-account.js';

export async function getTrialStatus(deps: Pick<AuthDeps, 'accounts' | 'clock'>, userId: string): Promise<TrialStatus> {
  const account = await getAccount(deps, userId);
  return computeTrialStatus({
    tier: account.tier,
    trialStartedAt: account.trialStartedAt,
    videoCredits: account.videoCredits,
    now: deps.clock(),
  });
}
