import { computeTrialStatus, trialStateUntilMs, type TierId, type TrialState } from '@trainwright/catalogue';
import type { AuthDeps } from './deps.js';

/** A company or membership with its owner's trial state, computed now (new work stops when it ends). */
export type WithOwnerTrial<T> = T & { ownerTrialState: TrialState; ownerTrialStateUntilMs: number };

export function withOwnerTrial<T extends { ownerTier: TierId; ownerTrialStartedAt: Date }>(deps: Pick<AuthDeps, 'clock'>, row: T): WithOwnerTrial<T> {
  const trial = computeTrialStatus({ tier: row.ownerTier, trialStartedAt: row.ownerTrialStartedAt, videoCredits: 0, now: deps.clock() });
  return { ...row, ownerTrialState: trial.status, ownerTrialStateUntilMs: trialStateUntilMs(trial) };
}
