// The account's derived state (effective tier, grace end, the subscription view) and the one way
// a change of it is committed: with subscription.changed and the next version, in the same
// transaction.
import { TIERS, type AddOnId, type TierId } from '@trainwright/catalogue';
import { billingEvents } from '../events.js';
import type { AccountState, BillingDeps, BillingTx } from './deps.js';

const DAY_MS = 86_400_000;

export function graceEndsAt(account: Pick<AccountState, 'status' | 'pastDueSince'>, graceDays: number): Date | null {
  if (account.status !== 'past_due' || !account.pastDueSince) return null;
  return new Date(account.pastDueSince.getTime() + graceDays * DAY_MS);
}

/** The tier whose limits apply now: the plan while active or in grace, else the (long over) trial. */
export function effectiveTierOf(account: Pick<AccountState, 'status' | 'tier' | 'pastDueSince'>, now: Date, graceDays: number): TierId {
  switch (account.status) {
    case 'active':
      return account.tier;
    case 'past_due': {
      const end = graceEndsAt(account, graceDays);
      return end && now < end ? account.tier : 'free-trial';
    }
    default:
      return 'free-trial';
  }
}

/** A paid plan the account can change in place (not a checkout): active, or past_due in grace. */
export function hasLivePlan(account: AccountState, now: Date, graceDays: number): boolean {
  return account.providerSubscriptionId !== null && account.tier !== 'free-trial' && effectiveTierOf(account, now, graceDays) !== 'free-trial';
}

/** The add-ons that count: those the effective tier may buy. */
export function activeAddOns(account: AccountState, effectiveTier: TierId): AddOnId[] {
  return account.addOns.map((a) => a.addOn).filter((a) => TIERS[effectiveTier].addOns.includes(a)).sort();
}

export interface SubscriptionView {
  tier: TierId;
  interval: string;
  status: AccountState['status'];
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  scheduledTier: TierId | null;
  addOns: AddOnId[];
  creditBalanceCents: number;
  effectiveTier: TierId;
  provider: string;
  graceEndsAt: Date | null;
}

export function subscriptionView(account: AccountState, now: Date, graceDays: number): SubscriptionView {
  const effectiveTier = effectiveTierOf(account, now, graceDays);
  return {
    tier: account.tier,
    interval: account.interval ?? '',
    status: account.status,
    currentPeriodStart: account.currentPeriodStart,
    currentPeriodEnd: account.currentPeriodEnd,
    cancelAtPeriodEnd: account.cancelAtPeriodEnd,
    scheduledTier: account.scheduledTier,
    addOns: account.addOns.map((a) => a.addOn).sort(),
    creditBalanceCents: account.creditBalanceCents,
    effectiveTier,
    provider: account.provider,
    graceEndsAt: graceEndsAt(account, graceDays),
  };
}

/** What subscription.changed tells: when any of it differs, the account changed. */
function published(account: AccountState, effectiveTier: TierId): string {
  return JSON.stringify([effectiveTier, account.tier, account.status, activeAddOns(account, effectiveTier), account.creditBalanceCents]);
}

/**
 * Call after writing a change of the locked account `before` inside `tx`: re-reads it, stores the
 * effective tier and, when what subscribers see changed, bumps the version and enqueues
 * subscription.changed. Returns the account after the change.
 */
export async function commitAccountChange(tx: BillingTx, deps: Pick<BillingDeps, 'clock' | 'graceDays'>, before: AccountState): Promise<AccountState> {
  const now = deps.clock();
  const after = await tx.lockAccount(before.userId);
  if (!after) throw new Error(`billing account ${before.userId} vanished inside its transaction`);
  const effectiveTier = effectiveTierOf(after, now, deps.graceDays);
  if (published(before, before.effectiveTier) === published(after, effectiveTier)) return after;
  const version = after.version + 1;
  await tx.updateAccount(after.userId, { effectiveTier, version });
  await tx.enqueue([
    billingEvents.subscriptionChanged(
      {
        userId: after.userId,
        tier: effectiveTier,
        previousTier: before.effectiveTier,
        addOns: activeAddOns(after, effectiveTier),
        status: after.status,
        creditBalanceCents: after.creditBalanceCents,
        version,
      },
      now,
    ),
  ]);
  return { ...after, effectiveTier, version };
}
