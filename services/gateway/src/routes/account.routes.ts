import { Type } from 'typebox';
import type { GatewayContext } from '../context.js';
import { Company, Notifications, User, errorResponses } from '../schemas/common.js';
import { companyJson, profileJson, userJson } from '../schemas/mappers.js';
import { callerOf } from '../plugins/session.js';

const TrialStatus = Type.Object({
  is_trial: Type.Boolean(),
  status: Type.String(),
  message: Type.String(),
  days_remaining: Type.Union([Type.Integer(), Type.Null()]),
  days_used: Type.Integer(),
  trial_days: Type.Integer(),
  warning: Type.Boolean(),
  ends_at: Type.Union([Type.String(), Type.Null()]),
  grace_ends_at: Type.Union([Type.String(), Type.Null()]),
  video_credits: Type.Integer(),
});

const Profile = Type.Object({
  name: Type.String(),
  email: Type.String(),
  company_name: Type.String(),
  bio: Type.String(),
  notifications: Notifications,
  account: Type.Object({
    tier: Type.String(),
    plan: Type.String(),
    projects_used: Type.Integer(),
    project_limit: Type.Integer(),
    member_since: Type.String(),
  }),
});

const ProfilePatch = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 1000 })),
    company_name: Type.Optional(Type.String({ maxLength: 1000 })),
    bio: Type.Optional(Type.String({ maxLength: 5000 })),
    notifications: Type.Optional(Notifications),
  },
  { additionalProperties: false },
);

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

export function accountRoutes(ctx: GatewayContext) {
  const { app, clients } = ctx;
  const opts = (userId: string, requestId: string) => ({ userId, requestId });

  app.get(
    '/api/trial-status',
    { schema: { tags: ['account'], summary: 'Trial state, computed on the server', response: { 200: TrialStatus, ...errorResponses } } },
    async (request) => {
      const { userId } = callerOf(request);
      const t = await clients.auth.getTrialStatus({ userId }, opts(userId, request.id));
      return {
        is_trial: t.isTrial,
        status: t.status,
        message: t.message,
        days_remaining: t.daysRemaining ?? null,
        days_used: t.daysUsed,
        trial_days: t.trialDays,
        warning: t.warning,
        ends_at: t.endsAt || null,
        grace_ends_at: t.graceEndsAt || null,
        video_credits: t.videoCredits,
      };
    },
  );

  app.get(
    '/api/profile',
    { schema: { tags: ['account'], summary: 'Profile and account summary', response: { 200: Profile, ...errorResponses } } },
    async (request) => {
      const { userId } = callerOf(request);
      return profileJson(await clients.auth.getProfile({ userId }, opts(userId, request.id)));
    },
  );

  app.patch(
    '/api/profile',
    {
      schema: {
        tags: ['account'],
        summary: 'Update name, company name, bio and notification preferences',
        body: ProfilePatch,
        response: { 200: Profile, ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = callerOf(request);
      const b = request.body as Type.Static<typeof ProfilePatch>;
      return profileJson(
        await clients.auth.updateProfile(
          { userId, name: b.name, companyName: b.company_name, bio: b.bio, notifications: b.notifications },
          opts(userId, request.id),
        ),
      );
    },
  );

  app.get(
    '/api/companies',
    { schema: { tags: ['companies'], summary: "The caller's companies", response: { 200: CompanyList, ...errorResponses } } },
    async (request) => {
      const { userId } = callerOf(request);
      const list = await clients.auth.listCompanies({ userId }, opts(userId, request.id));
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
      const { userId } = callerOf(request);
      const b = request.body as Type.Static<typeof CompanyBody>;
      const company = await clients.auth.createCompany(
        { userId, name: b.name, website: b.website ?? '', logoUrl: b.logo_url ?? '' },
        opts(userId, request.id),
      );
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
      const { userId } = callerOf(request);
      const { id } = request.params as Type.Static<typeof CompanyParams>;
      return userJson(await clients.auth.switchCompany({ userId, companyId: id }, opts(userId, request.id)));
    },
  );
}
