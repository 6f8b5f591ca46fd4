// Sign-up, sign-in, refresh rotation with reuse detection, sign-out.
import { normaliseTierId } from '@trainwright/catalogue';
import { AppError, MESSAGES } from '@trainwright/platform';
import { randomUUID } from 'node:crypto';
import { EmailTakenError, type AccountRepository } from '../repositories/account.repository.js';
import { authEvents } from './events.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { hashRefreshToken, type TokenIssuer } from './tokens.js';
import { validateRegistration } from './validation.js';

export const INVALID_CREDENTIALS = 'Invalid email or password.';
export const EMAIL_TAKEN = 'An account with this email already exists.';

export interface IssuedSession {
  userId: string;
  sessionId: string;
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  refreshExpiresIn: number;
}

export class SessionService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly tokens: TokenIssuer,
    /** Called after a session is revoked so the caller can flush the outbox at once. */
    private readonly afterWrite: () => void = () => undefined,
  ) {}

  async register(input: { name?: string; company?: string; email?: string; password?: string; selectedTier?: string }): Promise<IssuedSession> {
    const valid = validateRegistration(input);
    const passwordHash = await hashPassword(valid.password);
    let ids: { userId: string; companyId: string };
    try {
      // Every account starts on the 7-day free trial; the chosen plan is only remembered.
      ids = await this.accounts.createAccount({
        name: valid.name,
        email: valid.email,
        passwordHash,
        companyName: valid.company,
        tier: 'free-trial',
        selectedTier: normaliseTierId(input.selectedTier),
        events: ({ userId, companyId }) => [
          authEvents.userRegistered({ userId, email: valid.email, companyId, tier: 'free-trial' }),
          authEvents.companyCreated({ companyId, ownerUserId: userId, name: valid.company }),
        ],
      });
    } catch (error) {
      if (error instanceof EmailTakenError) throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN, { field: 'email' });
      throw error;
    }
    this.afterWrite();
    return this.startSession(ids.userId);
  }

  async login(input: { email?: string; password?: string }): Promise<IssuedSession> {
    const email = (input.email ?? '').trim().toLowerCase();
    const password = input.password ?? '';
    if (!email || !password) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    const found = await this.accounts.findCredentials(email);
    const ok = await verifyPassword(found?.passwordHash, password);
    if (!found || !ok) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    return this.startSession(found.id);
  }

  async refresh(refreshToken: string): Promise<IssuedSession> {
    if (!refreshToken) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
    const next = this.tokens.newRefreshToken();
    const result = await this.accounts.rotateRefreshToken({
      tokenHash: hashRefreshToken(refreshToken),
      newTokenHash: next.hash,
      expiresAt: next.expiresAt,
    });
    if (result.kind === 'reused') {
      await this.revoke(result.sessionId, result.userId, 'refresh_token_reused');
      throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
    }
    if (result.kind === 'invalid') throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
    return {
      userId: result.userId,
      sessionId: result.sessionId,
      accessToken: await this.tokens.issueAccessToken(result.userId, result.sessionId),
      refreshToken: next.token,
      expiresIn: this.tokens.accessTtlSeconds,
      refreshExpiresIn: this.tokens.refreshTtlSeconds,
    };
  }

  /** Ends the session named by a refresh token or by the access token's session id. */
  /** Revokes the session; the one revoked and until when its access tokens would live, if any. */
  async logout(input: { refreshToken?: string; sessionId?: string; userId?: string }): Promise<{ sessionId: string; expiresAtMs: number } | undefined> {
    let session: { sessionId: string; userId: string } | undefined;
    if (input.refreshToken) session = await this.accounts.findSessionByToken(hashRefreshToken(input.refreshToken));
    if (!session && input.sessionId) {
      const found = await this.accounts.findSession(input.sessionId);
      // A session id only counts for its own user (the gateway passes both from the token).
      if (found && (!input.userId || found.userId === input.userId)) session = { sessionId: input.sessionId, userId: found.userId };
    }
    if (!session) return undefined;
    return { sessionId: session.sessionId, expiresAtMs: await this.revoke(session.sessionId, session.userId, 'logout') };
  }

  /** Revokes a session; until when its access tokens would have lived. */
  private async revoke(sessionId: string, userId: string, reason: string): Promise<number> {
    const expiresAtMs = Date.now() + this.tokens.accessTtlSeconds * 1000;
    const revoked = await this.accounts.revokeSession(sessionId, reason, [
      authEvents.sessionRevoked({ sessionId, userId, expiresAtMs, reason }),
    ]);
    if (revoked) this.afterWrite();
    return expiresAtMs;
  }

  private async startSession(userId: string): Promise<IssuedSession> {
    const sessionId = randomUUID();
    const refresh = this.tokens.newRefreshToken();
    await this.accounts.createSession({ sessionId, userId, tokenHash: refresh.hash, expiresAt: refresh.expiresAt });
    return {
      userId,
      sessionId,
      accessToken: await this.tokens.issueAccessToken(userId, sessionId),
      refreshToken: refresh.token,
      expiresIn: this.tokens.accessTtlSeconds,
      refreshExpiresIn: this.tokens.refreshTtlSeconds,
    };
  }
}
