// The learning record store's credentials through the gateway (docs/analytics.md): the Owner
// creates one (the secret answered once, never listed), lists and revokes them; an Editor may not,
// a plan without analytics may not, another company finds none.
import { randomUUID } from 'node:crypto';
import { addMember, call, eventually, register, type Account } from './accounts.js';
import { sharedHarness, type Harness } from './harness.js';

let h: Harness;
let owner: Account;

beforeAll(async () => {
  h = await sharedHarness();
  owner = await register(h, 'Lara Records', 'business');
}, 120_000);

const create = (who: Account, body: unknown) => call(h, 'POST', '/api/analytics/lrs-keys', who, body);
const list = (who: Account) => call(h, 'GET', '/api/analytics/lrs-keys', who);

describe('LRS credentials', () => {
  it('should give the Owner a credential whose secret is shown once, list it without the secret, and revoke it', async () => {
    const created = await create(owner, { name: 'Moodle production', scopes: ['statements/write', 'statements/read/mine'] });
    expect(created.statusCode).toBe(201);
    const key = created.json();
    expect(key).toMatchObject({ name: 'Moodle production', company_id: owner.companyId, scopes: ['statements/write', 'statements/read/mine'], endpoint: 'http://localhost:3000/api/xapi/', last_used_at: null });
    expect(key.key).toMatch(/^[\w-]{20}$/);
    expect(key.secret).toMatch(/^[\w-]{43}$/);
    const defaulted = (await create(owner, { name: 'Everything' })).json();
    expect(defaulted.scopes).toEqual(['all']);

    const listed = await list(owner);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().keys.map((k: { name: string }) => k.name)).toEqual(['Everything', 'Moodle production']);
    expect(listed.body).not.toContain(key.secret);
    expect(listed.body).not.toContain('scrypt');

    expect((await call(h, 'DELETE', `/api/analytics/lrs-keys/${key.id}`, owner)).statusCode).toBe(204);
    expect(list(owner).then((r) => r.json().keys.map((k: { id: string }) => k.id))).resolves.toEqual([defaulted.id]);
    // Revoked is gone: a second revoke finds nothing.
    expect((await call(h, 'DELETE', `/api/analytics/lrs-keys/${key.id}`, owner)).statusCode).toBe(404);
  });

  it('should keep credentials to the Owner of a plan with analytics, and to their company', async () => {
    const editor = await register(h, 'Eddie Records');
    await addMember(h, owner.companyId, editor, 'editor');
    const ownerKey = (await create(owner, { name: 'Kept' })).json();
    const asMember = `?company_id=${owner.companyId}`;
    await eventually(async () => (await call(h, 'GET', `/api/analytics/lrs-keys${asMember}`, editor)).statusCode === 403, 10_000);
    expect((await create(editor, { name: 'Mine', company_id: owner.companyId })).statusCode).toBe(403);
    expect((await call(h, 'DELETE', `/api/analytics/lrs-keys/${ownerKey.id}`, editor)).statusCode).toBe(403);

    const stranger = await register(h, 'Stella Records', 'business');
    expect((await call(h, 'GET', `/api/analytics/lrs-keys${asMember}`, stranger)).statusCode).toBe(404);
    expect((await call(h, 'DELETE', `/api/analytics/lrs-keys/${ownerKey.id}`, stranger)).statusCode).toBe(404);
    expect((await list(stranger)).json().keys).toEqual([]);

    // A plan without analytics: the plan's message.
    const trial = await register(h, 'Tina Records', 'professional');
    const refused = await create(trial, { name: 'Nope' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FEATURE_NOT_AVAILABLE');
  });

  it("should tell any client the xAPI versions it speaks at /about, with the version header", async () => {
    const about = await h.request({ url: '/api/xapi/about' });
    expect(about.statusCode).toBe(200);
    expect(about.json()).toEqual({ version: ['1.0.3'], extensions: {} });
    expect(about.headers['x-experience-api-version']).toBe('1.0.3');
    // HEAD answers the same without a body (Communication 1.1).
    const head = await h.request({ method: 'HEAD', url: '/api/xapi/about' });
    expect({ status: head.statusCode, body: head.body, version: head.headers['x-experience-api-version'] }).toEqual({ status: 200, body: '', version: '1.0.3' });
  });

  it('should refuse bad credentials requests with clear answers', async () => {
    const bad = async (body: unknown, status: number, messageId?: string) => {
      const res = await create(owner, body);
      expect({ body, status: res.statusCode }).toEqual({ body, status });
      if (messageId) expect(res.json().message_id).toBe(messageId);
    };
    await bad({ name: '   ' }, 400, 'analytics.keyNameRequired');
    await bad({ name: 'x'.repeat(101) }, 400, 'analytics.keyNameTooLong');
    await bad({ name: 'x'.repeat(500) }, 400);
    await bad({ name: 'Scopes', scopes: ['statements/delete'] }, 400, 'analytics.unknownScope');
    await bad({ name: 'Extra', admin: true }, 400);
    await bad({}, 400);
    expect((await call(h, 'DELETE', `/api/analytics/lrs-keys/${randomUUID()}`, owner)).statusCode).toBe(404);
    expect((await call(h, 'DELETE', '/api/analytics/lrs-keys/not-an-id', owner)).statusCode).toBe(404);
  });
});
