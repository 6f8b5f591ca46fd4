// Credits, the payment history, the checkout status and the customer portal.
import { BILLING_MESSAGES, CREDIT_PACK_RANGE } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { ensureAccount, ensureCustomer } from './accounts.js';
import { checkoutStatusView, openCheckout, ownCheckout, returnBase, type CheckoutStatusView } from './checkouts.js';
import { creditsLineItem } from './refs.js';
import { applyCheckoutSession } from './webhooks.js';
import type { BillingDeps, PaymentRecord } from './stores.js';

export async function buyCredits(deps: BillingDeps, input: { userId: string; credits: number; returnUrlBase: string; idempotencyKey: string }): Promise<{ checkoutUrl: string; sessionId: string }> {
  const { credits } = input;
  if (!Number.isInteger(credits) || credits < CREDIT_PACK_RANGE.min || credits > CREDIT_PACK_RANGE.max) throw AppError.validation('credits', BILLING_MESSAGES.creditsRange);
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
