// Transport only: proto <-> domain. Errors travel as AppError -> gRPC status (platform wrapper).
import type { AccessTable, UnaryHandlers } from '@trainwright/platform';
import type { BillingServiceService, BillingSubscription, Payment } from '@trainwright/proto/trainwright/billing/v1/billing';
import type { SubscriptionView } from '../services/billing/account-state.js';
import { getSubscription } from '../services/billing/accounts.js';
import { buyAddOn, cancelAddOn, previewAddOn } from '../services/billing/add-ons.js';
import { completeLocalCheckout, getLocalCheckout } from '../services/billing/checkouts.js';
import type { BillingDeps, PaymentRecord } from '../services/billing/deps.js';
import { buyCredits, getCheckoutStatus, listPayments, openPortal, paymentDescriptionOf } from '../services/billing/payments.js';
import { changePlan, previewPlanChange, setCancelAtPeriodEnd } from '../services/billing/plans.js';
import { confirmVideoPayment, estimateVideo } from '../services/billing/videos.js';
import { handleHttpWebhook } from '../services/billing/webhooks.js';

const iso = (d: Date | null) => (d ? d.toISOString() : '');

/** A charge's confirmation as the request carries it (0: none, the proto's default). */
const confirmationOf = (r: { confirmAmountCents: number; prorationDate: number }) =>
  r.prorationDate ? { prorationDate: r.prorationDate, confirmAmountCents: r.confirmAmountCents } : {};

export function toProtoSubscription(s: SubscriptionView): BillingSubscription {
  return {
    tier: s.tier,
    interval: s.interval,
    status: s.status,
    currentPeriodStart: iso(s.currentPeriodStart),
    currentPeriodEnd: iso(s.currentPeriodEnd),
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    scheduledTier: s.scheduledTier ?? '',
    addOns: s.addOns,
    creditBalanceCents: s.creditBalanceCents,
    effectiveTier: s.effectiveTier,
    provider: s.provider,
    graceEndsAt: iso(s.graceEndsAt),
  };
}

export function toProtoPayment(p: PaymentRecord): Payment {
  return {
    id: p.id,
    kind: p.kind,
    description: p.description,
    amountCents: p.amountCents,
    currency: p.currency,
    status: p.status,
    createdAt: p.createdAt.toISOString(),
    invoiceUrl: p.invoiceUrl,
    projectId: p.projectId ?? '',
    language: p.language ?? '',
    ...paymentDescriptionOf(p),
  };
}

/**
 * How each method reaches company data (platform access.ts): the server refuses to answer a method
 * that names an action unless the access check decided. A new method needs its line here.
 */
export const billingAccess: AccessTable<typeof BillingServiceService> = {
  getSubscription: { self: 'the caller\'s own subscription' },
  changePlan: { self: 'the caller\'s own plan' },
  previewPlanChange: { self: 'the caller\'s own plan' },
  setCancelAtPeriodEnd: { self: 'the caller\'s own subscription' },
  buyAddOn: { self: 'the caller\'s own add-ons' },
  previewAddOn: { self: 'the caller\'s own add-ons' },
  cancelAddOn: { self: 'the caller\'s own add-ons' },
  buyCredits: { self: 'the caller\'s own video credits' },
  listPayments: { self: 'the caller\'s own payments' },
  getCheckoutStatus: { self: 'a checkout of the caller\'s own' },
  openPortal: { self: 'the caller\'s own customer portal' },
  handleWebhook: { public: 'the payment provider\'s signature is the credential' },
  getLocalCheckout: { self: 'a local checkout of the caller\'s own' },
  completeLocalCheckout: { self: 'a local checkout of the caller\'s own' },
  estimateVideo: { delegated: 'media EstimateNarration decides project.update on the project' },
  confirmVideoPayment: { delegated: 'media EstimateNarration decides project.update on the project' },
};

export function createBillingHandlers(deps: BillingDeps): UnaryHandlers<typeof BillingServiceService> {
  return {
    getSubscription: async (r) => toProtoSubscription(await getSubscription(deps, r.userId)),
    changePlan: async (r) => {
      const result = await changePlan(deps, {
        userId: r.userId,
        tier: r.tier,
        interval: r.interval,
        returnUrlBase: r.returnUrlBase,
        idempotencyKey: r.idempotencyKey,
        ...confirmationOf(r),
      });
      return result.kind === 'checkout'
        ? { checkoutUrl: result.checkoutUrl, sessionId: result.sessionId, subscription: undefined }
        : { checkoutUrl: '', sessionId: '', subscription: toProtoSubscription(result.subscription) };
    },
    previewPlanChange: async (r) => {
      const p = await previewPlanChange(deps, { userId: r.userId, tier: r.tier, interval: r.interval });
      return { kind: p.kind, amountCents: p.amountCents, currency: 'usd', prorationDate: p.prorationDate, effectiveAt: iso(p.effectiveAt) };
    },
    setCancelAtPeriodEnd: async (r) => toProtoSubscription(await setCancelAtPeriodEnd(deps, r.userId, r.cancelAtPeriodEnd)),
    previewAddOn: async (r) => ({ ...(await previewAddOn(deps, { userId: r.userId, addOn: r.addOn })), currency: 'usd' }),
    buyAddOn: async (r) => ({
      checkoutUrl: '',
      sessionId: '',
      subscription: toProtoSubscription(await buyAddOn(deps, { userId: r.userId, addOn: r.addOn, idempotencyKey: r.idempotencyKey, ...confirmationOf(r) })),
    }),
    cancelAddOn: async (r) => toProtoSubscription(await cancelAddOn(deps, { userId: r.userId, addOn: r.addOn })),
    buyCredits: (r) => buyCredits(deps, { userId: r.userId, credits: r.credits, returnUrlBase: r.returnUrlBase, idempotencyKey: r.idempotencyKey }),
    listPayments: async (r) => ({ payments: (await listPayments(deps, r.userId)).map(toProtoPayment) }),
    getCheckoutStatus: (r) => getCheckoutStatus(deps, r.userId, r.sessionId),
    openPortal: async (r) => ({ checkoutUrl: await openPortal(deps, { userId: r.userId, returnUrlBase: r.returnUrlBase }), sessionId: '' }),
    handleWebhook: async (r) => ({ outcome: await handleHttpWebhook(deps, Buffer.from(r.rawBody), r.signature) }),
    getLocalCheckout: async (r) => {
      const page = await getLocalCheckout(deps, r.userId, r.sessionId);
      return {
        sessionId: page.id,
        mode: page.mode,
        lineItems: page.lineItems.map((i) => ({ ref: i.ref, description: i.description, unitAmountCents: i.unitAmountCents, quantity: i.quantity, interval: i.interval ?? '' })),
        totalCents: page.totalCents,
        currency: 'usd',
        status: page.status,
        cancelUrl: page.cancelUrl,
        email: page.email,
      };
    },
    completeLocalCheckout: async (r) => ({ redirectUrl: await completeLocalCheckout(deps, r.userId, r.sessionId, r.action) }),
    estimateVideo: (r) => estimateVideo(deps, { userId: r.userId, projectId: r.projectId, language: r.language }),
    confirmVideoPayment: (r) =>
      confirmVideoPayment(deps, {
        userId: r.userId,
        projectId: r.projectId,
        billingType: r.billingType,
        estimatedDurationMinutes: r.estimatedDurationMinutes,
        format: r.format,
        returnUrlBase: r.returnUrlBase,
        idempotencyKey: r.idempotencyKey,
        useCredits: r.useCredits,
        language: r.language,
      }),
  };
}
