// The browser API client: refresh once on an expired session (shared by concurrent calls), retry,
// and the error shape.
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let handler: Handler;
const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  globalThis.fetch = jest.fn(async (input: unknown, init?: RequestInit) => {
    const url = String(input);
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    return handler(url, init ?? {});
  }) as unknown as typeof fetch;
});

afterEach(() => {
  jest.resetModules();
});

async function loadClient() {
  return import('../app/lib/api.js');
}

describe('api client', () => {
  it('sends JSON to the same origin with cookies and parses the answer', async () => {
    const { api } = await loadClient();
    let seen: RequestInit | undefined;
    handler = (_url, init) => {
      seen = init;
      return json(200, { ok: true });
    };
    await expect(api('/profile', { method: 'PATCH', body: { name: 'A' } })).resolves.toEqual({ ok: true });
    expect(calls).toEqual(['PATCH /api/profile']);
    expect(seen?.credentials).toBe('same-origin');
    expect(seen?.body).toBe('{"name":"A"}');
  });

  it('refreshes once for concurrent expired calls and retries each', async () => {
    const { get } = await loadClient();
    let refreshed = false;
    handler = async (url) => {
      if (url === '/api/auth/refresh') {
        await new Promise((r) => setTimeout(r, 10));
        refreshed = true;
        return json(200, { token: 'ignored', user: {} });
      }
      return refreshed ? json(200, { url }) : json(401, { code: 'TOKEN_EXPIRED', message: 'expired' });
    };
    const results = await Promise.all([get('/companies'), get('/trial-status'), get('/auth/me')]);
    expect(results).toEqual([{ url: '/api/companies' }, { url: '/api/trial-status' }, { url: '/api/auth/me' }]);
    expect(calls.filter((c) => c === 'POST /api/auth/refresh')).toHaveLength(1);
  });

  it('reports the end of the session when the refresh fails', async () => {
    const { get, onSessionEnded, ApiError } = await loadClient();
    const ended = jest.fn();
    onSessionEnded(ended);
    handler = (url) =>
      url === '/api/auth/refresh'
        ? json(401, { code: 'UNAUTHENTICATED', message: 'no' })
        : json(401, { code: 'TOKEN_EXPIRED', message: 'Authentication failed. Please log in again.' });
    const error = await get('/companies').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'TOKEN_EXPIRED' });
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('never refreshes for the session calls themselves', async () => {
    const { post } = await loadClient();
    handler = () => json(401, { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' });
    await expect(post('/auth/login', { email: 'a@b.c', password: 'x' })).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
      serverMessage: 'Invalid email or password.',
    });
    expect(calls).toEqual(['POST /api/auth/login']);
  });

  it('turns a failed connection into a NETWORK error and a non-JSON body into HTTP_<status>', async () => {
    const { get } = await loadClient();
    handler = () => {
      throw new TypeError('fetch failed');
    };
    await expect(get('/companies')).rejects.toMatchObject({ code: 'NETWORK', status: 0 });
    handler = () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
    await expect(get('/companies')).rejects.toMatchObject({ code: 'HTTP_502', serverMessage: undefined });
  });

  it('resolves undefined for 204', async () => {
    const { post } = await loadClient();
    handler = () => new Response(null, { status: 204 });
    await expect(post('/auth/logout', {})).resolves.toBeUndefined();
  });
});

describe('retryDelayMs', () => {
  it('waits as long as a 429 or 503 says, 1 s when it does not, and never for other failures', async () => {
    const { retryDelayMs, ApiError } = await loadClient();
    expect(retryDelayMs(new ApiError(429, 'RATE_LIMITED', 'Too many requests at once', { retry_after: 2 }))).toBe(2000);
    expect(retryDelayMs(new ApiError(503, 'UNAVAILABLE', 'Busy'))).toBe(1000);
    expect(retryDelayMs(new ApiError(503, 'UNAVAILABLE', 'Busy', { retry_after: 3600 }))).toBe(1000);
    expect(retryDelayMs(new ApiError(500, 'INTERNAL'))).toBeNull();
    expect(retryDelayMs(new ApiError(400, 'VALIDATION_FAILED'))).toBeNull();
    expect(retryDelayMs(new Error('network'))).toBeNull();
  });
});
