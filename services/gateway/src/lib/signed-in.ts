// What a protected route starts with: the signed-in caller, and the options of the gRPC calls made
// for them (their id and the request's, which the services log and trace).
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../plugins/session.js';

export interface SignedIn {
  userId: string;
  call: { userId: string; requestId: string };
}

/** The caller of a protected route (401 without a session) and the options of its calls. */
export function signedIn(request: FastifyRequest): SignedIn {
  const { userId } = callerOf(request);
  return { userId, call: { userId, requestId: request.id } };
}

/**
 * A protected route's rate limit, counted per signed-in user (not per address: a company's staff
 * behind one NAT do not share a budget). The session hook runs first, so the caller is known.
 */
export function perUserRateLimit(max: number, timeWindow = 60_000) {
  return { max, timeWindow, keyGenerator: (request: FastifyRequest) => request.caller?.userId ?? request.ip };
}
