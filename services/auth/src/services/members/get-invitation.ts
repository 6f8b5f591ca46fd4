import { TEAM_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { hashSecret } from '../tokens.js';
import type { InvitationByToken, TeamDeps } from './deps.js';

// What newSecret makes (32 random bytes, base64url); anything else names no invitation.
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The pending invitation a link's token names, or the clear reason it cannot be used: NOT_FOUND
 * (no such link), CONFLICT (used, revoked or expired).
 */
export async function usableInvitation(deps: Pick<TeamDeps, 'team' | 'clock'>, token: string): Promise<InvitationByToken> {
  const invitation = TOKEN.test(token) ? await deps.team.findInvitationByToken(hashSecret(token)) : undefined;
  if (!invitation) throw AppError.notFound(catalogueMessage(TEAM_MESSAGES, 'invitationNotFound'));
  if (invitation.acceptedAt) throw new AppError('CONFLICT', catalogueMessage(TEAM_MESSAGES, 'invitationUsed'));
  if (invitation.revokedAt) throw new AppError('CONFLICT', catalogueMessage(TEAM_MESSAGES, 'invitationRevoked'));
  if (invitation.expiresAt <= deps.clock()) throw new AppError('CONFLICT', catalogueMessage(TEAM_MESSAGES, 'invitationExpired'));
  return invitation;
}

/** What the accept screen shows of a link, before the invitee signs up or in (the token is the credential). */
export async function getInvitation(deps: Pick<TeamDeps, 'team' | 'clock'>, token: string): Promise<InvitationByToken> {
  return usableInvitation(deps, token);
}
