import { TEAM_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError, isUuid } from '@trainwright/platform';
import { authEvents } from '../events.js';
import { requireMembership } from './access.js';
import type { TeamDeps } from './deps.js';
import { listMembers, type TeamView } from './list-members.js';

/**
 * The Owner hands the company to another member, who becomes its one Owner; the former Owner
 * stays as an Editor. The company's plan is its Owner's: from now on the new Owner's plan sets its
 * limits and capabilities (docs/teams.md).
 */
export async function transferOwnership(deps: Pick<TeamDeps, 'accounts' | 'team' | 'clock' | 'afterWrite'>, userId: string, input: { companyId: string; memberId: string }): Promise<TeamView> {
  await requireMembership(deps, userId, input.companyId, 'company.manage_members');
  if (input.memberId === userId) throw AppError.validation('user_id', catalogueMessage(TEAM_MESSAGES, 'transferToMember'));
  const outcome = isUuid(input.memberId)
    ? await deps.team.transferOwnership({
        companyId: input.companyId,
        fromUserId: userId,
        toUserId: input.memberId,
        events: (previousRole) => [
          authEvents.memberChanged('member.role_changed', { companyId: input.companyId, userId: input.memberId, role: 'owner', previousRole }),
          authEvents.memberChanged('member.role_changed', { companyId: input.companyId, userId, role: 'editor', previousRole: 'owner' }),
        ],
      })
    : ({ kind: 'not_found' } as const);
  if (outcome.kind !== 'done') throw AppError.notFound(catalogueMessage(TEAM_MESSAGES, 'transferToMember'));
  deps.afterWrite();
  return listMembers(deps, userId, input.companyId);
}
