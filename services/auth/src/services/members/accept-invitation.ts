import { TEAM_MESSAGES, catalogueMessage, type InvitableRole } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { authEvents } from '../events.js';
import { hashSecret } from '../tokens.js';
import type { TeamDeps } from './deps.js';
import { usableInvitation } from './get-invitation.js';

/**
 * The signed-in invitee joins the company with the invited role, once, and works in it from now on
 * (it becomes their current company). The invitation must be theirs (its email is their account's)
 * and still usable.
 */
export async function acceptInvitation(
  deps: Pick<TeamDeps, 'accounts' | 'team' | 'clock' | 'afterWrite'>,
  userId: string,
  token: string,
): Promise<{ companyId: string; companyName: string; role: InvitableRole }> {
  const invitation = await usableInvitation(deps, token);
  const account = await deps.accounts.loadAccount(userId);
  if (!account) throw new AppError('UNAUTHENTICATED', 'Authentication failed. Please log in again.');
  if (account.email.toLowerCase() !== invitation.email) throw AppError.forbidden(catalogueMessage(TEAM_MESSAGES, 'invitationForSomeoneElse'));
  const outcome = await deps.team.acceptInvitation({
    tokenHash: hashSecret(token),
    userId,
    now: deps.clock(),
    events: (companyId, role) => [
      authEvents.memberChanged('member.joined', { companyId, userId, role, previousRole: '' }),
      authEvents.companySwitched({ userId, companyId }),
    ],
  });
  // Another request may have used or revoked it between the read and the locked write.
  if (outcome.kind === 'member') throw new AppError('CONFLICT', catalogueMessage(TEAM_MESSAGES, 'alreadyMember'));
  if (outcome.kind === 'used') throw new AppError('CONFLICT', catalogueMessage(TEAM_MESSAGES, 'invitationUsed'));
  if (outcome.kind === 'revoked') throw new AppError('CONFLICT', catalogueMessage(TEAM_MESSAGES, 'invitationRevoked'));
  if (outcome.kind === 'expired') throw new AppError('CONFLICT', catalogueMessage(TEAM_MESSAGES, 'invitationExpired'));
  if (outcome.kind === 'gone') throw AppError.notFound(catalogueMessage(TEAM_MESSAGES, 'invitationNotFound'));
  deps.afterWrite();
  return { companyId: outcome.companyId, companyName: outcome.companyName, role: outcome.role };
}
