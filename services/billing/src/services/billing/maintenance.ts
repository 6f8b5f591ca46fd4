// The scheduled upkeep: scheduled downgrades about to happen, local subscriptions to renew, grace
// periods that ran out. Each step is idempotent, so a rerun (or two replicas) does no harm.
//
// A downgrade is the provider's to apply (a scheduled change at the period's end; its
// customer.subscription.updated syncs the account). What stays ours: a day before the period
// ends, the usage is checked again; when it no longer fits the lower plan, the scheduled change
// is taken back and the account keeps its plan (logged, nothing published: nothing changed).
import { downgradeOverUsage } from '@trainwright/catalogue';
import { commitAccountChange } from './account-state.js';
import { syncAccountFromProvider } from './sync.js';
import type { BillingDeps } from './deps.js';

const DAY_MS = 86_400_000;
/** How long before the period's end a scheduled downgrade's usage is checked again. */
export const DOWNGRADE_RECHECK_MS = DAY_MS;

export interface MaintenanceReport {
  /** Scheduled downgrades taken back: the usage no longer fit the lower plan. */
  downgradesWithdrawn: number;
  renewed: number;
  /** Local checkout sessions whose 24 hours ran out (expired, their event emitted). */
  checkoutsExpired: number;
  graceEnded: number;
}

export async function runMaintenance(deps: BillingDeps): Promise<MaintenanceReport> {
  const now = deps.clock();
  let downgradesWithdrawn = 0;
  for (const userId of await deps.store.dueScheduledChanges(new Date(now.getTime() + DOWNGRADE_RECHECK_MS))) {
    const account = await deps.store.findAccount(userId);
    if (!account?.scheduledTier || !account.currentPeriodEnd || !account.providerSubscriptionId) continue;
    if (account.currentPeriodEnd <= now) {
      // The provider applies it at the renewal; should its event be late, read the subscription.
      const sub = await deps.provider.retrieveSubscription(account.providerSubscriptionId);
      if (sub) await syncAccountFromProvider(deps, userId, sub);
      continue;
    }
    // Only a lower tier has limits to check (a change of interval alone has none).
    if (account.scheduledTier === account.tier) continue;
    const over = downgradeOverUsage(account.scheduledTier, await deps.directory.usage(userId));
    if (over.length === 0) continue;
    await deps.provider.cancelScheduledChange(account.providerSubscriptionId, `unschedule-over-${userId}-${account.currentPeriodEnd.getTime()}`);
    await deps.store.transaction((tx) => tx.updateAccount(userId, { scheduledTier: null, scheduledInterval: null }));
    deps.logger?.info({ userId, tier: account.tier, scheduledTier: account.scheduledTier, over }, 'scheduled downgrade withdrawn: the usage no longer fits the lower plan');
    downgradesWithdrawn++;
  }
  const renewed = deps.localCheckout ? await deps.localCheckout.renewDue(now) : 0;
  const checkoutsExpired = deps.localCheckout ? await deps.localCheckout.expireDue(now) : 0;
  let graceEnded = 0;
  for (const userId of await deps.store.graceEnded(new Date(now.getTime() - deps.graceDays * DAY_MS))) {
    await deps.store.transaction(async (tx) => {
      const before = await tx.lockAccount(userId);
      if (!before) return;
      const after = await commitAccountChange(tx, deps, before);
      if (after.effectiveTier !== before.effectiveTier) graceEnded++;
    });
  }
  return { downgradesWithdrawn, renewed, checkoutsExpired, graceEnded };
}
