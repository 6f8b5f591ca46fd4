// Transport only: proto <-> domain. Errors travel as AppError -> gRPC status (platform wrapper).
import type { AccessTable, UnaryHandlers } from '@trainwright/platform';
import type { BillingServiceService, BillingSubscription, Payment } from '@trainwright/proto/trainwright/billing/v1/billing';
import type { SubscriptionView } from '../services/account-state.js';
import { paymentDescriptionOf } from '../services/payments.js';
import type { PaymentRecord } from '../services/stores.js';
import type { BillingCore } from '../main.js';

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

export function createBillingHandlers(core: Pick<BillingCore, 'billing'>): UnaryHandlers<typeof BillingServiceService> {
  const b = core.billing;
  return {
    getSubscription: async (r) => toProtoSubscription(await b.getSubscription(r.userId)),
    changePlan: async (r) => {
      const result = await b.changePlan({
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
      const p = await b.previewPlanChange({ userId: r.userId, tier: r.tier, interval: r.interval });
      return { kind: p.kind, amountCents: p.amountCents, currency: 'usd', prorationDate: p.prorationDate, effectiveAt: iso(p.effectiveAt) };
    },
    setCancelAtPeriodEnd: async (r) => toProtoSubscription(await b.setCancelAtPeriodEnd(r.userId, r.cancelAtPeriodEnd)),
    previewAddOn: async (r) => ({ ...(await b.previewAddOn({ userId: r.userId, addOn: r.addOn })), currency: 'usd' }),
    buyAddOn: async (r) => ({
      checkoutUrl: '',
      sessionId: '',
      subscription: toProtoSubscription(await b.buyAddOn({ userId: r.userId, addOn: r.addOn, idempotencyKey: r.idempotencyKey, ...confirmationOf(r) })),
    }),
    cancelAddOn: async (r) => toProtoSubscription(await b.cancelAddOn({ userId: r.userId, addOn: r.addOn })),
    buyCredits: (r) => b.buyCredits({ userId: r.userId, credits: r.credits, returnUrlBase: r.returnUrlBase, idempotencyKey: r.idempotencyKey }),
    listPayments: async (r) => ({ payments: (await b.listPayments(r.userId)).map(toProtoPayment) }),
    getCheckoutStatus: (r) => b.getCheckoutStatus(r.userId, r.sessionId),
    openPortal: async (r) => ({ checkoutUrl: await b.openPortal({ userId: r.userId, returnUrlBase: r.returnUrlBase }), sessionId: '' }),
    handleWebhook: async (r) => ({ outcome: await b.handleHttpWebhook(Buffer.from(r.rawBody), r.signature) }),
    getLocalCheckout: async (r) => {
      const page = await b.getLocalCheckout(r.userId, r.sessionId);
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
    completeLocalCheckout: async (r) => ({ redirectUrl: await b.completeLocalCheckout(r.userId, r.sessionId, r.action) }),
    estimateVideo: (r) => b.estimateVideo({ userId: r.userId, projectId: r.projectId, language: r.language }),
    confirmVideoPayment: (r) =>
      b.confirmVideoPayment({
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
