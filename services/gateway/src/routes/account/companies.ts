// The caller's companies: list them, create one within the plan's limit, make one the current one.
import { Type } from 'typebox';
import type { GatewayContext } from '../../context.js';
import { Company, User, errorResponses } from '../../schemas/common.js';
import { companyJson, userJson } from '../../schemas/mappers.js';
import { signedIn } from '../../lib/signed-in.js';

const CompanyBody = Type.Object(
  {
    name: Type.String({ maxLength: 1000 }),
    website: Type.Optional(Type.String({ maxLength: 4096 })),
    logo_url: Type.Optional(Type.String({ maxLength: 4096 })),
  },
  { additionalProperties: false },
);

const CompanyList = Type.Object({
  companies: Type.Array(Company),
  current_company_id: Type.String(),
  company_limit: Type.Integer(),
  owned_count: Type.Integer(),
});

const CompanyParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export function companyRoutes({ app, clients }: GatewayContext) {
  app.get(
    '/api/companies',
    { schema: { tags: ['companies'], summary: "The caller's companies", response: { 200: CompanyList, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const list = await clients.auth.listCompanies({ userId }, call);
      return {
        companies: list.companies.map(companyJson),
        current_company_id: list.currentCompanyId,
        company_limit: list.companyLimit,
        owned_count: list.ownedCount,
      };
    },
  );

  app.post(
    '/api/companies',
    {
      schema: {
        tags: ['companies'],
        summary: 'Create a company within the plan limit',
        body: CompanyBody,
        response: { 201: Company, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      const b = request.body as Type.Static<typeof CompanyBody>;
      const company = await clients.auth.createCompany({ userId, name: b.name, website: b.website ?? '', logoUrl: b.logo_url ?? '' }, call);
      return reply.status(201).send(companyJson(company));
    },
  );

  app.post(
    '/api/companies/:id/switch',
    {
      schema: {
        tags: ['companies'],
        summary: 'Make a company the current one',
        params: CompanyParams,
        response: { 200: User, ...errorResponses },
      },
    },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { id } = request.params as Type.Static<typeof CompanyParams>;
      return userJson(await clients.auth.switchCompany({ userId, companyId: id }, call));
    },
  );
}
