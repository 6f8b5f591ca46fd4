// Pay-per-use: what a project's narrated video costs, and paying for it before it renders (a
// checkout, or from the video credits).
import { Type } from 'typebox';
import { Int32, errorResponses } from '../../schemas/common.js';
import { signedIn } from '../../lib/signed-in.js';
import { idempotencyKey, returnUrlBase, type BillingRouteContext } from './return-url.js';
import { Checkout, OriginUrl } from './subscription.js';

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

export function videoPaymentRoutes({ app, clients, ownOrigins }: BillingRouteContext) {
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
      const { userId, call } = signedIn(request);
      const { project_id, language } = request.query as Type.Static<typeof EstimateQuery>;
      const e = await clients.billing.estimateVideo({ userId, projectId: project_id, language: language ?? '' }, call);
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
      const { userId, call } = signedIn(request);
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
        call,
      );
      return { checkout_url: r.checkoutUrl, session_id: r.sessionId };
    },
  );
}
