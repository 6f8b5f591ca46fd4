// Edits that reach the files, through the real gateway: an edit is a new content version that is
// rendered (hand-edited slides, kept as written) or generated and rendered (a new script) again,
// while the last complete files stay downloadable; files are read back by real consumers (jszip
// for the pptx slide XML, the txt as text).
import JSZip from 'jszip';
import { createQueue, GENERATE_PROJECT_JOB } from '@trainwright/platform';
import { call, eventually, register, type Account } from './accounts.js';
import { sharedHarness, type Harness } from './harness.js';

let h: Harness;

beforeAll(async () => {
  h = await sharedHarness();
}, 60_000);

const SCRIPT = [
  '[SCENE: Ladder basics]',
  'NARRATOR: Every ladder is inspected before it is climbed. Look for cracked rails and loose rungs.',
  '[SCENE: Three points of contact]',
  'NARRATOR: Keep two hands and a foot, or two feet and a hand, on the ladder at all times.',
].join('\n');

async function project(who: Account, id: string) {
  return (await call(h, 'GET', `/api/projects/${id}`, who)).json();
}

/** Waits until the project is completed with the files of `version`. */
async function filesOf(who: Account, id: string, version: number) {
  const done = await eventually(async () => {
    const p = await project(who, id);
    if (p.status === 'failed') throw new Error(`project failed: ${p.error}`);
    return p.status === 'completed' && p.files_version === version ? p : undefined;
  }, 60_000);
  return done;
}

async function download(who: Account, id: string, format: string) {
  const response = await fetch(`${h.baseUrl}/api/projects/${id}/download/${format}`, { headers: who.auth });
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
}

/** The text of every slide of a pptx, as PowerPoint reads it: the <a:t> runs of ppt/slides/slideN.xml. */
async function slideTexts(pptx: Buffer): Promise<string> {
  const zip = await JSZip.loadAsync(pptx);
  const slides = Object.keys(zip.files).filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name));
  expect(slides.length).toBeGreaterThan(0);
  const xml = await Promise.all(slides.map((name) => zip.file(name)!.async('string')));
  return xml.map((x) => [...x.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1]).join(' ')).join('\n');
}

async function createCompleted(who: Account, title: string) {
  const res = await call(h, 'POST', '/api/projects', who, { title, project_type: 'script_to_slides', script_content: SCRIPT });
  expect(res.statusCode).toBe(201);
  const first = await filesOf(who, res.json().id, 1);
  expect(first).toMatchObject({ content_version: 1, files_version: 1, needs_regeneration: false });
  return first;
}

describe('PATCH /api/projects/{id}: edits reach the files', () => {
  it('should re-render hand-edited slides as written, serving the old files until the new ones are ready', async () => {
    const me = await register(h, 'Eda Editor', 'professional');
    const first = await createCompleted(me, 'Ladder Safety');
    const [oldPptx, oldTxt] = [await download(me, first.id, 'pptx'), await download(me, first.id, 'txt')];
    expect([oldPptx.status, oldTxt.status]).toEqual([200, 200]);

    const NEW_TITLE = 'Inspect before every climb';
    const slides: string = first.generated_content.slides.slide_content;
    const heading = /^## (.+)$/m.exec(slides)![1]!;
    const edited = `${slides.replace(`## ${heading}`, `## ${NEW_TITLE}`)}\n`;
    expect(oldTxt.body.toString()).not.toContain(NEW_TITLE);

    await h.media.worker!.pause();
    try {
      const res = await call(h, 'PATCH', `/api/projects/${first.id}`, me, { generated_slides: edited });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ content_version: 2, files_version: 1, status: 'pending', needs_regeneration: true });
      expect(res.json().generated_content.slides.slide_content).toBe(edited);
      // The render of version 2 waits: the files of version 1 are still served, byte for byte.
      expect(await project(me, first.id)).toMatchObject({ status: 'pending', content_version: 2, files_version: 1, progress: { analyzing: 100, generating_content: 100 } });
      const [pptx, txt] = [await download(me, first.id, 'pptx'), await download(me, first.id, 'txt')];
      expect([pptx.status, txt.status]).toEqual([200, 200]);
      expect(pptx.body.equals(oldPptx.body)).toBe(true);
      expect(txt.body.equals(oldTxt.body)).toBe(true);
    } finally {
      h.media.worker!.resume();
    }

    const second = await filesOf(me, first.id, 2);
    expect(second).toMatchObject({ content_version: 2, files_version: 2, needs_regeneration: false, error: null });
    // Kept exactly as written: the engine did not generate again.
    expect(second.generated_content.slides.slide_content).toBe(edited);
    expect(second.generated_content.script).toBe(first.generated_content.script);
    const txt = await download(me, first.id, 'txt');
    expect(txt.status).toBe(200);
    expect(txt.body.toString()).toContain(NEW_TITLE);
    const pptx = await download(me, first.id, 'pptx');
    expect(pptx.status).toBe(200);
    const texts = await slideTexts(pptx.body);
    expect(texts).toContain(NEW_TITLE);
    expect(await slideTexts(oldPptx.body)).not.toContain(NEW_TITLE);
  }, 150_000);

  it('should generate a new script again (job <id>-generate-2), then render it', async () => {
    const me = await register(h, 'Sam Script', 'professional');
    const first = await createCompleted(me, 'Ladder Contact');
    const generate = createQueue({ redisUrl: h.infra.redisUrl, namespace: h.infra.namespace }, GENERATE_PROJECT_JOB.queue);
    await h.generator.worker!.pause();
    try {
      const script = SCRIPT.replace('[SCENE: Ladder basics]', '[SCENE: Rung and rail inspection]');
      const res = await call(h, 'PATCH', `/api/projects/${first.id}`, me, { script_content: script });
      expect(res.json()).toMatchObject({ content_version: 2, files_version: 1, status: 'pending', progress: {}, needs_regeneration: true });
      // The job carries the owner's plan as the edit read it: the generator does not ask auth.
      const plan = { tier: 'professional', trialState: 'active' } as const;
      const job = await generate.getJob(GENERATE_PROJECT_JOB.jobId({ projectId: first.id, contentVersion: '2', plan }));
      expect(job?.data).toEqual({ projectId: first.id, contentVersion: '2', plan });
      expect((await download(me, first.id, 'txt')).status).toBe(200);
    } finally {
      h.generator.worker!.resume();
      await generate.close();
    }
    const second = await filesOf(me, first.id, 2);
    expect(second.generated_content.slides.slide_content).toContain('Rung and rail inspection');
    expect((await download(me, first.id, 'txt')).body.toString()).toContain('Rung and rail inspection');
  }, 150_000);
});
