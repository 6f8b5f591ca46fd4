import { TEAM_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError, isUuid } from '@trainwright/platform';
import { authEvents } from '../events.js';
import { requireMembership } from './access.js';
import type { TeamDeps } from './deps.js';

/**
 * The Owner removes a member, or a member leaves (`memberId` is the caller): either way not the
 * Owner, who transfers the company first. The member loses the company's rights at once
 * (member.removed: kept memberships drop, live connections narrow).
 */
export async function removeMember(deps: Pick<TeamDeps, 'accounts' | 'team' | 'afterWrite'>, userId: string, input: { companyId: string; memberId: string }): Promise<void> {
  const leaving = input.memberId === userId;
  await requireMembership(deps, userId, input.companyId, leaving ? 'company.read' : 'company.manage_members');
  const outcome = isUuid(input.memberId)
    ? await deps.team.removeMember({
        companyId: input.companyId,
        memberId: input.memberId,
        events: (previousRole) => [authEvents.memberChanged('member.removed', { companyId: input.companyId, userId: input.memberId, role: '', previousRole })],
      })
    : ({ kind: 'not_found' } as const);
  if (outcome.kind === 'not_found') throw AppError.notFound(catalogueMessage(TEAM_MESSAGES, 'memberNotFound'));
  if (outcome.kind === 'owner') throw new AppError('CONFLICT', catalogueMessage(TEAM_MESSAGES, 'ownerStays'));
  deps.afterWrite();
}
