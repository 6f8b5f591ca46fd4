import { hashSecret } from '../tokens.js';
import type { AuthDeps } from './deps.js';
import { revokeSession } from './sessions.js';

/**
 * Ends the session named by a refresh token or by the access token's session id; the one revoked
 * and until when its access tokens would live, if any.
 */
export async function logout(deps: AuthDeps, input: { refreshToken?: string; sessionId?: string; userId?: string }): Promise<{ sessionId: string; expiresAtMs: number } | undefined> {
  let session: { sessionId: string; userId: string } | undefined;
  if (input.refreshToken) session = await deps.accounts.findSessionByToken(hashSecret(input.refreshToken));
  if (!session && input.sessionId) {
    const found = await deps.accounts.findSession(input.sessionId);
    // A session id only counts for its own user (the gateway passes both from the token).
    if (found && (!input.userId || found.userId === input.userId)) session = { sessionId: input.sessionId, userId: found.userId };
  }
  if (!session) return undefined;
  return { sessionId: session.sessionId, expiresAtMs: await revokeSession(deps, session.sessionId, session.userId, 'logout') };
}
