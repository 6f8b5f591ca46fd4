// Rendering and downloads through the real gateway: the generator's and media-render's real
// workers run each project's jobs; files are read back by real consumers (pdftotext, ffprobe).
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { NARRATED_SCRIPT as SCRIPT, call, eventually, payForVideo, register, type Account } from './accounts.js';
import { sharedHarness, type Harness } from './harness.js';

const run = promisify(execFile);
let h: Harness;

beforeAll(async () => {
  h = await sharedHarness();
}, 60_000);

async function completedProject(who: Account, extra: Record<string, unknown> = {}) {
  const res = await call(h, 'POST', '/api/projects', who, { title: 'Forklift Safety – Level 1', project_type: 'script_to_slides', script_content: SCRIPT, ...extra });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as string;
  const project = await eventually(async () => {
    const p = (await call(h, 'GET', `/api/projects/${id}`, who)).json();
    return ['completed', 'failed'].includes(p.status) ? p : undefined;
  }, 60_000);
  expect(project).toMatchObject({ status: 'completed', error: null });
  return project;
}

async function download(who: Account, id: string, format: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${h.baseUrl}/api/projects/${id}/download/${format}`, { headers: { ...who.auth, ...headers } });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, body, json: () => JSON.parse(body.toString()) };
}

function preview(who: Account, id: string, headers: Record<string, string> = {}) {
  return fetch(`${h.baseUrl}/api/projects/${id}/preview/video`, { headers: { ...who.auth, ...headers } }).then(async (response) => {
    const body = Buffer.from(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, body, json: () => JSON.parse(body.toString()) };
  });
}

/** GetProject calls the project service has answered. */
const getProjectCalls = () => h.grpcCalls('trainwright.project.v1.ProjectService', 'getProject');

describe('GET /api/projects/{id}/download/{format}', () => {
  it("should answer from media-render's own view of the project: no call to the project service, titles that follow edits, 404 for other companies", async () => {
    const me = await register(h, 'Vera View', 'professional');
    const stranger = await register(h, 'Stan Stranger', 'professional');
    const project = await completedProject(me);
    // From here on nothing asks for the project: every download is gateway -> media-render alone.
    const before = await getProjectCalls();
    expect(before).toBeGreaterThan(0);

    const first = await download(me, project.id, 'txt');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-disposition')).toContain(`filename*=UTF-8''Forklift%20Safety%20%E2%80%93%20Level%201.txt`);
    const refused = await download(stranger, project.id, 'txt');
    expect(refused.status).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await preview(stranger, project.id)).status).toBe(404);

    // A rename reaches the view through project.updated; the next download is named after it.
    const renamed = await call(h, 'PATCH', `/api/projects/${project.id}`, me, { title: 'Forklift Safety – Level 2' });
    expect(renamed.statusCode).toBe(200);
    const after = await eventually(async () => {
      // A range of the file downloaded above continues that download: not counted against the plan.
      const file = await download(me, project.id, 'txt', { range: 'bytes=1-' });
      return file.headers.get('content-disposition')?.includes('Level%202') ? file : undefined;
    }, 10_000);
    expect(after.status).toBe(206);
    expect((await download(me, project.id, 'pdf')).headers.get('content-disposition')).toContain(`filename*=UTF-8''Forklift%20Safety%20%E2%80%93%20Level%202.pdf`);
    expect((await download(stranger, project.id, 'pdf')).status).toBe(404);

    expect(await getProjectCalls()).toBe(before);
  }, 90_000);


  it('should render every document after generation and serve them with names from the title', async () => {
    const me = await register(h, 'Dana Download', 'professional');
    const project = await completedProject(me);
    expect(project.progress).toMatchObject({ creating_slides: 100, generating_documents: 100 });

    const pdf = await download(me, project.id, 'pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(`filename*=UTF-8''Forklift%20Safety%20%E2%80%93%20Level%201.pdf`);
    writeFileSync(join(h.scratchDir, 'guide.pdf'), pdf.body);
    const text = (await run('pdftotext', [join(h.scratchDir, 'guide.pdf'), '-'])).stdout;
    expect(text).toContain('Forklift basics');
    expect(text).toContain('Load limits');
    const info = (await run('pdfinfo', [join(h.scratchDir, 'guide.pdf')])).stdout;
    expect(info).toMatch(/Title:\s+Forklift Safety – Level 1/);

    for (const [format, type, magic] of [
      ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'PK'],
      ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'PK'],
      ['txt', 'text/plain; charset=utf-8', 'Forklift'],
    ] as const) {
      const file = await download(me, project.id, format);
      expect({ format, status: file.status, type: file.headers.get('content-type') }).toEqual({ format, status: 200, type });
      expect(file.body.subarray(0, magic.length).toString()).toBe(magic);
      expect(Number(file.headers.get('content-length'))).toBe(file.body.length);
    }
  }, 90_000);

  it('should answer byte ranges with 206 and the exact bytes', async () => {
    const me = await register(h, 'Rhea Range', 'professional');
    const project = await completedProject(me);
    const whole = await download(me, project.id, 'pdf');
    const part = await download(me, project.id, 'pdf', { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${whole.body.length}`);
    expect(part.body.equals(whole.body.subarray(100, 200))).toBe(true);
    expect((await download(me, project.id, 'pdf', { range: `bytes=${whole.body.length + 10}-` })).status).toBe(416);
  }, 90_000);

  it('should refuse unknown formats, other companies, unfinished projects and video of a slides project', async () => {
    const me = await register(h, 'Uma Unready', 'professional');
    const project = await completedProject(me);
    const unknown = await download(me, project.id, 'exe');
    expect(unknown.status).toBe(400);
    expect(unknown.json().message).toBe('Unknown download format. Choose one of pptx, pdf, docx, txt, mp4, mov.');
    const stranger = await register(h, 'Sid Stranger', 'professional');
    expect((await download(stranger, project.id, 'pdf')).status).toBe(404);
    const video = await download(me, project.id, 'mp4');
    expect(video.status).toBe(409);
    expect(video.json().message).toBe('This project has no video: choose MP4 or MOV as its visual format, then regenerate it.');

    // With the generator paused the next project stays pending.
    await h.generator.worker!.pause();
    try {
      const res = await call(h, 'POST', '/api/projects', me, { title: 'Waiting Room', project_type: 'script_to_slides', script_content: SCRIPT });
      const pending = await download(me, res.json().id, 'pdf');
      expect(pending.status).toBe(409);
      expect(pending.json()).toMatchObject({ message: 'Project "Waiting Room" is not ready for download yet (status: Pending).', detail: { status: 'pending' } });
    } finally {
      h.generator.worker!.resume();
    }
  }, 90_000);

  it("should enforce the plan's download limit, counting a resumed range once", async () => {
    const me = await register(h, 'Lim Limit');
    const project = await completedProject(me);
    for (let i = 0; i < 3; i++) expect((await download(me, project.id, 'txt')).status).toBe(200);
    // A range that continues a download of the same file is not a new download; one of a file
    // never downloaded is, and past the limit it is refused (doors.test.ts has the rest).
    expect((await download(me, project.id, 'txt', { range: 'bytes=10-20' })).status).toBe(206);
    expect((await download(me, project.id, 'pdf', { range: 'bytes=10-20' })).status).toBe(403);
    const fourth = await download(me, project.id, 'pdf');
    expect(fourth.status).toBe(403);
    expect(fourth.json()).toMatchObject({ code: 'PLAN_LIMIT_REACHED', message: 'Your Free Trial plan allows 3 downloads during the trial. Upgrade to download more.' });
  }, 90_000);

  it("should not count previews against the trial's downloads, nor play video the plan lacks", async () => {
    // The trial cannot make video projects, so its previews have no video to play.
    const me = await register(h, 'Pim Preview');
    const project = await completedProject(me);
    for (let i = 0; i < 4; i++) {
      const played = await preview(me, project.id);
      expect(played.status).toBe(403);
      expect(played.json()).toMatchObject({ code: 'FEATURE_NOT_AVAILABLE', message: 'Video requires the Professional plan or higher. Your Free Trial plan includes slides and documents.' });
    }
    for (let i = 0; i < 3; i++) expect((await download(me, project.id, 'txt')).status).toBe(200);
    const fourth = await download(me, project.id, 'pdf');
    expect(fourth.status).toBe(403);
    expect(fourth.json()).toMatchObject({ code: 'PLAN_LIMIT_REACHED', message: 'Your Free Trial plan allows 3 downloads during the trial. Upgrade to download more.' });
  }, 90_000);

  it('should render a narrated video (mp4 and mov), once paid for, whose length follows the narration', async () => {
    const me = await register(h, 'Vic Video', 'professional');
    const project = await completedProject(me, { visual_format: 'mp4' });
    expect(project.video_status).toBe('payment_required');
    await payForVideo(h, me, project.id);
    for (const format of ['mp4', 'mov']) {
      const file = await download(me, project.id, format);
      expect(file.status).toBe(200);
      const path = join(h.scratchDir, `video.${format}`);
      writeFileSync(path, file.body);
      const probe = JSON.parse((await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', path])).stdout);
      const codecs = probe.streams.map((s: { codec_name: string }) => s.codec_name).sort();
      // Picture, sound and the selectable subtitle track.
      expect(codecs).toEqual(['aac', 'h264', 'mov_text']);
      expect(Number(probe.format.duration)).toBeGreaterThan(5);
    }
    const seek = await download(me, project.id, 'mp4', { range: 'bytes=0-1023' });
    expect(seek.status).toBe(206);
    expect(seek.headers.get('content-type')).toBe('video/mp4');

    // The preview player gets the same mp4, inline, with ranges, and never counts: more previews
    // than the plan's 25 downloads leave the next download allowed.
    const whole = await preview(me, project.id);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(whole.body.subarray(4, 8).toString()).toBe('ftyp');
    const part = await preview(me, project.id, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${whole.body.length}`);
    expect(part.body.equals(whole.body.subarray(100, 200))).toBe(true);
    expect((await preview(me, project.id, { range: `bytes=${whole.body.length}-` })).status).toBe(416);
    for (let i = 0; i < 25; i++) expect((await preview(me, project.id, { range: 'bytes=0-1023' })).status).toBe(206);
    expect((await download(me, project.id, 'txt')).status).toBe(200);
    const stranger = await register(h, 'Pia Peeker', 'professional');
    expect((await preview(stranger, project.id)).status).toBe(404);

    // Deleting the project deletes its rendered files.
    const renders = join(h.storageDir, 'companies', project.company_id, 'projects', project.id, 'renders');
    expect(readdirSync(renders).length).toBe(1);
    expect((await call(h, 'DELETE', `/api/projects/${project.id}`, me)).statusCode).toBe(204);
    await eventually(async () => !existsSync(renders) || readdirSync(renders).every((set) => readdirSync(join(renders, set)).length === 0), 10_000);
  }, 120_000);
});
