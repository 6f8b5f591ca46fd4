// The provider's webhooks, one path for Stripe and the local checkout: the signature is checked
// on the raw body; the state is read from the provider's current object (never the event's copy),
// so arrival order does not matter; the event id is recorded in the same transaction as its
// effect, so a redelivery has none.
import { BILLING_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { commitAccountChange } from './account-state.js';
import { billingEvents } from '../events.js';
import { PaymentAlreadyRefundedError, WebhookSignatureError, type ProviderCheckoutSession, type ProviderEvent, type ProviderSubscription, type ProviderSubscriptionStatus } from './provider.js';
import { syncSubscription } from './sync.js';
import { WebhookEventShapeError } from '../webhook-event.js';
import type { AccountState, BillingDeps, BillingTx, CheckoutRecord } from './deps.js';

/** The provider's idempotency key of a video payment's refund: one refund per payment, ever. */
export const videoRefundKey = (paymentId: string) => `video-refund-${paymentId}`;

/** The provider's idempotency key of cancelling (and refunding) a second subscription. */
export const duplicateSubscriptionKey = (subscriptionId: string) => `duplicate-subscription-${subscriptionId}`;

/** Provider statuses under which a subscription still charges (or will retry charging). */
const CHARGING: ReadonlySet<ProviderSubscriptionStatus> = new Set<ProviderSubscriptionStatus>(['active', 'trialing', 'past_due', 'unpaid']);

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/**
 * The provider's webhook as it arrives over HTTP (the gateway's POST /api/billing/webhook). The
 * local test checkout delivers its events to handleWebhook in this process and takes none from
 * outside, so with it every request is refused, however it is signed.
 */
export async function handleHttpWebhook(deps: BillingDeps, rawBody: Buffer, signature: string): Promise<WebhookOutcome> {
  if (deps.provider.name === 'local') throw AppError.forbidden(catalogueMessage(BILLING_MESSAGES, 'localWebhookRefused'));
  return handleWebhook(deps, rawBody, signature);
}

/** A delivery of the provider's: verified on the raw body, then applied once. */
export async function handleWebhook(deps: BillingDeps, rawBody: Buffer, signature: string): Promise<WebhookOutcome> {
  let event: ProviderEvent;
  try {
    if (!signature) throw new WebhookSignatureError();
    event = deps.provider.parseWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw AppError.validation('signature', catalogueMessage(BILLING_MESSAGES, 'invalidWebhookSignature'));
    if (error instanceof WebhookEventShapeError) throw AppError.validation('body', catalogueMessage(BILLING_MESSAGES, 'unexpectedWebhookEvent'));
    throw error;
  }
  return processEvent(deps, event);
}

const family = (type: string) =>
  type.startsWith('checkout.session.') ? 'checkout' : type.startsWith('customer.subscription.') ? 'subscription' : type === 'invoice.paid' || type === 'invoice.payment_failed' ? 'invoice' : null;

/** Whose event it is: found from the object (its customer, or our checkout row). */
async function ownerOf(deps: BillingDeps, event: ProviderEvent): Promise<string | null> {
  switch (family(event.type)) {
    case 'checkout':
      return (await deps.store.findCheckout(event.objectId))?.userId ?? null;
    case 'subscription': {
      const sub = await deps.provider.retrieveSubscription(event.objectId);
      return sub ? ((await deps.store.findAccountByCustomer(sub.customerId))?.userId ?? null) : null;
    }
    case 'invoice': {
      const invoice = await deps.provider.retrieveInvoice(event.objectId);
      return invoice ? ((await deps.store.findAccountByCustomer(invoice.customerId))?.userId ?? null) : null;
    }
    default:
      return null;
  }
}

export async function processEvent(deps: BillingDeps, event: ProviderEvent): Promise<WebhookOutcome> {
  const userId = await ownerOf(deps, event);
  return deps.store.transaction(async (tx) => {
    if (!(await tx.recordWebhookEvent(event.id, event.type))) return 'duplicate';
    const account = userId ? await tx.lockAccount(userId) : null;
    // The object is read again under the account's lock: of two events of one account handled at
    // once, the one that commits last applies the newest state.
    const applied = account ? await applyEvent(tx, deps, account, event) : false;
    if (!applied) await tx.markWebhookIgnored(event.id);
    return applied ? 'processed' : 'ignored';
  });
}

async function applyEvent(tx: BillingTx, deps: BillingDeps, account: AccountState, event: ProviderEvent): Promise<boolean> {
  switch (family(event.type)) {
    case 'checkout': {
      const session = await deps.provider.retrieveCheckoutSession(event.objectId);
      const row = await tx.lockCheckout(event.objectId);
      if (!session || !row) return false;
      await applyCheckoutSession(tx, deps, account, row, session, event.type === 'checkout.session.async_payment_failed');
      return true;
    }
    case 'subscription': {
      const sub = await deps.provider.retrieveSubscription(event.objectId);
      return sub ? syncSubscription(tx, deps, account, sub) : false;
    }
    case 'invoice':
      return applyInvoice(tx, deps, account, event.objectId);
    default:
      return false;
  }
}

/**
 * Brings our checkout row to the provider's session: a payment that became paid books its payment
 * and credits (each once: keyed by the provider's ids), a subscription checkout links and syncs
 * its subscription. Also used when the caller asks for the status before the webhook came.
 */
export async function applyCheckoutSession(tx: BillingTx, deps: BillingDeps, account: AccountState, row: CheckoutRecord, session: ProviderCheckoutSession, failed = false): Promise<CheckoutRecord> {
  const now = deps.clock();
  const paymentStatus: CheckoutRecord['paymentStatus'] = session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required' ? session.paymentStatus : failed || row.paymentStatus === 'failed' ? 'failed' : 'unpaid';
  const next = { ...row, status: session.status, paymentStatus };
  if (next.status !== row.status || next.paymentStatus !== row.paymentStatus) await tx.updateCheckout(row.id, { status: next.status, paymentStatus: next.paymentStatus });

  if (session.mode === 'subscription' && session.subscriptionId) {
    const sub = await deps.provider.retrieveSubscription(session.subscriptionId);
    if (!sub) return next;
    const locked = (await tx.lockAccount(account.userId))!;
    if (await isSecondSubscription(deps, locked, sub)) await endSecondSubscription(tx, deps, locked, sub);
    else await syncSubscription(tx, deps, locked, sub);
    return next;
  }
  if (session.mode !== 'payment' || (paymentStatus !== 'paid' && paymentStatus !== 'failed')) return next;
  const succeeded = paymentStatus === 'paid';
  const description = row.purpose === 'credits' ? `Video credits × ${row.credits ?? 0}` : row.purpose === 'video' ? 'Narrated video, paid by card' : 'Payment';
  const payment = await tx.upsertPayment({
    userId: account.userId,
    kind: row.purpose,
    description,
    amountCents: session.amountTotalCents,
    currency: 'usd',
    status: succeeded ? 'succeeded' : 'failed',
    providerRef: session.paymentIntentId ?? session.id,
    invoiceUrl: '',
    projectId: row.projectId,
    createdAt: now,
  });
  if (!payment.changed) return next;
  const before = (await tx.lockAccount(account.userId))!;
  if (succeeded && row.purpose === 'credits' && row.credits) {
    await tx.addCreditEntry({ userId: account.userId, amountCents: session.amountTotalCents, reason: `Bought ${row.credits} video credits`, ref: `checkout:${row.id}` });
  }
  if (succeeded && row.purpose === 'video' && row.projectId && !session.paymentIntentId) {
    // A card payment the provider shows no payment intent for: it could never be refunded, so it
    // releases no render. Booked (the money is the account's record) and left to an operator.
    deps.logger?.error(
      { userId: account.userId, sessionId: row.id, projectId: row.projectId, paymentId: payment.id, amountCents: session.amountTotalCents },
      'video checkout paid without a payment intent: payment booked, no render released; resolve by hand',
    );
    return next;
  }
  if (succeeded && row.purpose === 'video' && row.projectId) {
    const booked = await tx.insertVideoPayment({
      paymentId: payment.id,
      projectId: row.projectId,
      userId: account.userId,
      amountCents: session.amountTotalCents,
      paidWith: 'card',
      providerRef: session.paymentIntentId!,
      contentVersion: row.contentVersion,
      language: row.language,
    });
    if (!booked && !(await tx.lockVideoPayment(payment.id))) {
      // The project's video was paid already (two checkouts both paid): this one goes back at once
      // and releases no second render.
      await deps.provider.refundPayment(session.paymentIntentId!, videoRefundKey(payment.id)).catch((error: unknown) => {
        if (!(error instanceof PaymentAlreadyRefundedError)) throw error;
      });
      await tx.setPaymentStatus(payment.id, 'refunded');
      return next;
    }
  }
  await tx.enqueue([
    billingEvents.payment(succeeded, { userId: account.userId, paymentId: payment.id, kind: row.purpose, amountCents: session.amountTotalCents, projectId: row.projectId ?? '', contentVersion: row.contentVersion ?? 0, language: row.language }, now),
  ]);
  await commitAccountChange(tx, deps, before);
  return next;
}

/**
 * A subscription checkout completed while the account already has another subscription that
 * charges at the provider (two checkouts of two plans, paid in two tabs): the new one is the
 * second. Its session is ours (a checkout row), so it is always a new subscription.
 */
async function isSecondSubscription(deps: BillingDeps, account: AccountState, sub: ProviderSubscription): Promise<boolean> {
  if (!account.providerSubscriptionId || account.providerSubscriptionId === sub.id) return false;
  const held = await deps.provider.retrieveSubscription(account.providerSubscriptionId);
  return held !== null && CHARGING.has(held.status);
}

/**
 * Ends the second subscription at once at the provider and refunds its first payment; the payment
 * is booked refunded (its invoice.paid, before or after, then changes nothing: a refund is final).
 * The account keeps the subscription it has.
 */
async function endSecondSubscription(tx: BillingTx, deps: BillingDeps, account: AccountState, sub: ProviderSubscription): Promise<void> {
  const invoice = await deps.provider.cancelSubscriptionAndRefund(sub.id, duplicateSubscriptionKey(sub.id));
  deps.logger?.warn(
    { userId: account.userId, kept: account.providerSubscriptionId, canceled: sub.id, refundedInvoice: invoice?.id ?? null },
    'second subscription canceled at once and its payment refunded: the account already has one',
  );
  if (!invoice || invoice.amountPaidCents <= 0) return;
  await tx.upsertPayment({
    userId: account.userId,
    kind: 'subscription',
    description: 'Trainwright subscription (a second subscription, refunded)',
    amountCents: invoice.amountPaidCents,
    currency: 'usd',
    status: 'refunded',
    providerRef: invoice.id,
    invoiceUrl: invoice.hostedInvoiceUrl,
    projectId: null,
    createdAt: invoice.created,
  });
}

async function applyInvoice(tx: BillingTx, deps: BillingDeps, account: AccountState, invoiceId: string): Promise<boolean> {
  const invoice = await deps.provider.retrieveInvoice(invoiceId);
  if (!invoice) return false;
  const succeeded = invoice.status === 'paid';
  const amountCents = succeeded ? invoice.amountPaidCents : invoice.amountDueCents;
  if ((succeeded || invoice.paymentFailed) && amountCents > 0) {
    const payment = await tx.upsertPayment({
      userId: account.userId,
      kind: 'subscription',
      description: 'Trainwright subscription',
      amountCents,
      currency: 'usd',
      status: succeeded ? 'succeeded' : 'failed',
      providerRef: invoice.id,
      invoiceUrl: invoice.hostedInvoiceUrl,
      projectId: null,
      // The invoice's own date: the row is the same whenever (and however often) the event comes.
      createdAt: invoice.created,
    });
    if (payment.changed) {
      await tx.enqueue([billingEvents.payment(succeeded, { userId: account.userId, paymentId: payment.id, kind: 'subscription', amountCents, projectId: '', contentVersion: 0, language: '' }, deps.clock())]);
    }
  }
  // A paid invoice ends a grace period: the subscription says active again.
  if (invoice.subscriptionId) {
    const sub = await deps.provider.retrieveSubscription(invoice.subscriptionId);
    if (sub) await syncSubscription(tx, deps, (await tx.lockAccount(account.userId))!, sub);
  }
  return true;
}
