import { TEAM_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError, isUuid } from '@trainwright/platform';
import { requireMembership } from './access.js';
import type { TeamDeps } from './deps.js';

/** The Owner withdraws a pending invitation: its link stops working and its seat is free again. */
export async function revokeInvitation(deps: Pick<TeamDeps, 'accounts' | 'team' | 'clock'>, userId: string, input: { companyId: string; invitationId: string }): Promise<void> {
  await requireMembership(deps, userId, input.companyId, 'company.manage_members');
  const revoked = isUuid(input.invitationId) && (await deps.team.revokeInvitation({ companyId: input.companyId, invitationId: input.invitationId, now: deps.clock() }));
  if (!revoked) throw AppError.notFound(catalogueMessage(TEAM_MESSAGES, 'invitationGone'));
}
