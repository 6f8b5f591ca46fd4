// API tests of projects' logos (docs/security.md, case 12) through the real gateway and services:
// the logo is fetched once by media-render from a server on 127.0.0.1 (allowed through
// URL_FETCH_ALLOW_ORIGINS) and served by us, to members and on the public share route, as an
// image only; the API answers our path, never sending browsers to the URL the user typed.
import { createServer, type Server } from 'node:http';
import { createDatabase } from '@trainwright/platform';
import { sql } from 'kysely';
import { call as callAs, register as registerAccount, type Account } from './accounts.js';
import { STACK_START_MS, startHarness, type Harness } from './harness.js';

// A 1x1 PNG (signature, IHDR with width and height 1, IDAT, IEND).
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082', 'hex');
let server: Server;
let origin = '';
const hits = new Map<string, number>();
let h: Harness;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(req.url === '/logo.png' ? PNG : '<html><script>alert(1)</script></html>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  // A stack of its own: the logo fetch is allowed this file's local server as an origin.
  h = await startHarness('logos', { RATE_LIMIT_LOGIN_MAX: '1000', RATE_LIMIT_REGISTER_MAX: '1000', GENERATE_WORKER: 'false', URL_FETCH_ALLOW_ORIGINS: origin });
}, STACK_START_MS);
afterAll(async () => {
  await h?.close();
  server?.close();
});

const call = (method: string, url: string, who: Account, body?: unknown) => callAs(h, method, url, who, body);

/** A project whose logo URL is the local server's: written in the project's row, as the API refuses private addresses. */
async function projectWithLogo(who: Account, path: string): Promise<{ id: string; logoUrl: string }> {
  const res = await call('POST', '/api/projects', who, { title: 'Forklift Safety', project_type: 'script_to_slides', script_content: '## Welcome\n- Why safety matters' });
  const { id } = res.json() as { id: string };
  const logoUrl = `${origin}${path}`;
  const db = createDatabase<{ projects: { id: string; branding: unknown } }>({ url: h.infra.databaseUrl, schema: 'project' });
  await db.updateTable('projects').set({ branding: sql`${JSON.stringify({ company_name: 'Acme', logo_url: logoUrl, website: '' })}::jsonb` }).where('id', '=', id).execute();
  await db.destroy();
  return { id, logoUrl };
}

function expectImage(res: Response, cacheControl: RegExp) {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
  expect(res.headers.get('cache-control')).toMatch(cacheControl);
}

describe('project logos', () => {
  it('should serve the logo fetched once to members, and 404 to another company', async () => {
    const me = await register();
    const { id, logoUrl } = await projectWithLogo(me, '/logo.png');
    const project = (await call('GET', `/api/projects/${id}`, me)).json();
    expect(project.branding).toEqual({ company_name: 'Acme', logo_url: logoUrl, website: '', logo_path: `/api/projects/${id}/logo` });

    for (let i = 0; i < 2; i += 1) {
      const res = await fetch(`${h.baseUrl}/api/projects/${id}/logo`, { headers: me.auth });
      expectImage(res, /private/);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
    }
    expect(hits.get('/logo.png')).toBe(1);

    const other = await register('Other');
    const theirs = await call('GET', `/api/projects/${id}/logo`, other);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ code: 'NOT_FOUND', message: 'Project not found' });
    expect((await h.request({ url: `/api/projects/${id}/logo` })).statusCode).toBe(401);
  });

  it('should serve a shared project its logo without sign-in, and 404 for no usable logo', async () => {
    const me = await register();
    const { id } = await projectWithLogo(me, '/logo.png');
    const { token } = (await call('POST', `/api/projects/${id}/share`, me)).json();
    const shared = (await h.request({ url: `/api/shared/${token}` })).json();
    expect(shared.branding.logo_path).toBe(`/api/shared/${token}/logo`);
    expect(shared).not.toHaveProperty('project_id');

    const res = await fetch(`${h.baseUrl}/api/shared/${token}/logo`);
    expectImage(res, /public/);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);

    const unknown = await h.request({ url: '/api/shared/guess/logo' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });

    // Not an image: kept with its reason, fetched once, never served.
    const fake = await projectWithLogo(me, '/fake.png');
    for (let i = 0; i < 2; i += 1) {
      const answer = await call('GET', `/api/projects/${fake.id}/logo`, me);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ code: 'NOT_FOUND', message: 'This project has no logo that can be shown.' });
    }
    expect(hits.get('/fake.png')).toBe(1);
  });
});

const register = (name = 'Pat Trainer') => registerAccount(h, name);
