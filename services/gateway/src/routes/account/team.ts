// A company's team (docs/teams.md): members, invitations, roles, leaving and the ownership
// transfer; the invitation link's preview and its acceptance. The auth service decides each.
import { Type } from 'typebox';
import { INVITABLE_ROLES, ROLES } from '@trainwright/catalogue';
import type { Invitation, InvitationLink, Member, Team } from '@trainwright/proto/trainwright/auth/v1/auth';
import type { GatewayContext } from '../../context.js';
import { ErrorBody, InterfaceLanguage as Language, Str, errorResponses } from '../../schemas/common.js';
import { shareLimit } from '../../lib/share-limit.js';
import { signedIn } from '../../lib/signed-in.js';

const Role = Type.Union(ROLES.map((r) => Type.Literal(r)));
const InvitableRole = Type.Union(INVITABLE_ROLES.map((r) => Type.Literal(r)));

const MemberJson = Type.Object({ user_id: Type.String(), email: Type.String(), name: Type.String(), role: Role, joined_at: Type.String() });
const InvitationJson = Type.Object({ id: Type.String(), email: Type.String(), role: InvitableRole, invited_by_name: Type.String(), created_at: Type.String(), expires_at: Type.String() });
const TeamJson = Type.Object({
  company_id: Type.String(),
  members: Type.Array(MemberJson),
  /** Pending invitations: the Owner's view only. */
  invitations: Type.Array(InvitationJson),
  /** Members and unexpired pending invitations, against the owner's plan's userLimit (-1: none). */
  seats: Type.Object({ used: Type.Integer(), limit: Type.Integer() }),
  /** The caller's role. */
  role: Role,
});
const InvitationLinkJson = Type.Object({ ...InvitationJson.properties, invite_url: Type.String() });

const CompanyParams = Type.Object({ id: Str(100) });
const MemberParams = Type.Object({ id: Str(100), userId: Str(100) });
const InvitationParams = Type.Object({ id: Str(100), invitationId: Str(100) });
const TokenParams = Type.Object({ token: Str(100) });
const InviteBody = Type.Object({ email: Str(254), role: Str(20), language: Type.Optional(Language) }, { additionalProperties: false });
const ResendBody = Type.Object({ language: Type.Optional(Language) }, { additionalProperties: false });
const RoleBody = Type.Object({ role: Str(20) }, { additionalProperties: false });
const TransferBody = Type.Object({ user_id: Str(100) }, { additionalProperties: false });

const memberJson = (m: Member) => ({ user_id: m.userId, email: m.email, name: m.name, role: m.role, joined_at: m.joinedAt });
const invitationJson = (i: Invitation) => ({ id: i.id, email: i.email, role: i.role, invited_by_name: i.invitedByName, created_at: i.createdAt, expires_at: i.expiresAt });
const teamJson = (t: Team) => ({
  company_id: t.companyId,
  members: t.members.map(memberJson),
  invitations: t.invitations.map(invitationJson),
  seats: { used: t.seatsUsed, limit: t.seatLimit },
  role: t.role,
});
const linkJson = (l: InvitationLink) => ({ ...invitationJson(l.invitation!), invite_url: l.inviteUrl });

export function teamRoutes({ app, clients, config }: GatewayContext) {
  app.get(
    '/api/companies/:id/members',
    { schema: { tags: ['team'], summary: "A company's members (and, for its Owner, the pending invitations and seats)", params: CompanyParams, response: { 200: TeamJson, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { id } = request.params as Type.Static<typeof CompanyParams>;
      return teamJson(await clients.auth.listMembers({ userId, companyId: id }, call));
    },
  );

  app.post(
    '/api/companies/:id/invitations',
    {
      schema: {
        tags: ['team'],
        summary: 'Invite {email, role} (the Owner): a single-use link, valid 7 days, emailed and answered',
        params: CompanyParams,
        body: InviteBody,
        response: { 201: InvitationLinkJson, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      const { id } = request.params as Type.Static<typeof CompanyParams>;
      const b = request.body as Type.Static<typeof InviteBody>;
      const link = await clients.auth.inviteMember({ userId, companyId: id, email: b.email, role: b.role, language: b.language ?? '' }, call);
      return reply.status(201).send(linkJson(link));
    },
  );

  app.post(
    '/api/companies/:id/invitations/:invitationId/resend',
    {
      schema: { tags: ['team'], summary: 'A new link for a pending invitation, emailed again (the old link stops working)', params: InvitationParams, body: ResendBody, response: { 200: InvitationLinkJson, ...errorResponses } },
    },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { id, invitationId } = request.params as Type.Static<typeof InvitationParams>;
      const b = (request.body ?? {}) as Type.Static<typeof ResendBody>;
      return linkJson(await clients.auth.resendInvitation({ userId, companyId: id, invitationId, language: b.language ?? '' }, call));
    },
  );

  app.delete(
    '/api/companies/:id/invitations/:invitationId',
    { schema: { tags: ['team'], summary: 'Revoke a pending invitation', params: InvitationParams, response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      const { id, invitationId } = request.params as Type.Static<typeof InvitationParams>;
      await clients.auth.revokeInvitation({ userId, companyId: id, invitationId, language: '' }, call);
      return reply.status(204).send();
    },
  );

  app.patch(
    '/api/companies/:id/members/:userId',
    { schema: { tags: ['team'], summary: "Change a member's role (the Owner)", params: MemberParams, body: RoleBody, response: { 200: MemberJson, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const p = request.params as Type.Static<typeof MemberParams>;
      const b = request.body as Type.Static<typeof RoleBody>;
      return memberJson(await clients.auth.changeMemberRole({ userId, companyId: p.id, memberId: p.userId, role: b.role }, call));
    },
  );

  app.delete(
    '/api/companies/:id/members/:userId',
    { schema: { tags: ['team'], summary: 'Remove a member (the Owner), or leave the company (your own id)', params: MemberParams, response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      const p = request.params as Type.Static<typeof MemberParams>;
      await clients.auth.removeMember({ userId, companyId: p.id, memberId: p.userId }, call);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/companies/:id/transfer-ownership',
    { schema: { tags: ['team'], summary: 'Make another member the Owner (the Owner stays as an Editor)', params: CompanyParams, body: TransferBody, response: { 200: TeamJson, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { id } = request.params as Type.Static<typeof CompanyParams>;
      const b = request.body as Type.Static<typeof TransferBody>;
      return teamJson(await clients.auth.transferOwnership({ userId, companyId: id, memberId: b.user_id }, call));
    },
  );

  app.get(
    '/api/invitations/:token',
    {
      // Before signing up or in: the token is the credential (rate-limited like share links).
      config: { public: true, rateLimit: shareLimit(config) },
      schema: {
        tags: ['team'],
        summary: 'What an invitation link offers',
        params: TokenParams,
        response: { 200: Type.Object({ company_name: Type.String(), role: InvitableRole, email: Type.String(), invited_by_name: Type.String(), expires_at: Type.String() }), 404: ErrorBody, 409: ErrorBody, 429: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      const { token } = request.params as Type.Static<typeof TokenParams>;
      const i = await clients.auth.getInvitation({ token }, { requestId: request.id });
      void reply.header('cache-control', 'no-store');
      return { company_name: i.companyName, role: i.role, email: i.email, invited_by_name: i.invitedByName, expires_at: i.expiresAt };
    },
  );

  app.post(
    '/api/invitations/:token/accept',
    {
      schema: {
        tags: ['team'],
        summary: 'Join the company of an invitation sent to your email',
        params: TokenParams,
        response: { 200: Type.Object({ company_id: Type.String(), company_name: Type.String(), role: InvitableRole }), ...errorResponses },
      },
    },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { token } = request.params as Type.Static<typeof TokenParams>;
      const a = await clients.auth.acceptInvitation({ userId, token }, call);
      return { company_id: a.companyId, company_name: a.companyName, role: a.role };
    },
  );
}
