// Where a checkout, a charge or the portal returns the browser: the web app's own origin only (no
// open redirect), and the client's retry key of a click that moves money.
import type { FastifyRequest } from 'fastify';
import { AppError } from '@trainwright/platform';
import type { GatewayContext } from '../../context.js';
import type { GatewayConfig } from '../../config.js';

/** What billing's routes get: the gateway's context and the web app's own origins. */
export interface BillingRouteContext extends GatewayContext {
  ownOrigins: readonly string[];
}

export const ORIGIN_MESSAGE = 'origin_url must be the address of this application.';

/** The web app's origins: its public address and the origin its requests come from. */
export function ownOriginsOf(config: Pick<GatewayConfig, 'PUBLIC_WEB_URL' | 'WEB_ORIGIN'>): string[] {
  return [...new Set([new URL(config.PUBLIC_WEB_URL).origin, new URL(config.WEB_ORIGIN).origin])];
}

/**
 * Where a checkout returns: the web app's own origin. A body's origin_url naming another host is
 * refused, so a checkout can never send the browser elsewhere (no open redirect).
 */
export function returnUrlBase(originUrl: string | undefined, ownOrigins: readonly string[]): string {
  if (originUrl === undefined || originUrl === '') return ownOrigins[0]!;
  let origin: string;
  try {
    origin = new URL(originUrl).origin;
  } catch {
    throw AppError.validation('origin_url', ORIGIN_MESSAGE);
  }
  if (!ownOrigins.includes(origin)) throw AppError.validation('origin_url', ORIGIN_MESSAGE);
  return origin;
}

/** A client's Idempotency-Key header (a retry of the same click), else '' (billing keys it itself). */
export function idempotencyKey(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && /^[\w.:-]{1,200}$/.test(key) ? key : '';
}

/**
 * What every charge that may be confirmed carries (a plan change, an add-on): where the checkout
 * returns to, the click's idempotency key and the amount and proration date the user confirmed.
 */
export function confirmedCharge(
  request: FastifyRequest,
  body: { origin_url?: string; confirm_amount_cents?: number; proration_date?: number },
  ownOrigins: readonly string[],
): { returnUrlBase: string; idempotencyKey: string; confirmAmountCents: number; prorationDate: number } {
  return {
    returnUrlBase: returnUrlBase(body.origin_url, ownOrigins),
    idempotencyKey: idempotencyKey(request),
    confirmAmountCents: body.confirm_amount_cents ?? 0,
    prorationDate: body.proration_date ?? 0,
  };
}
