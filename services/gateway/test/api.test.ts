// API tests through the gateway: every route of the foundation and every bad-input case, with
// the real auth service behind it and real PostgreSQL, Redis and NATS.
import { SignJWT, importPKCS8 } from 'jose';
import { randomUUID } from 'node:crypto';
import { TIER_IDS, TIERS } from '@trainwright/catalogue';
import { UserRegistered } from '@trainwright/proto/trainwright/events/v1/events';
import { setTier } from './accounts.js';
import { newKeyPair, postDeclaringLength, sharedHarness, STACK_START_MS, startHarness, uniqueEmail, type Harness } from './harness.js';

let h: Harness;

beforeAll(async () => {
  h = await sharedHarness();
});

const json = (body: unknown) => ({ payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

async function register(overrides: Record<string, unknown> = {}) {
  const body = { name: 'Ada Trainer', company: 'Acme Learning', email: uniqueEmail(), password: 'correct horse', selectedTier: 'pro', ...overrides };
  const res = await h.request({ method: 'POST', url: '/api/auth/register', ...json(body) });
  expect(res.statusCode).toBe(201);
  const data = res.json();
  return { ...data, email: body.email as string, password: body.password as string, auth: { authorization: `Bearer ${data.token}` } };
}

function get(url: string, headers: Record<string, string> = {}) {
  return h.request({ method: 'GET', url, headers });
}

function send(method: 'POST' | 'PATCH', url: string, body: unknown, headers: Record<string, string> = {}) {
  return h.request({ method, url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('public routes', () => {
  it('should serve the plan catalogue from the one catalogue module', async () => {
    const res = await get('/api/plans');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tiers.map((t: { id: string }) => t.id)).toEqual([...TIER_IDS]);
    expect(body.tiers[1].limits).toEqual(TIERS.professional.limits);
    expect(body.tiers[0].features.some((f: { caveat: boolean }) => f.caveat)).toBe(true);
    expect(body.addOns.map((a: { pricePerMonth: number }) => a.pricePerMonth)).toEqual([13, 15, 17]);
    expect(body.defaultSelectedTier).toBe('professional');
  });

  it('should serve the 20 content languages with their names (GET /api/languages/supported)', async () => {
    const res = await get('/api/languages/supported');
    expect(res.statusCode).toBe(200);
    const languages = res.json().supported_languages;
    expect(Object.keys(languages)).toEqual(TIERS.enterprise.limits.languages);
    expect(languages.fr).toEqual({ name: 'French', native_name: 'français' });
    expect(languages.ar).toEqual({ name: 'Arabic', native_name: 'العربية' });
  });

  it('should report every dependency and service as healthy', async () => {
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(Object.keys(body.dependencies).sort()).toEqual(['nats', 'postgres', 'redis']);
    expect(body.services.auth.status).toBe('ok');
  });

  it('should publish an OpenAPI document and its UI under /api/docs', async () => {
    const doc = (await get('/api/docs/json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/auth/register', '/api/auth/login', '/api/auth/me', '/api/companies', '/api/profile', '/api/plans', '/api/trial-status']) {
      expect(doc.paths).toHaveProperty([path]);
    }
    expect((await get('/api/docs')).statusCode).toBeLessThan(400);
  });

  it('should send security headers and a request id', async () => {
    const res = await get('/api/plans', { 'x-request-id': 'req-123' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
    expect(res.headers['x-request-id']).toBe('req-123');
    expect((await get('/api/plans')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('should allow CORS only for the web origin', async () => {
    const preflight = (origin: string) =>
      h.request({ method: 'OPTIONS', url: '/api/auth/me', headers: { origin, 'access-control-request-method': 'GET' } });
    expect((await preflight('http://localhost:3000')).headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('should answer unknown API paths with the error shape', async () => {
    const res = await get('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'The requested resource was not found.' });
  });
});

describe('POST /api/auth/register', () => {
  it('should create the user, their first company as Owner and a 7-day trial', async () => {
    const r = await register({ selectedTier: 'business' });
    expect(r.token).toEqual(expect.any(String));
    expect(r.refresh_token).toEqual(expect.any(String));
    expect(r.user).toMatchObject({
      name: 'Ada Trainer',
      company: 'Acme Learning',
      email: r.email,
      role: 'owner',
      subscription: { tier: 'free-trial', plan: 'Free Trial', projectsUsed: 0, selectedTier: 'business' },
    });
    expect(r.user.subscription.limits.companyLimit).toBe(1);
    expect(r.user.capabilities.analytics).toBe(false);
    const trial = (await get('/api/trial-status', r.auth)).json();
    expect(trial).toMatchObject({ is_trial: true, status: 'active_trial', days_remaining: 7, days_used: 0, trial_days: 7, warning: false });
  });

  it('should set httpOnly session cookies', async () => {
    const res = await send('POST', '/api/auth/register', { name: 'C', company: 'C Co', email: uniqueEmail(), password: 'password1', selectedTier: 'pro' });
    const cookies = Object.fromEntries(res.cookies.filter((c) => c.value !== '').map((c) => [c.name, c]));
    expect(cookies.tw_at).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    // Path `/`: the web server's page loaders renew a session with it.
    expect(cookies.tw_rt).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    // The cookie of earlier versions (path /api/auth) is cleared, so the name never has two values.
    expect(res.cookies.find((c) => c.name === 'tw_rt' && c.path === '/api/auth')).toMatchObject({ value: '' });
    const me = await get('/api/auth/me', { cookie: `tw_at=${cookies.tw_at!.value}` });
    expect(me.statusCode).toBe(200);
  });

  it('should ignore a tier sent in the body (mass assignment)', async () => {
    const r = await register({ subscription: { tier: 'enterprise' } });
    expect(r.user.subscription.tier).toBe('free-trial');
  });

  it.each([
    [{ name: '  ' }, 'name', 'name is required'],
    [{ company: '' }, 'company', 'company is required'],
    [{ email: 'not-an-email' }, 'email', 'email must be an email address'],
    [{ password: 'short' }, 'password', 'password must be at least 8 characters'],
    [{ name: 'a\u0007b' }, 'name', 'name must not contain control characters'],
    [{ name: 'x'.repeat(10_000) }, 'name', 'name must be at most 1000 characters'],
  ])('should reject bad input #%# naming the field', async (override, field, message) => {
    const body = { name: 'N', company: 'C', email: uniqueEmail(), password: 'password1', ...override };
    const res = await send('POST', '/api/auth/register', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message, detail: { field } });
  });

  it('should answer 409 for a taken email, whatever its case', async () => {
    const r = await register();
    const res = await send('POST', '/api/auth/register', { name: 'B', company: 'B', email: r.email.toUpperCase(), password: 'password2' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EMAIL_TAKEN');
  });
});

describe('bad input', () => {
  it('should answer malformed JSON with 400, never 500', async () => {
    const res = await h.request({ method: 'POST', url: '/api/auth/login', payload: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'INVALID_JSON', message: 'Please check your input and try again.' });
  });

  it('should answer wrong types with 400 naming the field', async () => {
    const res = await send('POST', '/api/auth/login', { email: 42, password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'email must be a string' });
  });

  it('should answer unknown fields with 400', async () => {
    const res = await send('POST', '/api/auth/login', { email: 'a@b.co', password: 'x', admin: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('admin is not an allowed field');
  });

  it('should answer an oversized body with 413', async () => {
    const answer = await postDeclaringLength(h, '/api/auth/login', { 'content-type': 'application/json' }, 9_000_000);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text).code).toBe('PAYLOAD_TOO_LARGE');
  });

});

describe('POST /api/auth/login', () => {
  it('should sign in with the right password', async () => {
    const r = await register();
    const res = await send('POST', '/api/auth/login', { email: r.email, password: r.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(r.email);
  });

  it('should give one generic 401 for a wrong password and an unknown email', async () => {
    const r = await register();
    const wrong = await send('POST', '/api/auth/login', { email: r.email, password: 'wrong password' });
    const unknown = await send('POST', '/api/auth/login', { email: uniqueEmail('nobody'), password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' });
  });
});

describe('access tokens', () => {
  const claims = { iss: 'trainwright-auth', aud: 'trainwright-api' };

  async function sign(payload: Record<string, unknown>, privateKeyPem = h.keys.privateKey) {
    const key = await importPKCS8(privateKeyPem, 'EdDSA');
    return new SignJWT(payload).setProtectedHeader({ alg: 'EdDSA' }).sign(key);
  }

  const now = () => Math.floor(Date.now() / 1000);

  it('should require a token on protected routes', async () => {
    const res = await get('/api/auth/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Authentication failed. Please log in again.' });
  });

  it('should reject a tampered token', async () => {
    const r = await register();
    const [header, payload, signature] = (r.token as string).split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: randomUUID() })).toString('base64url');
    expect((await get('/api/auth/me', { authorization: `Bearer ${header}.${forged}.${signature}` })).statusCode).toBe(401);
  });

  it('should reject an expired token with TOKEN_EXPIRED', async () => {
    const r = await register();
    const token = await sign({ ...claims, sub: r.user.id, sid: randomUUID(), iat: now() - 3600, nbf: now() - 3600, exp: now() - 60 });
    const res = await get('/api/auth/me', { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_EXPIRED');
  });

  it('should reject alg none, a wrong key, a wrong audience and a future nbf', async () => {
    const r = await register();
    const base = { ...claims, sub: r.user.id, sid: randomUUID(), iat: now(), nbf: now(), exp: now() + 600 };
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(base)).toString('base64url')}.`;
    const wrongKey = await sign(base, newKeyPair().privateKey);
    const wrongAudience = await sign({ ...base, aud: 'someone-else' });
    const notYet = await sign({ ...base, nbf: now() + 600 });
    for (const token of [none, wrongKey, wrongAudience, notYet]) {
      expect((await get('/api/auth/me', { authorization: `Bearer ${token}` })).statusCode).toBe(401);
    }
    // The same claims signed properly work, so the rejections above are about the flaw alone.
    expect((await get('/api/auth/me', { authorization: `Bearer ${await sign(base)}` })).statusCode).toBe(200);
  });
});

describe('refresh and logout', () => {
  it('should rotate the refresh token so the old one stops working', async () => {
    const r = await register();
    const first = await send('POST', '/api/auth/refresh', { refresh_token: r.refresh_token });
    expect(first.statusCode).toBe(200);
    const next = first.json();
    expect(next.refresh_token).not.toBe(r.refresh_token);
    expect((await get('/api/auth/me', { authorization: `Bearer ${next.token}` })).statusCode).toBe(200);
    const again = await send('POST', '/api/auth/refresh', { refresh_token: r.refresh_token });
    expect(again.statusCode).toBe(401);
  });

  it('should revoke the whole session when a rotated refresh token is reused', async () => {
    const r = await register();
    const next = (await send('POST', '/api/auth/refresh', { refresh_token: r.refresh_token })).json();
    expect((await send('POST', '/api/auth/refresh', { refresh_token: r.refresh_token })).statusCode).toBe(401);
    // The newest token of the family no longer works either, nor do its access tokens.
    expect((await send('POST', '/api/auth/refresh', { refresh_token: next.refresh_token })).statusCode).toBe(401);
    await eventually(async () => (await get('/api/auth/me', { authorization: `Bearer ${next.token}` })).statusCode === 401);
  });

  it('should refresh from the cookie when the body has no token', async () => {
    const r = await register();
    const res = await h.request({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: `tw_rt=${r.refresh_token}`, origin: h.baseUrl } });
    expect(res.statusCode).toBe(200);
  });

  it('should sign out: revoke the session, clear cookies, stop the access token', async () => {
    const r = await register();
    const res = await h.request({ method: 'POST', url: '/api/auth/logout', headers: { ...r.auth, cookie: `tw_rt=${r.refresh_token}` } });
    expect(res.statusCode).toBe(204);
    const cleared = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
    expect(cleared).toEqual({ tw_at: '', tw_rt: '' });
    // Revoked before the answer: the very next request with the access token is refused.
    expect((await get('/api/auth/me', r.auth)).statusCode).toBe(401);
    expect((await send('POST', '/api/auth/refresh', { refresh_token: r.refresh_token })).statusCode).toBe(401);
  });

  it('should sign out with only an access token', async () => {
    const r = await register();
    expect((await h.request({ method: 'POST', url: '/api/auth/logout', headers: r.auth })).statusCode).toBe(204);
    expect((await get('/api/auth/me', r.auth)).statusCode).toBe(401);
    expect((await send('POST', '/api/auth/refresh', { refresh_token: r.refresh_token })).statusCode).toBe(401);
  });
});

describe('companies', () => {
  it('should list the first company with real counts', async () => {
    const r = await register();
    const res = await get('/api/companies', r.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ current_company_id: r.user.currentCompanyId, company_limit: 1, owned_count: 1 });
    expect(body.companies).toEqual([
      expect.objectContaining({ name: 'Acme Learning', role: 'owner', current_users: 1, max_users: 1, subscription_tier: 'free-trial' }),
    ]);
  });

  it('should refuse a company beyond the plan limit with the specification message', async () => {
    const r = await register();
    const res = await send('POST', '/api/companies', { name: 'Second' }, r.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'PLAN_LIMIT_REACHED', message: 'Your Free Trial plan allows only 1 companies. Upgrade to create more.' });
  });

  it('should create companies up to the limit of a bigger plan, then refuse', async () => {
    const r = await register();
    await setTier(h, { id: r.user.id, email: r.email, auth: r.auth }, 'business');
    const created = await send('POST', '/api/companies', { name: '  Second Co  ', website: 'https://second.example', logo_url: 'https://second.example/logo.png' }, r.auth);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Second Co', website: 'https://second.example/', role: 'owner', max_users: 3 });
    expect((await send('POST', '/api/companies', { name: 'Third' }, r.auth)).statusCode).toBe(201);
    const fourth = await send('POST', '/api/companies', { name: 'Fourth' }, r.auth);
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().message).toBe('Your Business plan allows only 3 companies. Upgrade to create more.');
    expect((await get('/api/companies', r.auth)).json().owned_count).toBe(3);
  });

  it('should never let concurrent requests pass the limit', async () => {
    const r = await register();
    await setTier(h, { id: r.user.id, email: r.email, auth: r.auth }, 'business');
    const results = await Promise.all([1, 2, 3, 4].map((i) => send('POST', '/api/companies', { name: `Race ${i}` }, r.auth)));
    expect(results.map((x) => x.statusCode).sort()).toEqual([201, 201, 403, 403]);
  });

  it.each([
    [{ name: '   ' }, 'Company name is required'],
    [{ name: 'Ok', website: 'not a url' }, 'website must be a URL'],
    [{ name: 'Ok', logo_url: 'javascript:alert(1)' }, 'logo_url must be an http or https URL'],
    [{ name: 'Ok', logo_url: 'http://169.254.169.254/latest/meta-data' }, 'This address is not allowed: 169.254.169.254 is a link-local address (cloud metadata).'],
    [{ name: 'Ok', website: 'http://127.0.0.1:8080/' }, 'This address is not allowed: 127.0.0.1 is a loopback address.'],
  ])('should reject %j', async (body, message) => {
    const r = await register();
    const res = await send('POST', '/api/companies', body, r.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('should switch to an own company', async () => {
    const r = await register();
    await setTier(h, { id: r.user.id, email: r.email, auth: r.auth }, 'business');
    const second = (await send('POST', '/api/companies', { name: 'Other' }, r.auth)).json();
    const res = await send('POST', `/api/companies/${second.id}/switch`, {}, r.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ currentCompanyId: second.id, company: 'Other', role: 'owner' });
  });

  it("should answer 404 'Company not found' for another account's, unknown or malformed company", async () => {
    const me = await register();
    const other = await register();
    for (const id of [other.user.currentCompanyId, randomUUID(), 'not-a-uuid']) {
      const res = await send('POST', `/api/companies/${id}/switch`, {}, me.auth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'COMPANY_NOT_FOUND', message: 'Company not found' });
    }
    expect((await get('/api/auth/me', me.auth)).json().currentCompanyId).toBe(me.user.currentCompanyId);
  });

  it('should not take company_id or role from a body', async () => {
    const r = await register();
    const res = await send('POST', '/api/companies', { name: 'X', company_id: randomUUID(), role: 'owner' }, r.auth);
    expect(res.statusCode).toBe(400);
  });
});

describe('profile', () => {
  it('should show the profile with the account summary', async () => {
    const r = await register();
    const res = await get('/api/profile', r.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Ada Trainer',
      email: r.email,
      company_name: 'Acme Learning',
      bio: '',
      notifications: { projectUpdates: true, marketingEmails: false, systemAlerts: true },
      account: { tier: 'free-trial', plan: 'Free Trial', projects_used: 0, project_limit: 3, member_since: r.user.created_at },
    });
  });

  it('should persist name, bio, company name and notifications', async () => {
    const r = await register();
    const bio = '<script>alert(1)</script> Trainer since 2010.\nLoves slides.';
    const res = await send('PATCH', '/api/profile', { name: 'Ada L.', bio, company_name: 'Acme Academy', notifications: { projectUpdates: false, marketingEmails: true, systemAlerts: true } }, r.auth);
    expect(res.statusCode).toBe(200);
    const again = (await get('/api/profile', r.auth)).json();
    expect(again).toMatchObject({ name: 'Ada L.', bio, company_name: 'Acme Academy', notifications: { projectUpdates: false, marketingEmails: true, systemAlerts: true } });
    expect((await get('/api/companies', r.auth)).json().companies[0].name).toBe('Acme Academy');
    // The language of the emails sent unasked (a mention): one of the interface languages.
    expect(again.language).toBe('en');
    expect((await send('PATCH', '/api/profile', { language: 'fr' }, r.auth)).json().language).toBe('fr');
    expect((await send('PATCH', '/api/profile', { language: 'de' }, r.auth)).statusCode).toBe(400);
    expect((await get('/api/profile', r.auth)).json().language).toBe('fr');
  });

  it('should reject an empty name and control characters, changing nothing', async () => {
    const r = await register();
    expect((await send('PATCH', '/api/profile', { name: '' }, r.auth)).statusCode).toBe(400);
    expect((await send('PATCH', '/api/profile', { bio: 'bell \u0007' }, r.auth)).statusCode).toBe(400);
    expect((await get('/api/profile', r.auth)).json().name).toBe('Ada Trainer');
  });

  it('should not let a body set role, tier or company_id', async () => {
    const r = await register();
    for (const body of [{ role: 'owner' }, { tier: 'enterprise' }, { company_id: randomUUID() }, { subscription: { tier: 'enterprise' } }]) {
      expect((await send('PATCH', '/api/profile', body, r.auth)).statusCode).toBe(400);
    }
    const me = (await get('/api/auth/me', r.auth)).json();
    expect(me.subscription.tier).toBe('free-trial');
    expect(me.currentCompanyId).toBe(r.user.currentCompanyId);
  });
});

describe('events', () => {
  it('should publish user.registered through the outbox', async () => {
    const seen: string[] = [];
    await h.bus.subscribeDurable('api-test-registered', 'user.registered', async (e) => {
      seen.push(UserRegistered.decode(e.data).email);
    });
    const r = await register();
    await eventually(async () => seen.includes(r.email));
  });
});

describe('rate limits', () => {
  let limited: Harness;
  beforeAll(async () => {
    // A stack of its own: limits low enough to be reached.
    limited = await startHarness('ratelimit', { RATE_LIMIT_LOGIN_MAX: '3', RATE_LIMIT_REGISTER_MAX: '2', RATE_LIMIT_XAPI_MAX: '3' });
  }, STACK_START_MS);
  afterAll(async () => {
    await limited?.close();
  });

  it('should answer brute-force sign-in with 429', async () => {
    const attempt = () =>
      limited.request({ method: 'POST', url: '/api/auth/login', ...json({ email: 'victim@example.com', password: 'guess' }) });
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await attempt()).statusCode);
    expect(codes).toEqual([401, 401, 401, 429, 429]);
    const last = await attempt();
    expect(last.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a moment and try again.' });
  });

  it('should answer a flood of xAPI requests from one address with 429, in the xAPI version', async () => {
    const attempt = () => limited.request({ url: '/api/xapi/statements', headers: { 'x-experience-api-version': '1.0.3' } });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await attempt());
    expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 401, 429, 429]);
    expect(answers[4]!.headers['x-experience-api-version']).toBe('1.0.3');
    expect(answers[4]!.headers['retry-after']).toBeDefined();
  });

  it('should limit registrations too', async () => {
    const attempt = () =>
      limited.request({ method: 'POST', url: '/api/auth/register', ...json({ name: 'n', company: 'c', email: uniqueEmail(), password: 'password1' }) });
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await attempt()).statusCode);
    expect(codes).toEqual([201, 201, 429]);
  });
});
