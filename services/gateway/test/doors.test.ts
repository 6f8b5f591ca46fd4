// Every limit at every door (issue 12): byte ranges count like downloads unless they continue
// one, PATCH checks voices as POST does, previews of a custom voice stay with its company, and
// malformed requests are a 400 in the one error shape {code, message, detail?}.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_LIMITS } from '@trainwright/catalogue';
import { call, eventually, register, type Account } from './accounts.js';
import { postDeclaringLength, sharedHarness, type Harness } from './harness.js';

const run = promisify(execFile);
let h: Harness;

beforeAll(async () => {
  h = await sharedHarness();
}, 60_000);

const SCRIPT = ['[SCENE: Ladders]', 'NARRATOR: Check the feet of a ladder before you climb it.', '[SCENE: Height]', 'NARRATOR: Keep three points of contact.'].join('\n');

async function completedProject(who: Account) {
  const res = await call(h, 'POST', '/api/projects', who, { title: 'Ladder Safety', project_type: 'script_to_slides', script_content: SCRIPT });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as string;
  const project = await eventually(async () => {
    const p = (await call(h, 'GET', `/api/projects/${id}`, who)).json();
    return ['completed', 'failed'].includes(p.status) ? p : undefined;
  }, 60_000);
  expect(project).toMatchObject({ status: 'completed' });
  return project;
}

async function download(who: Account, id: string, format: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${h.baseUrl}/api/projects/${id}/download/${format}`, { headers: { ...who.auth, ...headers } });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, body, json: () => JSON.parse(body.toString()) };
}

/** A raw HTTP request (fetch and the harness would normalise what these tests send). */
function raw(method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<{ status: number; body: string; json(): any }> {
  const url = new URL(h.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode!, body: text, json: () => JSON.parse(text) });
      });
    });
    // The gateway may answer (413) and close before a large body is written: that is no failure.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

/** The one error shape: code and message, detail only when there is one; nothing else. */
function expectErrorShape(body: any, code?: string) {
  expect(typeof body.code).toBe('string');
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  expect(Object.keys(body).every((k) => ['code', 'message', 'detail'].includes(k))).toBe(true);
  expect(body.code).not.toMatch(/^FST_/);
  if (code) expect(body.code).toBe(code);
}

describe('byte ranges and the download limit', () => {
  it('should refuse ranges past the trial limit unless they continue a download already counted', async () => {
    const me = await register(h, 'Rory Ranger');
    const project = await completedProject(me);
    for (let i = 0; i < 3; i++) expect((await download(me, project.id, 'txt')).status).toBe(200);
    expect((await download(me, project.id, 'pdf')).status).toBe(403);
    // The bypass: a suffix range, or one from byte 1, used to return the whole file every time.
    for (const range of ['bytes=-999999999', 'bytes=1-', 'bytes=0-']) {
      const res = await download(me, project.id, 'pdf', { range });
      expect({ range, status: res.status }).toEqual({ range, status: 403 });
      expect(res.json()).toMatchObject({ code: 'PLAN_LIMIT_REACHED' });
    }
    // A range that continues the counted txt download (same file) is still served.
    const whole = await download(me, project.id, 'txt', { range: 'bytes=0-' });
    expect(whole.status).toBe(206);
    const resumed = await download(me, project.id, 'txt', { range: 'bytes=5-' });
    expect(resumed.status).toBe(206);
    expect(resumed.body.equals(whole.body.subarray(5))).toBe(true);
    expect((await download(me, project.id, 'txt', { range: 'bytes=-10' })).status).toBe(206);
  }, 90_000);

  it('should count a range that starts a download, once, and let the ranges that continue it through', async () => {
    const me = await register(h, 'Sue Suffix');
    const project = await completedProject(me);
    expect((await download(me, project.id, 'pdf', { range: 'bytes=1-' })).status).toBe(206); // counted: 1
    expect((await download(me, project.id, 'pdf', { range: 'bytes=100-' })).status).toBe(206); // continues
    expect((await download(me, project.id, 'docx', { range: 'bytes=-10' })).status).toBe(206); // counted: 2
    expect((await download(me, project.id, 'docx', { range: 'bytes=0-99' })).status).toBe(206); // continues
    expect((await download(me, project.id, 'txt')).status).toBe(200); // counted: 3
    const fourth = await download(me, project.id, 'pptx', { range: 'bytes=-999999999' });
    expect(fourth.status).toBe(403);
    expect((await download(me, project.id, 'pptx')).status).toBe(403);
    // Another member's counted download is not the caller's to continue.
  }, 90_000);
});

describe('PATCH checks the voice as POST does', () => {
  it("should refuse a voice the plan does not open, and another company's custom voice", async () => {
    const me = await register(h, 'Pat Patch');
    const voices = (await call(h, 'GET', '/api/voices/available', me)).json().voices as Array<{ voice_id: string; name: string; category: string; locked: boolean; locked_message: string }>;
    const locked = voices.find((v) => v.locked)!;
    const free = voices.find((v) => !v.locked)!;
    const res = await call(h, 'POST', '/api/projects', me, { title: 'Voices', project_type: 'script_to_slides', script_content: SCRIPT });
    const id = res.json().id as string;

    const viaPost = await call(h, 'POST', '/api/projects', me, { title: 'Locked', script_content: SCRIPT, voice_selection: { voice_id: locked.voice_id, name: locked.name, category: locked.category } });
    expect(viaPost.statusCode).toBe(403);
    const viaPatch = await call(h, 'PATCH', `/api/projects/${id}`, me, { voice_selection: { voice_id: locked.voice_id, name: locked.name, category: locked.category } });
    expect(viaPatch.statusCode).toBe(403);
    expect(viaPatch.json()).toEqual(viaPost.json());

    const foreign = `custom:${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`;
    const post404 = await call(h, 'POST', '/api/projects', me, { title: 'Foreign', script_content: SCRIPT, voice_selection: { voice_id: foreign, name: 'x', category: 'matched' } });
    const patch404 = await call(h, 'PATCH', `/api/projects/${id}`, me, { voice_selection: { voice_id: foreign, name: 'x', category: 'matched' } });
    expect(patch404.statusCode).toBe(post404.statusCode);
    expect(patch404.statusCode).toBe(404);

    const ok = await call(h, 'PATCH', `/api/projects/${id}`, me, { voice_selection: { voice_id: free.voice_id, name: free.name, category: free.category } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().voice_selection).toMatchObject({ voice_id: free.voice_id });
  }, 30_000);
});

describe('previews of a custom voice', () => {
  it("should be readable by the voice's company only", async () => {
    const owner = await register(h, 'Cora Custom');
    const other = await register(h, 'Otto Other');
    const wav = join(h.scratchDir, 'sample.wav');
    await run('espeak-ng', ['-v', 'en-us', '-w', wav, 'Welcome to the safety induction. Today we look at fire exits and first aid.']);
    const form = new FormData();
    form.append('name', 'Cora the trainer');
    form.append('files', new Blob([readFileSync(wav)]), 'take.wav');
    const cloned = await fetch(`${h.baseUrl}/api/voices/clone`, { method: 'POST', body: form, headers: owner.auth });
    expect(cloned.status).toBe(201);
    const voiceId = ((await cloned.json()) as { voice_id: string }).voice_id;
    const preview = await call(h, 'POST', `/api/voices/preview/${encodeURIComponent(voiceId)}`, owner, { sample_text: 'Our private induction.' });
    expect(preview.statusCode).toBe(200);
    const url = preview.json().audio_url as string;
    expect((await fetch(h.baseUrl + url, { headers: owner.auth })).status).toBe(200);
    const peek = await fetch(h.baseUrl + url, { headers: other.auth });
    expect(peek.status).toBe(404);
    // The other company cannot preview the voice either, nor find its audio under the old id scheme.
    expect((await call(h, 'POST', `/api/voices/preview/${encodeURIComponent(voiceId)}`, other, { sample_text: 'Our private induction.' })).statusCode).toBe(404);
  }, 60_000);
});

describe('malformed requests are a 400 in the one error shape', () => {
  it('should refuse JSON nested too deep', async () => {
    const me = await register(h, 'Deep Diver');
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const res = await raw('POST', '/api/projects', { ...me.auth, 'content-type': 'application/json' }, `{"title":"Deep","script_content":"x","branding":${deep}}`);
    expect(res.status).toBe(400);
    expectErrorShape(res.json());
    expect(res.json().message).toMatch(/nested/i);
    const objects = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    const res2 = await raw('POST', '/api/auth/login', { 'content-type': 'application/json' }, objects);
    expect(res2.status).toBe(400);
    expectErrorShape(res2.json());
  });

  it('should refuse NUL bytes in a search, an e-mail and a path', async () => {
    const me = await register(h, 'Nul Nora');
    const search = await call(h, 'GET', '/api/projects?search=a%00b', me);
    expect(search.statusCode).toBe(400);
    expectErrorShape(search.json(), 'VALIDATION_FAILED');
    expect(search.json().message).toMatch(/search/);
    const login = await raw('POST', '/api/auth/login', { 'content-type': 'application/json' }, JSON.stringify({ email: 'a\u0000@example.com', password: 'password1' }));
    expect(login.status).toBe(400);
    expectErrorShape(login.json(), 'VALIDATION_FAILED');
    const reg = await raw('POST', '/api/auth/register', { 'content-type': 'application/json' }, JSON.stringify({ name: 'N', company: 'C', email: 'x\u0000y@example.com', password: 'password1' }));
    expect(reg.status).toBe(400);
    expectErrorShape(reg.json(), 'VALIDATION_FAILED');
    const path = await call(h, 'GET', '/api/projects/abc%00def', me);
    expect(path.statusCode).toBe(400);
    expectErrorShape(path.json(), 'VALIDATION_FAILED');
  });

  it('should refuse malformed multipart bodies', async () => {
    const me = await register(h, 'Mal Formed');
    const cases: Array<[string, string]> = [
      ['multipart/form-data; boundary=XYZ', '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello'],
      ['multipart/form-data; boundary=XYZ', 'this is not multipart at all'],
      ['multipart/form-data', '--XYZ\r\nContent-Disposition: form-data; name="kind"\r\n\r\nscript\r\n--XYZ--\r\n'],
      ['multipart/form-data; boundary=XYZ', '--XYZ\r\nContent-Disposition: form-data\r\n\r\nx\r\n--XYZ--\r\n'],
    ];
    for (const [type, body] of cases) {
      for (const path of ['/api/uploads', '/api/voices/clone']) {
        const res = await raw('POST', path, { ...me.auth, 'content-type': type }, body);
        expect({ path, type, body: body.slice(0, 30), status: res.status }).toEqual({ path, type, body: body.slice(0, 30), status: 400 });
        expectErrorShape(res.json());
      }
    }
  });

  it("should answer Fastify's own errors in the one shape", async () => {
    const me = await register(h, 'Fay Fastify');
    const long = await call(h, 'GET', `/api/projects/${'a'.repeat(500)}`, me);
    expect(long.statusCode).toBeGreaterThanOrEqual(400);
    expect(long.statusCode).toBeLessThan(500);
    expectErrorShape(long.json());
    const bad = await raw('GET', '/api/projects/%E0%A4%A', me.auth);
    expect(bad.status).toBe(400);
    expectErrorShape(bad.json());
    const type = await raw('POST', '/api/projects', { ...me.auth, 'content-type': 'text/xml' }, '<a/>');
    expect(type.status).toBe(415);
    expectErrorShape(type.json(), 'UNSUPPORTED_MEDIA_TYPE');
    const broken = await raw('POST', '/api/projects', { ...me.auth, 'content-type': 'application/json' }, '{"title":');
    expect(broken.status).toBe(400);
    expectErrorShape(broken.json(), 'INVALID_JSON');
    const big = await postDeclaringLength(h, '/api/projects', { ...me.auth, 'content-type': 'application/json' }, 12 * 1024 * 1024);
    expect(big.status).toBe(413);
    expectErrorShape(JSON.parse(big.text), 'PAYLOAD_TOO_LARGE');
    const charset = await raw('POST', '/api/projects', { ...me.auth, 'content-type': 'application/json; charset=latin1' }, '{}');
    expect(charset.status).toBeGreaterThanOrEqual(400);
    expect(charset.status).toBeLessThan(500);
    expectErrorShape(charset.json());
  });

  it('should hold one title limit in the gateway and the project service', async () => {
    const me = await register(h, 'Tim Title');
    const over = 'T'.repeat(PROJECT_LIMITS.title + 1);
    const create = await call(h, 'POST', '/api/projects', me, { title: over, script_content: SCRIPT });
    expect(create.statusCode).toBe(400);
    expect(create.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: `title must be at most ${PROJECT_LIMITS.title} characters`, detail: { field: 'title' } });
    const ok = await call(h, 'POST', '/api/projects', me, { title: 'T'.repeat(PROJECT_LIMITS.title), script_content: SCRIPT });
    expect(ok.statusCode).toBe(201);
    const patch = await call(h, 'PATCH', `/api/projects/${ok.json().id}`, me, { title: over });
    expect(patch.statusCode).toBe(400);
    expect(patch.json()).toEqual(create.json());
  });
});
