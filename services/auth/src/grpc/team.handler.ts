// Transport of the team methods of AuthService (members and invitations): proto <-> domain, and
// how each reaches company data (its lines of the access table).
import type { AccessTable, UnaryHandlers } from '@trainwright/platform';
import type { AuthServiceService, Invitation, Member, Team } from '@trainwright/proto/trainwright/auth/v1/auth';
import { acceptInvitation } from '../services/members/accept-invitation.js';
import { changeMemberRole } from '../services/members/change-member-role.js';
import type { InvitationRow, MemberRow, TeamDeps } from '../services/members/deps.js';
import { getInvitation } from '../services/members/get-invitation.js';
import { inviteMember, type InvitationLink } from '../services/members/invite-member.js';
import { listMembers, type TeamView } from '../services/members/list-members.js';
import { removeMember } from '../services/members/remove-member.js';
import { resendInvitation } from '../services/members/resend-invitation.js';
import { revokeInvitation } from '../services/members/revoke-invitation.js';
import { transferOwnership } from '../services/members/transfer-ownership.js';

type TeamMethods = Pick<
  typeof AuthServiceService,
  'listMembers' | 'inviteMember' | 'resendInvitation' | 'revokeInvitation' | 'getInvitation' | 'acceptInvitation' | 'changeMemberRole' | 'removeMember' | 'transferOwnership'
>;

/** How each team method reaches company data: the caller's membership, read from auth's own store
 * and decided by Access.decide (services/members/access.ts); the invitation's token for the invitee. */
export const teamAccess: AccessTable<TeamMethods> = {
  listMembers: { action: 'company.read' },
  inviteMember: { action: 'company.manage_members' },
  resendInvitation: { action: 'company.manage_members' },
  revokeInvitation: { action: 'company.manage_members' },
  getInvitation: { public: "the invitation link's token is the credential" },
  acceptInvitation: { public: "the invitation link's token, for the signed-in account whose email it names" },
  changeMemberRole: { action: 'company.manage_members' },
  // A member leaving decides on company.read (services/members/remove-member.ts).
  removeMember: { action: 'company.manage_members' },
  transferOwnership: { action: 'company.manage_members' },
};

const toMember = (m: MemberRow): Member => ({ userId: m.userId, email: m.email, name: m.name, role: m.role, joinedAt: m.joinedAt.toISOString() });

const toInvitation = (i: InvitationRow): Invitation => ({
  id: i.id,
  email: i.email,
  role: i.role,
  invitedByName: i.invitedByName,
  createdAt: i.createdAt.toISOString(),
  expiresAt: i.expiresAt.toISOString(),
});

const toTeam = (t: TeamView): Team => ({
  companyId: t.companyId,
  members: t.members.map(toMember),
  invitations: t.invitations.map(toInvitation),
  seatsUsed: t.seatsUsed,
  seatLimit: t.seatLimit,
  role: t.role,
});

const toLink = (l: InvitationLink) => ({ invitation: toInvitation(l.invitation), inviteUrl: l.inviteUrl });

export function createTeamHandlers(deps: TeamDeps): UnaryHandlers<TeamMethods> {
  return {
    listMembers: async (req) => toTeam(await listMembers(deps, req.userId, req.companyId)),
    inviteMember: async (req) => toLink(await inviteMember(deps, req.userId, { companyId: req.companyId, email: req.email, role: req.role, language: req.language })),
    resendInvitation: async (req) => toLink(await resendInvitation(deps, req.userId, { companyId: req.companyId, invitationId: req.invitationId, language: req.language })),
    revokeInvitation: async (req) => {
      await revokeInvitation(deps, req.userId, { companyId: req.companyId, invitationId: req.invitationId });
      return {};
    },
    getInvitation: async (req) => {
      const i = await getInvitation(deps, req.token);
      return { companyName: i.companyName, role: i.role, email: i.email, invitedByName: i.invitedByName, expiresAt: i.expiresAt.toISOString() };
    },
    acceptInvitation: async (req) => acceptInvitation(deps, req.userId, req.token),
    changeMemberRole: async (req) => toMember(await changeMemberRole(deps, req.userId, { companyId: req.companyId, memberId: req.memberId, role: req.role })),
    removeMember: async (req) => {
      await removeMember(deps, req.userId, { companyId: req.companyId, memberId: req.memberId });
      return {};
    },
    transferOwnership: async (req) => toTeam(await transferOwnership(deps, req.userId, { companyId: req.companyId, memberId: req.memberId })),
  };
}
