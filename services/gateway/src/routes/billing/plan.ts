// The plan: change it (a checkout for a new subscription, an upgrade at once, a downgrade at the
// period's end) after a preview of what it charges, read it, cancel it, and 'Manage Billing'.
import { Type } from 'typebox';
import { errorResponses } from '../../schemas/common.js';
import { signedIn } from '../../lib/signed-in.js';
import { confirmedCharge, returnUrlBase, type BillingRouteContext } from './return-url.js';
import { ConfirmedCharge, OriginUrl, PlanChange, Subscription, planChangeJson, subscriptionJson } from './subscription.js';

const UpgradeBody = Type.Object(
  {
    tier: Type.String({ maxLength: 40 }),
    interval: Type.Optional(Type.String({ maxLength: 10 })),
    origin_url: OriginUrl,
    // An upgrade of a live plan is charged at once: made only with what its preview answered.
    ...ConfirmedCharge,
  },
  { additionalProperties: false },
);

const PreviewBody = Type.Object({ tier: Type.String({ maxLength: 40 }), interval: Type.Optional(Type.String({ maxLength: 10 })) }, { additionalProperties: false });

const PlanChangePreviewJson = Type.Object({
  kind: Type.Union([Type.Literal('checkout'), Type.Literal('upgrade'), Type.Literal('downgrade'), Type.Literal('unschedule')]),
  amount_cents: Type.Integer(),
  currency: Type.String(),
  proration_date: Type.Union([Type.Integer(), Type.Null()]),
  effective_at: Type.Union([Type.String(), Type.Null()]),
});

const CancelBody = Type.Object({ cancel_at_period_end: Type.Boolean() }, { additionalProperties: false });
const PortalBody = Type.Object({ origin_url: OriginUrl }, { additionalProperties: false });

export function currentPlanRoutes({ app, clients, ownOrigins }: BillingRouteContext) {
  app.post(
    '/api/auth/upgrade',
    {
      schema: {
        tags: ['billing'],
        summary: 'Change plan: a checkout for a new subscription, an upgrade at once (prorated) or a downgrade at the end of the period',
        body: UpgradeBody,
        response: { 200: PlanChange, ...errorResponses },
      },
    },
    async (request) => {
      const caller = signedIn(request);
      const b = request.body as Type.Static<typeof UpgradeBody>;
      const r = await clients.billing.changePlan(
        {
          userId: caller.userId,
          tier: b.tier,
          interval: b.interval ?? 'month',
          ...confirmedCharge(request, b, ownOrigins),
        },
        caller.call,
      );
      return planChangeJson(clients, caller, r);
    },
  );

  app.post(
    '/api/billing/change-plan/preview',
    {
      schema: {
        tags: ['billing'],
        summary:
          "What a plan change would do and charge now, before it is made (the provider's proration preview). An upgrade of a live plan is then made by POST /api/auth/upgrade with this amount_cents and proration_date",
        body: PreviewBody,
        response: { 200: PlanChangePreviewJson, ...errorResponses },
      },
    },
    async (request) => {
      const { userId, call } = signedIn(request);
      const b = request.body as Type.Static<typeof PreviewBody>;
      const p = await clients.billing.previewPlanChange(
        { userId, tier: b.tier, interval: b.interval ?? 'month', returnUrlBase: '', idempotencyKey: '', confirmAmountCents: 0, prorationDate: 0 },
        call,
      );
      return {
        kind: p.kind as Type.Static<typeof PlanChangePreviewJson>['kind'],
        amount_cents: p.amountCents,
        currency: p.currency,
        proration_date: p.prorationDate || null,
        effective_at: p.effectiveAt || null,
      };
    },
  );

  app.get(
    '/api/billing/subscription',
    { schema: { tags: ['billing'], summary: 'The plan, add-ons and video credit balance', response: { 200: Subscription, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      return subscriptionJson(await clients.billing.getSubscription({ userId }, call));
    },
  );

  app.post(
    '/api/billing/cancel',
    {
      schema: {
        tags: ['billing'],
        summary: 'Cancel the subscription at the end of its period, or take the cancellation back',
        body: CancelBody,
        response: { 200: Subscription, ...errorResponses },
      },
    },
    async (request) => {
      const { userId, call } = signedIn(request);
      const b = request.body as Type.Static<typeof CancelBody>;
      return subscriptionJson(await clients.billing.setCancelAtPeriodEnd({ userId, cancelAtPeriodEnd: b.cancel_at_period_end }, call));
    },
  );

  app.post(
    '/api/billing/portal',
    {
      schema: {
        tags: ['billing'],
        summary: "'Manage Billing': the payment provider's customer portal",
        body: PortalBody,
        response: { 200: Type.Object({ url: Type.String() }), ...errorResponses },
      },
    },
    async (request) => {
      const { userId, call } = signedIn(request);
      const b = (request.body ?? {}) as Type.Static<typeof PortalBody>;
      const r = await clients.billing.openPortal({ userId, returnUrlBase: returnUrlBase(b.origin_url, ownOrigins) }, call);
      return { url: r.checkoutUrl };
    },
  );
}
