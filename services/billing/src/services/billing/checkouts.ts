// Checkout sessions: created once per intent (a double click, a retried request or the same item
// again within ten minutes while it is open returns the same session), and their status.
import { createHash } from 'node:crypto';
import { BILLING_MESSAGES, catalogueMessage, type AddOnId, type BillingInterval, type TierId } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { ensureCustomer } from './accounts.js';
import type { CheckoutLineItem } from './provider.js';
import type { AccountState, BillingDeps, CheckoutRecord, LocalCheckoutView, Purpose } from './deps.js';
import { applyCheckoutSession } from './webhooks.js';

export const CHECKOUT_REUSE_MS = 10 * 60_000;

/** The key of one intent: the same user, purpose and item with the same client key (or, without one, in the same ten minutes). */
export function checkoutIdempotencyKey(userId: string, purpose: Purpose, itemKey: string, clientKey: string, now: Date): string {
  const window = clientKey || `w${Math.floor(now.getTime() / CHECKOUT_REUSE_MS)}`;
  return createHash('sha256').update([userId, purpose, itemKey, window].join('\n')).digest('hex');
}

/** The web app's origin (the gateway checked it is the app's own) without a trailing slash. */
export function returnBase(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw AppError.validation('return_url_base', catalogueMessage(BILLING_MESSAGES, 'invalidReturnUrl'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw AppError.validation('return_url_base', catalogueMessage(BILLING_MESSAGES, 'invalidReturnUrl'));
  return value.replace(/\/+$/, '');
}

export const successUrl = (base: string) => `${base}/billing-success?session_id={CHECKOUT_SESSION_ID}`;
export const cancelUrl = (base: string) => `${base}/billing-cancelled`;

export interface CheckoutIntent {
  purpose: Purpose;
  mode: 'subscription' | 'payment';
  /** What is bought, e.g. 'plan:business:year' or 'credits:5': the same item twice is one intent. */
  itemKey: string;
  lineItems: CheckoutLineItem[];
  tier?: TierId;
  interval?: BillingInterval;
  addOn?: AddOnId;
  credits?: number;
  projectId?: string;
  contentVersion?: number;
  /** A video checkout: its language ('' the project's own). */
  language?: string;
  returnUrlBase: string;
  clientKey: string;
}

export async function openCheckout(deps: BillingDeps, account: AccountState, intent: CheckoutIntent): Promise<CheckoutRecord> {
  const base = returnBase(intent.returnUrlBase);
  const now = deps.clock();
  const open = await deps.store.findOpenCheckout(account.userId, intent.purpose, intent.itemKey, new Date(now.getTime() - CHECKOUT_REUSE_MS));
  if (open) return open;
  // Without a client key the ten-minute window keys the request, so a retry inside it is one intent.
  const idempotencyKey = checkoutIdempotencyKey(account.userId, intent.purpose, intent.itemKey, intent.clientKey, now);
  const known = await deps.store.findCheckoutByKey(idempotencyKey);
  if (known && known.userId === account.userId) return known;
  const customerId = await ensureCustomer(deps, account);
  const session = await deps.provider.createCheckoutSession({
    mode: intent.mode,
    customerId,
    lineItems: intent.lineItems,
    successUrl: successUrl(base),
    cancelUrl: cancelUrl(base),
    metadata: {
      user_id: account.userId,
      purpose: intent.purpose,
      item: intent.itemKey,
      ...(intent.projectId ? { project_id: intent.projectId } : {}),
      // The local checkout builds its page's address from it; Stripe ignores it.
      return_url_base: base,
    },
    idempotencyKey,
  });
  const record = await deps.store.insertCheckout({
    id: session.id,
    userId: account.userId,
    purpose: intent.purpose,
    mode: intent.mode,
    itemKey: intent.itemKey,
    tier: intent.tier ?? null,
    interval: intent.interval ?? null,
    addOn: intent.addOn ?? null,
    credits: intent.credits ?? null,
    projectId: intent.projectId ?? null,
    contentVersion: intent.contentVersion ?? null,
    language: intent.language ?? '',
    amountCents: intent.lineItems.reduce((sum, i) => sum + i.unitAmountCents * i.quantity, 0),
    status: session.status,
    paymentStatus: session.paymentStatus,
    url: session.url,
    idempotencyKey,
  });
  // One plan checkout at a time: an older tab of another plan can no longer be paid.
  if (intent.purpose === 'subscription') await expireOtherCheckouts(deps, account.userId, 'subscription', record.id);
  return record;
}

/**
 * Expires the user's other open sessions of `purpose` at the provider and brings our rows to what
 * the provider says (expired; or, had one been paid in between, completed like its webhook would).
 * A provider that cannot be reached leaves the row open: logged, and the webhook path still guards
 * (a second subscription is cancelled and refunded).
 */
export async function expireOtherCheckouts(deps: BillingDeps, userId: string, purpose: Purpose, keepId: string): Promise<void> {
  for (const other of await deps.store.listOpenCheckouts(userId, purpose)) {
    if (other.id === keepId) continue;
    let session;
    try {
      session = await deps.provider.expireCheckoutSession(other.id);
    } catch (error) {
      deps.logger?.warn({ err: error, userId, sessionId: other.id }, 'could not expire an older checkout session');
      continue;
    }
    if (!session) continue;
    await deps.store.transaction(async (tx) => {
      const account = await tx.lockAccount(userId);
      const locked = await tx.lockCheckout(other.id);
      if (account && locked) await applyCheckoutSession(tx, deps, account, locked, session);
    });
  }
}

/** The caller's own session; another user's and an unknown one look alike. */
export async function ownCheckout(deps: BillingDeps, userId: string, sessionId: string): Promise<CheckoutRecord> {
  const row = sessionId ? await deps.store.findCheckout(sessionId) : null;
  if (!row || row.userId !== userId) throw AppError.notFound(catalogueMessage(BILLING_MESSAGES, 'noPaymentSession'));
  return row;
}

export interface CheckoutStatusView {
  paymentStatus: 'paid' | 'unpaid' | 'expired' | 'failed';
  message: string;
  purpose: Purpose;
  projectId: string;
}

export function checkoutStatusView(row: CheckoutRecord): CheckoutStatusView {
  const base = { purpose: row.purpose, projectId: row.projectId ?? '' };
  if (row.paymentStatus === 'paid' || row.paymentStatus === 'no_payment_required') return { ...base, paymentStatus: 'paid', message: BILLING_MESSAGES.checkoutPaid };
  if (row.paymentStatus === 'failed') return { ...base, paymentStatus: 'failed', message: BILLING_MESSAGES.checkoutFailed };
  if (row.status === 'expired') return { ...base, paymentStatus: 'expired', message: BILLING_MESSAGES.checkoutExpired };
  return { ...base, paymentStatus: 'unpaid', message: BILLING_MESSAGES.checkoutUnpaid };
}

export interface LocalCheckoutPage extends LocalCheckoutView {
  email: string;
}

function desk(deps: BillingDeps) {
  // With Stripe there is no local checkout: its pages answer as for an unknown session.
  if (!deps.localCheckout) throw AppError.notFound(catalogueMessage(BILLING_MESSAGES, 'noPaymentSession'));
  return deps.localCheckout;
}

export async function getLocalCheckout(deps: BillingDeps, userId: string, sessionId: string): Promise<LocalCheckoutPage> {
  const local = desk(deps);
  await ownCheckout(deps, userId, sessionId);
  const view = await local.view(sessionId);
  if (!view) throw AppError.notFound(catalogueMessage(BILLING_MESSAGES, 'noPaymentSession'));
  const account = await deps.store.findAccount(userId);
  return { ...view, email: account?.email ?? '' };
}

export async function completeLocalCheckout(deps: BillingDeps, userId: string, sessionId: string, action: string): Promise<string> {
  const local = desk(deps);
  if (action !== 'pay' && action !== 'cancel') throw AppError.validation('action', 'Choose pay or cancel.');
  await ownCheckout(deps, userId, sessionId);
  return action === 'pay' ? local.pay(sessionId) : local.cancel(sessionId);
}
