// POST /api/billing/credits: a checkout for a pack of video credits.
import { Type } from 'typebox';
import { BILLING_MESSAGES, CREDIT_PACK_RANGE } from '@trainwright/catalogue';
import { Int32, errorResponses } from '../../schemas/common.js';
import { signedIn } from '../../lib/signed-in.js';
import { idempotencyKey, returnUrlBase, type BillingRouteContext } from './return-url.js';
import { Checkout, OriginUrl } from './subscription.js';

const CreditsBody = Type.Object(
  { credits: Int32({ minimum: CREDIT_PACK_RANGE.min, maximum: CREDIT_PACK_RANGE.max, message: BILLING_MESSAGES.creditsRange }), origin_url: OriginUrl },
  { additionalProperties: false },
);

export function creditsRoute({ app, clients, ownOrigins }: BillingRouteContext) {
  app.post(
    '/api/billing/credits',
    { schema: { tags: ['billing'], summary: 'A checkout for a pack of video credits', body: CreditsBody, response: { 200: Checkout, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const b = request.body as Type.Static<typeof CreditsBody>;
      const r = await clients.billing.buyCredits(
        { userId, credits: b.credits, returnUrlBase: returnUrlBase(b.origin_url, ownOrigins), idempotencyKey: idempotencyKey(request) },
        call,
      );
      return { checkout_url: r.checkoutUrl, session_id: r.sessionId };
    },
  );
}
