// API tests of the preview's slide images through the real gateway and services: media-render
// draws each slide as the exports do (the title card, then the deck) and the gateway serves them
// as PNG images to members and on the public share route, never counted as downloads.
import { call as callAs, register as registerAccount, type Account } from './accounts.js';
import { STACK_START_MS, startHarness, type Harness } from './harness.js';

const PNG_SIGNATURE = '89504e470d0a1a0a';
let h: Harness;

beforeAll(async () => {
  // A stack of its own: the share routes' rate limit is low enough here to be reached.
  h = await startHarness('preview-slides', { RATE_LIMIT_LOGIN_MAX: '1000', RATE_LIMIT_REGISTER_MAX: '1000', RATE_LIMIT_SHARED_MAX: '20', GENERATE_WORKER: 'false' });
}, STACK_START_MS);
afterAll(async () => {
  await h?.close();
});

const call = (method: string, url: string, who: Account, body?: unknown) => callAs(h, method, url, who, body);
const register = (name = 'Pat Trainer') => registerAccount(h, name);

async function project(who: Account): Promise<string> {
  const res = await call('POST', '/api/projects', who, {
    title: 'Forklift Safety',
    project_type: 'slides_to_script',
    input_method: 'text',
    slides_content: '# Forklift Safety\n\n## Daily checks\n- Walk around the truck\n- Test the horn\n\n## Load limits\n- Read the load plate\n',
    image_style: 'modern',
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: string }).id;
}

async function expectPng(res: Response, cacheControl: RegExp) {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('cache-control')).toMatch(cacheControl);
  const png = Buffer.from(await res.arrayBuffer());
  expect(png.subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1280, 720]);
  return png;
}

describe('preview slides', () => {
  it("should list and serve a member's slides as PNG, 404 for another company and past the last slide, 400 for a bad number", async () => {
    const me = await register();
    const id = await project(me);
    const list = await call('GET', `/api/projects/${id}/preview/slides`, me);
    expect(list.statusCode).toBe(200);
    const { version, slides } = list.json() as { version: string; slides: Array<{ position: number; title: string; image_path: string }> };
    expect(slides.map((s) => s.title)).toEqual(['Forklift Safety', 'Daily checks', 'Load limits']);
    expect(slides[1]!.image_path).toBe(`/api/projects/${id}/preview/slides/1?v=${encodeURIComponent(version)}`);

    const first = await expectPng(await fetch(`${h.baseUrl}${slides[1]!.image_path}`, { headers: me.auth }), /^private, max-age=86400$/);
    const again = await expectPng(await fetch(`${h.baseUrl}/api/projects/${id}/preview/slides/1`, { headers: me.auth }), /^private, max-age=60$/);
    expect(again.equals(first)).toBe(true);
    // A version the slide was not drawn at is not kept long.
    await expectPng(await fetch(`${h.baseUrl}/api/projects/${id}/preview/slides/1?v=stale`, { headers: me.auth }), /^private, max-age=60$/);

    const past = await call('GET', `/api/projects/${id}/preview/slides/3`, me);
    expect(past.statusCode).toBe(404);
    expect(past.json()).toMatchObject({ code: 'NOT_FOUND' });
    for (const bad of ['x', '-1', '1.5']) {
      const res = await call('GET', `/api/projects/${id}/preview/slides/${bad}`, me);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }

    const other = await register('Other');
    for (const url of [`/api/projects/${id}/preview/slides`, `/api/projects/${id}/preview/slides/0`]) {
      const theirs = await call('GET', url, other);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual({ code: 'NOT_FOUND', message: 'Project not found' });
    }
    expect((await h.request({ url: `/api/projects/${id}/preview/slides/0` })).statusCode).toBe(401);
  });

  it("should serve a shared project's slides without sign-in", async () => {
    const me = await register();
    const id = await project(me);
    const { token } = (await call('POST', `/api/projects/${id}/share`, me)).json();
    const list = await h.request({ url: `/api/shared/${token}/preview/slides` });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { slides: unknown[] }).slides).toHaveLength(3);
    await expectPng(await fetch(`${h.baseUrl}/api/shared/${token}/preview/slides/0`), /^public, max-age=60$/);
    expect((await h.request({ url: `/api/shared/${token}/preview/slides/9` })).statusCode).toBe(404);
    expect((await h.request({ url: `/api/shared/${token}/preview/slides/abc` })).statusCode).toBe(400);
    expect((await h.request({ url: '/api/shared/guess/preview/slides/0' })).statusCode).toBe(404);
    await call('DELETE', `/api/projects/${id}/share`, me);
    expect((await h.request({ url: `/api/shared/${token}/preview/slides/0` })).statusCode).toBe(404);
  });

  it("should limit a share link's public routes per address", async () => {
    // RATE_LIMIT_SHARED_MAX is 20 here; the test before asked this route once.
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await h.request({ url: '/api/shared/guess/preview/slides' })).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(statuses.slice(-5)).toEqual(Array(5).fill(429));
    // Each route counts on its own: the logo's 21st request in the window is refused.
    let limited = await h.request({ url: '/api/shared/guess/logo' });
    for (let i = 0; i < 20; i++) limited = await h.request({ url: '/api/shared/guess/logo' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
