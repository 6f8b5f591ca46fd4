// Nothing in the product answers a malformed request with a 5xx (issue 12, "Done when"): every
// route the gateway documents (its OpenAPI document, so a new route is swept without editing this
// file) is sent malformed path values, query strings and bodies, signed in and anonymous. Each
// answer must be below 500 and, when it is an error, in the one error shape.
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { call, register, type Account } from './accounts.js';
import { sharedHarness, type Harness } from './harness.js';

let h: Harness;

beforeAll(async () => {
  h = await sharedHarness();
}, 60_000);

/** Routes that hold the connection open by design (the event stream). */
const STREAMS = new Set(['/api/events']);

const PATH_VALUES = ['%00', 'a'.repeat(300), '..%2F..%2Fetc', "'%20OR%201%3D1--", '-1', '%E0%A4%A', '%F0%9F%92%A9', randomUUID()];

const QUERY = '?page=-1&page_size=abc&search=%00&company_id=%00&status=%3Cscript%3E&project_type[]=x&sort=;drop&limit=1e309';

interface Operation {
  method: string;
  path: string;
  bodyProperties: Record<string, { type?: string }>;
  multipart: boolean;
}

function operationsOf(doc: any): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content = op.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        bodyProperties: content['application/json']?.schema?.properties ?? {},
        multipart: Boolean(content['multipart/form-data']) || /upload|clone/.test(path),
      });
    }
  }
  return operations;
}

/** Bodies that are not what any route expects: not JSON, the wrong JSON, the right keys with wrong values. */
function bodiesFor(op: Operation): string[] {
  const keys = Object.keys(op.bodyProperties);
  const wrongTypes = Object.fromEntries(keys.map((k) => [k, op.bodyProperties[k]?.type === 'string' ? { $ne: 1 } : 'not-a-number']));
  const nulBytes = Object.fromEntries(keys.map((k) => [k, op.bodyProperties[k]?.type === 'string' ? `a\u0000b${'x'.repeat(20_000)}` : -1e20]));
  const nulls = Object.fromEntries(keys.map((k) => [k, null]));
  return [
    '{"title":',
    'null',
    '[]',
    '"text"',
    '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
    '['.repeat(3000) + ']'.repeat(3000),
    JSON.stringify(wrongTypes),
    JSON.stringify(nulBytes),
    JSON.stringify(nulls),
    JSON.stringify({ company_id: '%00', id: 'a'.repeat(5000), page: 1e309 }),
  ];
}

/** A raw request: fetch would normalise bodies and paths these tests mean to send as they are. */
function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  const url = new URL(h.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString() }));
    });
    req.setTimeout(15_000, () => req.destroy(new Error(`${method} ${path}: no answer in 15 s`)));
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') resolve({ status: 0, text: '' });
      else reject(error);
    });
    req.end(body);
  });
}

/** Why an answer is wrong, or '' when it is right. */
function problemOf(status: number, text: string): string {
  if (status >= 500) return `status ${status}: ${text.slice(0, 160)}`;
  if (status < 400 || status === 0) return '';
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    return `status ${status} without a JSON error body`;
  }
  const shaped = typeof body?.code === 'string' && typeof body?.message === 'string' && Object.keys(body).every((k) => ['code', 'message', 'detail', 'message_id', 'params'].includes(k));
  return shaped && !body.code.startsWith('FST_') ? '' : `status ${status} not in the one error shape: ${text.slice(0, 160)}`;
}

describe('malformed requests on every documented route', () => {
  it('should never answer 5xx, and answer errors in the one shape', async () => {
    const doc = JSON.parse((await send('GET', '/api/docs/json', {})).text);
    const operations = operationsOf(doc).filter((op) => !STREAMS.has(op.path));
    // Enough of the product is swept to mean something (the gateway documents every route).
    expect(operations.length).toBeGreaterThan(30);

    let me: Account = await register(h, 'Sweep Sam');
    const project = (await call(h, 'POST', '/api/projects', me, { title: 'Sweep', project_type: 'script_to_slides', script_content: 'NARRATOR: Hello.' })).json().id as string;
    const problems: string[] = [];
    let sent = 0;

    async function check(label: string, method: string, path: string, headers: Record<string, string>, body?: string) {
      const answer = await send(method, path, headers, body);
      sent++;
      const problem = problemOf(answer.status, answer.text);
      if (problem) problems.push(`${label} ${method} ${path.slice(0, 120)}${body === undefined ? '' : ` body ${body.slice(0, 40)}`}: ${problem}`);
      // A route that ends the session (logout, account deletion) leaves the sweep signed out.
      if (label === 'signed-in' && answer.status === 401) me = await register(h, 'Sweep Sam');
    }

    for (const op of operations) {
      const paths = op.path.includes('{')
        ? [...PATH_VALUES.map((v) => op.path.replace(/\{[^}]+\}/g, v)), op.path.replace(/\{id\}/g, project).replace(/\{[^}]+\}/g, 'x')]
        : [op.path];
      // Anonymous: one malformed call per route is enough to reach its guard.
      await check('anonymous', op.method, `${paths[0]}${QUERY}`, { 'content-type': 'application/json' }, op.method === 'GET' || op.method === 'DELETE' ? undefined : '{"a":');
      for (const path of paths) {
        await check('signed-in', op.method, `${path}${QUERY}`, me.auth);
      }
      if (op.method === 'GET') continue;
      const target = paths[paths.length - 1]!;
      const contentType = op.multipart ? 'multipart/form-data; boundary=sweep' : 'application/json';
      for (const body of bodiesFor(op)) {
        await check('signed-in', op.method, target, { ...me.auth, 'content-type': contentType }, body);
      }
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(300);
  }, 240_000);
});
