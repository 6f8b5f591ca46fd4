import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AuthSession } from '@trainwright/proto/trainwright/auth/v1/auth';
import type { GatewayContext } from '../context.js';
import { ErrorBody, SessionResponse, User, errorResponses } from '../schemas/common.js';
import { userJson } from '../schemas/mappers.js';
import { ACCESS_COOKIE, LEGACY_REFRESH_COOKIE_PATH, REFRESH_COOKIE, REFRESH_COOKIE_PATH, TokenVerifier, callerOf, tokenFrom } from '../plugins/session.js';

const RegisterBody = Type.Object(
  {
    name: Type.String({ maxLength: 1000 }),
    company: Type.String({ maxLength: 1000 }),
    email: Type.String({ maxLength: 1000 }),
    password: Type.String({ maxLength: 1000 }),
    selectedTier: Type.Optional(Type.String({ maxLength: 40 })),
    // Sent by the prototype's form; accepted and ignored: every account starts on the trial.
    subscription: Type.Optional(Type.Object({ tier: Type.Optional(Type.String({ maxLength: 40 })) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

const LoginBody = Type.Object(
  { email: Type.String({ maxLength: 1000 }), password: Type.String({ maxLength: 1000 }) },
  { additionalProperties: false },
);

const RefreshBody = Type.Object({ refresh_token: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: false });

export function authRoutes(ctx: GatewayContext) {
  const { app, clients, config, verifier, revokedSessions } = ctx;
  const cookieBase = { httpOnly: true, sameSite: 'strict' as const, secure: config.COOKIE_SECURE };

  function setSessionCookies(reply: FastifyReply, s: AuthSession) {
    void reply.setCookie(ACCESS_COOKIE, s.accessToken, { ...cookieBase, path: '/', maxAge: s.expiresIn });
    void reply.setCookie(REFRESH_COOKIE, s.refreshToken, { ...cookieBase, path: REFRESH_COOKIE_PATH, maxAge: s.refreshExpiresIn });
    void reply.clearCookie(REFRESH_COOKIE, { ...cookieBase, path: LEGACY_REFRESH_COOKIE_PATH });
  }

  function sessionJson(s: AuthSession) {
    return { token: s.accessToken, refresh_token: s.refreshToken, expires_in: s.expiresIn, user: userJson(s.user!) };
  }

  const rateLimit = (max: number) => ({ max, timeWindow: config.RATE_LIMIT_WINDOW_MS });
  // Refresh and logout may arrive with no body at all (the browser relies on its cookie).
  const emptyBodyIsEmptyObject = async (request: FastifyRequest) => {
    request.body ??= {};
  };

  app.post(
    '/api/auth/register',
    {
      config: { public: true, rateLimit: rateLimit(config.RATE_LIMIT_REGISTER_MAX) },
      schema: {
        tags: ['auth'],
        summary: 'Create an account, its first company and a 7-day free trial',
        body: RegisterBody,
        response: { 201: SessionResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const b = request.body as Type.Static<typeof RegisterBody>;
      const session = await clients.auth.register(
        { name: b.name, company: b.company, email: b.email, password: b.password, selectedTier: b.selectedTier ?? '' },
        { requestId: request.id },
      );
      setSessionCookies(reply, session);
      return reply.status(201).send(sessionJson(session));
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { public: true, rateLimit: rateLimit(config.RATE_LIMIT_LOGIN_MAX) },
      schema: { tags: ['auth'], summary: 'Sign in', body: LoginBody, response: { 200: SessionResponse, ...errorResponses } },
    },
    async (request, reply) => {
      const b = request.body as Type.Static<typeof LoginBody>;
      const session = await clients.auth.login({ email: b.email, password: b.password }, { requestId: request.id });
      setSessionCookies(reply, session);
      return sessionJson(session);
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      config: { public: true, rateLimit: rateLimit(config.RATE_LIMIT_LOGIN_MAX * 6) },
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token (body or tw_rt cookie) for a new session pair',
        body: RefreshBody,
        response: { 200: SessionResponse, ...errorResponses },
      },
      preValidation: emptyBodyIsEmptyObject,
    },
    async (request, reply) => {
      const body = request.body as Type.Static<typeof RefreshBody>;
      const refreshToken = body.refresh_token || request.cookies[REFRESH_COOKIE] || '';
      try {
        const session = await clients.auth.refresh({ refreshToken }, { requestId: request.id });
        setSessionCookies(reply, session);
        return sessionJson(session);
      } catch (error) {
        clearSessionCookies(reply);
        throw error;
      }
    },
  );

  function clearSessionCookies(reply: FastifyReply) {
    void reply.clearCookie(ACCESS_COOKIE, { ...cookieBase, path: '/' });
    void reply.clearCookie(REFRESH_COOKIE, { ...cookieBase, path: REFRESH_COOKIE_PATH });
    void reply.clearCookie(REFRESH_COOKIE, { ...cookieBase, path: LEGACY_REFRESH_COOKIE_PATH });
  }

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
      const body = request.body as Type.Static<typeof RefreshBody>;
      const refreshToken = body.refresh_token || request.cookies[REFRESH_COOKIE] || '';
      const caller = await optionalCaller(verifier, request);
      const revoked = await clients.auth.logout(
        { refreshToken, sessionId: caller?.sessionId ?? '' },
        { requestId: request.id, userId: caller?.userId },
      );
      // Refused here before the answer leaves; other gateways learn it from session.revoked.
      if (revoked.sessionId) revokedSessions.add(revoked.sessionId, revoked.expiresAtMs);
      clearSessionCookies(reply);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/auth/me',
    { schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: User, 401: ErrorBody, 503: ErrorBody } } },
    async (request) => {
      const caller = callerOf(request);
      return userJson(await clients.auth.getMe({ userId: caller.userId }, { userId: caller.userId, requestId: request.id }));
    },
  );
}

async function optionalCaller(verifier: TokenVerifier, request: FastifyRequest) {
  const token = tokenFrom(request);
  if (!token) return undefined;
  return verifier.verify(token).catch(() => undefined);
}
