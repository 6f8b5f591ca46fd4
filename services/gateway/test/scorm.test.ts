// SCORM export through the gateway with the real services: an Enterprise account's generated
// project packaged as SCORM 1.2, 2004 and cmi5 (built as a job with progress), listed, downloaded
// as a zip whose manifest validates against the IMS/ADL schemas (xmllint), and the bad inputs of
// issue 16 (each a test): a blank name, an unknown version, another company's project, a plan
// without scormCompliance, HTML in the package name. A package of the project's Spanish
// translation (Apertium, real): its slides, html lang and manifest language in Spanish; a language
// without a translation (409) and an unknown code (400).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { SCORM_MESSAGES, upgradeRequiredMessage } from '@trainwright/catalogue';
import { call, eventually, register, type Account } from './accounts.js';
import { sharedHarness, type Harness } from './harness.js';

const SCHEMAS = join(dirname(fileURLToPath(import.meta.url)), '../../scorm/schemas');

let h: Harness;
let me: Account;
let projectId: string;

beforeAll(async () => {
  h = await sharedHarness();
  me = await register(h, 'Sam Scorm', 'enterprise');
  const res = await call(h, 'POST', '/api/ai-content-generator/projects', me, {
    generator_type: 'topic_to_content',
    request_data: { topic: 'Forklift safety', subtopics: 'Daily checks\nLoad limits\nPedestrian zones', target_audience: 'beginners' },
    project_name: 'Forklift safety',
  });
  expect(res.statusCode).toBe(201);
  projectId = res.json().project_id;
  await eventually(async () => {
    const p = (await call(h, 'GET', `/api/projects/${projectId}`, me)).json();
    if (p.status === 'failed') throw new Error(p.error);
    return p.status === 'completed';
  }, 60_000);
}, 120_000);

async function ready(who: Account, packageId: string) {
  return eventually(async () => {
    const p = (await call(h, 'GET', `/api/scorm/packages/${packageId}`, who)).json();
    if (p.status === 'failed') throw new Error(p.error);
    return p.status === 'ready' ? p : undefined;
  }, 60_000);
}

/** The zip of a ready package, downloaded through the gateway. */
async function download(who: Account, packageId: string): Promise<{ zip: JSZip; response: Response }> {
  const response = await fetch(`${h.baseUrl}/api/scorm/packages/${packageId}/download`, { headers: who.auth });
  expect(response.status).toBe(200);
  return { zip: await JSZip.loadAsync(Buffer.from(await response.arrayBuffer())), response };
}

/** xmllint's verdict on a document against a schema (throws with its output when invalid). */
function validate(xml: string, schema: string): void {
  const dir = mkdtempSync(join(tmpdir(), 'tw-scorm-api-'));
  const file = join(dir, 'document.xml');
  writeFileSync(file, xml);
  execFileSync('xmllint', ['--noout', '--nonet', '--schema', join(SCHEMAS, schema), file], { stdio: 'pipe' });
}

describe('SCORM export', () => {
  it('should build a SCORM 1.2 package with progress, list it and download a zip whose manifest validates', async () => {
    const res = await call(h, 'POST', `/api/scorm/export/${projectId}`, me, {
      project_id: projectId,
      package_name: 'Forklift <b>safety</b>',
      scorm_version: '1.2',
      include_tracking: true,
      learning_objectives: [
        { id: 'checks', title: 'Inspect the forks and chains before each shift', description: 'Daily checks', type: 'application' },
        { id: '', title: '', description: 'dropped: no title', type: 'knowledge' },
      ],
      activities: [{ id: 'read', title: 'Read the slides', type: 'reading', estimated_duration: 5 }],
    });
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: SCORM_MESSAGES.started, package: { status: 'queued', scorm_version: '1.2', package_name: 'Forklift <b>safety</b>' } });
    expect(body.package.learning_objectives).toEqual([{ id: 'checks', title: 'Inspect the forks and chains before each shift', description: 'Daily checks', type: 'application' }]);
    const built = await ready(me, body.package_id);
    expect(built).toMatchObject({ progress: 100, has_video: false, download_count: 0 });
    expect(built.size).toBeGreaterThan(1000);

    const list = (await call(h, 'GET', '/api/scorm/packages', me)).json();
    expect(list.packages.map((p: { id: string }) => p.id)).toContain(body.package_id);
    expect(list.packages[0]).toMatchObject({ id: body.package_id, package_name: 'Forklift <b>safety</b>', scorm_version: '1.2' });
    expect((await call(h, 'GET', `/api/scorm/packages?project_id=${projectId}`, me)).json().packages).toHaveLength(1);

    const { zip, response } = await download(me, body.package_id);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toContain('Forklift bsafetyb.zip');
    const manifest = await zip.file('imsmanifest.xml')!.async('string');
    validate(manifest, 'scorm/scorm12-all.xsd');
    expect(manifest).toContain('Forklift &lt;b&gt;safety&lt;/b&gt;');
    expect(zip.file('index.html')).toBeTruthy();
    // Every file the manifest lists is in the zip.
    for (const [, href] of manifest.matchAll(/<file href="([^"]+)"/g)) expect(zip.file(href!)).toBeTruthy();
    expect((await call(h, 'GET', `/api/scorm/packages/${body.package_id}`, me)).json().download_count).toBe(1);
  }, 120_000);

  it('should refuse a completion rule that needs a quiz for a project without assessment questions (400 with the message)', async () => {
    const project = (await call(h, 'GET', `/api/projects/${projectId}`, me)).json();
    expect(project.generated_content?.questions ?? []).toEqual([]);
    for (const completion_rule of ['quiz_passed', 'viewed_and_passed']) {
      const res = await call(h, 'POST', `/api/scorm/export/${projectId}`, me, { package_name: 'Forklift', include_tracking: true, tracking: { completion_rule } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: SCORM_MESSAGES.ruleNeedsQuiz, message_id: 'scorm.ruleNeedsQuiz', params: [] });
    }
  }, 30_000);

  it('should build SCORM 2004 4th edition and cmi5 packages that validate', async () => {
    for (const [version, file, schema] of [
      ['2004', 'imsmanifest.xml', 'scorm/scorm2004-all.xsd'],
      ['cmi5', 'cmi5.xml', 'cmi5/CourseStructure.xsd'],
    ] as const) {
      // Without assessment questions the package reports completion only.
      const res = await call(h, 'POST', `/api/scorm/export/${projectId}`, me, { package_name: `Forklift ${version}`, scorm_version: version, include_tracking: true, tracking: { completion_rule: 'video_watched', passing_score: 70 } });
      expect(res.statusCode).toBe(202);
      expect(res.json().package.tracking).toEqual({ completion_rule: 'video_watched', completion_threshold: 100, passing_score: 70, status_pair: 'completed_incomplete' });
      await ready(me, res.json().package_id);
      const { zip } = await download(me, res.json().package_id);
      validate(await zip.file(file)!.async('string'), schema);
    }
  }, 120_000);

  it("should build a SCORM 1.2 package of the project's Spanish translation", async () => {
    const started = await call(h, 'POST', `/api/projects/${projectId}/bulk-translate`, me, { target_languages: ['es'] });
    expect(started.statusCode).toBe(202);
    await eventually(async () => {
      const t = (await call(h, 'GET', `/api/projects/${projectId}/translations`, me)).json().translations.find((x: { target_language: string }) => x.target_language === 'es');
      if (t?.status === 'failed') throw new Error(t.error);
      return t?.status === 'completed';
    }, 90_000);
    const spanish = (await call(h, 'GET', `/api/projects/${projectId}/translations/es`, me)).json();
    const english = (await call(h, 'GET', `/api/projects/${projectId}`, me)).json();
    const slideText = (c: { generated_content?: { slides?: { slide_content?: string } } | null; slides_content?: string }) => c.generated_content?.slides?.slide_content || c.slides_content || '';

    const res = await call(h, 'POST', `/api/scorm/export/${projectId}`, me, { package_name: 'Forklift safety', scorm_version: '1.2', language: 'es' });
    expect(res.statusCode).toBe(202);
    expect(res.json().package).toMatchObject({ language: 'es', status: 'queued' });
    await ready(me, res.json().package_id);
    const listed = (await call(h, 'GET', `/api/scorm/packages?project_id=${projectId}`, me)).json().packages;
    expect(listed.find((p: { id: string }) => p.id === res.json().package_id).language).toBe('es');

    const { zip } = await download(me, res.json().package_id);
    const manifest = await zip.file('imsmanifest.xml')!.async('string');
    validate(manifest, 'scorm/scorm12-all.xsd');
    expect(manifest).toContain('<imsmd:language>es</imsmd:language>');
    // The package name was the project's title: the course is titled as translated.
    expect(manifest).toContain(spanish.title);
    expect(await zip.file('index.html')!.async('string')).toContain('<html lang="es">');
    const script = await zip.file('course.js')!.async('string');
    const course = JSON.parse(script.slice(script.indexOf('=') + 1).trim().replace(/;$/, ''));
    expect(course.language).toBe('es');
    const titles: string[] = course.slides.map((s: { title: string }) => s.title);
    expect(titles.length).toBeGreaterThan(1);
    // Every slide title is the translation's; not all of them read as the English project's.
    for (const title of titles) expect(slideText(spanish)).toContain(title);
    expect(titles.some((title) => !slideText(english).includes(title))).toBe(true);
    // The assessment as translated: its questions are the translation's (the offline generator
    // makes none here; the package tests cover a translated assessment).
    const questions: { prompt: string }[] = spanish.generated_content?.questions ?? [];
    for (const q of course.questions as { prompt: string }[]) expect(questions.map((x) => x.prompt)).toContain(q.prompt);
  }, 180_000);

  it('should refuse a language without a completed translation (409) and an unknown or malformed code (400)', async () => {
    const before = (await call(h, 'GET', '/api/scorm/packages', me)).json().packages.length;
    const post = (language: string) => call(h, 'POST', `/api/scorm/export/${projectId}`, me, { package_name: 'X', language });
    const german = await post('de');
    expect(german.statusCode).toBe(409);
    expect(german.json().message).toBe('This project has no completed translation into German. Translate it first.');
    const unknown = await post('xx');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown language: xx.');
    expect((await post('spanish')).statusCode).toBe(400);
    expect((await post('ES')).statusCode).toBe(400);
    expect((await call(h, 'GET', '/api/scorm/packages', me)).json().packages.length).toBe(before);
  }, 60_000);

  it('should refuse the bad inputs of the issue, storing nothing', async () => {
    const before = (await call(h, 'GET', '/api/scorm/packages', me)).json().packages.length;
    const post = (body: unknown, id = projectId, who = me) => call(h, 'POST', `/api/scorm/export/${id}`, who, body);

    const blank = await post({ package_name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(SCORM_MESSAGES.nameRequired);
    expect((await post({ package_name: 'X', scorm_version: '2005' })).statusCode).toBe(400);
    expect((await post({ package_name: 'X', activities: [{ title: 'Read', type: 'reading', estimated_duration: 0 }] })).statusCode).toBe(202);
    expect((await post({ package_name: 'X', activities: [{ title: 'Read', type: 'reading', estimated_duration: -1 }] })).statusCode).toBe(400);
    expect((await post({ package_name: 'X', project_id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(400);
    expect((await post({ package_name: 'X' }, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const stranger = await register(h, 'Other Company', 'enterprise');
    expect((await post({ package_name: 'X' }, projectId, stranger)).statusCode).toBe(404);
    expect((await call(h, 'GET', `/api/scorm/packages?project_id=${projectId}`, stranger)).statusCode).toBe(404);
    const mine = (await call(h, 'GET', '/api/scorm/packages', me)).json().packages[0].id;
    expect((await call(h, 'GET', `/api/scorm/packages/${mine}`, stranger)).statusCode).toBe(404);
    expect((await fetch(`${h.baseUrl}/api/scorm/packages/${mine}/download`, { headers: stranger.auth })).status).toBe(404);

    // A plan without scormCompliance: 403 naming Enterprise.
    const professional = await register(h, 'Pro Trainer', 'professional');
    const own = await call(h, 'POST', '/api/projects', professional, { title: 'Slides', project_type: 'slides_to_script', slides_content: '# Slides\n\n## One\n- A point\n', input_method: 'text' });
    const refused = await post({ package_name: 'X' }, own.json().id, professional);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(upgradeRequiredMessage('scormCompliance'));
    expect(refused.json().message).toContain('Enterprise');

    // The one accepted above (a duration of 0 takes the default) is the only one stored.
    const after = (await call(h, 'GET', '/api/scorm/packages', me)).json().packages;
    expect(after.length).toBe(before + 1);
    expect(after[0].activities[0].estimated_duration).toBe(10);
  }, 120_000);
});
