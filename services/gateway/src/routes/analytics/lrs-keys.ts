// The company's learning record store credentials (docs/analytics.md): its Owner creates one (the
// secret is in this answer only), lists and revokes them. The scorm service decides (role, tenancy,
// the plan's analytics) and keeps them.
import { Type } from 'typebox';
import { LRS_KEY_LIMITS, LRS_SCOPES, lrsEndpoint } from '@trainwright/catalogue';
import type { LrsKey } from '@trainwright/proto/trainwright/scorm/v1/scorm';
import type { GatewayContext } from '../../context.js';
import { signedIn } from '../../lib/signed-in.js';
import { Str, errorResponses } from '../../schemas/common.js';

const KeyJson = Type.Object({
  id: Type.String(),
  company_id: Type.String(),
  name: Type.String(),
  key: Type.String(),
  scopes: Type.Array(Type.String()),
  endpoint: Type.String(),
  created_at: Type.String(),
  last_used_at: Type.Union([Type.String(), Type.Null()]),
});
const CreatedJson = Type.Intersect([KeyJson, Type.Object({ secret: Type.String() })]);
const CreateBody = Type.Object(
  {
    name: Type.String({ maxLength: LRS_KEY_LIMITS.name * 2 }),
    scopes: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: LRS_SCOPES.length })),
    company_id: Type.Optional(Str(100)),
  },
  { additionalProperties: false },
);
const CompanyQuery = Type.Object({ company_id: Type.Optional(Str(100)) }, { additionalProperties: false });
const IdParams = Type.Object({ id: Str(100) });

export function lrsKeyRoutes({ app, clients, config }: GatewayContext) {
  // Where an LRS client sends statements: the gateway's xAPI endpoint as the web app's users reach it.
  const endpoint = lrsEndpoint(config.PUBLIC_WEB_URL);
  const keyJson = (k: LrsKey) => ({
    id: k.id,
    company_id: k.companyId,
    name: k.name,
    key: k.key,
    scopes: k.scopes,
    endpoint,
    created_at: k.createdAt,
    last_used_at: k.lastUsedAt || null,
  });

  app.post(
    '/api/analytics/lrs-keys',
    { schema: { tags: ['analytics'], summary: 'Create an LRS credential (Owner); the secret is answered this once', body: CreateBody, response: { 201: CreatedJson, ...errorResponses } } },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      const body = request.body as Type.Static<typeof CreateBody>;
      const created = await clients.scorm.createLrsKey({ userId, companyId: body.company_id ?? '', name: body.name, scopes: body.scopes ?? [] }, call);
      return reply.status(201).send({ ...keyJson(created.key!), secret: created.secret });
    },
  );

  app.get(
    '/api/analytics/lrs-keys',
    { schema: { tags: ['analytics'], summary: "The company's live LRS credentials (Owner), newest first, without their secrets", querystring: CompanyQuery, response: { 200: Type.Object({ keys: Type.Array(KeyJson) }), ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { company_id } = request.query as Type.Static<typeof CompanyQuery>;
      return { keys: (await clients.scorm.listLrsKeys({ userId, companyId: company_id ?? '' }, call)).keys.map(keyJson) };
    },
  );

  app.delete(
    '/api/analytics/lrs-keys/:id',
    { schema: { tags: ['analytics'], summary: 'Revoke an LRS credential (Owner): it stops working at once', params: IdParams, response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      const { id } = request.params as Type.Static<typeof IdParams>;
      await clients.scorm.revokeLrsKey({ userId, keyId: id }, call);
      return reply.status(204).send();
    },
  );
}
