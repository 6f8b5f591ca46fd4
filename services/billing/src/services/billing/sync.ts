// The account follows the provider's subscription: one function for webhooks, plan changes,
// add-ons and maintenance, always fed the provider's CURRENT object, so the order in which
// events arrive does not matter.
import type { AddOnId } from '@trainwright/catalogue';
import { commitAccountChange } from './account-state.js';
import type { ProviderSubscription, ProviderSubscriptionStatus } from './provider.js';
import { parseRef } from '../refs.js';
import type { AccountPatch, AccountState, AccountStatus, BillingDeps, BillingTx } from './deps.js';

const STATUS: Record<ProviderSubscriptionStatus, AccountStatus> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  // Retries exhausted: still past_due for us, so the grace period (counted from past_due) ends it.
  unpaid: 'past_due',
  canceled: 'canceled',
  incomplete: 'incomplete',
  incomplete_expired: 'canceled',
  paused: 'incomplete',
};

const LIVE: AccountStatus[] = ['active', 'past_due'];

/**
 * Applies `sub` to the locked account `account`. A subscription other than the account's own is
 * adopted only when the account has no live one (a new checkout after a cancellation); an old
 * subscription's late events change nothing. Returns false when `sub` was not adopted.
 */
export async function syncSubscription(tx: BillingTx, deps: Pick<BillingDeps, 'clock' | 'graceDays'>, account: AccountState, sub: ProviderSubscription): Promise<boolean> {
  const status = STATUS[sub.status];
  if (account.providerSubscriptionId && account.providerSubscriptionId !== sub.id) {
    if (LIVE.includes(account.status) || !LIVE.includes(status)) return false;
  }
  const now = deps.clock();
  const plan = sub.items.map((i) => parseRef(i.ref)).find((p) => p?.kind === 'plan');
  const addOns: Array<{ addOn: AddOnId; providerItemId: string | null }> = [];
  for (const item of sub.items) {
    const parsed = parseRef(item.ref);
    if (parsed?.kind === 'add_on') addOns.push({ addOn: parsed.addOn, providerItemId: item.id });
  }
  const patch: AccountPatch = {
    providerSubscriptionId: sub.id,
    status,
    currentPeriodStart: sub.currentPeriodStart,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    // Kept from when it became past_due; gone once it is not.
    pastDueSince: status === 'past_due' ? (account.pastDueSince ?? now) : null,
  };
  if (plan?.kind === 'plan') {
    patch.tier = plan.tier;
    patch.interval = plan.interval;
    // A scheduled change is done once the plan is what was scheduled; an ended one has none.
    if (plan.tier === account.scheduledTier && plan.interval === account.scheduledInterval) patch.scheduledTier = patch.scheduledInterval = null;
  }
  if (status === 'canceled') patch.scheduledTier = patch.scheduledInterval = null;
  await tx.updateAccount(account.userId, patch);
  const sameAddOns = JSON.stringify(addOns.map((a) => [a.addOn, a.providerItemId]).sort()) === JSON.stringify(account.addOns.map((a) => [a.addOn, a.providerItemId]).sort());
  if (!sameAddOns) await tx.replaceAddOns(account.userId, addOns);
  await commitAccountChange(tx, deps, account);
  return true;
}

/**
 * Syncs the account in its own transaction after a change the caller made at the provider. The
 * subscription is read again under the account's lock, so a webhook of a later change that
 * committed first is not undone by the older object `changed`.
 */
export async function syncAccountFromProvider(deps: BillingDeps, userId: string, changed: ProviderSubscription): Promise<AccountState> {
  return deps.store.transaction(async (tx) => {
    const account = await tx.lockAccount(userId);
    if (!account) throw new Error(`no billing account ${userId}`);
    const sub = (await deps.provider.retrieveSubscription(changed.id)) ?? changed;
    await syncSubscription(tx, deps, account, sub);
    return (await tx.lockAccount(userId))!;
  });
}
