// What users and attackers hit at a project's doors (issue 23): POST and PATCH pass the same plan
// gates and give the same answer; a byte range resumes a counted download only for the user who
// made it and only within the hour, any other range is a counted download; and a project (the
// welcome sample included) is completed only once its files download.
import { createDatabase } from '@trainwright/platform';
import { sql } from 'kysely';
import { call, eventually, register, type Account } from './accounts.js';
import { sharedHarness, type Harness } from './harness.js';

let h: Harness;

beforeAll(async () => {
  h = await sharedHarness();
}, 60_000);

const SCRIPT = ['[SCENE: Ladders]', 'NARRATOR: Check the feet of a ladder before you climb it.', '[SCENE: Height]', 'NARRATOR: Keep three points of contact.'].join('\n');

async function createProject(who: Account, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await call(h, 'POST', '/api/projects', who, { title: 'Ladder Safety', project_type: 'script_to_slides', script_content: SCRIPT, ...extra });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

async function completedProject(who: Account): Promise<string> {
  const id = await createProject(who);
  const project = await eventually(async () => {
    const p = (await call(h, 'GET', `/api/projects/${id}`, who)).json();
    return ['completed', 'failed'].includes(p.status) ? p : undefined;
  }, 60_000);
  expect(project).toMatchObject({ status: 'completed' });
  return id;
}

async function download(who: Account, id: string, format: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${h.baseUrl}/api/projects/${id}/download/${format}`, { headers: { ...who.auth, ...headers } });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, body, json: () => JSON.parse(body.toString()) };
}

describe('POST and PATCH pass the same plan gates', () => {
  it('should refuse video on the trial at both doors, with the same answer', async () => {
    const me = await register(h, 'Tia Trial');
    const id = await createProject(me);
    for (const visual_format of ['mp4', 'mov']) {
      const viaPost = await call(h, 'POST', '/api/projects', me, { title: 'Video', script_content: SCRIPT, visual_format });
      const viaPatch = await call(h, 'PATCH', `/api/projects/${id}`, me, { visual_format });
      expect({ visual_format, status: viaPost.statusCode }).toEqual({ visual_format, status: 403 });
      expect({ visual_format, status: viaPatch.statusCode, body: viaPatch.json() }).toEqual({ visual_format, status: 403, body: viaPost.json() });
      expect(viaPatch.json()).toMatchObject({ code: 'FEATURE_NOT_AVAILABLE', message: 'Video requires the Professional plan or higher. Your Free Trial plan includes slides and documents.' });
    }
    // Nothing was written: the project is still slides, and slides pass both doors.
    expect((await call(h, 'GET', `/api/projects/${id}`, me)).json().visual_format).toBe('powerpoint');
    expect((await call(h, 'PATCH', `/api/projects/${id}`, me, { visual_format: 'powerpoint' })).statusCode).toBe(200);
  }, 30_000);

  it('should refuse a template beyond the plan at both doors, with the same answer', async () => {
    const me = await register(h, 'Tom Template');
    const id = await createProject(me);
    const templates = (await call(h, 'GET', '/api/templates', me)).json().templates as Array<{ id: string; available: boolean }>;
    const locked = templates.find((t) => !t.available)!;
    const open = templates.find((t) => t.available)!;
    const viaPost = await call(h, 'POST', '/api/projects', me, { title: 'T', script_content: SCRIPT, template_id: locked.id });
    const viaPatch = await call(h, 'PATCH', `/api/projects/${id}`, me, { template_id: locked.id });
    expect(viaPost.statusCode).toBe(403);
    expect({ status: viaPatch.statusCode, body: viaPatch.json() }).toEqual({ status: 403, body: viaPost.json() });
    expect((await call(h, 'PATCH', `/api/projects/${id}`, me, { template_id: open.id })).statusCode).toBe(200);
  }, 30_000);

  it('should refuse an unknown visual format at both doors, with the same answer', async () => {
    const me = await register(h, 'Val Valid');
    const id = await createProject(me);
    const viaPost = await call(h, 'POST', '/api/projects', me, { title: 'X', script_content: SCRIPT, visual_format: 'gif' });
    const viaPatch = await call(h, 'PATCH', `/api/projects/${id}`, me, { visual_format: 'gif' });
    expect(viaPost.statusCode).toBe(400);
    expect({ status: viaPatch.statusCode, body: viaPatch.json() }).toEqual({ status: 400, body: viaPost.json() });
  }, 30_000);
});

describe('byte ranges resume a counted download only for its user, within the hour', () => {
  it('should refuse past the limit a range of another member, or one made more than an hour after the download', async () => {
    const me = await register(h, 'Rita Resume');
    const id = await completedProject(me);
    for (let i = 0; i < 3; i++) expect((await download(me, id, 'txt')).status).toBe(200);
    // The same user resuming the transfer just counted: served.
    expect((await download(me, id, 'txt', { range: 'bytes=1-' })).status).toBe(206);

    // Another member of the company (an editor) resumes nothing of the owner's: their range counts.
    const member = await register(h, 'Max Member');
    const authDb = createDatabase<any>({ url: h.infra.databaseUrl, schema: 'auth', maxConnections: 1 });
    await authDb.insertInto('memberships').values({ company_id: me.companyId, user_id: member.id, role: 'editor' }).execute();
    await authDb.destroy();
    const theirs = await download(member, id, 'txt', { range: 'bytes=1-' });
    expect(theirs.status).toBe(403);
    expect(theirs.json()).toMatchObject({ code: 'PLAN_LIMIT_REACHED', message: 'Your Free Trial plan allows 3 downloads during the trial. Upgrade to download more.' });

    // An hour and a minute after the counted downloads, a range is a new download: refused.
    const mediaDb = createDatabase<any>({ url: h.infra.databaseUrl, schema: 'media_render', maxConnections: 1 });
    await mediaDb.updateTable('downloads').set({ created_at: sql`now() - interval '61 minutes'` }).where('user_id', '=', me.id).execute();
    await mediaDb.destroy();
    for (const range of ['bytes=1-', 'bytes=0-', 'bytes=-10']) {
      const late = await download(me, id, 'txt', { range });
      expect({ range, status: late.status }).toEqual({ range, status: 403 });
    }
  }, 90_000);
});

describe('a completed project downloads at once', () => {
  it('should list the welcome sample as completed only once its files download', async () => {
    const me = await register(h, 'Sam Sample');
    // The first answer that says completed: its files download at that moment, no 409.
    const sample = await eventually(async () => {
      const list = (await call(h, 'GET', '/api/projects', me)).json().projects as Array<{ id: string; title: string; status: string }>;
      const found = list.find((p) => p.title === 'Welcome Training');
      return found?.status === 'completed' ? found : undefined;
    }, 60_000);
    // Three: the trial's downloads.
    for (const format of ['pdf', 'pptx', 'docx']) {
      const file = await download(me, sample.id, format);
      expect({ format, status: file.status }).toEqual({ format, status: 200 });
    }
  }, 90_000);
});
