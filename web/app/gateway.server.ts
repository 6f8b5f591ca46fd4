// Calls the gateway from Remix loaders with the browser's session cookies, so a page's first HTML
// already holds its data: the sign-in screen for a signed-out visitor, the dashboard for a
// signed-in user. An expired access token is renewed once per incoming request (refresh tokens
// rotate: a second refresh with the same token would end the session) and the renewed cookies go
// back to the browser with the loader's answer.
import { data } from '@remix-run/node';
import { GATEWAY_URL } from './config.server';
import type { InitialSession, SessionProblem } from './lib/auth';
import { isUser, type User } from './lib/types';
import type { ApiErrorBody } from './lib/api';
import { setForwardingHeaders } from './proxy.server';

/** The gateway's cookie names (services/gateway/src/plugins/session.ts). */
export const ACCESS_COOKIE = 'tw_at';
export const REFRESH_COOKIE = 'tw_rt';

/** A loader waits this long for the gateway; then the page renders without that data. */
export const LOADER_TIMEOUT_MS = 3000;

const UNAVAILABLE: SessionProblem = { status: 503, code: 'UNAVAILABLE', message: 'Server error. Please try again later.' };

/** One gateway answer, or why there was none. */
type Outcome =
  | { kind: 'answer'; status: number; body: unknown; setCookie: string[] }
  | { kind: 'timeout' }
  | { kind: 'unreachable' };

interface Renewal {
  /** The user of a successful refresh, else null. */
  user: User | null;
  /** The Cookie header for further calls (the renewed tokens when the refresh worked). */
  cookie: string;
  /** The refresh's Set-Cookie headers, for the browser (new tokens, or cleared ones). */
  setCookie: string[];
  outcome: Outcome;
}

/** What a data loader got for one path: the JSON of a 2xx answer, else null. */
export interface Loaded<T> {
  data: T | null;
  /** The gateway's status, or null when it did not answer in time. */
  status: number | null;
  /** A refusal's error body (its code and message id), for a page that says why. */
  error?: Partial<ApiErrorBody>;
  setCookie: string[];
}

/** The cookies of a Cookie header, by name (the first value of a name wins, as servers read it). */
export function parseCookies(header: string | null): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (name && !jar.has(name)) jar.set(name, part.slice(eq + 1).trim());
  }
  return jar;
}

function cookieHeader(jar: Map<string, string>): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/**
 * Applies Set-Cookie headers to a jar for the calls that follow: new values replace old ones,
 * emptied cookies go. Only cookies for path `/` count (clearing the refresh cookie's old
 * /api/auth path must not drop the new one).
 */
function applySetCookies(jar: Map<string, string>, setCookie: string[]): void {
  for (const line of setCookie) {
    const [pair = '', ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const path = attributes.map((a) => a.trim()).find((a) => /^path=/i.test(a))?.slice(5) || '/';
    if (path !== '/') continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
    if (expired) jar.delete(name);
    else jar.set(name, value);
  }
}

/** Headers for a loader's answer that pass on the Set-Cookie lines of a renewal. */
export function cookieHeaders(setCookie: Iterable<string>): Headers {
  const headers = new Headers();
  for (const line of new Set(setCookie)) headers.append('set-cookie', line);
  return headers;
}

function problemOf(outcome: Outcome): SessionProblem {
  if (outcome.kind !== 'answer') return UNAVAILABLE;
  const body = outcome.body as { code?: unknown; message?: unknown } | undefined;
  return {
    status: outcome.status,
    code: typeof body?.code === 'string' ? body.code : `HTTP_${outcome.status}`,
    message: typeof body?.message === 'string' ? body.message : UNAVAILABLE.message,
  };
}

/** The gateway could not be reached: the route's ErrorBoundary shows a 503, never a blank page. */
function unavailable(setCookie: string[]): never {
  throw data({ code: UNAVAILABLE.code, message: UNAVAILABLE.message }, { status: 503, headers: cookieHeaders(setCookie) });
}

/** A call that changes something: sent as JSON, with the web app's origin. */
interface GatewayWrite {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; none for undefined. */
  body?: unknown;
  timeoutMs?: number;
}

/** An authorised call's result: the answer, or why there was none. */
type Answered =
  | { kind: 'answer'; status: number; body: unknown; setCookie: string[] }
  | { kind: 'refused'; status: number; setCookie: string[] }
  | { kind: 'timeout'; setCookie: string[] }
  | { kind: 'unreachable'; setCookie: string[] };

/** What an action's write got: the gateway's status and body (status null: no answer in time). */
export interface Written {
  status: number | null;
  body: unknown;
  setCookie: string[];
}

/** What a loader receives (LoaderFunctionArgs): the request, and Remix's per-request context. */
export interface LoaderArgs {
  request: Request;
  context?: unknown;
}

export interface GatewayLoaderOptions {
  baseUrl: string;
  timeoutMs: number;
}

export function createGatewayLoader({ baseUrl, timeoutMs }: GatewayLoaderOptions) {
  const base = baseUrl.replace(/\/+$/, '');
  // Remix hands each loader its own copy of the Request, but all loaders of one page (or one
  // client navigation) the same load context object: the renewal is shared through that, per
  // refresh token (so a context shared more widely could never mix two sessions).
  const renewals = new WeakMap<object, Map<string, Promise<Renewal>>>();
  const renewalsOf = ({ request, context }: LoaderArgs): Map<string, Promise<Renewal>> => {
    const key = typeof context === 'object' && context !== null ? context : request;
    let map = renewals.get(key);
    if (!map) renewals.set(key, (map = new Map()));
    return map;
  };

  async function send(request: Request, path: string, cookie: string, write?: GatewayWrite): Promise<Outcome> {
    const headers = new Headers({ accept: 'application/json' });
    if (cookie) headers.set('cookie', cookie);
    const agent = request.headers.get('user-agent');
    if (agent) headers.set('user-agent', agent);
    setForwardingHeaders(headers, request);
    // The gateway refuses cookie-authorised writes from any other origin than the web app's.
    if (write) headers.set('origin', new URL(request.url).origin);
    if (write?.body !== undefined) headers.set('content-type', 'application/json');
    const timeout = AbortSignal.timeout(write?.timeoutMs ?? timeoutMs);
    try {
      const response = await fetch(`${base}${path}`, {
        method: write?.method ?? 'GET',
        headers,
        body: write?.body !== undefined ? JSON.stringify(write.body) : null,
        redirect: 'manual',
        signal: AbortSignal.any([timeout, request.signal]),
      });
      const text = await response.text(); // under the same time limit as the headers
      let body: unknown;
      try {
        body = text ? (JSON.parse(text) as unknown) : undefined;
      } catch {
        body = undefined;
      }
      return { kind: 'answer', status: response.status, body, setCookie: response.headers.getSetCookie() };
    } catch {
      // A time limit, or the browser went away (nobody reads the answer then).
      if (timeout.aborted || request.signal.aborted) return { kind: 'timeout' };
      return { kind: 'unreachable' };
    }
  }

  /** POST /api/auth/refresh with the browser's refresh cookie, at most once per request. */
  function renew(args: LoaderArgs): Promise<Renewal> {
    const { request } = args;
    const jar = parseCookies(request.headers.get('cookie'));
    const pendingByToken = renewalsOf(args);
    const token = jar.get(REFRESH_COOKIE) ?? '';
    let pending = pendingByToken.get(token);
    if (!pending) {
      pending = (async () => {
        const outcome = await send(request, '/api/auth/refresh', cookieHeader(jar), { method: 'POST', body: {} });
        if (outcome.kind !== 'answer') return { user: null, cookie: cookieHeader(jar), setCookie: [], outcome };
        applySetCookies(jar, outcome.setCookie);
        const body = outcome.body as { user?: unknown } | undefined;
        const user = outcome.status === 200 && isUser(body?.user) ? body.user : null;
        return { user, cookie: cookieHeader(jar), setCookie: outcome.setCookie, outcome };
      })();
      pendingByToken.set(token, pending);
    }
    return pending;
  }

  /**
   * The root loader's check: who is signed in, from GET /api/auth/me (after a refresh when the
   * access token has expired or the browser dropped its cookie). Never throws: when the gateway
   * does not answer in time the visitor is treated as signed out and the browser asks again.
   */
  async function session(args: LoaderArgs): Promise<{ session: InitialSession; setCookie: string[] }> {
    const { request } = args;
    const jar = parseCookies(request.headers.get('cookie'));
    const hasAccess = jar.has(ACCESS_COOKIE);
    const hasRefresh = jar.has(REFRESH_COOKIE);
    const unsure = (problem: SessionProblem | null, setCookie: string[] = []) => ({
      session: { status: 'signedOut', recheck: true, problem } as InitialSession,
      setCookie,
    });
    if (!hasAccess && !hasRefresh) {
      // SameSite=Strict cookies stay behind on a navigation from another site: ask again from the page.
      const crossSite = request.headers.get('sec-fetch-site') === 'cross-site';
      return { session: { status: 'signedOut', recheck: crossSite, problem: null }, setCookie: [] };
    }
    if (hasAccess) {
      const me = await send(request, '/api/auth/me', cookieHeader(jar));
      if (me.kind === 'answer' && me.status === 200) {
        if (isUser(me.body)) return { session: { status: 'signedIn', user: me.body }, setCookie: [] };
        return unsure({ status: 502, code: 'BAD_RESPONSE', message: UNAVAILABLE.message });
      }
      if (me.kind !== 'answer' || me.status !== 401) return unsure(problemOf(me));
      // No refresh cookie to renew with here; the browser may still hold one the server cannot see.
      if (!hasRefresh) return unsure(null);
    }
    const renewal = await renew(args);
    if (renewal.user) return { session: { status: 'signedIn', user: renewal.user }, setCookie: renewal.setCookie };
    const { outcome } = renewal;
    if (outcome.kind === 'answer' && outcome.status < 500) {
      // Refused (expired, revoked): signed out for sure; the answer also clears the cookies.
      return { session: { status: 'signedOut', recheck: false, problem: null }, setCookie: renewal.setCookie };
    }
    return unsure(problemOf(outcome), renewal.setCookie);
  }

  /**
   * GET `path` for a page's first render with the browser's session. A signed-out visitor (no
   * session cookie, or a session the gateway refuses) gets null without a call, as does an error
   * answer or a slow gateway: the screen then loads it itself after hydration, with its own
   * messages. Throws a 503 (for the route's ErrorBoundary) when the gateway cannot be reached.
   * `anonymous` pages (a shared link) are asked for even without a session.
   */
  async function json<T>(args: LoaderArgs, path: string, { anonymous = false } = {}): Promise<Loaded<T>> {
    const jar = parseCookies(args.request.headers.get('cookie'));
    if (!jar.has(ACCESS_COOKIE) && !jar.has(REFRESH_COOKIE) && !anonymous) return { data: null, status: null, setCookie: [] };
    const answer = await authorised(args, path, { anonymous });
    if (answer.kind === 'unreachable') unavailable(answer.setCookie);
    if (answer.kind === 'timeout') return { data: null, status: null, setCookie: answer.setCookie };
    if (answer.kind === 'refused') return { data: null, status: answer.status, setCookie: answer.setCookie };
    const ok = answer.status >= 200 && answer.status < 300;
    const error = !ok && answer.body && typeof answer.body === 'object' ? (answer.body as Partial<ApiErrorBody>) : undefined;
    return { data: ok ? (answer.body as T) : null, status: answer.status, error, setCookie: answer.setCookie };
  }

  /**
   * One gateway call with the browser's session, renewed once when the access token has expired
   * (or the browser dropped its cookie). `refused`: the session could not be renewed.
   */
  async function authorised(args: LoaderArgs, path: string, { anonymous = false, write }: { anonymous?: boolean; write?: GatewayWrite } = {}): Promise<Answered> {
    const { request } = args;
    const jar = parseCookies(request.headers.get('cookie'));
    const hasAccess = jar.has(ACCESS_COOKIE);
    const hasRefresh = jar.has(REFRESH_COOKIE);

    let cookie = cookieHeader(jar);
    let setCookie: string[] = [];
    let renewed = false;
    // Renews the session; null when that worked, else what to answer (signed out, or no answer).
    const renewCookie = async (): Promise<Answered | null> => {
      renewed = true;
      const renewal = await renew(args);
      setCookie = renewal.setCookie;
      const { outcome } = renewal;
      if (outcome.kind === 'unreachable') return { kind: 'unreachable', setCookie };
      if (renewal.user) {
        cookie = renewal.cookie;
        return null;
      }
      if (outcome.kind === 'answer') return { kind: 'refused', status: outcome.status, setCookie };
      return { kind: 'timeout', setCookie };
    };

    if (!hasAccess && hasRefresh) {
      const failed = await renewCookie();
      if (failed && !anonymous) return failed;
    }
    let outcome = await send(request, path, cookie, write);
    if (outcome.kind === 'answer' && outcome.status === 401 && hasRefresh && !renewed) {
      const failed = await renewCookie();
      if (failed) return failed;
      outcome = await send(request, path, cookie, write);
    }
    if (outcome.kind !== 'answer') return { kind: outcome.kind, setCookie };
    return { kind: 'answer', status: outcome.status, body: outcome.body, setCookie: [...setCookie, ...outcome.setCookie] };
  }

  /**
   * An action's write: `method path` with a JSON body and the browser's session, under its own
   * time limit. What came back (the gateway's status and body), for the action to answer with.
   */
  async function write(args: LoaderArgs, method: GatewayWrite['method'], path: string, body: unknown, { timeoutMs: limit = timeoutMs } = {}): Promise<Written> {
    const answer = await authorised(args, path, { write: { method, body, timeoutMs: limit } });
    switch (answer.kind) {
      case 'answer':
        return { status: answer.status, body: answer.body, setCookie: answer.setCookie };
      case 'refused':
        return { status: 401, body: { code: 'UNAUTHENTICATED', message: 'Your session has ended. Please sign in again.' }, setCookie: answer.setCookie };
      case 'timeout':
        return { status: null, body: undefined, setCookie: answer.setCookie };
      case 'unreachable':
        return { status: 503, body: { code: UNAVAILABLE.code, message: UNAVAILABLE.message }, setCookie: answer.setCookie };
    }
  }

  /**
   * A data loader's answer: each named path loaded in parallel (null where it could not be), with
   * any renewed session cookies for the browser.
   */
  async function load<T extends Record<string, unknown>>(args: LoaderArgs, paths: { [K in keyof T]: string }) {
    const keys = Object.keys(paths) as (keyof T & string)[];
    const results = await Promise.all(keys.map((key) => json<T[typeof key]>(args, paths[key])));
    const values = Object.fromEntries(keys.map((key, i) => [key, results[i]!.data])) as { [K in keyof T]: T[K] | null };
    return data(values, { headers: cookieHeaders(results.flatMap((r) => r.setCookie)) });
  }

  return { session, json, load, write };
}

/** The loaders' gateway client (GATEWAY_URL, LOADER_TIMEOUT_MS). */
export const gateway = createGatewayLoader({ baseUrl: GATEWAY_URL, timeoutMs: LOADER_TIMEOUT_MS });
