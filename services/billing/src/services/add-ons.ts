// Add-ons are items of the live subscription: bought prorated, cancelled at once without a refund.
import { ADD_ON_IDS, BILLING_MESSAGES, TIERS, type AddOnId } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { hasLivePlan, subscriptionView, type SubscriptionView } from './account-state.js';
import { ensureAccount } from './accounts.js';
import { changeItems } from './plans.js';
import { syncAccountFromProvider } from './sync.js';
import type { BillingDeps } from './stores.js';

function addOnOf(value: string): AddOnId {
  if (!(ADD_ON_IDS as readonly string[]).includes(value)) throw AppError.validation('add_on', BILLING_MESSAGES.unknownAddOn(value));
  return value as AddOnId;
}

export async function buyAddOn(deps: BillingDeps, input: { userId: string; addOn: string; idempotencyKey: string }): Promise<SubscriptionView> {
  const addOn = addOnOf(input.addOn);
  const account = await ensureAccount(deps, input.userId);
  const now = deps.clock();
  if (!hasLivePlan(account, now, deps.graceDays)) throw AppError.validation('add_on', BILLING_MESSAGES.choosePlanFirst);
  if (!TIERS[account.tier].addOns.includes(addOn)) throw AppError.validation('add_on', BILLING_MESSAGES.addOnNotAvailable(addOn, account.tier));
  if (account.addOns.some((a) => a.addOn === addOn)) throw new AppError('CONFLICT', BILLING_MESSAGES.addOnAlreadyActive(addOn));
  const sub = await changeItems(deps, account, {
    prorate: true,
    addOns: (current) => [...new Set([...current, addOn])],
    idempotencyKey: `add-on-${account.userId}-${addOn}-${input.idempotencyKey || now.getTime()}`,
  });
  return subscriptionView(await syncAccountFromProvider(deps, account.userId, sub), deps.clock(), deps.graceDays);
}

export async function cancelAddOn(deps: BillingDeps, input: { userId: string; addOn: string }): Promise<SubscriptionView> {
  const addOn = addOnOf(input.addOn);
  const account = await ensureAccount(deps, input.userId);
  if (!account.addOns.some((a) => a.addOn === addOn) || !account.providerSubscriptionId) throw AppError.notFound(BILLING_MESSAGES.addOnNotActive(addOn));
  const sub = await changeItems(deps, account, {
    prorate: false,
    addOns: (current) => current.filter((a) => a !== addOn),
    idempotencyKey: `add-on-cancel-${account.userId}-${addOn}-${deps.clock().getTime()}`,
  });
  return subscriptionView(await syncAccountFromProvider(deps, account.userId, sub), deps.clock(), deps.graceDays);
}
