// The catalogue items as the provider knows them: 'plan:<tier>:<interval>',
// 'add_on:<id>:<interval>', 'credits'; their descriptions and amounts come from the catalogue.
import {
  ADD_ONS,
  ADD_ON_IDS,
  TIERS,
  VIDEO_CREDIT_PRICE_CENTS,
  addOnPriceCents,
  isBillingInterval,
  isPaidTier,
  planPriceCents,
  type AddOnId,
  type BillingInterval,
  type TierId,
} from '@trainwright/catalogue';
import type { CheckoutLineItem } from './billing/provider.js';

export const planRef = (tier: TierId, interval: BillingInterval) => `plan:${tier}:${interval}`;
export const addOnRef = (addOn: AddOnId, interval: BillingInterval) => `add_on:${addOn}:${interval}`;
export const CREDITS_REF = 'credits';

export type ParsedRef =
  | { kind: 'plan'; tier: TierId; interval: BillingInterval }
  | { kind: 'add_on'; addOn: AddOnId; interval: BillingInterval }
  | { kind: 'credits' };

export function parseRef(ref: string): ParsedRef | null {
  if (ref === CREDITS_REF) return { kind: 'credits' };
  const [kind, id, interval] = ref.split(':');
  if (!isBillingInterval(interval)) return null;
  if (kind === 'plan' && isPaidTier(id)) return { kind, tier: id, interval };
  if (kind === 'add_on' && (ADD_ON_IDS as readonly string[]).includes(id ?? '')) return { kind, addOn: id as AddOnId, interval };
  return null;
}

const per = (interval: BillingInterval) => (interval === 'month' ? 'monthly' : 'yearly');

export function planLineItem(tier: TierId, interval: BillingInterval): CheckoutLineItem {
  return { ref: planRef(tier, interval), description: `Trainwright ${TIERS[tier].name} plan (${per(interval)})`, unitAmountCents: planPriceCents(tier, interval), quantity: 1, interval };
}

export function addOnLineItem(addOn: AddOnId, interval: BillingInterval): CheckoutLineItem {
  return { ref: addOnRef(addOn, interval), description: `${ADD_ONS[addOn].name} add-on (${per(interval)})`, unitAmountCents: addOnPriceCents(addOn, interval), quantity: 1, interval };
}

export function creditsLineItem(credits: number): CheckoutLineItem {
  return { ref: CREDITS_REF, description: 'Video credits', unitAmountCents: VIDEO_CREDIT_PRICE_CENTS, quantity: credits, interval: null };
}

/** The amount of a ref for one period (the local provider prices with it; Stripe keeps its prices). */
export function refAmountCents(ref: string): number {
  const parsed = parseRef(ref);
  if (!parsed) throw new Error(`unknown catalogue ref ${ref}`);
  if (parsed.kind === 'plan') return planPriceCents(parsed.tier, parsed.interval);
  if (parsed.kind === 'add_on') return addOnPriceCents(parsed.addOn, parsed.interval);
  return VIDEO_CREDIT_PRICE_CENTS;
}

export function lineItemForRef(ref: string, quantity = 1): CheckoutLineItem {
  const parsed = parseRef(ref);
  if (!parsed) throw new Error(`unknown catalogue ref ${ref}`);
  if (parsed.kind === 'plan') return planLineItem(parsed.tier, parsed.interval);
  if (parsed.kind === 'add_on') return addOnLineItem(parsed.addOn, parsed.interval);
  return creditsLineItem(quantity);
}
