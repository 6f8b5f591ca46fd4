// Trial state, computed from the subscription's dates and the clock (never a fixed number):
// 7 days active (a warning at 2 days or fewer), then a 7-day grace period in which nothing new is
// generated and after which the files are deleted, then expired.
import { TIERS, type TierId } from './plans.js';
import { catalogueMessage, defineMessages, type CatalogueMessage } from './messages.js';

export const DAY_MS = 86_400_000;
export const TRIAL_WARNING_DAYS = 2;
export const GRACE_PERIOD_DAYS = 7;

export type TrialState = 'active_trial' | 'grace_period' | 'expired' | 'active';

export interface TrialStatus {
  is_trial: boolean;
  status: TrialState;
  message: string;
  /** Whole days left in the current phase (trial or grace); null for a paid plan. */
  days_remaining: number | null;
  days_used: number;
  trial_days: number;
  warning: boolean;
  ends_at: string | null;
  grace_ends_at: string | null;
  video_credits: number;
}

export function computeTrialStatus(input: {
  tier: TierId;
  trialStartedAt: Date;
  videoCredits: number;
  now: Date;
}): TrialStatus {
  const trialDays = TIERS['free-trial'].limits.trialDays;
  if (input.tier !== 'free-trial') {
    return {
      is_trial: false,
      status: 'active',
      message: `Your ${TIERS[input.tier].name} plan is active.`,
      days_remaining: null,
      days_used: 0,
      trial_days: trialDays,
      warning: false,
      ends_at: null,
      grace_ends_at: null,
      video_credits: input.videoCredits,
    };
  }
  const start = input.trialStartedAt.getTime();
  const endsAt = start + trialDays * DAY_MS;
  const graceEndsAt = endsAt + GRACE_PERIOD_DAYS * DAY_MS;
  const now = input.now.getTime();
  const daysUsed = Math.min(trialDays, Math.max(0, Math.floor((now - start) / DAY_MS)));
  const base = {
    is_trial: true,
    days_used: daysUsed,
    trial_days: trialDays,
    ends_at: new Date(endsAt).toISOString(),
    grace_ends_at: new Date(graceEndsAt).toISOString(),
    video_credits: input.videoCredits,
  };
  if (now < endsAt) {
    const left = Math.ceil((endsAt - now) / DAY_MS);
    return {
      ...base,
      status: 'active_trial',
      days_remaining: left,
      warning: left <= TRIAL_WARNING_DAYS,
      message: `Your free trial ends in ${left} ${left === 1 ? 'day' : 'days'}. Choose a plan to keep creating.`,
    };
  }
  if (now < graceEndsAt) {
    const left = Math.ceil((graceEndsAt - now) / DAY_MS);
    return {
      ...base,
      status: 'grace_period',
      days_remaining: left,
      warning: true,
      message: `Your free trial has ended. Upgrade within ${left} ${left === 1 ? 'day' : 'days'} or your files will be deleted.`,
    };
  }
  return {
    ...base,
    status: 'expired',
    days_remaining: 0,
    warning: true,
    message: 'Your free trial has expired. Upgrade to continue creating training content.',
  };
}

/** When `status.status` next changes (ms since the epoch): the trial's or the grace period's end; 0 when it does not. */
export function trialStateUntilMs(status: Pick<TrialStatus, 'status' | 'ends_at' | 'grace_ends_at'>): number {
  const next = status.status === 'active_trial' ? status.ends_at : status.status === 'grace_period' ? status.grace_ends_at : null;
  return next ? Date.parse(next) : 0;
}

export const TRIAL_STATES = ['active_trial', 'grace_period', 'expired', 'active'] as const satisfies readonly TrialState[];

export function isTrialState(value: unknown): value is TrialState {
  return typeof value === 'string' && (TRIAL_STATES as readonly string[]).includes(value);
}

/** The refusals of new work once the trial is over (the grace period keeps the files, not the tools). */
export const TRIAL_MESSAGES = defineMessages('trial', {
  ended: 'Your free trial has ended. Upgrade to continue creating training content.',
  expired: 'Your free trial has expired. Upgrade to continue creating training content.',
} as const);

/** New generation (and rendering) is allowed only during the active trial or on a paid plan. */
export function canGenerate(state: TrialState): boolean {
  return state === 'active' || state === 'active_trial';
}

/** Why new work is refused in this state (a catalogue message: `.text` is its English), or null when it is allowed. */
export function trialRefusal(state: TrialState): CatalogueMessage | null {
  if (canGenerate(state)) return null;
  return catalogueMessage(TRIAL_MESSAGES, state === 'grace_period' ? 'ended' : 'expired');
}

/** Trials started at or before this have outlived the plan's dataRetentionDays (the trial and its
 * grace period): their data is deleted unless the account upgraded. */
export function retentionCutoff(now: Date): Date {
  return new Date(now.getTime() - TIERS['free-trial'].limits.dataRetentionDays * DAY_MS);
}
