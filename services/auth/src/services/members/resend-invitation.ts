import { INVITATION_DAYS, TEAM_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError, isUuid } from '@trainwright/platform';
import { newSecret } from '../tokens.js';
import { requireMembership } from './access.js';
import type { TeamDeps } from './deps.js';
import { inviteUrl, sendInvitation, type InvitationLink } from './invite-member.js';

const DAY_MS = 86_400_000;

/** A new link (and 7 more days) for a pending invitation, emailed again; the old link stops working. */
export async function resendInvitation(deps: TeamDeps, userId: string, input: { companyId: string; invitationId: string; language?: string }): Promise<InvitationLink> {
  const membership = await requireMembership(deps, userId, input.companyId, 'company.manage_members');
  const secret = newSecret();
  const renewed = isUuid(input.invitationId)
    ? await deps.team.renewInvitation({ companyId: input.companyId, invitationId: input.invitationId, tokenHash: secret.hash, expiresAt: new Date(deps.clock().getTime() + INVITATION_DAYS * DAY_MS) })
    : undefined;
  if (!renewed) throw AppError.notFound(catalogueMessage(TEAM_MESSAGES, 'invitationGone'));
  const link = { invitation: renewed, inviteUrl: inviteUrl(deps, secret.token) };
  await sendInvitation(deps, link, membership.companyName, input.language);
  return link;
}
