// An integration's delivery log and replay (docs/api.md, "Integrations").
import { Type } from 'typebox';
import type { GatewayContext } from '../../context.js';
import { perUserRateLimit, signedIn } from '../../lib/signed-in.js';
import { Int32, Str, errorResponses } from '../../schemas/common.js';
import { DeliveryJson, deliveryJson } from './shapes.js';

const IdParams = Type.Object({ id: Str(100) });
const ReplayParams = Type.Object({ id: Str(100), deliveryId: Str(100) });
const PageQuery = Type.Object({ before: Type.Optional(Str(100)), limit: Type.Optional(Int32({ minimum: 1, maximum: 100 })) }, { additionalProperties: false });

export function deliveryRoutes({ app, clients }: GatewayContext) {
  app.get(
    '/api/integrations/:id/deliveries',
    { schema: { tags: ['integrations'], summary: "An integration's deliveries, newest first, each with its attempts (Owner)", params: IdParams, querystring: PageQuery, response: { 200: Type.Object({ deliveries: Type.Array(DeliveryJson), next_before: Type.Union([Type.String(), Type.Null()]) }), ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { before, limit } = request.query as Type.Static<typeof PageQuery>;
      const page = await clients.integration.listDeliveries({ userId, integrationId: (request.params as Type.Static<typeof IdParams>).id, before: before ?? '', limit: limit ?? 20 }, call);
      return { deliveries: page.deliveries.map(deliveryJson), next_before: page.nextBefore || null };
    },
  );

  app.post(
    '/api/integrations/:id/deliveries/:deliveryId/replay',
    {
      config: { rateLimit: perUserRateLimit(30) },
      schema: { tags: ['integrations'], summary: 'Send a delivery again now (Owner): a new attempt with the same webhook-id', params: ReplayParams, response: { 202: DeliveryJson, ...errorResponses } },
    },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      const { id, deliveryId } = request.params as Type.Static<typeof ReplayParams>;
      return reply.status(202).send(deliveryJson(await clients.integration.replayDelivery({ userId, integrationId: id, deliveryId }, call)));
    },
  );
}
