// Every request a sender makes goes through the platform's safe fetcher (public addresses only,
// checked on every hop, unless the operator allowed the origin), within the delivery timeout, the
// receiver's answer read up to a bound. A receiver's answer becomes the attempt's outcome.
import { INTEGRATION_LIMITS } from '@trainwright/catalogue';
import { AppError, safeRequest, type SafeRequestOptions, type SafeResponse } from '@trainwright/platform';
import type { SendOutcome } from '../services/deps.js';

export type Http = (url: string, options: SafeRequestOptions) => Promise<SafeResponse>;

/** The safe fetcher with the operator's allowed origins and the delivery's bounds. */
export function deliveryHttp(allowOrigins: string[], timeoutMs: number = INTEGRATION_LIMITS.deliveryTimeoutMs): Http {
  return (url, options) => safeRequest(url, { timeoutMs, maxBytes: INTEGRATION_LIMITS.responseBytes, ...options, allowOrigins });
}

export function excerptOf(response: SafeResponse): string {
  return response.body.toString('utf8').slice(0, INTEGRATION_LIMITS.responseExcerpt);
}

/** A 2xx is success; 410 says the receiver is gone for good. */
export function outcomeOf(response: SafeResponse): SendOutcome {
  const ok = response.status >= 200 && response.status <= 299;
  return { responseStatus: response.status, ok, gone: response.status === 410, error: ok ? '' : `The receiver answered HTTP ${response.status}.`, responseExcerpt: excerptOf(response) };
}

/** A request that got no answer: refused address, timeout, network. */
export function failureOf(error: unknown): SendOutcome {
  if (error instanceof AppError) return { responseStatus: 0, ok: false, gone: false, error: error.message, responseExcerpt: '' };
  throw error;
}

/** Sends one request and turns whatever happens into an outcome. */
export async function send(http: Http, url: string, options: SafeRequestOptions): Promise<SendOutcome> {
  try {
    return outcomeOf(await http(url, options));
  } catch (error) {
    return failureOf(error);
  }
}
