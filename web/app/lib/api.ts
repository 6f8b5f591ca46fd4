// The browser's API client. Every call goes to the same origin under /api (the web server proxies
// it to the gateway), with the session in httpOnly cookies: the client never sees or stores a
// token. A 401 with code TOKEN_EXPIRED (or UNAUTHENTICATED, see below) triggers one
// POST /api/auth/refresh (shared by concurrent calls) and one retry.

export interface ApiErrorBody {
  code: string;
  message: string;
  detail?: unknown;
  /** A catalogue message's id (`<namespace>.<key>`) and arguments: the screens translate by it. */
  message_id?: string;
  params?: Array<string | number>;
}

/** The catalogue message an error names (docs/api.md, "Errors"). */
export interface ServerMessageRef {
  id: string;
  params: Array<string | number>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The server's message, when it sent one. */
  readonly serverMessage: string | undefined;
  readonly detail: unknown;
  /** Set when the server's message is one of the catalogue's: what errorText translates. */
  readonly messageRef: ServerMessageRef | undefined;

  constructor(status: number, code: string, serverMessage?: string, detail?: unknown, messageRef?: ServerMessageRef) {
    super(serverMessage ?? code);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
    this.detail = detail;
    this.messageRef = messageRef;
  }
}

export const NETWORK_ERROR = 'NETWORK';

/** Calls that must never trigger a refresh (they are the session calls themselves). */
const SESSION_PATHS = new Set(['/auth/login', '/auth/register', '/auth/refresh', '/auth/logout']);

type Listener = () => void;
const sessionEndedListeners = new Set<Listener>();

/** Called when the session is gone (a 401 that a refresh could not cure). */
export function onSessionEnded(listener: Listener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

let refreshInFlight: Promise<boolean> | null = null;
/** Increases with every completed refresh, so a call that started before it just retries. */
let refreshGeneration = 0;

/** POST /api/auth/refresh once for all concurrent callers; true when the session was renewed. */
export function refreshSession(): Promise<boolean> {
  if (!refreshInFlight) {
    refreshInFlight = fetch('/api/auth/refresh', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: '{}',
    })
      .then(async (res) => {
        await res.body?.cancel(); // the answer's tokens are not needed: the cookies carry them
        if (res.ok) refreshGeneration += 1;
        return res.ok;
      })
      .catch(() => false)
      .finally(() => {
        refreshInFlight = null;
      });
  }
  return refreshInFlight;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

function requestInit(options: RequestOptions): RequestInit {
  const headers: Record<string, string> = { accept: 'application/json' };
  const init: RequestInit = {
    method: options.method ?? 'GET',
    credentials: 'same-origin',
    headers,
    signal: options.signal ?? null,
  };
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  return init;
}

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(`/api${path}`, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR);
  }
}

/** The JSON body of an answer (undefined when it has none or it is not JSON). */
export async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The ApiError of a failed answer: the body's code, message and detail when it has them. */
export function toError(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object') {
    const b = body as Partial<ApiErrorBody>;
    const code = typeof b.code === 'string' ? b.code : `HTTP_${status}`;
    const message = typeof b.message === 'string' && b.message ? b.message : undefined;
    const params = Array.isArray(b.params) ? b.params.filter((p) => typeof p === 'string' || typeof p === 'number') : [];
    return new ApiError(status, code, message, b.detail, typeof b.message_id === 'string' ? { id: b.message_id, params } : undefined);
  }
  return new ApiError(status, `HTTP_${status}`);
}

/**
 * fetch `/api${path}` with the session rules of every call: a 401 whose code is TOKEN_EXPIRED or
 * UNAUTHENTICATED refreshes the session once (shared by concurrent callers) and retries; a 401
 * that stays fires the session-ended listeners. Resolves with the answer, its body unread (a
 * download reads it as a stream); rejects with ApiError NETWORK when there is no connection.
 */
export async function fetchWithSession(path: string, init: RequestInit): Promise<Response> {
  const generation = refreshGeneration;
  let res = await send(path, init);

  if (res.status === 401 && !SESSION_PATHS.has(path)) {
    const error = toError(res.status, await readBody(res.clone()));
    // TOKEN_EXPIRED is the documented signal. UNAUTHENTICATED is treated the same: the access
    // cookie's Max-Age equals the token's lifetime, so once it expires the browser stops sending
    // it and the gateway sees no token at all, while the refresh cookie is still valid.
    if (error.code === 'TOKEN_EXPIRED' || error.code === 'UNAUTHENTICATED') {
      // Another call may already have refreshed since this one started: then just retry.
      const refreshed = generation !== refreshGeneration || (await refreshSession());
      if (refreshed) {
        await res.body?.cancel();
        res = await send(path, init);
      }
    }
    if (res.status === 401) {
      for (const listener of sessionEndedListeners) listener();
    }
  }
  return res;
}

/** Calls `/api${path}`; resolves with the parsed JSON (undefined for 204), rejects with ApiError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await fetchWithSession(path, requestInit(options));
  const body = await readBody(res);
  if (!res.ok) throw toError(res.status, body);
  return body as T;
}

export const get = <T>(path: string, signal?: AbortSignal) => api<T>(path, signal ? { signal } : {});
export const post = <T>(path: string, body: unknown = {}) => api<T>(path, { method: 'POST', body });
export const patch = <T>(path: string, body: unknown) => api<T>(path, { method: 'PATCH', body });
export const del = <T>(path: string) => api<T>(path, { method: 'DELETE' });

/** A call that took longer than its time limit. */
export class TimeoutError extends Error {
  constructor() {
    super('Request timed out');
    this.name = 'TimeoutError';
  }
}

/**
 * Runs a call with a time limit: after `ms` the call's signal is aborted and TimeoutError thrown.
 * An outer signal (a closing dialog) aborts it too, with the usual AbortError.
 */
export async function withTimeout<T>(ms: number, run: (signal: AbortSignal) => Promise<T>, outer?: AbortSignal): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  const onOuterAbort = () => controller.abort();
  outer?.addEventListener('abort', onOuterAbort);
  try {
    return await run(controller.signal);
  } catch (error) {
    if (timedOut) throw new TimeoutError();
    throw error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * How long to wait before asking again after a refusal that says when (429 too many requests at
 * once, 503 busy: the gateway sends `detail.retry_after` in seconds, 1 s when absent); null for any
 * other failure, which waits for the user.
 */
export function retryDelayMs(error: unknown): number | null {
  if (!(error instanceof ApiError) || (error.status !== 429 && error.status !== 503)) return null;
  const seconds = (error.detail as { retry_after?: unknown } | undefined)?.retry_after;
  return typeof seconds === 'number' && seconds > 0 && seconds <= 60 ? seconds * 1000 : 1000;
}
