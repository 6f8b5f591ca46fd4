// GET /api/billing/payments: payments and invoices, newest first.
import { Type } from 'typebox';
import type { Payment } from '@trainwright/proto/trainwright/billing/v1/billing';
import type { GatewayContext } from '../../context.js';
import { errorResponses } from '../../schemas/common.js';
import { signedIn } from '../../lib/signed-in.js';

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

export function paymentsRoute({ app, clients }: GatewayContext) {
  app.get(
    '/api/billing/payments',
    { schema: { tags: ['billing'], summary: 'Payments and invoices, newest first', response: { 200: Type.Object({ payments: Type.Array(PaymentJson) }), ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const r = await clients.billing.listPayments({ userId }, call);
      return { payments: r.payments.map(paymentJson) };
    },
  );
}
