// A Zapier app's calls (docs/integrations.md, "Zapier app"): authenticated by the integration's
// api_key in the X-API-Key header, not a user session. The integration service checks the key.
import { Type } from 'typebox';
import { AppError } from '@trainwright/platform';
import type { FastifyRequest } from 'fastify';
import type { GatewayContext } from '../../context.js';
import { Str, errorResponses } from '../../schemas/common.js';

const HookBody = Type.Object({ target_url: Str(2048), event: Str(50) }, { additionalProperties: false });
const HookParams = Type.Object({ id: Str(100) });
const EventParams = Type.Object({ event: Str(50) });

/** The api_key a Zapier app sends (401 without one). */
function apiKeyOf(request: FastifyRequest): string {
  const key = request.headers['x-api-key'];
  if (typeof key !== 'string' || !key) throw new AppError('UNAUTHENTICATED', 'Send the integration’s API key in the X-API-Key header.');
  return key.slice(0, 600);
}

export function zapierAppRoutes({ app, clients }: GatewayContext) {
  const limited = { public: true, rateLimit: { max: 120, timeWindow: 60_000 } };

  app.get(
    '/api/integrations/zapier/me',
    { config: limited, schema: { tags: ['integrations'], summary: 'Zapier app: which integration the API key opens (its authentication test)', response: { 200: Type.Object({ integration_id: Type.String(), company_id: Type.String() }), ...errorResponses } } },
    async (request) => {
      const me = await clients.integration.zapierMe({ apiKey: apiKeyOf(request) }, { requestId: request.id });
      return { integration_id: me.integrationId, company_id: me.companyId };
    },
  );

  app.post(
    '/api/integrations/zapier/hooks',
    { config: limited, schema: { tags: ['integrations'], summary: 'Zapier app: subscribe a target URL to an event type (REST hook)', body: HookBody, response: { 201: Type.Object({ id: Type.String(), event: Type.String() }), ...errorResponses } } },
    async (request, reply) => {
      const body = request.body as Type.Static<typeof HookBody>;
      const hook = await clients.integration.subscribeZapierHook({ apiKey: apiKeyOf(request), targetUrl: body.target_url, event: body.event }, { requestId: request.id });
      return reply.status(201).send({ id: hook.id, event: hook.event });
    },
  );

  app.delete(
    '/api/integrations/zapier/hooks/:id',
    { config: limited, schema: { tags: ['integrations'], summary: 'Zapier app: unsubscribe a REST hook', params: HookParams, response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      await clients.integration.unsubscribeZapierHook({ apiKey: apiKeyOf(request), hookId: (request.params as Type.Static<typeof HookParams>).id }, { requestId: request.id });
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/integrations/zapier/samples/:event',
    { config: limited, schema: { tags: ['integrations'], summary: "Zapier app: samples of an event type's deliveries (the perform list)", params: EventParams } },
    async (request, reply) => {
      const { samples } = await clients.integration.zapierSamples({ apiKey: apiKeyOf(request), event: (request.params as Type.Static<typeof EventParams>).event }, { requestId: request.id });
      // Each sample is the JSON document a receiver gets, as delivered.
      return reply.type('application/json').send(`[${samples.join(',')}]`);
    },
  );
}
