// Billing: the plan (upgrade, downgrade, cancel), add-ons, video credits, payments, the checkout's
// outcome, 'Manage Billing', the local test checkout page's calls and the provider's webhook.
// Every call goes to the billing service; the gateway only checks where a checkout may return.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ADD_ON_IDS, BILLING_MESSAGES, CREDIT_PACK_RANGE, TIERS, accountUsage, isTierId, isUnlimited } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import type { BillingSubscription, LocalCheckout, Payment } from '@trainwright/proto/trainwright/billing/v1/billing';
import type { GatewayContext } from '../context.js';
import { Int32, User, errorResponses } from '../schemas/common.js';
import { userJson } from '../schemas/mappers.js';
import { callerOf } from '../plugins/session.js';

const Subscription = Type.Object({
  tier: Type.String(),
  interval: Type.String(),
  status: Type.String(),
  current_period_start: Type.String(),
  current_period_end: Type.String(),
  cancel_at_period_end: Type.Boolean(),
  scheduled_tier: Type.String(),
  add_ons: Type.Array(Type.String()),
  credit_balance_cents: Type.Integer(),
  effective_tier: Type.String(),
  provider: Type.String(),
  grace_ends_at: Type.String(),
});

const PlanChange = Type.Object({
  checkout_url: Type.Union([Type.String(), Type.Null()]),
  session_id: Type.Union([Type.String(), Type.Null()]),
  subscription: Subscription,
  user: User,
});

const Checkout = Type.Object({ checkout_url: Type.String(), session_id: Type.String() });

const OriginUrl = Type.Optional(Type.String({ maxLength: 2048 }));

const UpgradeBody = Type.Object(
  {
    tier: Type.String({ maxLength: 40 }),
    interval: Type.Optional(Type.String({ maxLength: 10 })),
    origin_url: OriginUrl,
    // An upgrade of a live plan is charged at once: made only with what its preview answered.
    confirm_amount_cents: Type.Optional(Int32({ minimum: 0, maximum: 100_000_000 })),
    // A Unix time in seconds from a preview of the last hour: int32 holds it (until 2038).
    proration_date: Type.Optional(Int32({ minimum: 1 })),
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

// An add-on is charged at once (prorated) too: bought only with what its preview answered, the upgrade's two fields.
const AddOnBody = Type.Object(
  {
    add_on: Type.String({ maxLength: 60 }),
    origin_url: OriginUrl,
    confirm_amount_cents: UpgradeBody.properties.confirm_amount_cents,
    proration_date: UpgradeBody.properties.proration_date,
  },
  { additionalProperties: false },
);
const AddOnPreviewBody = Type.Object({ add_on: Type.String({ maxLength: 60 }) }, { additionalProperties: false });
const ChargePreviewJson = Type.Object({ amount_cents: Type.Integer(), currency: Type.String(), proration_date: Type.Integer() });
const CreditsBody = Type.Object({ credits: Int32({ minimum: CREDIT_PACK_RANGE.min, maximum: CREDIT_PACK_RANGE.max, message: BILLING_MESSAGES.creditsRange }), origin_url: OriginUrl }, { additionalProperties: false });
const CancelBody = Type.Object({ cancel_at_period_end: Type.Boolean() }, { additionalProperties: false });
const PortalBody = Type.Object({ origin_url: OriginUrl }, { additionalProperties: false });

const SessionParams = Type.Object({ sessionId: Type.String({ maxLength: 255 }) });
/** A video's language: '' or absent the project's own, else a completed translation's (media-render checks it: 400 unknown, 404 not translated). */
const VideoLanguage = Type.Optional(Type.String({ maxLength: 20 }));
const EstimateQuery = Type.Object({ project_id: Type.String({ maxLength: 100 }), language: VideoLanguage }, { additionalProperties: false });

const VideoEstimateJson = Type.Object({
  total_cost: Type.Number(),
  total_estimated_minutes: Type.Integer(),
  slides_count: Type.Integer(),
  voice_enabled: Type.Boolean(),
  estimated_duration_per_slide: Type.Number(),
  total_cost_cents: Type.Integer(),
  rate_per_minute: Type.Number(),
  from_narration: Type.Boolean(),
  credit_balance_cents: Type.Integer(),
});

const ConfirmBody = Type.Object(
  {
    project_id: Type.String({ maxLength: 100 }),
    billing_type: Type.String({ maxLength: 40 }),
    estimated_duration_minutes: Type.Optional(Int32({ minimum: 0, maximum: 100_000 })),
    format: Type.String({ maxLength: 10 }),
    origin_url: OriginUrl,
    use_credits: Type.Optional(Type.Boolean()),
    language: VideoLanguage,
  },
  { additionalProperties: false },
);
const AddOnParams = Type.Object({ addOn: Type.String({ maxLength: 60 }) });

const UsageItem = Type.Object({ key: Type.String(), used: Type.Integer(), limit: Type.Integer() });
type UsageFigure = Type.Static<typeof UsageItem>;

const PaymentJson = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  description: Type.String(),
  // The description as a code the web translates, and a credit pack's size.
  description_code: Type.String(),
  credits: Type.Integer(),
  amount_cents: Type.Integer(),
  currency: Type.String(),
  status: Type.String(),
  created_at: Type.String(),
  invoice_url: Type.String(),
  project_id: Type.String(),
  // A video payment's language ('' the project's own video, else a translation's).
  language: Type.String(),
});

const LocalCheckoutJson = Type.Object({
  session_id: Type.String(),
  mode: Type.String(),
  line_items: Type.Array(
    Type.Object({ ref: Type.String(), description: Type.String(), unit_amount_cents: Type.Integer(), quantity: Type.Integer(), interval: Type.String() }),
  ),
  total_cents: Type.Integer(),
  currency: Type.String(),
  status: Type.String(),
  cancel_url: Type.String(),
  email: Type.String(),
});

export const subscriptionJson = (s: BillingSubscription) => ({
  tier: s.tier,
  interval: s.interval,
  status: s.status,
  current_period_start: s.currentPeriodStart,
  current_period_end: s.currentPeriodEnd,
  cancel_at_period_end: s.cancelAtPeriodEnd,
  scheduled_tier: s.scheduledTier,
  add_ons: s.addOns,
  credit_balance_cents: Number(s.creditBalanceCents),
  effective_tier: s.effectiveTier,
  provider: s.provider,
  grace_ends_at: s.graceEndsAt,
});

const paymentJson = (p: Payment) => ({
  id: p.id,
  kind: p.kind,
  description: p.description,
  description_code: p.descriptionCode,
  credits: p.credits,
  amount_cents: Number(p.amountCents),
  currency: p.currency,
  status: p.status,
  created_at: p.createdAt,
  invoice_url: p.invoiceUrl,
  project_id: p.projectId,
  language: p.language,
});

const localCheckoutJson = (c: LocalCheckout) => ({
  session_id: c.sessionId,
  mode: c.mode,
  line_items: c.lineItems.map((i) => ({ ref: i.ref, description: i.description, unit_amount_cents: Number(i.unitAmountCents), quantity: i.quantity, interval: i.interval })),
  total_cents: Number(c.totalCents),
  currency: c.currency,
  status: c.status,
  cancel_url: c.cancelUrl,
  email: c.email,
});

export const ORIGIN_MESSAGE = 'origin_url must be the address of this application.';

/**
 * Where a checkout returns: the web app's own origin. A body's origin_url naming another host is
 * refused, so a checkout can never send the browser elsewhere (no open redirect).
 */
export function returnUrlBase(originUrl: string | undefined, ownOrigins: readonly string[]): string {
  if (originUrl === undefined || originUrl === '') return ownOrigins[0]!;
  let origin: string;
  try {
    origin = new URL(originUrl).origin;
  } catch {
    throw AppError.validation('origin_url', ORIGIN_MESSAGE);
  }
  if (!ownOrigins.includes(origin)) throw AppError.validation('origin_url', ORIGIN_MESSAGE);
  return origin;
}

/** A client's Idempotency-Key header (a retry of the same click), else '' (billing keys it itself). */
function idempotencyKey(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && /^[\w.:-]{1,200}$/.test(key) ? key : '';
}

export function billingRoutes(ctx: GatewayContext) {
  const { app, clients, config } = ctx;
  const ownOrigins = [...new Set([new URL(config.PUBLIC_WEB_URL).origin, new URL(config.WEB_ORIGIN).origin])];
  const opts = (userId: string, requestId: string) => ({ userId, requestId });

  async function planChangeJson(userId: string, requestId: string, r: { checkoutUrl: string; sessionId: string; subscription?: BillingSubscription }) {
    const [user, subscription] = await Promise.all([
      clients.auth.getMe({ userId }, opts(userId, requestId)),
      r.subscription ? Promise.resolve(r.subscription) : clients.billing.getSubscription({ userId }, opts(userId, requestId)),
    ]);
    return { checkout_url: r.checkoutUrl || null, session_id: r.sessionId || null, subscription: subscriptionJson(subscription), user: userJson(user) };
  }

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
      const { userId } = callerOf(request);
      const b = request.body as Type.Static<typeof UpgradeBody>;
      const r = await clients.billing.changePlan(
        {
          userId,
          tier: b.tier,
          interval: b.interval ?? 'month',
          returnUrlBase: returnUrlBase(b.origin_url, ownOrigins),
          idempotencyKey: idempotencyKey(request),
          confirmAmountCents: b.confirm_amount_cents ?? 0,
          prorationDate: b.proration_date ?? 0,
        },
        opts(userId, request.id),
      );
      return planChangeJson(userId, request.id, r);
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
      const { userId } = callerOf(request);
      const b = request.body as Type.Static<typeof PreviewBody>;
      const p = await clients.billing.previewPlanChange(
        { userId, tier: b.tier, interval: b.interval ?? 'month', returnUrlBase: '', idempotencyKey: '', confirmAmountCents: 0, prorationDate: 0 },
        opts(userId, request.id),
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
      const { userId } = callerOf(request);
      return subscriptionJson(await clients.billing.getSubscription({ userId }, opts(userId, request.id)));
    },
  );

  app.get(
    '/api/billing/usage',
    {
      schema: {
        tags: ['billing'],
        summary: "Usage against the plan's limits (-1: unlimited)",
        response: { 200: Type.Object({ usage: Type.Array(UsageItem) }), ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = callerOf(request);
      const o = opts(userId, request.id);
      /** A figure another service owns: when it cannot be had, the page shows the others (logged). */
      const optional = (key: string, read: () => Promise<UsageFigure>) =>
        read().catch((err: unknown) => {
          request.log.warn({ err, usage: key }, 'usage figure unavailable');
          return undefined;
        });
      const [me, companies, storage, downloads] = await Promise.all([
        clients.auth.getMe({ userId }, o),
        clients.auth.listCompanies({ userId }, o),
        // The plan's storage as an upload counts it: the uploads of the companies the caller owns
        // (the project service) plus their rendered files (media-render).
        optional('storage', async () => {
          const s = await clients.project.getStorageUsage({ userId }, o);
          const rendered = await clients.media.getRenderedBytes({ companyIds: s.ownerCompanyIds }, o);
          return { key: 'storage', used: s.uploadedBytes + rendered.bytes, limit: s.storageLimitBytes };
        }),
        // The downloads counted against the plan in its period (the month, or the whole trial).
        optional('downloads', async () => {
          const d = await clients.media.getDownloadUsage({ userId }, o);
          return { key: 'downloads', used: d.used, limit: d.limit };
        }),
      ]);
      const tier = me.subscription?.tier;
      const limits = TIERS[isTierId(tier) ? tier : 'free-trial'].limits;
      const used = accountUsage({ projectsUsed: me.subscription?.projectsUsed ?? 0, companies: companies.companies }, userId);
      const usage: UsageFigure[] = [
        { key: 'projects', used: used.projectsUsed, limit: limits.projectLimit },
        { key: 'companies', used: used.companiesOwned, limit: limits.companyLimit },
        // The members of the owner's largest company (the plan's users per company).
        { key: 'users', used: used.largestCompanyMembers, limit: limits.userLimit },
      ];
      for (const figure of [storage, downloads]) if (figure) usage.push(figure);
      return { usage: usage.map((u) => ({ ...u, limit: isUnlimited(u.limit) || u.limit < 0 ? -1 : u.limit })) };
    },
  );

  app.get(
    '/api/billing/payments',
    { schema: { tags: ['billing'], summary: 'Payments and invoices, newest first', response: { 200: Type.Object({ payments: Type.Array(PaymentJson) }), ...errorResponses } } },
    async (request) => {
      const { userId } = callerOf(request);
      const r = await clients.billing.listPayments({ userId }, opts(userId, request.id));
      return { payments: r.payments.map(paymentJson) };
    },
  );

  app.post(
    '/api/billing/add-ons/preview',
    {
      schema: {
        tags: ['billing'],
        summary: "What buying an add-on charges now, before it is bought (the provider's proration preview). It is then bought by POST /api/billing/add-ons with this amount_cents and proration_date",
        body: AddOnPreviewBody,
        response: { 200: ChargePreviewJson, ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = callerOf(request);
      const b = request.body as Type.Static<typeof AddOnPreviewBody>;
      const p = await clients.billing.previewAddOn(
        { userId, addOn: b.add_on, returnUrlBase: '', idempotencyKey: '', confirmAmountCents: 0, prorationDate: 0 },
        opts(userId, request.id),
      );
      return { amount_cents: p.amountCents, currency: p.currency, proration_date: p.prorationDate };
    },
  );

  app.post(
    '/api/billing/add-ons',
    {
      schema: {
        tags: ['billing'],
        summary: 'Buy an add-on (a subscription item, charged at once prorated: only with the amount_cents and proration_date of its preview)',
        body: AddOnBody,
        response: { 200: PlanChange, ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = callerOf(request);
      const b = request.body as Type.Static<typeof AddOnBody>;
      const r = await clients.billing.buyAddOn(
        {
          userId,
          addOn: b.add_on,
          returnUrlBase: returnUrlBase(b.origin_url, ownOrigins),
          idempotencyKey: idempotencyKey(request),
          confirmAmountCents: b.confirm_amount_cents ?? 0,
          prorationDate: b.proration_date ?? 0,
        },
        opts(userId, request.id),
      );
      return planChangeJson(userId, request.id, r);
    },
  );

  app.delete(
    '/api/billing/add-ons/:addOn',
    {
      schema: {
        tags: ['billing'],
        summary: `Cancel an add-on (${ADD_ON_IDS.join(', ')})`,
        params: AddOnParams,
        response: { 200: Subscription, ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = callerOf(request);
      const { addOn } = request.params as Type.Static<typeof AddOnParams>;
      return subscriptionJson(
        await clients.billing.cancelAddOn({ userId, addOn, returnUrlBase: '', idempotencyKey: '', confirmAmountCents: 0, prorationDate: 0 }, opts(userId, request.id)),
      );
    },
  );

  app.post(
    '/api/billing/credits',
    { schema: { tags: ['billing'], summary: 'A checkout for a pack of video credits', body: CreditsBody, response: { 200: Checkout, ...errorResponses } } },
    async (request) => {
      const { userId } = callerOf(request);
      const b = request.body as Type.Static<typeof CreditsBody>;
      const r = await clients.billing.buyCredits(
        { userId, credits: b.credits, returnUrlBase: returnUrlBase(b.origin_url, ownOrigins), idempotencyKey: idempotencyKey(request) },
        opts(userId, request.id),
      );
      return { checkout_url: r.checkoutUrl, session_id: r.sessionId };
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
      const { userId } = callerOf(request);
      const b = request.body as Type.Static<typeof CancelBody>;
      return subscriptionJson(await clients.billing.setCancelAtPeriodEnd({ userId, cancelAtPeriodEnd: b.cancel_at_period_end }, opts(userId, request.id)));
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
      const { userId } = callerOf(request);
      const b = (request.body ?? {}) as Type.Static<typeof PortalBody>;
      const r = await clients.billing.openPortal({ userId, returnUrlBase: returnUrlBase(b.origin_url, ownOrigins) }, opts(userId, request.id));
      return { url: r.checkoutUrl };
    },
  );

  app.get(
    '/api/billing/status/:sessionId',
    {
      schema: {
        tags: ['billing'],
        summary: 'The outcome of a checkout session (the success page and the payment dialog poll it)',
        params: SessionParams,
        response: {
          200: Type.Object({ payment_status: Type.String(), message: Type.String(), purpose: Type.String(), project_id: Type.String() }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { userId } = callerOf(request);
      const { sessionId } = request.params as Type.Static<typeof SessionParams>;
      const s = await clients.billing.getCheckoutStatus({ userId, sessionId }, opts(userId, request.id));
      return { payment_status: s.paymentStatus, message: s.message, purpose: s.purpose, project_id: s.projectId };
    },
  );

  app.get(
    '/api/billing/checkout/:sessionId',
    {
      schema: {
        tags: ['billing'],
        summary: 'The local test checkout: its line items and total (no money moves)',
        params: SessionParams,
        response: { 200: LocalCheckoutJson, ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = callerOf(request);
      const { sessionId } = request.params as Type.Static<typeof SessionParams>;
      return localCheckoutJson(await clients.billing.getLocalCheckout({ userId, sessionId }, opts(userId, request.id)));
    },
  );

  app.post(
    '/api/billing/video-estimate',
    {
      schema: {
        tags: ['billing'],
        summary: "Pay-per-use: the cost of a project's narrated video (its narration's minutes at the plan's rate); ?language= a translation's video",
        querystring: EstimateQuery,
        response: { 200: VideoEstimateJson, ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = callerOf(request);
      const { project_id, language } = request.query as Type.Static<typeof EstimateQuery>;
      const e = await clients.billing.estimateVideo({ userId, projectId: project_id, language: language ?? '' }, opts(userId, request.id));
      return {
        total_cost: e.totalCost,
        total_estimated_minutes: e.totalEstimatedMinutes,
        slides_count: e.slidesCount,
        voice_enabled: e.voiceEnabled,
        estimated_duration_per_slide: e.estimatedDurationPerSlide,
        total_cost_cents: Number(e.totalCostCents),
        rate_per_minute: e.ratePerMinute,
        from_narration: e.fromNarration,
        credit_balance_cents: Number(e.creditBalanceCents),
      };
    },
  );

  app.post(
    '/api/billing/confirm',
    {
      schema: {
        tags: ['billing'],
        summary: "Pay for a project's narrated video before it renders: a checkout, or from the video credits",
        body: ConfirmBody,
        response: { 200: Checkout, ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = callerOf(request);
      const b = request.body as Type.Static<typeof ConfirmBody>;
      const r = await clients.billing.confirmVideoPayment(
        {
          userId,
          projectId: b.project_id,
          billingType: b.billing_type,
          estimatedDurationMinutes: b.estimated_duration_minutes ?? 0,
          format: b.format,
          returnUrlBase: returnUrlBase(b.origin_url, ownOrigins),
          idempotencyKey: idempotencyKey(request),
          useCredits: b.use_credits ?? false,
          language: b.language ?? '',
        },
        opts(userId, request.id),
      );
      return { checkout_url: r.checkoutUrl, session_id: r.sessionId };
    },
  );

  for (const action of ['pay', 'cancel'] as const) {
    app.post(
      `/api/billing/checkout/:sessionId/${action}`,
      {
        schema: {
          tags: ['billing'],
          summary: action === 'pay' ? 'The local test checkout: Pay (completes through the webhook path, no money moves)' : 'The local test checkout: Cancel',
          params: SessionParams,
          response: { 200: Type.Object({ redirect_url: Type.String() }), ...errorResponses },
        },
      },
      async (request) => {
        const { userId } = callerOf(request);
        const { sessionId } = request.params as Type.Static<typeof SessionParams>;
        const r = await clients.billing.completeLocalCheckout({ userId, sessionId, action }, opts(userId, request.id));
        return { redirect_url: r.redirectUrl };
      },
    );
  }

  // The provider's webhook: the signature is over the exact bytes sent, so this route reads its
  // body raw (a parser of its own, in a scope of its own) and billing verifies it.
  app.register(async (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      '/api/billing/webhook',
      {
        config: { public: true },
        schema: {
          tags: ['billing'],
          summary: "The payment provider's webhook (Stripe's signature scheme, 300 s either way); with the local test checkout every request is refused (403)",
          response: { 200: Type.Object({ received: Type.Boolean(), outcome: Type.String() }), ...errorResponses },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const r = await clients.billing.handleWebhook({ rawBody: body, signature: typeof signature === 'string' ? signature : '' }, { requestId: request.id });
        return { received: true, outcome: r.outcome };
      },
    );
  });
}

