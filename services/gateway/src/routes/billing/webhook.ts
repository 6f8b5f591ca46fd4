// The payment provider's webhook: the signature is over the exact bytes sent, so this route reads
// its body raw (a parser of its own, in a scope of its own) and billing verifies it.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { GatewayContext } from '../../context.js';
import { errorResponses } from '../../schemas/common.js';

export function webhookRoute({ app, clients }: GatewayContext) {
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
