import { TIERS, roleAllows } from '@trainwright/catalogue';
import { requireMembership } from './access.js';
import type { InvitationRow, MemberRow, TeamDeps } from './deps.js';

export interface TeamView {
  companyId: string;
  members: MemberRow[];
  /** Pending invitations: the Owner's view only (empty for the other roles). */
  invitations: InvitationRow[];
  seatsUsed: number;
  /** The owner's plan's userLimit (-1: no limit). */
  seatLimit: number;
  role: MemberRow['role'];
}

/** Who is in the company (any member sees it); its Owner also sees the pending invitations and the seats. */
export async function listMembers(deps: Pick<TeamDeps, 'accounts' | 'team' | 'clock'>, userId: string, companyId: string): Promise<TeamView> {
  const membership = await requireMembership(deps, userId, companyId, 'company.read');
  const members = await deps.team.members(companyId);
  const manages = roleAllows(membership.role, 'company.manage_members');
  const now = deps.clock();
  const pending = await deps.team.pendingInvitations(companyId);
  const holdingSeats = pending.filter((i) => i.expiresAt > now).length;
  return {
    companyId,
    members,
    invitations: manages ? pending : [],
    seatsUsed: members.length + holdingSeats,
    seatLimit: TIERS[membership.ownerTier].limits.userLimit,
    role: membership.role,
  };
}
