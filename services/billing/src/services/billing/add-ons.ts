// Add-ons are items of the live subscription: bought prorated (charged at once, so only as their
// preview showed it, as an upgrade is), cancelled at once without a refund.
import { ADD_ON_IDS, BILLING_MESSAGES, TIERS, catalogueMessage, type AddOnId } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { hasLivePlan, subscriptionView, type SubscriptionView } from './account-state.js';
import { ensureAccount } from './accounts.js';
import { changeItems, confirmedProrationDate, previewCharge, type ChargeConfirmation, type ChargePreview } from './plans.js';
import { syncAccountFromProvider } from './sync.js';
import type { BillingDeps } from './deps.js';

function addOnOf(value: string): AddOnId {
  if (!(ADD_ON_IDS as readonly string[]).includes(value)) throw AppError.validation('add_on', catalogueMessage(BILLING_MESSAGES, 'unknownAddOn', value));
  return value as AddOnId;
}

export interface BuyAddOnInput extends ChargeConfirmation {
  userId: string;
  addOn: string;
  idempotencyKey: string;
}

/** The add-on the account may buy now, and the change of the subscription's items that adds it. */
async function addOnPurchase(deps: BillingDeps, input: { userId: string; addOn: string }) {
  const addOn = addOnOf(input.addOn);
  const account = await ensureAccount(deps, input.userId);
  const now = deps.clock();
  if (!hasLivePlan(account, now, deps.graceDays)) throw AppError.validation('add_on', catalogueMessage(BILLING_MESSAGES, 'choosePlanFirst'));
  if (!TIERS[account.tier].addOns.includes(addOn)) throw AppError.validation('add_on', catalogueMessage(BILLING_MESSAGES, 'addOnNotAvailable', addOn, account.tier));
  if (account.addOns.some((a) => a.addOn === addOn)) throw new AppError('CONFLICT', catalogueMessage(BILLING_MESSAGES, 'addOnAlreadyActive', addOn));
  return { addOn, account, now, items: { addOns: (current: string[]) => [...new Set([...current, addOn])] } };
}

/** What buying an add-on charges now: the provider's proration preview of the subscription with it added. */
export async function previewAddOn(deps: BillingDeps, input: { userId: string; addOn: string }): Promise<ChargePreview> {
  const { account, now, items } = await addOnPurchase(deps, input);
  return previewCharge(deps, account, items, now);
}

export async function buyAddOn(deps: BillingDeps, input: BuyAddOnInput): Promise<SubscriptionView> {
  const { addOn, account, now, items } = await addOnPurchase(deps, input);
  // Charged at once: only as previewed (amount and moment), so nothing is charged unseen.
  const prorationDate = await confirmedProrationDate(deps, account, items, now, input, {
    notConfirmed: BILLING_MESSAGES.addOnNotConfirmed(addOn),
    amountChanged: BILLING_MESSAGES.addOnAmountChanged(addOn),
  });
  const sub = await changeItems(deps, account, {
    ...items,
    prorate: true,
    prorationDate,
    idempotencyKey: `add-on-${account.userId}-${addOn}-${input.idempotencyKey || now.getTime()}`,
  });
  return subscriptionView(await syncAccountFromProvider(deps, account.userId, sub), deps.clock(), deps.graceDays);
}

export async function cancelAddOn(deps: BillingDeps, input: { userId: string; addOn: string }): Promise<SubscriptionView> {
  const addOn = addOnOf(input.addOn);
  const account = await ensureAccount(deps, input.userId);
  if (!account.addOns.some((a) => a.addOn === addOn) || !account.providerSubscriptionId) throw AppError.notFound(catalogueMessage(BILLING_MESSAGES, 'addOnNotActive', addOn));
  const sub = await changeItems(deps, account, {
    prorate: false,
    addOns: (current) => current.filter((a) => a !== addOn),
    idempotencyKey: `add-on-cancel-${account.userId}-${addOn}-${deps.clock().getTime()}`,
  });
  return subscriptionView(await syncAccountFromProvider(deps, account.userId, sub), deps.clock(), deps.graceDays);
}
