// API tests of session safety through the real gateway: cookie-authorised requests that change
// state come from the web app only (issue 12, item 11).
import { sharedHarness, type Harness } from './harness.js';
import { eventually, register } from './accounts.js';

let h: Harness;

beforeAll(async () => {
  h = await sharedHarness();
});

/** A signed-in browser: the session's cookies, as the web app's pages hold them. */
async function browserSession() {
  const who = await register(h);
  const login = await h.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: JSON.stringify({ email: who.email, password: 'password1' }),
    headers: { 'content-type': 'application/json' },
  });
  expect(login.statusCode).toBe(200);
  const jar = Object.fromEntries(login.cookies.filter((c) => c.value !== '').map((c) => [c.name, c.value]));
  return { who, cookie: `tw_at=${jar.tw_at}; tw_rt=${jar.tw_rt}` };
}

describe('cookie-authorised requests from another origin', () => {
  it.each([
    ['another site', { origin: 'https://evil.example' }],
    ['a Referer of another site', { referer: 'https://evil.example/page' }],
    ['no Origin or Referer', {}],
    ['an opaque origin', { origin: 'null' }],
  ])('should refuse a logout, a share and an upload with %s, and keep the session', async (_, stated) => {
    const { cookie } = await browserSession();
    // The account's Welcome Training sample: made by the project service when it hears
    // user.registered, so a moment after the sign-up (a busy machine once listed none yet).
    const projectId = await eventually(async () => {
      const projects = (await h.request({ method: 'GET', url: '/api/projects', headers: { cookie } })).json();
      return projects.projects[0]?.id as string | undefined;
    }, 10_000);
    for (const [method, url] of [
      ['POST', '/api/auth/logout'],
      ['POST', `/api/projects/${projectId}/share`],
      ['POST', '/api/uploads'],
    ] as const) {
      const res = await h.request({ method, url, headers: { cookie, ...stated } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: 'This request must come from the Trainwright web app.' });
    }
    // Nothing happened: the session still works.
    expect((await h.request({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('should accept them from the web origin and from the host the browser addressed', async () => {
    const first = await browserSession();
    expect((await h.request({ method: 'POST', url: '/api/auth/logout', headers: { cookie: first.cookie, origin: 'http://localhost:3000' } })).statusCode).toBe(204);
    const second = await browserSession();
    expect((await h.request({ method: 'POST', url: '/api/auth/logout', headers: { cookie: second.cookie, origin: h.baseUrl } })).statusCode).toBe(204);
  });

  it('should leave API clients (Authorization header) and reads alone', async () => {
    const { who, cookie } = await browserSession();
    expect((await h.request({ method: 'GET', url: '/api/auth/me', headers: { cookie, origin: 'https://evil.example' } })).statusCode).toBe(200);
    const res = await h.request({ method: 'POST', url: '/api/auth/logout', headers: { ...who.auth, origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(204);
  });
});
