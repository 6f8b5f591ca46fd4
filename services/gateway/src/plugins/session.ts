// Access-token verification in one hook. Tokens come from the `tw_at` cookie (browsers) or an
// `Authorization: Bearer` header (API clients). The signature is checked with the auth service's
// public key; alg is pinned to EdDSA and exp, nbf, iss and aud are enforced.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors as joseErrors, importSPKI, jwtVerify, type CryptoKey } from 'jose';
import { LRUCache } from 'lru-cache';
import { AppError, MESSAGES, type EventBus } from '@trainwright/platform';
import { SessionRevoked } from '@trainwright/proto/trainwright/events/v1/events';

export const ACCESS_COOKIE = 'tw_at';
export const REFRESH_COOKIE = 'tw_rt';
// Path `/`: the web server's page loaders must receive it to renew an expired access token while
// rendering (docs/web.md, "Server loaders").
export const REFRESH_COOKIE_PATH = '/';
/** Where the refresh cookie used to live; cleared with every new pair so the name has one value. */
export const LEGACY_REFRESH_COOKIE_PATH = '/api/auth';

export interface Caller {
  userId: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** Routes that answer without a signed-in user. */
    public?: boolean;
  }
}

/** Session ids revoked before their access tokens expire, learnt from `session.revoked` events. */
export class RevokedSessions {
  private readonly until = new Map<string, number>();

  add(sessionId: string, expiresAtMs: number): void {
    this.until.set(sessionId, expiresAtMs);
  }

  has(sessionId: string, now = Date.now()): boolean {
    const expiry = this.until.get(sessionId);
    if (expiry === undefined) return false;
    if (expiry < now) {
      this.until.delete(sessionId);
      return false;
    }
    return true;
  }

  /** Replays recent revocations and follows new ones. */
  async follow(bus: EventBus, accessTtlSeconds: number): Promise<void> {
    const since = new Date(Date.now() - (accessTtlSeconds + 60) * 1000);
    await bus.subscribeFrom(since, 'session.revoked', async (event) => {
      const e = SessionRevoked.decode(event.data);
      this.add(e.sessionId, e.expiresAtMs);
    });
  }
}

export interface TokenVerifierOptions {
  publicKeyPem: string;
  issuer: string;
  audience: string;
}

export class TokenVerifier {
  private readonly key: Promise<CryptoKey | Uint8Array>;
  // A signature check costs ~0.25 ms of CPU; a token seen before is only checked for expiry here
  // (revocation is checked on every request by the caller).
  private readonly verified = new LRUCache<string, Caller & { expiresAtMs: number }>({ max: 10_000 });

  constructor(private readonly options: TokenVerifierOptions) {
    this.key = importSPKI(options.publicKeyPem, 'EdDSA');
  }

  async verify(token: string, now = Date.now()): Promise<Caller> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAtMs > now) return { userId: known.userId, sessionId: known.sessionId };
      this.verified.delete(token);
      throw new AppError('TOKEN_EXPIRED', MESSAGES.unauthenticated);
    }
    const caller = await this.verifySignature(token);
    return caller;
  }

  private async verifySignature(token: string): Promise<Caller> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['EdDSA'],
        issuer: this.options.issuer,
        audience: this.options.audience,
        requiredClaims: ['sub', 'exp', 'nbf', 'iat'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') {
        throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
      }
      const caller = { userId: payload.sub, sessionId: payload.sid };
      this.verified.set(token, { ...caller, expiresAtMs: payload.exp * 1000 });
      return caller;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED', MESSAGES.unauthenticated);
      throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
    }
  }
}

export function tokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match?.[1];
  }
  return request.cookies?.[ACCESS_COOKIE];
}

export function registerSessionHook(app: FastifyInstance, verifier: TokenVerifier, revoked: RevokedSessions): void {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    const { url: route, config } = request.routeOptions;
    // Unmatched paths fall through to the 404 handler; the OpenAPI document and UI are public.
    if (route === undefined || config?.public || route.startsWith('/api/docs')) return;
    const token = tokenFrom(request);
    if (!token) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
    const caller = await verifier.verify(token);
    if (revoked.has(caller.sessionId)) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
    request.caller = caller;
  });
}

/** The signed-in caller of a protected route (the hook guarantees one). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
  return request.caller;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_SITE_MESSAGE = 'This request must come from the Trainwright web app.';

/** The origin a browser stated for the request: Origin, else the origin of Referer. */
function statedOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return origin;
  const referer = request.headers.referer;
  if (!referer) return origin === 'null' ? 'null' : undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/**
 * Requests that change state on the strength of our cookies alone (no Authorization header) must
 * come from the web app: their Origin (or Referer) is the configured web origin or the host the
 * browser addressed (the web server's proxy forwards it). A page of another site cannot set
 * either, so a cross-site form or fetch is refused even where SameSite is not enforced.
 */
export function registerOriginCheck(app: FastifyInstance, webOrigin: string): void {
  const allowed = new URL(webOrigin).origin;
  // Callback style: this runs on every request.
  app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    if (SAFE_METHODS.has(request.method) || request.headers.authorization) return done();
    const cookies = request.headers.cookie;
    if (!cookies || !(cookies.includes(`${ACCESS_COOKIE}=`) || cookies.includes(`${REFRESH_COOKIE}=`))) return done();
    const origin = statedOrigin(request);
    if (origin === allowed || origin === `${request.protocol}://${request.host}`) return done();
    done(new AppError('FORBIDDEN', CROSS_SITE_MESSAGE));
  });
}
