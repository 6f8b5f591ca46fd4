// Security headers from helmet. With a static configuration (no per-request CSP nonces) helmet's
// middleware sets the same headers on every response, yet walks its chain of 13 middlewares to do
// it; here it runs once, against a recording response, and each request replays the result.
import type { ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** The gateway's helmet configuration; the docs UI needs inline styles. */
export const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: { directives: { 'script-src': ["'self'"], 'style-src': ["'self'", 'https:', "'unsafe-inline'"] } },
};

export interface SecurityHeaders {
  /** Header name (as helmet spells it) and value, in helmet's order. */
  set: ReadonlyArray<readonly [string, string]>;
  /** Headers helmet removes (X-Powered-By). */
  removed: readonly string[];
}

/** Runs helmet's middleware once and records what it does to a response. */
export function computeSecurityHeaders(options: Readonly<HelmetOptions>): SecurityHeaders {
  const set = new Map<string, readonly [string, string]>();
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      if (typeof value !== 'string') throw new Error(`helmet set ${name} to a non-string value`);
      set.set(name.toLowerCase(), [name, value]);
    },
    removeHeader(name: string) {
      set.delete(name.toLowerCase());
      removed.push(name);
    },
  };
  let outcome: unknown = 'pending';
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    outcome = error;
  });
  // helmet's chain is synchronous; a configuration that needs the request (a function directive)
  // would not be static and must not be precomputed.
  if (outcome === 'pending') throw new Error('helmet did not finish synchronously');
  if (outcome) throw outcome;
  return { set: [...set.values()], removed };
}

/** Applies precomputed security headers to a response, as helmet's middleware would. */
export function applySecurityHeaders(headers: SecurityHeaders, res: ServerResponse): void {
  const { set, removed } = headers;
  for (let i = 0; i < removed.length; i++) res.removeHeader(removed[i]!);
  for (let i = 0; i < set.length; i++) res.setHeader(set[i]![0], set[i]![1]);
}
