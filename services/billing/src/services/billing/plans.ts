// Plan changes: from the trial (or a lapsed plan) a checkout; on a live plan an upgrade takes
// effect at once (prorated by the provider, and only as its preview showed it: amount and moment) and a downgrade waits for the period's end, and only
// when what the account uses fits the lower plan. The provider holds the downgrade (a scheduled
// change: a Stripe subscription schedule) and applies it at the renewal; its
// customer.subscription.updated then syncs the account and clears our scheduled_tier.
import {
  BILLING_MESSAGES,
  TIERS,
  catalogueMessage,
  downgradeOverUsage,
  isBillingInterval,
  isPaidTier,
  tierRank,
  type BillingInterval,
  type TierId,
} from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { hasLivePlan, subscriptionView, type SubscriptionView } from './account-state.js';
import { ensureAccount } from './accounts.js';
import { openCheckout } from './checkouts.js';
import type { ProviderSubscription } from './provider.js';
import { addOnRef, parseRef, planLineItem, planRef } from '../refs.js';
import { syncAccountFromProvider } from './sync.js';
import type { AccountState, BillingDeps } from './deps.js';

/**
 * A change charged at once (an upgrade of a live plan, an add-on) is made only as its preview
 * showed it: the preview's amount and proration date (unix seconds), which the charge then equals.
 */
export interface ChargeConfirmation {
  confirmAmountCents?: number;
  prorationDate?: number;
}

/** What a change charged at once charges now (the provider's proration preview), and the moment it is computed for. */
export interface ChargePreview {
  amountCents: number;
  /** Unix seconds; the confirmation carries it back with the amount. */
  prorationDate: number;
}

export interface ChangePlanInput extends ChargeConfirmation {
  userId: string;
  tier: string;
  interval: string;
  returnUrlBase: string;
  idempotencyKey: string;
}

export type ChangePlanResult = { kind: 'checkout'; checkoutUrl: string; sessionId: string } | { kind: 'changed'; subscription: SubscriptionView };

export interface PlanChangePreview {
  kind: 'checkout' | 'upgrade' | 'downgrade' | 'unschedule';
  /** Charged now (an upgrade), or the checkout's first payment. */
  amountCents: number;
  /** Unix seconds the proration is computed for (an upgrade), else 0. */
  prorationDate: number;
  /** When a downgrade takes effect. */
  effectiveAt: Date | null;
}

/** How long a previewed charge may be confirmed (its proration moment stays the previewed one). */
const PREVIEW_VALID_SECONDS = 3600;

type PlanChange = { kind: PlanChangePreview['kind']; tier: TierId; interval: BillingInterval; account: AccountState; now: Date };

/** What choosing `tier`/`interval` is for the account now: one classification for the change and its preview. */
async function planChangeOf(deps: BillingDeps, input: Pick<ChangePlanInput, 'userId' | 'tier' | 'interval'>): Promise<PlanChange> {
  if (!isPaidTier(input.tier)) throw AppError.validation('tier', catalogueMessage(BILLING_MESSAGES, 'unknownPlan', input.tier));
  const interval = input.interval || 'month';
  if (!isBillingInterval(interval)) throw AppError.validation('interval', catalogueMessage(BILLING_MESSAGES, 'unknownInterval', interval));
  const tier: TierId = input.tier;
  const account = await ensureAccount(deps, input.userId);
  const now = deps.clock();
  if (!hasLivePlan(account, now, deps.graceDays)) return { kind: 'checkout', tier, interval, account, now };
  const current = account.tier;
  const currentInterval = account.interval ?? 'month';
  if (tier === current && interval === currentInterval) {
    // Choosing the plan one has again takes a scheduled change back.
    if (!account.scheduledTier) throw new AppError('CONFLICT', catalogueMessage(BILLING_MESSAGES, 'alreadyOnPlan'));
    return { kind: 'unschedule', tier, interval, account, now };
  }
  const upgrade = tierRank(tier) > tierRank(current) || (tier === current && currentInterval === 'month' && interval === 'year');
  if (!upgrade && tier !== current) {
    const over = downgradeOverUsage(tier, await deps.directory.usage(account.userId));
    if (over.length > 0) throw AppError.validation('tier', over.join(' '));
  }
  return { kind: upgrade ? 'upgrade' : 'downgrade', tier, interval, account, now };
}

/** What changing the live subscription's items by `change` charges at `prorationDate` (the provider's proration preview). */
async function prorationAmount(deps: BillingDeps, account: AccountState, change: ItemsChange, prorationDate: number): Promise<number> {
  const sub = await liveSubscription(deps, account);
  const preview = await deps.provider.previewSubscriptionChange(sub.id, { items: itemsFor(account, sub, change), prorationDate: new Date(prorationDate * 1000) });
  return preview.amountDueCents;
}

/** The preview of a change charged at once (an upgrade, an add-on): what it charges if made now. */
export async function previewCharge(deps: BillingDeps, account: AccountState, change: ItemsChange, now: Date): Promise<ChargePreview> {
  const prorationDate = Math.floor(now.getTime() / 1000);
  return { amountCents: await prorationAmount(deps, account, change, prorationDate), prorationDate };
}

/**
 * A change charged at once is made only as its preview showed it: with the preview's amount and
 * proration date, while that moment holds (at most an hour old, in the current period) and the
 * amount at it is still the one confirmed. Answers the moment to prorate at, so the charge equals
 * the amount shown; otherwise 409 with `messages`, and nothing is charged.
 */
export async function confirmedProrationDate(
  deps: BillingDeps,
  account: AccountState,
  change: ItemsChange,
  now: Date,
  confirmation: ChargeConfirmation,
  messages: { notConfirmed: string; amountChanged: string },
): Promise<Date> {
  const prorationDate = confirmation.prorationDate ?? 0;
  if (!prorationDate || confirmation.confirmAmountCents === undefined) throw new AppError('CONFLICT', messages.notConfirmed);
  const nowS = Math.floor(now.getTime() / 1000);
  const periodStartS = account.currentPeriodStart ? Math.floor(account.currentPeriodStart.getTime() / 1000) : 0;
  const stale = prorationDate > nowS + 60 || prorationDate < nowS - PREVIEW_VALID_SECONDS || prorationDate < periodStartS;
  const amount = stale ? null : await prorationAmount(deps, account, change, prorationDate);
  if (amount !== confirmation.confirmAmountCents) throw new AppError('CONFLICT', messages.amountChanged);
  return new Date(prorationDate * 1000);
}

export async function previewPlanChange(deps: BillingDeps, input: Pick<ChangePlanInput, 'userId' | 'tier' | 'interval'>): Promise<PlanChangePreview> {
  const change = await planChangeOf(deps, input);
  switch (change.kind) {
    case 'checkout':
      return { kind: 'checkout', amountCents: planLineItem(change.tier, change.interval).unitAmountCents, prorationDate: 0, effectiveAt: null };
    case 'upgrade':
      return { kind: 'upgrade', ...(await previewCharge(deps, change.account, change, change.now)), effectiveAt: null };
    case 'downgrade':
      return { kind: 'downgrade', amountCents: 0, prorationDate: 0, effectiveAt: change.account.currentPeriodEnd };
    case 'unschedule':
      return { kind: 'unschedule', amountCents: 0, prorationDate: 0, effectiveAt: null };
  }
}

export async function changePlan(deps: BillingDeps, input: ChangePlanInput): Promise<ChangePlanResult> {
  const change = await planChangeOf(deps, input);
  const { tier, interval, account, now } = change;

  if (change.kind === 'checkout') {
    const session = await openCheckout(deps, account, {
      purpose: 'subscription',
      mode: 'subscription',
      itemKey: planRef(tier, interval),
      lineItems: [planLineItem(tier, interval)],
      tier,
      interval,
      returnUrlBase: input.returnUrlBase,
      clientKey: input.idempotencyKey,
    });
    return { kind: 'checkout', checkoutUrl: session.url, sessionId: session.id };
  }
  if (change.kind === 'unschedule') {
    await deps.provider.cancelScheduledChange(account.providerSubscriptionId!, `unschedule-${account.userId}-${input.idempotencyKey || now.getTime()}`);
    return { kind: 'changed', subscription: await setSchedule(deps, account, null, null) };
  }
  if (change.kind === 'upgrade') {
    // Charged at once: only as previewed (amount and moment), so nothing is charged unseen.
    const prorationDate = await confirmedProrationDate(deps, account, change, now, input, {
      notConfirmed: BILLING_MESSAGES.planChangeNotConfirmed,
      amountChanged: BILLING_MESSAGES.planChangeAmountChanged,
    });
    const sub = await changeItems(deps, account, {
      tier,
      interval,
      prorate: true,
      prorationDate,
      idempotencyKey: `plan-${account.userId}-${tier}-${interval}-${input.idempotencyKey || now.getTime()}`,
    });
    return { kind: 'changed', subscription: subscriptionView(await syncAccountFromProvider(deps, account.userId, sub), deps.clock(), deps.graceDays) };
  }
  const sub = await liveSubscription(deps, account);
  await deps.provider.scheduleSubscriptionChange(sub.id, {
    items: itemsFor(account, sub, { tier, interval }),
    idempotencyKey: `schedule-${account.userId}-${tier}-${interval}-${input.idempotencyKey || now.getTime()}`,
  });
  return { kind: 'changed', subscription: await setSchedule(deps, account, tier, interval) };
}

async function liveSubscription(deps: BillingDeps, account: AccountState): Promise<ProviderSubscription> {
  const sub = account.providerSubscriptionId ? await deps.provider.retrieveSubscription(account.providerSubscriptionId) : null;
  if (!sub) throw new AppError('CONFLICT', catalogueMessage(BILLING_MESSAGES, 'noSubscription'));
  return sub;
}

type ItemsChange = { tier?: TierId; interval?: BillingInterval; addOns?: (current: string[]) => string[] };

/**
 * The items of `sub` after `change`: the plan item and the add-ons the tier may hold, all on one
 * interval (every item of a subscription bills on one interval).
 */
function itemsFor(account: AccountState, sub: ProviderSubscription, change: ItemsChange): Array<{ ref: string; quantity: number }> {
  const plan = sub.items.map((i) => parseRef(i.ref)).find((p) => p?.kind === 'plan');
  const tier = change.tier ?? (plan?.kind === 'plan' ? plan.tier : account.tier);
  const interval = change.interval ?? (plan?.kind === 'plan' ? plan.interval : (account.interval ?? 'month'));
  let addOns = sub.items.flatMap((i) => {
    const p = parseRef(i.ref);
    return p?.kind === 'add_on' && TIERS[tier].addOns.includes(p.addOn) ? [p.addOn as string] : [];
  });
  if (change.addOns) addOns = change.addOns(addOns);
  return [{ ref: planRef(tier, interval), quantity: 1 }, ...addOns.map((a) => ({ ref: addOnRef(a as never, interval), quantity: 1 }))];
}

async function setSchedule(deps: BillingDeps, account: AccountState, tier: TierId | null, interval: BillingInterval | null): Promise<SubscriptionView> {
  const updated = await deps.store.transaction(async (tx) => {
    await tx.updateAccount(account.userId, { scheduledTier: tier, scheduledInterval: interval });
    return (await tx.lockAccount(account.userId))!;
  });
  return subscriptionView(updated, deps.clock(), deps.graceDays);
}

/**
 * Changes the plan item of the live subscription (its add-on items follow the interval, as every
 * item of a subscription bills on one interval); the rest of the items stay as the provider has them.
 * A scheduled downgrade is taken back first; a change of add-ons only schedules it again over the
 * new items, while a change of plan or of cancellation supersedes it.
 */
export async function changeItems(
  deps: BillingDeps,
  account: AccountState,
  change: ItemsChange & { prorate: boolean; idempotencyKey: string; cancelAtPeriodEnd?: boolean; prorationDate?: Date },
): Promise<ProviderSubscription> {
  const sub = await liveSubscription(deps, account);
  const scheduled = account.scheduledTier ? { tier: account.scheduledTier, interval: account.scheduledInterval ?? account.interval ?? 'month' } : null;
  if (scheduled) await deps.provider.cancelScheduledChange(sub.id, `${change.idempotencyKey}-unschedule`);
  const updated = await deps.provider.updateSubscription(sub.id, {
    items: itemsFor(account, sub, change),
    prorate: change.prorate,
    idempotencyKey: change.idempotencyKey,
    ...(change.cancelAtPeriodEnd === undefined ? {} : { cancelAtPeriodEnd: change.cancelAtPeriodEnd }),
    ...(change.prorationDate ? { prorationDate: change.prorationDate } : {}),
  });
  if (!scheduled) return updated;
  if (change.tier === undefined && change.interval === undefined && change.cancelAtPeriodEnd === undefined) {
    // Add-ons bought or cancelled: the downgrade still holds, over the items as they are now.
    return deps.provider.scheduleSubscriptionChange(sub.id, { items: itemsFor(account, updated, scheduled), idempotencyKey: `${change.idempotencyKey}-reschedule` });
  }
  await deps.store.transaction((tx) => tx.updateAccount(account.userId, { scheduledTier: null, scheduledInterval: null }));
  return updated;
}

export async function setCancelAtPeriodEnd(deps: BillingDeps, userId: string, cancel: boolean): Promise<SubscriptionView> {
  const account = await ensureAccount(deps, userId);
  if (!hasLivePlan(account, deps.clock(), deps.graceDays)) throw new AppError('CONFLICT', catalogueMessage(BILLING_MESSAGES, 'noSubscription'));
  if (account.cancelAtPeriodEnd === cancel) return subscriptionView(account, deps.clock(), deps.graceDays);
  const sub = await changeItems(deps, account, { prorate: false, cancelAtPeriodEnd: cancel, idempotencyKey: `cancel-${userId}-${cancel}-${deps.clock().getTime()}` });
  return subscriptionView(await syncAccountFromProvider(deps, userId, sub), deps.clock(), deps.graceDays);
}
