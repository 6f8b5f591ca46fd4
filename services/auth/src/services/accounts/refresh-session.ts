import { AppError, MESSAGES } from '@trainwright/platform';
import { hashSecret } from '../tokens.js';
import type { AuthDeps } from './deps.js';
import { revokeSession, type IssuedSession } from './sessions.js';

/** Rotates the refresh token; a token used again is reuse, and its session is revoked for safety. */
export async function refreshSession(deps: AuthDeps, refreshToken: string): Promise<IssuedSession> {
  if (!refreshToken) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
  const next = deps.tokens.newRefreshToken();
  const result = await deps.accounts.rotateRefreshToken({
    tokenHash: hashSecret(refreshToken),
    newTokenHash: next.hash,
    expiresAt: next.expiresAt,
  });
  if (result.kind === 'reused') {
    await revokeSession(deps, result.sessionId, result.userId, 'refresh_token_reused');
    throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
  }
  if (result.kind === 'invalid') throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
  return {
    userId: result.userId,
    sessionId: result.sessionId,
    accessToken: await deps.tokens.issueAccessToken(result.userId, result.sessionId),
    refreshToken: next.token,
    expiresIn: deps.tokens.accessTtlSeconds,
    refreshExpiresIn: deps.tokens.refreshTtlSeconds,
  };
}
