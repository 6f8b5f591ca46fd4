// Credits, the payment history, the checkout status and the customer portal.
import { BILLING_MESSAGES, CREDIT_PACK_RANGE, VIDEO_CREDIT_PRICE_CENTS, catalogueMessage } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { ensureAccount, ensureCustomer } from './accounts.js';
import { checkoutStatusView, openCheckout, ownCheckout, returnBase, type CheckoutStatusView } from './checkouts.js';
import { creditsLineItem } from '../refs.js';
import { applyCheckoutSession } from './webhooks.js';
import type { BillingDeps, PaymentRecord } from './deps.js';

export async function buyCredits(deps: BillingDeps, input: { userId: string; credits: number; returnUrlBase: string; idempotencyKey: string }): Promise<{ checkoutUrl: string; sessionId: string }> {
  const { credits } = input;
  if (!Number.isInteger(credits) || credits < CREDIT_PACK_RANGE.min || credits > CREDIT_PACK_RANGE.max) throw AppError.validation('credits', catalogueMessage(BILLING_MESSAGES, 'creditsRange'));
  const account = await ensureAccount(deps, input.userId);
  const session = await openCheckout(deps, account, {
    purpose: 'credits',
    mode: 'payment',
    itemKey: `credits:${credits}`,
    lineItems: [creditsLineItem(credits)],
    credits,
    returnUrlBase: input.returnUrlBase,
    clientKey: input.idempotencyKey,
  });
  return { checkoutUrl: session.url, sessionId: session.id };
}

export const PAYMENTS_LISTED = 100;

export async function listPayments(deps: BillingDeps, userId: string): Promise<PaymentRecord[]> {
  return deps.store.listPayments(userId, PAYMENTS_LISTED);
}

/** The session's status; an open one is refreshed from the provider first (the webhook may lag). */
export async function getCheckoutStatus(deps: BillingDeps, userId: string, sessionId: string): Promise<CheckoutStatusView> {
  const row = await ownCheckout(deps, userId, sessionId);
  if (row.status !== 'open') return checkoutStatusView(row);
  const session = await deps.provider.retrieveCheckoutSession(sessionId);
  if (!session || (session.status === row.status && session.paymentStatus === row.paymentStatus)) return checkoutStatusView(row);
  const refreshed = await deps.store.transaction(async (tx) => {
    const account = await tx.lockAccount(userId);
    const locked = await tx.lockCheckout(sessionId);
    return account && locked ? applyCheckoutSession(tx, deps, account, locked, session) : row;
  });
  return checkoutStatusView(refreshed);
}

export async function openPortal(deps: BillingDeps, input: { userId: string; returnUrlBase: string }): Promise<string> {
  const base = returnBase(input.returnUrlBase);
  const account = await ensureAccount(deps, input.userId);
  const customerId = await ensureCustomer(deps, account);
  return deps.provider.createPortalSession(customerId, `${base}/billing`);
}

export type PaymentDescriptionCode = 'subscription' | 'subscription_refunded' | 'credits' | 'video_card' | 'video_credits' | 'payment';

/**
 * What a payment was, as a code the web translates (the stored description is English), read from
 * the payment's own fields: its kind, status, reference (a credits-paid video's is
 * `credits:cs_credits_...`) and, for a credit pack, its size (the amount at the pack's unit price).
 */
export function paymentDescriptionOf(p: Pick<PaymentRecord, 'kind' | 'status' | 'providerRef' | 'amountCents'>): { descriptionCode: PaymentDescriptionCode; credits: number } {
  switch (p.kind) {
    case 'subscription':
    case 'add_on':
      return { descriptionCode: p.status === 'refunded' ? 'subscription_refunded' : 'subscription', credits: 0 };
    case 'credits':
      return { descriptionCode: 'credits', credits: Math.round(p.amountCents / VIDEO_CREDIT_PRICE_CENTS) };
    case 'video':
      return { descriptionCode: p.providerRef.startsWith('credits:') ? 'video_credits' : 'video_card', credits: 0 };
    default:
      return { descriptionCode: 'payment', credits: 0 };
  }
}
