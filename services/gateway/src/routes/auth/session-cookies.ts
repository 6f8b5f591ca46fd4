// The session a sign-in, sign-up or refresh answers: the access and refresh tokens as httpOnly
// cookies (the refresh cookie on its own path; the legacy path's copy cleared) and in the body.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthSession } from '@trainwright/proto/trainwright/auth/v1/auth';
import { userJson } from '../../schemas/mappers.js';
import { ACCESS_COOKIE, LEGACY_REFRESH_COOKIE_PATH, REFRESH_COOKIE, REFRESH_COOKIE_PATH } from '../../plugins/session.js';

const cookieBase = (secure: boolean) => ({ httpOnly: true, sameSite: 'strict' as const, secure });

export function setSessionCookies(reply: FastifyReply, s: AuthSession, secure: boolean) {
  void reply.setCookie(ACCESS_COOKIE, s.accessToken, { ...cookieBase(secure), path: '/', maxAge: s.expiresIn });
  void reply.setCookie(REFRESH_COOKIE, s.refreshToken, { ...cookieBase(secure), path: REFRESH_COOKIE_PATH, maxAge: s.refreshExpiresIn });
  void reply.clearCookie(REFRESH_COOKIE, { ...cookieBase(secure), path: LEGACY_REFRESH_COOKIE_PATH });
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean) {
  void reply.clearCookie(ACCESS_COOKIE, { ...cookieBase(secure), path: '/' });
  void reply.clearCookie(REFRESH_COOKIE, { ...cookieBase(secure), path: REFRESH_COOKIE_PATH });
  void reply.clearCookie(REFRESH_COOKIE, { ...cookieBase(secure), path: LEGACY_REFRESH_COOKIE_PATH });
}

export function sessionJson(s: AuthSession) {
  return { token: s.accessToken, refresh_token: s.refreshToken, expires_in: s.expiresIn, user: userJson(s.user!) };
}

/** The refresh token the body names, else the browser's cookie. */
export function refreshTokenOf(request: FastifyRequest, body: { refresh_token?: string }): string {
  return body.refresh_token || request.cookies[REFRESH_COOKIE] || '';
}

// Refresh and logout may arrive with no body at all (the browser relies on its cookie).
export async function emptyBodyIsEmptyObject(request: FastifyRequest) {
  request.body ??= {};
}
