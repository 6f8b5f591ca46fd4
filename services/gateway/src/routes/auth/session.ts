// A session's life after sign-in: refresh (rotate the refresh token) and logout (revoke it). Both
// are public: they work from the refresh token alone, in the body or the tw_rt cookie.
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { GatewayContext } from '../../context.js';
import { SessionResponse, errorResponses } from '../../schemas/common.js';
import { tokenFrom, type TokenVerifier } from '../../plugins/session.js';
import { clearSessionCookies, emptyBodyIsEmptyObject, refreshTokenOf, sessionJson, setSessionCookies } from './session-cookies.js';

const RefreshBody = Type.Object({ refresh_token: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: false });

export function sessionRoutes({ app, clients, config, verifier, revokedSessions }: GatewayContext) {
  app.post(
    '/api/auth/refresh',
    {
      config: { public: true, rateLimit: { max: config.RATE_LIMIT_LOGIN_MAX * 6, timeWindow: config.RATE_LIMIT_WINDOW_MS } },
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token (body or tw_rt cookie) for a new session pair',
        body: RefreshBody,
        response: { 200: SessionResponse, ...errorResponses },
      },
      preValidation: emptyBodyIsEmptyObject,
    },
    async (request, reply) => {
      const refreshToken = refreshTokenOf(request, request.body as Type.Static<typeof RefreshBody>);
      try {
        const session = await clients.auth.refresh({ refreshToken }, { requestId: request.id });
        setSessionCookies(reply, session, config.COOKIE_SECURE);
        return sessionJson(session);
      } catch (error) {
        clearSessionCookies(reply, config.COOKIE_SECURE);
        throw error;
      }
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revoke the session and clear the cookies',
        body: RefreshBody,
        response: { 204: Type.Null(), ...errorResponses },
      },
      preValidation: emptyBodyIsEmptyObject,
    },
    async (request: FastifyRequest, reply) => {
      const refreshToken = refreshTokenOf(request, request.body as Type.Static<typeof RefreshBody>);
      const caller = await optionalCaller(verifier, request);
      const revoked = await clients.auth.logout(
        { refreshToken, sessionId: caller?.sessionId ?? '' },
        { requestId: request.id, userId: caller?.userId },
      );
      // Refused here before the answer leaves; other gateways learn it from session.revoked.
      if (revoked.sessionId) revokedSessions.add(revoked.sessionId, revoked.expiresAtMs);
      clearSessionCookies(reply, config.COOKIE_SECURE);
      return reply.status(204).send();
    },
  );
}

/** The caller when the request still carries a valid access token (logout is public). */
async function optionalCaller(verifier: TokenVerifier, request: FastifyRequest) {
  const token = tokenFrom(request);
  if (!token) return undefined;
  return verifier.verify(token).catch(() => undefined);
}
