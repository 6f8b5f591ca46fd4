// Billing's prices and user-facing messages, derived from the plan catalogue (plans.ts): a price
// is never written twice, so the pricing cards, the checkout and the provider's prices agree.
import { ADD_ONS, TIERS, TIER_IDS, VIDEO_CREDIT_PRICE, type AddOnId, type TierId } from './plans.js';
import { defineMessages } from './messages.js';

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** Paying a year at once costs 12 months less this share. */
export const ANNUAL_DISCOUNT = 0.2;

/** One pay-per-use video credit, in cents. */
export const VIDEO_CREDIT_PRICE_CENTS = Math.round(VIDEO_CREDIT_PRICE * 100);

/** How many credits one purchase may hold. */
export const CREDIT_PACK_RANGE = { min: 1, max: 100 } as const;

/**
 * Pay-per-use narrated video when no narration exists yet (part 2 section 9, "Pay-per-use
 * fallback rate"): one minute at professional 1.00, business 0.60, any other tier 0.50 a minute.
 */
export const VIDEO_FALLBACK_MINUTES = 1;
export const VIDEO_FALLBACK_RATES: Readonly<Partial<Record<TierId, number>>> = { professional: 1, business: 0.6 };
export const VIDEO_FALLBACK_RATE_OTHER = 0.5;

export interface VideoCost {
  /** The narration's length rounded up to the whole minute, at least 1 (the fallback: 1). */
  minutes: number;
  /** Dollars a minute. */
  ratePerMinute: number;
  totalCents: number;
  /** Whether the narration's length gave the minutes (else the fallback rules did). */
  fromNarration: boolean;
}

/**
 * The price of a narrated video on `tier`: `seconds` of narration at the plan's rate, or, without
 * narration (null), the fallback rules. Null when the tier renders no video (the free trial).
 */
export function videoCostCents(tier: TierId, seconds: number | null): VideoCost | null {
  const planRate = TIERS[tier].limits.videoRatePerMinute;
  if (planRate === null) return null;
  const fromNarration = seconds !== null && Number.isFinite(seconds);
  const minutes = fromNarration ? Math.max(1, Math.ceil(Math.max(0, seconds) / 60 - 1e-9)) : VIDEO_FALLBACK_MINUTES;
  const ratePerMinute = fromNarration ? planRate : (VIDEO_FALLBACK_RATES[tier] ?? VIDEO_FALLBACK_RATE_OTHER);
  const rateCents = Math.round(ratePerMinute * 100);
  return { minutes, ratePerMinute: rateCents / 100, totalCents: minutes * rateCents, fromNarration };
}

/** Cents as dollars for a message: 250 -> '$2.50'. */
export const formatDollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The tiers a customer can pay for (every tier with a price). */
export const PAID_TIER_IDS = TIER_IDS.filter((id) => TIERS[id].price > 0) as Exclude<TierId, 'free-trial'>[];

export function isBillingInterval(value: unknown): value is BillingInterval {
  return typeof value === 'string' && (BILLING_INTERVALS as readonly string[]).includes(value);
}

export function isPaidTier(value: unknown): value is Exclude<TierId, 'free-trial'> {
  return typeof value === 'string' && (PAID_TIER_IDS as readonly string[]).includes(value);
}

/** A monthly price in dollars, per interval, in cents (rounded once, at the end). */
function intervalCents(monthlyDollars: number, interval: BillingInterval): number {
  return interval === 'month' ? Math.round(monthlyDollars * 100) : Math.round(monthlyDollars * 100 * 12 * (1 - ANNUAL_DISCOUNT));
}

export function planPriceCents(tier: TierId, interval: BillingInterval): number {
  return intervalCents(TIERS[tier].price, interval);
}

export function addOnPriceCents(addOn: AddOnId, interval: BillingInterval): number {
  return intervalCents(ADD_ONS[addOn].pricePerMonth, interval);
}

/** The order of the tiers by price: an upgrade goes up this rank. */
export function tierRank(tier: TierId): number {
  return TIER_IDS.indexOf(tier);
}

/** What an account uses that a lower plan may not allow (storage is checked later). */
export interface PlanUsage {
  projectsUsed: number;
  companiesOwned: number;
  /** Members of the largest company the account owns (the owner included). */
  largestCompanyMembers: number;
}

/**
 * An account's usage from what auth answers (GetMe's projects used, ListCompanies): the companies
 * it owns and the members of the largest (the owner counts, so at least 1). The billing page and
 * the downgrade check read it from here alike.
 */
export function accountUsage(input: { projectsUsed: number; companies: ReadonlyArray<{ ownerUserId: string; currentUsers: number }> }, userId: string): PlanUsage {
  const owned = input.companies.filter((c) => c.ownerUserId === userId);
  return { projectsUsed: input.projectsUsed, companiesOwned: owned.length, largestCompanyMembers: Math.max(1, ...owned.map((c) => c.currentUsers)) };
}

const within = (used: number, limit: number) => limit === -1 || used <= limit;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One sentence per limit of `tier` that `usage` is over; empty when the usage fits. */
export function downgradeOverUsage(tier: TierId, usage: PlanUsage): string[] {
  const { name, limits } = TIERS[tier];
  const over: string[] = [];
  if (!within(usage.projectsUsed, limits.projectLimit)) {
    over.push(`Your account uses ${plural(usage.projectsUsed, 'project', 'projects')}; the ${name} plan allows ${limits.projectLimit}. Delete projects or keep your current plan.`);
  }
  if (!within(usage.companiesOwned, limits.companyLimit)) {
    over.push(`Your account owns ${plural(usage.companiesOwned, 'company', 'companies')}; the ${name} plan allows ${limits.companyLimit}. Delete companies or keep your current plan.`);
  }
  if (!within(usage.largestCompanyMembers, limits.userLimit)) {
    over.push(`Your largest company has ${plural(usage.largestCompanyMembers, 'member', 'members')}; the ${name} plan allows ${limits.userLimit}. Remove members or keep your current plan.`);
  }
  return over;
}

const paidTierNames = () => {
  const names = PAID_TIER_IDS.map((id) => TIERS[id].name);
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
};

/** Billing's user-facing texts (English; the web translates by code where it shows them). */
export const BILLING_MESSAGES = defineMessages('billing', {
  unknownPlan: (tier: string) => `Unknown plan: ${tier}. Choose ${paidTierNames()}.`,
  unknownInterval: (interval: string) => `Unknown billing interval: ${interval}. Choose month or year.`,
  alreadyOnPlan: 'You are already on this plan.',
  planChangeNotConfirmed: 'This plan change is charged now: review the amount and confirm it first.',
  planChangeAmountChanged: 'The amount of this plan change has changed: review the new amount and confirm again.',
  noSubscription: 'You have no active subscription.',
  choosePlanFirst: 'Choose a paid plan before buying an add-on.',
  unknownAddOn: (addOn: string) => `Unknown add-on: ${addOn}.`,
  addOnNotAvailable: (addOn: AddOnId, tier: TierId) => `The ${ADD_ONS[addOn].name} add-on is not available on the ${TIERS[tier].name} plan.`,
  addOnAlreadyActive: (addOn: AddOnId) => `The ${ADD_ONS[addOn].name} add-on is already active.`,
  addOnNotConfirmed: (addOn: AddOnId) => `The ${ADD_ONS[addOn].name} add-on is charged now: review the amount and confirm it first.`,
  addOnAmountChanged: (addOn: AddOnId) => `The amount of the ${ADD_ONS[addOn].name} add-on has changed: review the new amount and confirm again.`,
  addOnNotActive: (addOn: AddOnId) => `The ${ADD_ONS[addOn].name} add-on is not active.`,
  creditsRange: `Buy between ${CREDIT_PACK_RANGE.min} and ${CREDIT_PACK_RANGE.max} credits at a time.`,
  invalidWebhookSignature: 'Invalid webhook signature',
  unexpectedWebhookEvent: 'Unexpected webhook event',
  localWebhookRefused: 'This server takes no payment webhooks: the local test checkout completes its payments itself.',
  noPaymentSession: 'No payment session found',
  invalidReturnUrl: 'The return address must be an http(s) URL.',
  checkoutPaid: 'Payment completed.',
  checkoutUnpaid: 'Waiting for the payment.',
  checkoutExpired: 'The checkout session expired.',
  checkoutFailed: 'The payment failed.',
  videoBillingType: (value: string) => `Unknown billing type: ${value || '(none)'}. Use video_generation.`,
  videoFormat: (value: string) => `Unknown video format: ${value || '(none)'}. Choose mp4 or mov.`,
  videoNotNarrated: (visualFormat: string) =>
    `This project has no narrated video (its visual format is ${visualFormat === 'powerpoint' || !visualFormat ? 'PowerPoint' : visualFormat}).`,
  videoAlreadyPaid: 'This version of the video is already paid for.',
  videoNarrationNotReady: 'The narration is not ready yet: pay for the video once the project has been generated.',
  videoCreditsShort: (balanceCents: number, costCents: number) =>
    `Your video credits (${formatDollars(balanceCents)}) do not cover this video (${formatDollars(costCents)}). Buy credits or pay by card.`,
  /** `languageName`: a translation's video (its English name); absent: the project's own. */
  videoLineItem: (minutes: number, ratePerMinute: number, languageName?: string) =>
    `Narrated video${languageName ? ` in ${languageName}` : ''}: ${minutes} min at $${ratePerMinute.toFixed(2)}/min`,
  /** Shown on every page of the local test checkout. */
  localCheckoutNotice: 'This is the local test checkout: no money moves.',
} as const);
