// The learning record store's xAPI 1.0.3 endpoint through the gateway (docs/analytics.md): an LRS
// client with a company's credential stores statements and reads them back by id and by query,
// pages with `more`, voids, keeps documents; what the specification refuses is refused, and one
// company's credential never reaches another's statements.
import { createHash, randomUUID } from 'node:crypto';
import { call, register, type Account } from './accounts.js';
import { sharedHarness, type Harness } from './harness.js';

let h: Harness;
let owner: Account;
let basic: string;
let otherBasic: string;

const V = { 'x-experience-api-version': '1.0.3' };

async function credential(who: Account, scopes?: string[]): Promise<string> {
  const created = (await call(h, 'POST', '/api/analytics/lrs-keys', who, { name: `Client ${randomUUID().slice(0, 8)}`, ...(scopes ? { scopes } : {}) })).json();
  return `Basic ${Buffer.from(`${created.key}:${created.secret}`).toString('base64')}`;
}

function xapi(method: string, url: string, options: { auth?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {}) {
  const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  return h.request({
    method,
    url: `/api/xapi/${url}`,
    payload,
    headers: { ...V, ...(options.auth === '' ? {} : { authorization: options.auth ?? basic }), ...(payload !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers },
  });
}

const statement = (over: Record<string, unknown> = {}): Record<string, any> => ({
  actor: { objectType: 'Agent', name: 'Ana Learner', mbox: 'mailto:ana@example.com' },
  verb: { id: 'https://w3id.org/xapi/video/verbs/played', display: { 'en-US': 'played' } },
  object: { objectType: 'Activity', id: 'https://trainwright.test/activities/forklift', definition: { name: { 'en-US': 'Forklift basics', 'es-ES': 'Carretilla' } } },
  ...over,
});

beforeAll(async () => {
  h = await sharedHarness();
  owner = await register(h, 'Rhea Records', 'business');
  basic = await credential(owner);
  const stranger = await register(h, 'Otto Records', 'business');
  otherBasic = await credential(stranger);
}, 120_000);

describe('xAPI statements', () => {
  it('should store a statement, answer its id, and give it back by id with what the LRS set', async () => {
    const posted = await xapi('POST', 'statements', { body: statement() });
    expect(posted.statusCode).toBe(200);
    expect(posted.headers['x-experience-api-version']).toBe('1.0.3');
    expect(Date.parse(posted.headers['x-experience-api-consistent-through']!)).toBeGreaterThan(Date.now() - 60_000);
    const [id] = posted.json();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const got = await xapi('GET', `statements?statementId=${id}`);
    expect(got.statusCode).toBe(200);
    const s = got.json();
    expect(s).toMatchObject({ id, version: '1.0.0', actor: { mbox: 'mailto:ana@example.com' }, authority: { objectType: 'Agent', account: { homePage: 'http://localhost:3000/api/xapi/' } } });
    expect(Date.parse(s.stored)).toBeGreaterThan(Date.now() - 60_000);
    expect(s.timestamp).toBe(s.stored);
    expect(got.headers['last-modified']).toBe(new Date(s.stored).toUTCString());

    // HEAD: the same answer without a body.
    const head = await xapi('HEAD', `statements?statementId=${id}`);
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('should take PUT with the id, answer a repeat as stored, and refuse a different statement with the same id (409)', async () => {
    const id = randomUUID();
    expect((await xapi('PUT', `statements?statementId=${id}`, { body: statement() })).statusCode).toBe(204);
    expect((await xapi('PUT', `statements?statementId=${id}`, { body: statement() })).statusCode).toBe(204);
    const other = await xapi('POST', 'statements', { body: statement({ id, verb: { id: 'https://w3id.org/xapi/video/verbs/paused' } }) });
    expect(other.statusCode).toBe(409);
    expect((await xapi('GET', `statements?statementId=${id}`)).json().verb.id).toBe('https://w3id.org/xapi/video/verbs/played');
    // The id of the body must be the parameter's.
    expect((await xapi('PUT', `statements?statementId=${randomUUID()}`, { body: statement({ id }) })).statusCode).toBe(400);
  });

  it('should store a batch whole or not at all', async () => {
    const good = statement({ id: randomUUID() });
    const refused = await xapi('POST', 'statements', { body: [good, statement({ actor: { mbox: 'ana@example.com' } })] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Statement 2 of 2: statement.actor.mbox must be a Mailto');
    expect((await xapi('GET', `statements?statementId=${good.id}`)).statusCode).toBe(404);
  });

  it('should filter, page with more, and void', async () => {
    const registration = randomUUID();
    const ids: string[] = (await xapi('POST', 'statements', { body: [1, 2, 3].map((n) => statement({ context: { registration, contextActivities: { parent: { id: `https://trainwright.test/courses/${n}` } } } })) })).json();
    const page1 = await xapi('GET', `statements?registration=${registration}&limit=2`);
    expect(page1.statusCode).toBe(200);
    const body1 = page1.json();
    expect(body1.statements.map((s: { id: string }) => s.id)).toEqual([ids[2], ids[1]]);
    // Context activities are arrays.
    expect(body1.statements[0].context.contextActivities.parent).toEqual([{ id: 'https://trainwright.test/courses/3' }]);
    expect(body1.more).toMatch(/^\/api\/xapi\/statements\?more=/);
    const page2 = await h.request({ url: body1.more, headers: { ...V, authorization: basic } });
    expect(page2.json()).toEqual({ statements: [expect.objectContaining({ id: ids[0] })], more: '' });
    expect((await xapi('GET', `statements?registration=${registration}&ascending=true`)).json().statements.map((s: { id: string }) => s.id)).toEqual(ids);
    expect((await xapi('GET', `statements?activity=${encodeURIComponent('https://trainwright.test/courses/2')}&related_activities=true`)).json().statements.map((s: { id: string }) => s.id)).toEqual([ids[1]]);

    const voiding = await xapi('POST', 'statements', { body: statement({ verb: { id: 'http://adlnet.gov/expapi/verbs/voided' }, object: { objectType: 'StatementRef', id: ids[0] } }) });
    expect(voiding.statusCode).toBe(200);
    expect((await xapi('GET', `statements?statementId=${ids[0]}`)).statusCode).toBe(404);
    expect((await xapi('GET', `statements?voidedStatementId=${ids[0]}`)).json().id).toBe(ids[0]);
    // The voided statement is left out; the voiding statement refers to one that matches, so it matches too.
    const after = (await xapi('GET', `statements?registration=${registration}`)).json().statements.map((s: { id: string }) => s.id);
    expect(after).toEqual([voiding.json()[0], ids[2], ids[1]]);
  });

  it('should speak the alternate request syntax', async () => {
    const id = randomUUID();
    const form = new URLSearchParams({ statementId: id, content: JSON.stringify(statement()), Authorization: basic, 'X-Experience-API-Version': '1.0.3', 'Content-Type': 'application/json' });
    const put = await h.request({ method: 'POST', url: '/api/xapi/statements?method=PUT', payload: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(put.statusCode).toBe(204);
    const get = await h.request({ method: 'POST', url: '/api/xapi/statements?method=GET', payload: new URLSearchParams({ statementId: id, Authorization: basic, 'X-Experience-API-Version': '1.0.3' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(get.json().id).toBe(id);
    expect((await h.request({ method: 'POST', url: `/api/xapi/statements?method=GET&statementId=${id}`, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(400);
  });

  it('should refuse what the specification refuses', async () => {
    expect((await xapi('GET', 'statements', { headers: { 'x-experience-api-version': '' } })).statusCode).toBe(400);
    expect((await xapi('GET', 'statements', { headers: { 'x-experience-api-version': '1.1.0' } })).statusCode).toBe(400);
    expect((await xapi('GET', 'statements?statementid=x')).statusCode).toBe(400);
    expect((await xapi('GET', `statements?statementId=${randomUUID()}&verb=${encodeURIComponent('http://a.b/c')}`)).statusCode).toBe(400);
    expect((await xapi('POST', 'statements', { raw: '{"actor":' })).statusCode).toBe(400);
    expect((await xapi('POST', 'statements', { body: statement({ timestamp: new Date(Date.now() + 7 * 86_400_000).toISOString() }) })).json().message).toMatch(/timestamp is more than 24 hours in the future/);
    const id = randomUUID();
    expect((await xapi('POST', 'statements', { body: [statement({ id }), statement({ id })] })).statusCode).toBe(400);
    const group = { objectType: 'Group', mbox: 'mailto:team@example.com', member: [{ objectType: 'Group', mbox: 'mailto:inner@example.com' }] };
    expect((await xapi('POST', 'statements', { body: statement({ actor: group }) })).statusCode).toBe(400);
  });

  it('should take attachments as multipart/mixed and give them back with attachments=true', async () => {
    const content = Buffer.from('a certificate of completion');
    const sha2 = createHash('sha256').update(content).digest('hex');
    const withAttachment = statement({ attachments: [{ usageType: 'http://id.tincanapi.com/attachment/certificate-of-completion', display: { 'en-US': 'Certificate' }, contentType: 'text/plain', length: content.length, sha2 }] });
    const boundary = 'xapi-boundary-1';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(withAttachment)}\r\n--${boundary}\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: binary\r\nX-Experience-API-Hash: ${sha2}\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const posted = await h.request({ method: 'POST', url: '/api/xapi/statements', payload: body.toString('utf8'), headers: { ...V, authorization: basic, 'content-type': `multipart/mixed; boundary=${boundary}` } });
    expect(posted.statusCode).toBe(200);
    const [id] = posted.json();
    const got = await xapi('GET', `statements?statementId=${id}&attachments=true`);
    expect(got.headers['content-type']).toMatch(/^multipart\/mixed; boundary=/);
    expect(got.body).toContain(`X-Experience-API-Hash: ${sha2}`);
    expect(got.body).toContain('a certificate of completion');
    // Without its part, the attachment is refused (it has no fileUrl).
    expect((await xapi('POST', 'statements', { body: withAttachment })).statusCode).toBe(400);
  });

  it('should refuse 10,000 statements in one request and store none of them', async () => {
    const registration = randomUUID();
    const many = Array.from({ length: 10_000 }, () => statement({ context: { registration } }));
    const refused = await xapi('POST', 'statements', { body: many });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe('At most 1000 statements can be sent in one request; send the rest in further requests.');
    expect((await xapi('GET', `statements?registration=${registration}`)).json().statements).toEqual([]);
  });

  it('should refuse a forged secret and a revoked credential', async () => {
    const created = (await call(h, 'POST', '/api/analytics/lrs-keys', owner, { name: 'Soon revoked' })).json();
    const auth = `Basic ${Buffer.from(`${created.key}:${created.secret}`).toString('base64')}`;
    expect((await xapi('POST', 'statements', { auth, body: statement() })).statusCode).toBe(200);
    expect((await xapi('POST', 'statements', { auth: `Basic ${Buffer.from(`${created.key}:${created.secret.slice(1)}x`).toString('base64')}`, body: statement() })).statusCode).toBe(401);
    expect((await call(h, 'DELETE', `/api/analytics/lrs-keys/${created.id}`, owner)).statusCode).toBe(204);
    expect((await xapi('POST', 'statements', { auth, body: statement() })).statusCode).toBe(401);
  });

  it('should answer 401 without a valid credential and keep companies apart', async () => {
    const unauthenticated = await xapi('GET', 'statements', { auth: '' });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.headers['www-authenticate']).toMatch(/^Basic/);
    expect((await xapi('GET', 'statements', { auth: `Basic ${Buffer.from('foo:bar').toString('base64')}` })).statusCode).toBe(401);
    const [id] = (await xapi('POST', 'statements', { body: statement() })).json();
    expect((await xapi('GET', `statements?statementId=${id}`, { auth: otherBasic })).statusCode).toBe(404);
    expect((await xapi('GET', 'statements', { auth: otherBasic })).json().statements.map((s: { id: string }) => s.id)).not.toContain(id);
    // A write-only credential cannot read.
    const writeOnly = await credential(owner, ['statements/write']);
    expect((await xapi('GET', 'statements', { auth: writeOnly })).statusCode).toBe(403);
  });
});

describe('xAPI from other origins', () => {
  it('should let content on any site report with a credential, without cookies, and keep the rest of the API to the web app', async () => {
    const preflight = await h.request({ method: 'OPTIONS', url: '/api/xapi/statements', headers: { origin: 'https://lms.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type,x-experience-api-version' } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-headers']?.toLowerCase()).toContain('x-experience-api-version');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    const posted = await xapi('POST', 'statements', { body: statement(), headers: { origin: 'https://lms.example' } });
    expect(posted.statusCode).toBe(200);
    expect(posted.headers['access-control-allow-origin']).toBe('*');
    expect(posted.headers['access-control-expose-headers']).toContain('X-Experience-API-Consistent-Through');
    const other = await h.request({ method: 'OPTIONS', url: '/api/projects', headers: { origin: 'https://lms.example', 'access-control-request-method': 'GET' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('xAPI documents', () => {
  const agent = encodeURIComponent(JSON.stringify({ mbox: 'mailto:ana@example.com' }));
  const activity = encodeURIComponent('https://trainwright.test/activities/forklift');

  it('should keep, merge, list and delete State documents', async () => {
    const at = `activities/state?activityId=${activity}&agent=${agent}&stateId=bookmark`;
    expect((await xapi('PUT', at, { body: { slide: 3 } })).statusCode).toBe(204);
    expect((await xapi('POST', at, { body: { seconds: 42 } })).statusCode).toBe(204);
    const got = await xapi('GET', at);
    expect(got.json()).toEqual({ slide: 3, seconds: 42 });
    expect(got.headers.etag).toMatch(/^"[0-9a-f]{40}"$/);
    expect((await xapi('GET', `activities/state?activityId=${activity}&agent=${agent}`)).json()).toEqual(['bookmark']);
    expect((await xapi('DELETE', at)).statusCode).toBe(204);
    expect((await xapi('GET', at)).statusCode).toBe(404);
  });

  it('should guard profiles with ETags', async () => {
    const at = `activities/profile?activityId=${activity}&profileId=settings`;
    expect((await xapi('PUT', at, { body: { a: 1 }, headers: { 'if-none-match': '*' } })).statusCode).toBe(204);
    const etag = (await xapi('GET', at)).headers.etag!;
    expect((await xapi('PUT', at, { body: { a: 2 } })).statusCode).toBe(409);
    expect((await xapi('PUT', at, { body: { a: 2 }, headers: { 'if-match': '"0000000000000000000000000000000000000000"' } })).statusCode).toBe(412);
    expect((await xapi('PUT', at, { body: { a: 2 }, headers: { 'if-match': etag } })).statusCode).toBe(204);
    expect((await xapi('GET', at)).json()).toEqual({ a: 2 });
    expect((await xapi('GET', at, { auth: otherBasic })).statusCode).toBe(404);
  });

  it('should answer Activities and Agents', async () => {
    await xapi('POST', 'statements', { body: statement() });
    expect((await xapi('GET', `activities?activityId=${activity}`)).json()).toMatchObject({ objectType: 'Activity', id: 'https://trainwright.test/activities/forklift', definition: { name: { 'en-US': 'Forklift basics' } } });
    expect((await xapi('GET', `agents?agent=${agent}`)).json()).toEqual({ objectType: 'Person', name: ['Ana Learner'], mbox: ['mailto:ana@example.com'] });
  });
});
