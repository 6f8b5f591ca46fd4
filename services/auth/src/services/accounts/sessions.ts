// What sign-up, sign-in, refresh and sign-out share: starting a session and revoking one.
import { randomUUID } from 'node:crypto';
import { authEvents } from '../events.js';
import type { AuthDeps } from './deps.js';

export interface IssuedSession {
  userId: string;
  sessionId: string;
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  refreshExpiresIn: number;
}

export async function startSession(deps: Pick<AuthDeps, 'accounts' | 'tokens'>, userId: string): Promise<IssuedSession> {
  const sessionId = randomUUID();
  const refresh = deps.tokens.newRefreshToken();
  await deps.accounts.createSession({ sessionId, userId, tokenHash: refresh.hash, expiresAt: refresh.expiresAt });
  return {
    userId,
    sessionId,
    accessToken: await deps.tokens.issueAccessToken(userId, sessionId),
    refreshToken: refresh.token,
    expiresIn: deps.tokens.accessTtlSeconds,
    refreshExpiresIn: deps.tokens.refreshTtlSeconds,
  };
}

/** Revokes a session; until when its access tokens would have lived. */
export async function revokeSession(deps: Pick<AuthDeps, 'accounts' | 'tokens' | 'clock' | 'afterWrite'>, sessionId: string, userId: string, reason: string): Promise<number> {
  const expiresAtMs = deps.clock().getTime() + deps.tokens.accessTtlSeconds * 1000;
  const revoked = await deps.accounts.revokeSession(sessionId, reason, [authEvents.sessionRevoked({ sessionId, userId, expiresAtMs, reason })]);
  // The gateway drops the session's tokens once session.revoked arrives: publish it now.
  if (revoked) deps.afterWrite();
  return expiresAtMs;
}
