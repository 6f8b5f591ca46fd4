// A company's integrations (docs/api.md, "Integrations"): the catalogue, the caller's company's
// integrations, setup, status, test and removal. The integration service decides (the Owner's
// integration.manage, the plan's integrationHub, tenancy) and keeps them.
import { Type } from 'typebox';
import { INTEGRATION_EVENT_TYPES } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import type { GatewayContext } from '../../context.js';
import { perUserRateLimit, signedIn } from '../../lib/signed-in.js';
import { Str, errorResponses } from '../../schemas/common.js';
import { DeliveryJson, IntegrationJson, deliveryJson, integrationJson } from './shapes.js';

const FieldJson = Type.Object({ name: Type.String(), label: Type.String(), secret: Type.Boolean(), max_length: Type.Integer() });
const CatalogueJson = Type.Object({
  integrations: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      description: Type.String(),
      category: Type.String(),
      features: Type.Array(Type.String()),
      required_fields: Type.Array(FieldJson),
      optional_fields: Type.Array(FieldJson),
      help: Type.String(),
      available: Type.Boolean(),
    }),
  ),
});
const SetupBody = Type.Object(
  {
    user_id: Type.Optional(Str(100)),
    company_id: Type.Optional(Str(100)),
    integration_type: Str(50),
    configuration: Type.Object({}, { additionalProperties: Str(4096), maxProperties: 12 }),
  },
  { additionalProperties: false },
);
const IdParams = Type.Object({ id: Str(100) });
const UserParams = Type.Object({ userId: Str(100) });
const CompanyQuery = Type.Object({ company_id: Type.Optional(Str(100)) }, { additionalProperties: false });

/** The user the path or body names must be the caller: anyone else's is NOT_FOUND, as if it did not exist. */
function requireCaller(named: string | undefined, userId: string): void {
  if (named !== undefined && named !== userId) throw AppError.notFound();
}

export function integrationRoutes({ app, clients }: GatewayContext) {
  app.get(
    '/api/integrations/catalogue',
    { schema: { tags: ['integrations'], summary: 'What a company can connect, and the setup fields of each type', response: { 200: CatalogueJson, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { integrations } = await clients.integration.listCatalogue({ userId }, call);
      return {
        integrations: integrations.map((e) => ({
          id: e.id,
          name: e.name,
          description: e.description,
          category: e.category,
          features: e.features,
          required_fields: e.requiredFields.map((f) => ({ name: f.name, label: f.label, secret: f.secret, max_length: f.maxLength })),
          optional_fields: e.optionalFields.map((f) => ({ name: f.name, label: f.label, secret: f.secret, max_length: f.maxLength })),
          help: e.help,
          available: e.available,
        })),
      };
    },
  );

  app.get(
    '/api/integrations/events',
    { config: { public: true }, schema: { tags: ['integrations'], summary: 'The event types integrations receive, each with the JSON Schema of its data (public reference)', response: { 200: Type.Object({ events: Type.Array(Type.Object({ type: Type.String(), description: Type.String(), data_schema: Type.Object({}, { additionalProperties: true }) })) }) } } },
    async () => ({ events: Object.entries(INTEGRATION_EVENT_TYPES).map(([type, t]) => ({ type, description: t.description, data_schema: t.data })) }),
  );

  app.get(
    '/api/integrations/user/:userId',
    { schema: { tags: ['integrations'], summary: "The integrations of the caller's company (Owner); another user's id is 404", params: UserParams, querystring: CompanyQuery, response: { 200: Type.Object({ integrations: Type.Array(IntegrationJson) }), ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      requireCaller((request.params as Type.Static<typeof UserParams>).userId, userId);
      const { company_id } = request.query as Type.Static<typeof CompanyQuery>;
      const { integrations } = await clients.integration.listIntegrations({ userId, companyId: company_id ?? '' }, call);
      return { integrations: integrations.map(integrationJson) };
    },
  );

  app.post(
    '/api/integrations/setup',
    {
      config: { rateLimit: perUserRateLimit(30) },
      schema: { tags: ['integrations'], summary: 'Connect an integration (Owner): its fields checked, credentials kept encrypted; a Zapier signing secret is answered this once', body: SetupBody, response: { 201: Type.Object({ success: Type.Boolean(), integration: IntegrationJson, signing_secret: Type.Optional(Type.String()) }), ...errorResponses } },
    },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      const body = request.body as Type.Static<typeof SetupBody>;
      requireCaller(body.user_id, userId);
      const created = await clients.integration.setupIntegration({ userId, companyId: body.company_id ?? '', integrationType: body.integration_type, configuration: body.configuration as Record<string, string> }, call);
      return reply.status(201).send({ success: true, integration: integrationJson(created.integration!), ...(created.signingSecret ? { signing_secret: created.signingSecret } : {}) });
    },
  );

  app.get(
    '/api/integrations/:id/status',
    { schema: { tags: ['integrations'], summary: "An integration's status (Owner)", params: IdParams, response: { 200: Type.Object({ id: Type.String(), status: Type.String(), status_reason: Type.String(), status_message_id: Type.String(), status_params: Type.Array(Type.String()), last_delivery_at: Type.Union([Type.String(), Type.Null()]), last_delivery_status: Type.String() }), ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const i = integrationJson(await clients.integration.getIntegration({ userId, integrationId: (request.params as Type.Static<typeof IdParams>).id }, call));
      return { id: i.id, status: i.status, status_reason: i.status_reason, status_message_id: i.status_message_id, status_params: i.status_params, last_delivery_at: i.last_delivery_at, last_delivery_status: i.last_delivery_status };
    },
  );

  app.get(
    '/api/integrations/:id',
    { schema: { tags: ['integrations'], summary: 'An integration (Owner), its secrets masked', params: IdParams, response: { 200: IntegrationJson, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      return integrationJson(await clients.integration.getIntegration({ userId, integrationId: (request.params as Type.Static<typeof IdParams>).id }, call));
    },
  );

  app.post(
    '/api/integrations/:id/test',
    {
      config: { rateLimit: perUserRateLimit(20) },
      schema: { tags: ['integrations'], summary: 'Send a test message now (Owner); success connects the integration, failure pauses it with the reason', params: IdParams, response: { 200: Type.Object({ success: Type.Boolean(), error: Type.String(), delivery: DeliveryJson, integration: IntegrationJson }), ...errorResponses } },
    },
    async (request) => {
      const { userId, call } = signedIn(request);
      const tested = await clients.integration.testIntegration({ userId, integrationId: (request.params as Type.Static<typeof IdParams>).id }, call);
      return { success: tested.success, error: tested.error, delivery: deliveryJson(tested.delivery!), integration: integrationJson(tested.integration!) };
    },
  );

  app.post(
    '/api/integrations/:id/rotate-secret',
    { schema: { tags: ['integrations'], summary: 'A new signing secret for a Zapier integration (Owner), answered this once; the old one signs beside it for 24 hours', params: IdParams, response: { 200: Type.Object({ signing_secret: Type.String(), previous_valid_until: Type.String() }), ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const rotated = await clients.integration.rotateSigningSecret({ userId, integrationId: (request.params as Type.Static<typeof IdParams>).id }, call);
      return { signing_secret: rotated.signingSecret, previous_valid_until: rotated.previousValidUntil };
    },
  );

  app.delete(
    '/api/integrations/:id',
    { schema: { tags: ['integrations'], summary: 'Remove an integration (Owner): nothing more is delivered to it', params: IdParams, response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      await clients.integration.removeIntegration({ userId, integrationId: (request.params as Type.Static<typeof IdParams>).id }, call);
      return reply.status(204).send();
    },
  );
}
