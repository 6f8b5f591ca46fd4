// The profile: read it, and change name, company name, bio, notification preferences and the
// interface language emails are written in (the web sends it when the person switches).
import { Type } from 'typebox';
import type { GatewayContext } from '../../context.js';
import { InterfaceLanguage, Notifications, errorResponses } from '../../schemas/common.js';
import { profileJson } from '../../schemas/mappers.js';
import { signedIn } from '../../lib/signed-in.js';

const Profile = Type.Object({
  name: Type.String(),
  email: Type.String(),
  company_name: Type.String(),
  bio: Type.String(),
  notifications: Notifications,
  /** The interface language of the emails sent unasked (a mention in a comment). */
  language: Type.String(),
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
    language: Type.Optional(InterfaceLanguage),
  },
  { additionalProperties: false },
);

export function profileRoutes({ app, clients }: GatewayContext) {
  app.get(
    '/api/profile',
    { schema: { tags: ['account'], summary: 'Profile and account summary', response: { 200: Profile, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      return profileJson(await clients.auth.getProfile({ userId }, call));
    },
  );

  app.patch(
    '/api/profile',
    {
      schema: {
        tags: ['account'],
        summary: 'Update name, company name, bio, notification preferences and the language of emails',
        body: ProfilePatch,
        response: { 200: Profile, ...errorResponses },
      },
    },
    async (request) => {
      const { userId, call } = signedIn(request);
      const b = request.body as Type.Static<typeof ProfilePatch>;
      return profileJson(await clients.auth.updateProfile({ userId, name: b.name, companyName: b.company_name, bio: b.bio, notifications: b.notifications, language: b.language }, call));
    },
  );
}
