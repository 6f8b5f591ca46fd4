// The page loaders' gateway client (app/gateway.server.ts) against a real local HTTP server
// standing in for the gateway: cookies forwarded, one refresh per page when the access token has
// expired (its cookies passed on to the browser), a slow gateway treated as signed out, a gateway
// that is down turned into a 503 for the route's ErrorBoundary.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createGatewayLoader, type LoaderArgs } from '../app/gateway.server.js';
import { deadAddress, FakeGateway, PROJECT_TITLE, REFUSED_TITLE, USER } from './support/fake-gateway.js';

const gw = new FakeGateway();
let loader: ReturnType<typeof createGatewayLoader>;

beforeAll(async () => {
  await gw.start();
  // A limit the fake gateway's answers (a few ms) meet on a loaded machine, a renewal's three
  // requests included; its slow answer (5 s) is far past it.
  loader = createGatewayLoader({ baseUrl: gw.url, timeoutMs: 1500 });
});

afterAll(async () => {
  await gw.stop();
});

/**
 * A loader's arguments for a page request from the browser with these cookies. Like Remix, each
 * loader gets its own copy of the Request; the load context is the page's (pass one to share).
 */
function page(cookie?: string, headers: Record<string, string> = {}, context: object = {}): LoaderArgs {
  const request = new Request('https://app.example.com/projects', {
    headers: { ...(cookie ? { cookie } : {}), 'user-agent': 'TestBrowser/1.0', ...headers },
  });
  return { request, context };
}

type Thrown = { type: string; data: unknown; init: { status?: number; headers?: HeadersInit } | null };

async function thrownBy(promise: Promise<unknown>): Promise<Thrown> {
  try {
    await promise;
  } catch (error) {
    return error as Thrown;
  }
  throw new Error('expected the loader to throw');
}

describe('session (root loader)', () => {
  it('forwards the browser cookies and reads the signed-in user', async () => {
    const { access, refresh } = gw.signIn();
    const cookie = `theme=dark; tw_at=${access}; tw_rt=${refresh}`;
    const result = await loader.session(page(cookie));
    expect(result).toEqual({ session: { status: 'signedIn', user: USER }, setCookie: [] });
    const me = gw.calls('/api/auth/me').at(-1)!;
    expect(me.headers.cookie).toBe(cookie);
    expect(me.headers['user-agent']).toBe('TestBrowser/1.0');
    expect(me.headers['x-forwarded-host']).toBe('app.example.com');
    expect(me.headers['x-forwarded-proto']).toBe('https');
    expect(gw.refreshes).toBe(0);
  });

  it('is signed out without asking the gateway when there is no session cookie', async () => {
    const before = gw.received.length;
    expect(await loader.session(page('theme=dark'))).toEqual({
      session: { status: 'signedOut', recheck: false, problem: null },
      setCookie: [],
    });
    expect(gw.received.length).toBe(before);
  });

  it('asks the browser to check again after a cross-site navigation (SameSite=Strict cookies stay behind)', async () => {
    const result = await loader.session(page(undefined, { 'sec-fetch-site': 'cross-site' }));
    expect(result.session).toEqual({ status: 'signedOut', recheck: true, problem: null });
  });

  it('renews an expired access token with the refresh cookie and passes the new cookies on', async () => {
    const { refresh } = gw.signIn();
    const before = gw.refreshes;
    const result = await loader.session(page(`tw_at=expired; tw_rt=${refresh}`));
    expect(result.session).toEqual({ status: 'signedIn', user: USER });
    expect(gw.refreshes).toBe(before + 1);
    const call = gw.calls('/api/auth/refresh').at(-1)!;
    expect(call.method).toBe('POST');
    expect(call.headers.cookie).toContain(`tw_rt=${refresh}`);
    expect(result.setCookie).toEqual([
      expect.stringMatching(/^tw_at=at-\d+; Max-Age=900; Path=\/; HttpOnly/),
      expect.stringMatching(/^tw_rt=rt-\d+; Max-Age=900; Path=\/; HttpOnly/),
      'tw_rt=; Max-Age=0; Path=/api/auth',
    ]);
  });

  it('renews when the browser dropped the expired access cookie', async () => {
    const { refresh } = gw.signIn();
    const result = await loader.session(page(`tw_rt=${refresh}`));
    expect(result.session).toEqual({ status: 'signedIn', user: USER });
    expect(result.setCookie[0]).toMatch(/^tw_at=at-\d+;/);
  });

  it('is signed out for sure when the refresh is refused, and clears the cookies', async () => {
    const result = await loader.session(page('tw_rt=revoked'));
    expect(result.session).toEqual({ status: 'signedOut', recheck: false, problem: null });
    expect(result.setCookie).toContain('tw_at=; Max-Age=0; Path=/');
  });

  it('treats a gateway slower than the time limit as signed out, and lets the browser ask again', async () => {
    const started = Date.now();
    const result = await loader.session(page('tw_at=slow'));
    expect(Date.now() - started).toBeLessThan(4500); // the answer would come at 5 s
    expect(result.session).toEqual({
      status: 'signedOut',
      recheck: true,
      problem: { status: 503, code: 'UNAVAILABLE', message: 'Server error. Please try again later.' },
    });
  });

  it('reports the gateway error when it cannot check the session', async () => {
    const result = await loader.session(page('tw_at=unavailable'));
    expect(result.session).toEqual({
      status: 'signedOut',
      recheck: true,
      problem: { status: 503, code: 'UNAVAILABLE', message: 'Server error. Please try again later.' },
    });
  });

  it('treats a gateway that is down as signed out with the problem shown, never throwing', async () => {
    const down = createGatewayLoader({ baseUrl: await deadAddress(), timeoutMs: 300 });
    const result = await down.session(page('tw_at=whatever; tw_rt=whatever'));
    expect(result.session).toMatchObject({ status: 'signedOut', recheck: true, problem: { status: 503, code: 'UNAVAILABLE' } });
  });
});

describe('json and load (data loaders)', () => {
  it('reads a path with the browser cookies', async () => {
    const { access } = gw.signIn();
    const loaded = await loader.json<{ projects: { title: string }[] }>(page(`tw_at=${access}`), '/api/projects?page=1&page_size=20');
    expect(loaded.status).toBe(200);
    expect(loaded.data?.projects.map((p) => p.title)).toEqual([PROJECT_TITLE]);
    expect(gw.calls('/api/projects').at(-1)!.headers.cookie).toBe(`tw_at=${access}`);
  });

  it('gives null without a call for a signed-out visitor', async () => {
    const before = gw.received.length;
    expect(await loader.json(page(), '/api/projects')).toEqual({ data: null, status: null, setCookie: [] });
    expect(gw.received.length).toBe(before);
  });

  it('refreshes once for the root and every data loader of one page, and retries with the new token', async () => {
    const { refresh } = gw.signIn();
    const context = {};
    const cookie = `tw_at=expired; tw_rt=${refresh}`;
    const before = gw.refreshes;
    const [session, projects, companies] = await Promise.all([
      loader.session(page(cookie, {}, context)),
      loader.json<{ projects: { title: string }[] }>(page(cookie, {}, context), '/api/projects'),
      loader.json<{ owned_count: number }>(page(cookie, {}, context), '/api/companies'),
    ]);
    expect(gw.refreshes).toBe(before + 1);
    expect(session.session.status).toBe('signedIn');
    expect(projects.data?.projects[0]?.title).toBe(PROJECT_TITLE);
    expect(companies.data?.owned_count).toBe(1);
    // The retry carried the renewed access token (and kept the new refresh token, not the cleared old path).
    const retried = gw.calls('/api/projects').at(-1)!.headers.cookie ?? '';
    expect(retried).toMatch(/tw_at=at-\d+/);
    expect(retried).toMatch(/tw_rt=rt-\d+/);
    expect(retried).not.toContain('expired');
    expect(projects.setCookie).toEqual(session.setCookie);
  });

  it('never shares a renewal between two sessions, even in one load context', async () => {
    const context = {};
    const first = gw.signIn();
    const second = gw.signIn();
    const before = gw.refreshes;
    const [a, b] = await Promise.all([
      loader.session(page(`tw_rt=${first.refresh}`, {}, context)),
      loader.session(page(`tw_rt=${second.refresh}`, {}, context)),
    ]);
    expect(gw.refreshes).toBe(before + 2);
    expect(a.setCookie[0]).not.toBe(b.setCookie[0]);
  });

  it('gives null (the screen loads it itself) for an error answer or a slow gateway', async () => {
    const { access } = gw.signIn();
    expect(await loader.json(page(`tw_at=${access}`), '/api/broken')).toEqual({ data: null, status: 500, error: { code: 'INTERNAL', message: 'Server error. Please try again later.' }, setCookie: [] });
    expect(await loader.json(page('tw_at=slow'), '/api/projects')).toEqual({ data: null, status: null, setCookie: [] });
  });

  it('gives null with the clearing cookies when the session cannot be renewed', async () => {
    const loaded = await loader.json(page('tw_at=expired; tw_rt=revoked'), '/api/projects');
    expect(loaded.data).toBeNull();
    expect(loaded.status).toBe(401);
    expect(loaded.setCookie).toContain('tw_at=; Max-Age=0; Path=/');
  });

  it('reads a public path without a session', async () => {
    const loaded = await loader.json<{ title: string }>(page(), '/api/shared/good', { anonymous: true });
    expect(loaded.data?.title).toBe(PROJECT_TITLE);
    const gone = await loader.json(page(), '/api/shared/gone', { anonymous: true });
    expect(gone.status).toBe(404);
    // A refusal comes with its body, so a page can say why (an invitation that cannot be used).
    expect(gone.error?.code).toBeDefined();
  });

  it('throws a 503 for the route ErrorBoundary when the gateway is down', async () => {
    const down = createGatewayLoader({ baseUrl: await deadAddress(), timeoutMs: 300 });
    const thrown = await thrownBy(down.json(page('tw_at=at-1'), '/api/projects'));
    expect(thrown.type).toBe('DataWithResponseInit');
    expect(thrown.init?.status).toBe(503);
    expect(thrown.data).toEqual({ code: 'UNAVAILABLE', message: 'Server error. Please try again later.' });
  });

  it('load: each path by name, with the renewed cookies as response headers', async () => {
    const { refresh } = gw.signIn();
    const result = await loader.load<{ projects: { total: number }; trial: { status: string }; missing: unknown }>(
      page(`tw_rt=${refresh}`),
      { projects: '/api/projects', trial: '/api/trial-status', missing: '/api/nothing-here' },
    );
    expect(result.data).toEqual({ projects: expect.objectContaining({ total: 1 }), trial: expect.objectContaining({ status: 'active' }), missing: null });
    const cookies = new Headers(result.init?.headers).getSetCookie();
    // One refresh's cookies, once each, although three loaders used them.
    expect(cookies.filter((c) => c.startsWith('tw_at=at-'))).toHaveLength(1);
    expect(cookies).toHaveLength(3);
  });
});

describe('write (actions)', () => {
  it('posts the JSON body with the browser cookies and the web app origin, and gives the answer', async () => {
    const { access } = gw.signIn();
    const written = await loader.write(page(`tw_at=${access}`), 'POST', '/api/projects', { title: 'Ladder Safety' });
    expect(written).toEqual({ status: 201, body: { id: 'p-new', title: 'Ladder Safety' }, setCookie: [] });
    const call = gw.calls('/api/projects').at(-1)!;
    expect(call.method).toBe('POST');
    expect(JSON.parse(call.body)).toEqual({ title: 'Ladder Safety' });
    expect(call.headers.cookie).toBe(`tw_at=${access}`);
    expect(call.headers.origin).toBe('https://app.example.com');
    expect(call.headers['content-type']).toBe('application/json');
  });

  it("gives a refusal's status and body as the gateway sent them", async () => {
    const { access } = gw.signIn();
    const written = await loader.write(page(`tw_at=${access}`), 'POST', '/api/projects', { title: REFUSED_TITLE });
    expect(written.status).toBe(400);
    expect(written.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: { field: 'title' } });
  });

  it('renews an expired session once, posts again, and passes the new cookies on', async () => {
    const { refresh } = gw.signIn();
    const before = gw.refreshes;
    const written = await loader.write(page(`tw_at=expired; tw_rt=${refresh}`), 'POST', '/api/projects', { title: 'Renewed' });
    expect(written.status).toBe(201);
    expect(gw.refreshes).toBe(before + 1);
    expect(written.setCookie.some((c) => c.startsWith('tw_at=at-'))).toBe(true);
    const posts = gw.calls('/api/projects').filter((c) => c.method === 'POST' && JSON.parse(c.body).title === 'Renewed');
    expect(posts).toHaveLength(2);
  });

  it('answers 401 when the session cannot be renewed, 503 when the gateway is down, and no status after the time limit', async () => {
    const refused = await loader.write(page('tw_at=expired; tw_rt=unknown'), 'POST', '/api/projects', { title: 'x' });
    expect(refused.status).toBe(401);
    expect(refused.setCookie.length).toBeGreaterThan(0);
    const down = createGatewayLoader({ baseUrl: await deadAddress(), timeoutMs: 300 });
    expect(await down.write(page('tw_at=at-1'), 'POST', '/api/projects', {})).toEqual({
      status: 503,
      body: { code: 'UNAVAILABLE', message: 'Server error. Please try again later.' },
      setCookie: [],
    });
    const slow = await loader.write(page('tw_at=slow'), 'POST', '/api/projects', {}, { timeoutMs: 200 });
    expect(slow.status).toBeNull();
  });
});
