// A checkout's outcome (the success page and the payment dialog poll it), and the local test
// checkout page's calls: its line items, Pay and Cancel (no money moves).
import { Type } from 'typebox';
import type { LocalCheckout } from '@trainwright/proto/trainwright/billing/v1/billing';
import type { GatewayContext } from '../../context.js';
import { errorResponses } from '../../schemas/common.js';
import { signedIn } from '../../lib/signed-in.js';

const SessionParams = Type.Object({ sessionId: Type.String({ maxLength: 255 }) });

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

export function checkoutRoutes({ app, clients }: GatewayContext) {
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
      const { userId, call } = signedIn(request);
      const { sessionId } = request.params as Type.Static<typeof SessionParams>;
      const s = await clients.billing.getCheckoutStatus({ userId, sessionId }, call);
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
      const { userId, call } = signedIn(request);
      const { sessionId } = request.params as Type.Static<typeof SessionParams>;
      return localCheckoutJson(await clients.billing.getLocalCheckout({ userId, sessionId }, call));
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
        const { userId, call } = signedIn(request);
        const { sessionId } = request.params as Type.Static<typeof SessionParams>;
        const r = await clients.billing.completeLocalCheckout({ userId, sessionId, action }, call);
        return { redirect_url: r.redirectUrl };
      },
    );
  }
}
