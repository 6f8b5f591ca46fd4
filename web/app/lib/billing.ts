// Billing on the client: the API calls of the billing screens (/billing, the local test checkout,
// the payment success page), prices (monthly, and yearly 20 % cheaper), money and byte formatting
// in the interface language, and the payment-status polling of the success page (every 2000 ms, at
// most 5 checks) as a function with an injectable timer so it can be tested without waiting.
import {
  ADD_ON_IDS,
  BILLING_MESSAGES,
  CREDIT_PACK_RANGE,
  VIDEO_CREDIT_PRICE_CENTS,
  catalogueMessage,
  isTierId,
  planPriceCents,
  tierRank,
  type AddOnId,
  type BillingInterval,
  type TierId,
} from '@trainwright/catalogue';
import type { TFunction } from 'i18next';
import { ApiError, NETWORK_ERROR, api, get, post } from './api';
import { errorText, serverMessageText } from './errors';
import { planName } from './format';
import { languageName } from './translations';
import type { User } from './types';

// ---------------------------------------------------------------------------------------------
// Shapes of the billing API (snake_case as sent).

// Prices, intervals and the credit range come from the one catalogue (services/catalogue/src/billing.ts).
export { ANNUAL_DISCOUNT, BILLING_INTERVALS, addOnPriceCents, isBillingInterval, planPriceCents } from '@trainwright/catalogue';
export type { BillingInterval } from '@trainwright/catalogue';
export type PaidTierId = Exclude<TierId, 'free-trial'>;

export function isAddOnId(value: string): value is AddOnId {
  return (ADD_ON_IDS as readonly string[]).includes(value);
}
export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'canceled' | 'incomplete';

export interface BillingSubscription {
  tier: string;
  interval: BillingInterval | '';
  status: SubscriptionStatus;
  current_period_start: string;
  current_period_end: string;
  cancel_at_period_end: boolean;
  scheduled_tier: string;
  add_ons: string[];
  credit_balance_cents: number;
  effective_tier: string;
  provider: 'stripe' | 'local';
  grace_ends_at: string | null;
}

export const USAGE_KEYS = ['projects', 'companies', 'users', 'storage', 'downloads'] as const;
export type UsageKey = (typeof USAGE_KEYS)[number];

export interface UsageItem {
  key: UsageKey;
  used: number;
  /** -1 unlimited; bytes for storage. */
  limit: number;
}

export interface UsageResponse {
  usage: UsageItem[];
}

export type PaymentKind = 'subscription' | 'add_on' | 'credits' | 'video';

export interface Payment {
  id: string;
  kind: PaymentKind;
  /** English; shown only when the code is one this web app does not know. */
  description: string;
  description_code: string;
  /** A credit pack's size (0 otherwise). */
  credits: number;
  amount_cents: number;
  currency: string;
  status: 'succeeded' | 'failed' | 'refunded';
  created_at: string;
  invoice_url: string | null;
  project_id: string | null;
  /** A video payment's language: '' (or absent) the project's own video, else a translation's. */
  language?: string;
}

export interface PaymentsResponse {
  payments: Payment[];
}

/** POST /auth/upgrade and POST /billing/add-ons: a checkout to go to, or the change already made. */
export interface CheckoutStart {
  checkout_url: string | null;
  session_id: string | null;
  subscription: BillingSubscription;
  user: User;
}

/** POST /billing/change-plan/preview: what a plan change would do and charge now, changing nothing. */
export interface PlanChangePreview {
  kind: 'checkout' | 'upgrade' | 'downgrade' | 'unschedule';
  /** Charged now (an upgrade of a paid plan), or the checkout's first payment. */
  amount_cents: number;
  currency: string;
  /** Unix seconds the proration is computed for; the upgrade carries it back with the amount. */
  proration_date: number | null;
  effective_at: string | null;
}

/** What the user confirmed: an upgrade of a paid plan or an add-on is charged only with its preview's figures. */
export interface PlanChangeConfirmation {
  amount_cents: number;
  proration_date: number;
}

/**
 * A change charged at once (an upgrade of a paid plan, an add-on), as its preview answered it
 * (POST /billing/add-ons/preview answers this shape): shown, then confirmed with these figures.
 */
export interface ChargePreview extends PlanChangeConfirmation {
  currency: string;
}

/** The outcome of a confirmed charge: made, or refused because the amount is no longer the one shown (the new one). */
export type ChargeOutcome<R> = { kind: 'charged'; result: R } | { kind: 'changed'; preview: ChargePreview };

export interface CreditsCheckout {
  checkout_url: string | null;
  session_id: string | null;
}

export type PaymentStatusValue = 'paid' | 'unpaid' | 'expired' | 'failed';

export interface PaymentStatus {
  payment_status: PaymentStatusValue;
  message: string;
  purpose: string;
  project_id: string | null;
}

/** The server's message of a checkout that ended unpaid, in the interface language by its status
 * (the message is the catalogue's text of that status, in English); null for any other status. */
export function checkoutEndText(status: Pick<PaymentStatus, 'payment_status'>, t: TFunction): string | null {
  if (status.payment_status === 'failed') return serverMessageText(catalogueMessage(BILLING_MESSAGES, 'checkoutFailed'), t);
  if (status.payment_status === 'expired') return serverMessageText(catalogueMessage(BILLING_MESSAGES, 'checkoutExpired'), t);
  return null;
}

/** POST /billing/video-estimate: the cost of a project's narrated video at the plan's rate. */
export interface VideoEstimate {
  /** Dollars. */
  total_cost: number;
  total_estimated_minutes: number;
  slides_count: number;
  voice_enabled: boolean;
  /** Seconds. */
  estimated_duration_per_slide: number;
  total_cost_cents: number;
  /** The plan's pay-per-use rate, dollars per minute. */
  rate_per_minute: number;
  /** false: the project has no narration yet, so this is the minimum estimate. */
  from_narration: boolean;
  credit_balance_cents: number;
}

export type VideoBillingType = 'video_generation';

/** POST /billing/confirm: pay for a project's video before it renders. */
export interface VideoPaymentRequest {
  project_id: string;
  billing_type: VideoBillingType;
  estimated_duration_minutes: number;
  format: 'mp4' | 'mov';
  /** Pay from the video credits instead of a checkout. */
  use_credits?: boolean;
  /** A translation's video ('es'): a payment of its own; absent: the project's own video. */
  language?: string;
}

export interface CheckoutLineItem {
  /** The catalogue ref the item is named from ('plan:professional:month', 'add_on:<id>:year', 'credits', 'video'). */
  ref: string;
  /** English; shown only for a ref this web app does not know. */
  description: string;
  unit_amount_cents: number;
  quantity: number;
  interval: BillingInterval | '';
}

export interface LocalCheckout {
  session_id: string;
  mode: 'subscription' | 'payment';
  line_items: CheckoutLineItem[];
  total_cents: number;
  currency: string;
  status: 'open' | 'complete' | 'expired';
  cancel_url: string;
  email: string;
}

// ---------------------------------------------------------------------------------------------
// Calls.

/** The app's own origin, which the server checks before building checkout return addresses. */
export function originUrl(): string | undefined {
  return typeof window === 'undefined' ? undefined : window.location.origin;
}

const seg = (value: string) => encodeURIComponent(value);

/** A billing change as the gateway takes it; the browser sends it (billingApi) or the billing
 * page's action does (routes/billing.tsx). `origin_url`: where checkouts come back to. */
export interface BillingWrite {
  method: 'POST' | 'DELETE';
  /** Under /api. */
  path: string;
  body?: Record<string, unknown>;
}

export const billingWrites = {
  upgrade: (tier: PaidTierId, interval: BillingInterval, origin: string | undefined, confirmed?: PlanChangeConfirmation): BillingWrite => ({
    method: 'POST',
    path: '/auth/upgrade',
    body: {
      tier,
      interval,
      origin_url: origin,
      ...(confirmed ? { confirm_amount_cents: confirmed.amount_cents, proration_date: confirmed.proration_date } : {}),
    },
  }),
  previewPlanChange: (tier: PaidTierId, interval: BillingInterval): BillingWrite => ({ method: 'POST', path: '/billing/change-plan/preview', body: { tier, interval } }),
  /** What buying an add-on charges now (prorated for the rest of the period), changing nothing. */
  previewAddOn: (addOn: AddOnId): BillingWrite => ({ method: 'POST', path: '/billing/add-ons/preview', body: { add_on: addOn } }),
  buyAddOn: (addOn: AddOnId, confirmed: PlanChangeConfirmation, origin: string | undefined): BillingWrite => ({
    method: 'POST',
    path: '/billing/add-ons',
    body: { add_on: addOn, origin_url: origin, confirm_amount_cents: confirmed.amount_cents, proration_date: confirmed.proration_date },
  }),
  cancelAddOn: (addOn: AddOnId): BillingWrite => ({ method: 'DELETE', path: `/billing/add-ons/${seg(addOn)}` }),
  buyCredits: (credits: number, origin: string | undefined): BillingWrite => ({ method: 'POST', path: '/billing/credits', body: { credits, origin_url: origin } }),
  /** true: cancel at the end of the period; false: resume. */
  setCancelAtPeriodEnd: (cancel: boolean): BillingWrite => ({ method: 'POST', path: '/billing/cancel', body: { cancel_at_period_end: cancel } }),
  portal: (origin: string | undefined): BillingWrite => ({ method: 'POST', path: '/billing/portal', body: { origin_url: origin } }),
};

const sendWrite = <T>(write: BillingWrite) => api<T>(write.path, { method: write.method, ...(write.body ? { body: write.body } : {}) });

export const billingApi = {
  subscription: (signal?: AbortSignal) => get<BillingSubscription>('/billing/subscription', signal),
  usage: (signal?: AbortSignal) => get<UsageResponse>('/billing/usage', signal),
  payments: (signal?: AbortSignal) => get<PaymentsResponse>('/billing/payments', signal),
  upgrade: (tier: PaidTierId, interval: BillingInterval, confirmed?: PlanChangeConfirmation) =>
    sendWrite<CheckoutStart>(billingWrites.upgrade(tier, interval, originUrl(), confirmed)),
  previewPlanChange: (tier: PaidTierId, interval: BillingInterval) => sendWrite<PlanChangePreview>(billingWrites.previewPlanChange(tier, interval)),
  previewAddOn: (addOn: AddOnId) => sendWrite<ChargePreview>(billingWrites.previewAddOn(addOn)),
  buyAddOn: (addOn: AddOnId, confirmed: PlanChangeConfirmation) => sendWrite<CheckoutStart>(billingWrites.buyAddOn(addOn, confirmed, originUrl())),
  cancelAddOn: (addOn: AddOnId) => sendWrite<BillingSubscription>(billingWrites.cancelAddOn(addOn)),
  buyCredits: (credits: number) => sendWrite<CreditsCheckout>(billingWrites.buyCredits(credits, originUrl())),
  setCancelAtPeriodEnd: (cancel: boolean) => sendWrite<BillingSubscription>(billingWrites.setCancelAtPeriodEnd(cancel)),
  portal: () => sendWrite<{ url: string }>(billingWrites.portal(originUrl())),
  status: (sessionId: string, signal?: AbortSignal) => get<PaymentStatus>(`/billing/status/${seg(sessionId)}`, signal),
  checkout: (sessionId: string, signal?: AbortSignal) => get<LocalCheckout>(`/billing/checkout/${seg(sessionId)}`, signal),
  pay: (sessionId: string) => post<{ redirect_url: string }>(`/billing/checkout/${seg(sessionId)}/pay`),
  cancelCheckout: (sessionId: string) => post<{ redirect_url: string }>(`/billing/checkout/${seg(sessionId)}/cancel`),
  /** No body: the project (and a translation's language, its video priced on its own) is in the query. */
  videoEstimate: (projectId: string, language = '') =>
    post<VideoEstimate>(`/billing/video-estimate?project_id=${seg(projectId)}${language ? `&language=${seg(language)}` : ''}`),
  /** A checkout to go to (with use_credits: straight to /billing-success?session_id=...). */
  confirmVideo: (request: VideoPaymentRequest) => post<CreditsCheckout>('/billing/confirm', { ...request, origin_url: originUrl() }),
};

/** The charge a plan change's preview shows for confirmation: an upgrade of a paid plan only (else null). */
export function upgradeCharge(preview: PlanChangePreview): ChargePreview | null {
  return preview.kind === 'upgrade' && preview.proration_date
    ? { amount_cents: preview.amount_cents, currency: preview.currency, proration_date: preview.proration_date }
    : null;
}

/**
 * Makes a change charged at once with the figures the user confirmed (`shown`). When the server
 * answers that the amount is no longer the one shown (409: a preview over an hour old, a renewal
 * meanwhile; nothing charged), the new preview is answered, for the dialog to show instead.
 */
export async function chargeAsShown<R>(
  shown: PlanChangeConfirmation,
  make: (confirmed: PlanChangeConfirmation) => Promise<R>,
  previewAgain: () => Promise<ChargePreview | null>,
): Promise<ChargeOutcome<R>> {
  try {
    return { kind: 'charged', result: await make({ amount_cents: shown.amount_cents, proration_date: shown.proration_date }) };
  } catch (err) {
    if (!(err instanceof ApiError && err.code === 'CONFLICT')) throw err;
    const preview = await previewAgain();
    if (!preview) throw err;
    return { kind: 'changed', preview };
  }
}

/** Leaves the app for a checkout, a portal or a redirect the server gave (a full page load). */
export function goTo(url: string): void {
  window.location.assign(url);
}

// ---------------------------------------------------------------------------------------------
// Plans and prices (the catalogue's: monthly, and a year = 12 months less 20 %), credits.

export const CREDIT_PRICE_CENTS = VIDEO_CREDIT_PRICE_CENTS;
export const MIN_CREDITS = CREDIT_PACK_RANGE.min;
export const MAX_CREDITS = CREDIT_PACK_RANGE.max;

/** What a year of a plan on the annual price saves against twelve monthly payments (the catalogue's prices). */
export function annualSavingCents(tier: TierId): number {
  return planPriceCents(tier, 'month') * 12 - planPriceCents(tier, 'year');
}

/** The credit quantity a typed value stands for (whole, 1..100), or null when it is not one. */
export function parseCredits(value: string): number | null {
  if (!/^\s*\d+\s*$/.test(value)) return null;
  const n = Number(value);
  return n >= MIN_CREDITS && n <= MAX_CREDITS ? n : null;
}

export function creditsTotalCents(credits: number): number {
  return credits * CREDIT_PRICE_CENTS;
}

/** Where a plan stands against the current one: the same, higher or lower in the tier order. */
export function planChange(current: TierId, target: TierId): 'current' | 'upgrade' | 'downgrade' {
  const a = tierRank(current);
  const b = tierRank(target);
  return a === b ? 'current' : b > a ? 'upgrade' : 'downgrade';
}

// ---------------------------------------------------------------------------------------------
// Formatting.

/** Money: format.ts's one formatter ('$29.00', '29,00 $US'), exported here for the billing screens. */
export { formatCents } from './format';

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** Bytes in the largest 1024-based unit, in the interface language: '1.5 GB', '1,5 Go' (fr). */
export function formatBytesLocale(bytes: number, language: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** Share of a limit used, 0..100 (0 for an unlimited or zero limit). */
const PAYMENT_DESCRIPTIONS = ['subscription', 'subscription_refunded', 'credits', 'video_card', 'video_credits', 'payment'] as const;

/** A payment history row's description in the interface language, from the server's code; a translation's video names its language. */
export function paymentDescription(t: TFunction, payment: Pick<Payment, 'description_code' | 'description' | 'credits' | 'language'>, uiLanguage = 'en'): string {
  const code = PAYMENT_DESCRIPTIONS.find((c) => c === payment.description_code);
  if (!code) return payment.description;
  const text = t(`billing.paymentDescriptions.${code}`, { credits: payment.credits });
  return code.startsWith('video') && payment.language ? `${text} (${languageName(payment.language, uiLanguage)})` : text;
}

/** A checkout line item's name in the interface language, from its catalogue ref. */
export function lineItemName(t: TFunction, item: Pick<CheckoutLineItem, 'ref' | 'description'>): string {
  const [kind, id, interval] = item.ref.split(':');
  const period = interval === 'year' ? t('billing.annual') : t('billing.monthly');
  if (kind === 'plan' && id && isTierId(id)) return t('checkout.items.plan', { plan: planName(t, id), period });
  if (kind === 'add_on' && id && isAddOnId(id)) return t('checkout.items.addOn', { name: t(`addOns.${id}`), period });
  if (kind === 'credits') return t('checkout.items.credits');
  if (kind === 'video') return t('checkout.items.video');
  return item.description;
}

/**
 * The label of a usage figure and the note that explains it: the trial's downloads are a total for
 * the whole trial (not a month's), and the projects count leaves out the Welcome Training sample,
 * which the dashboard lists (so the two figures differ).
 */
export function usageLabel(t: TFunction, key: string, onTrial: boolean): { name: string; note: string | null } {
  const name = key === 'downloads' && onTrial ? t('billing.usageKeys.downloadsTrial') : t(`billing.usageKeys.${key}`, { defaultValue: key });
  return { name, note: key === 'projects' ? t('profile.sampleNotCounted') : null };
}

export function usagePercent(used: number, limit: number): number {
  if (limit <= 0) return 0;
  return Math.min(100, Math.max(0, (used / limit) * 100));
}

// ---------------------------------------------------------------------------------------------
// Payment-status polling (the success page).

export const POLL_INTERVAL_MS = 2000;
export const MAX_STATUS_CHECKS = 5;
export const SUCCESS_REDIRECT_MS = 5000;

export const TIMEOUT_MESSAGE = 'Payment status check timed out. Please verify your payment.';
export const FAILED_OR_EXPIRED_MESSAGE = 'Payment failed or expired';

export type PollOutcome =
  | { kind: 'paid'; status: PaymentStatus; checks: number }
  /** expired or failed: the server's message, or FAILED_OR_EXPIRED_MESSAGE. */
  | { kind: 'failed'; status: PaymentStatus; message: string; checks: number }
  /** Still not paid after the last check. */
  | { kind: 'timeout'; message: string; checks: number }
  /** The session is unknown or someone else's (404): 'Payment verification failed'. */
  | { kind: 'notFound'; checks: number }
  /** The check itself failed (server error, no connection). */
  | { kind: 'error'; error: unknown; checks: number };

export interface PollOptions {
  check: (signal?: AbortSignal) => Promise<PaymentStatus>;
  intervalMs?: number;
  maxChecks?: number;
  /** Waits ms (setTimeout by default); rejects or resolves early when the signal aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
  /** Called after every answer (e.g. to show progress). */
  onCheck?: (status: PaymentStatus, checks: number) => void;
}

export function sleepFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Checks the payment status at once, then every `intervalMs` (2000) until it is settled, at most
 * `maxChecks` (5) times. Rejects only with an AbortError when `signal` aborts.
 */
export async function pollPaymentStatus({
  check,
  intervalMs = POLL_INTERVAL_MS,
  maxChecks = MAX_STATUS_CHECKS,
  sleep = sleepFor,
  signal,
  onCheck,
}: PollOptions): Promise<PollOutcome> {
  for (let checks = 1; checks <= maxChecks; checks += 1) {
    if (checks > 1) await sleep(intervalMs, signal);
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    let status: PaymentStatus;
    try {
      status = await check(signal);
    } catch (error) {
      if (signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')) throw error;
      if (error instanceof ApiError && error.status === 404) return { kind: 'notFound', checks };
      return { kind: 'error', error, checks };
    }
    onCheck?.(status, checks);
    if (status.payment_status === 'paid') return { kind: 'paid', status, checks };
    if (status.payment_status === 'expired' || status.payment_status === 'failed') {
      return { kind: 'failed', status, message: status.message || FAILED_OR_EXPIRED_MESSAGE, checks };
    }
  }
  return { kind: 'timeout', message: TIMEOUT_MESSAGE, checks: maxChecks };
}

/** The error text of a settled check that did not end in 'paid'. */
export function pollOutcomeMessage(outcome: Exclude<PollOutcome, { kind: 'paid' }>, t: TFunction): string {
  switch (outcome.kind) {
    case 'failed':
      return (outcome.status.message && checkoutEndText(outcome.status, t)) || t('billingSuccess.failedOrExpired');
    case 'timeout':
      return t('billingSuccess.timeout');
    case 'notFound':
      return t('billingSuccess.verificationFailed');
    case 'error': {
      const { error } = outcome;
      // The server answered with an error: the status could not be checked.
      if (error instanceof ApiError && error.code !== NETWORK_ERROR) return t('billingSuccess.statusFailed');
      // No answer at all (no connection) or something unexpected.
      return t('billingSuccess.verificationError', { message: errorText(error, t) });
    }
  }
}
