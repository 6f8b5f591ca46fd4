import { TEAM_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError, isUuid } from '@trainwright/platform';
import { authEvents } from '../events.js';
import { requireMembership } from './access.js';
import type { MemberRow, TeamDeps } from './deps.js';
import { invitableRole } from './invite-member.js';

/** The Owner gives a member another role (Editor, Commenter, Viewer); the Owner's own changes only by a transfer. */
export async function changeMemberRole(
  deps: Pick<TeamDeps, 'accounts' | 'team' | 'afterWrite'>,
  userId: string,
  input: { companyId: string; memberId: string; role: string },
): Promise<MemberRow> {
  await requireMembership(deps, userId, input.companyId, 'company.manage_members');
  const role = invitableRole(input.role);
  const outcome = isUuid(input.memberId)
    ? await deps.team.changeRole({
        companyId: input.companyId,
        memberId: input.memberId,
        role,
        events: (previousRole) => (previousRole === role ? [] : [authEvents.memberChanged('member.role_changed', { companyId: input.companyId, userId: input.memberId, role, previousRole })]),
      })
    : ({ kind: 'not_found' } as const);
  if (outcome.kind === 'not_found') throw AppError.notFound(catalogueMessage(TEAM_MESSAGES, 'memberNotFound'));
  if (outcome.kind === 'owner') throw new AppError('CONFLICT', catalogueMessage(TEAM_MESSAGES, 'ownerStays'));
  deps.afterWrite();
  const member = (await deps.team.members(input.companyId)).find((m) => m.userId === input.memberId);
  if (!member) throw AppError.notFound(catalogueMessage(TEAM_MESSAGES, 'memberNotFound'));
  return member;
}
