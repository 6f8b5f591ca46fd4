// Interactive video through the gateway with the real services: a Professional account's generated
// project with a rendered narrated video (paid through the local test checkout) gets a template from
// its real content (chapters = the video's slides, timed by its captions; quizzes = its assessment),
// an interactive video created as a job (progress on the live feed, then ready), read back, a second
// version, and the public side by its token (the published version, the pinned mp4 with byte
// ranges, the captions, learners' events). Every bad input of issue 16 is its own test: a clear 4xx
// and nothing stored (the versions stay as they were).
import { createDatabase } from '@trainwright/platform';
import { VideoTracker } from '@trainwright/interactive-player';
import { INTERACTIVE_VIDEO_MESSAGES, upgradeRequiredMessage } from '@trainwright/catalogue';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { addMember, call, eventually, payForVideo, register, type Account } from './accounts.js';
import { sharedHarness, type Harness } from './harness.js';

let h: Harness;
let me: Account;
let projectId: string;
/** Where the live feed's text accumulates (GET /api/events, opened before the first creation). */
let feed = '';
let closeFeed: () => Promise<void>;
let scormDb: Kysely<any>;

const MATERIAL = [
  'Daily checks',
  '',
  'A forklift is checked before every shift. The operator walks around the truck and looks at the forks and the chains. A damaged fork is reported to the supervisor at once.',
  '',
  'Load limits',
  '',
  'The load plate shows the maximum weight the truck may lift. Never lift more than the plate allows. Heavy loads are carried low and tilted back.',
  '',
  'Pedestrian zones',
  '',
  'Pedestrians have the right of way in marked zones. The driver sounds the horn at blind corners. The speed limit indoors is walking pace.',
].join('\n');
const LONG_URL = `https://acme.example/${'a'.repeat(1500)}`;
const HTML_TITLE = '<img src=x onerror="alert(1)"> & <script>alert(2)</script> “quoted” 🚜';

beforeAll(async () => {
  h = await sharedHarness();
  scormDb = createDatabase<any>({ url: h.infra.databaseUrl, schema: 'scorm', maxConnections: 1 });
  // Business: its content refresh makes slides and an assessment from the material it is given.
  me = await register(h, 'Ivy Interactive', 'business');
  const res = await call(h, 'POST', '/api/ai-content-generator/projects', me, {
    generator_type: 'content_refresh',
    request_data: { existing_content: MATERIAL, improve_engagement: true },
    project_name: 'Forklift safety',
    visual_format: 'mp4',
  });
  expect(res.statusCode).toBe(201);
  projectId = res.json().project_id;
  await eventually(async () => {
    const p = (await call(h, 'GET', `/api/projects/${projectId}`, me)).json();
    if (p.status === 'failed') throw new Error(p.error);
    return p.status === 'completed' && p.video_status === 'payment_required';
  }, 90_000);
  await payForVideo(h, me, projectId);

  const controller = new AbortController();
  const response = await fetch(`${h.baseUrl}/api/events`, { headers: me.auth, signal: controller.signal });
  const reader = response.body!.getReader();
  const read = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      feed += new TextDecoder().decode(value);
    }
  })().catch(() => undefined);
  closeFeed = async () => {
    controller.abort();
    await read;
  };
}, 300_000);

afterAll(async () => {
  await closeFeed?.();
  await scormDb?.destroy();
});

const count = async (table: string) => Number(((await scormDb.selectFrom(table).select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as { n: string }).n);
const versionCount = () => count('interactive_video_versions');

/** The template of the project, as the editor loads it. */
async function projectTemplate() {
  const res = await call(h, 'GET', `/api/interactive-video-template/${projectId}`, me);
  expect(res.statusCode).toBe(200);
  return res.json() as { template: Record<string, any[]>; video_duration: number; has_video: boolean };
}

/** A creation body from the template, with a hotspot whose title is HTML. */
async function body(changes: (metadata: any) => void = () => undefined) {
  const { template, video_duration } = await projectTemplate();
  const metadata = {
    project_id: projectId,
    video_duration,
    ...template,
    hotspots: [
      {
        id: 'h1',
        title: HTML_TITLE,
        description: 'The forks',
        start_time: 1,
        end_time: 4,
        x_position: 40,
        y_position: 40,
        width: 10,
        height: 10,
        action: 'show_info',
        action_data: { info_text: 'Check them daily.' },
        style: { background_color: '#2563eb', text_color: '#ffffff', border_color: '#ffffff', opacity: 0.8 },
        is_active: true,
      },
    ],
    analytics_enabled: true,
    completion_threshold: 85,
  };
  changes(metadata);
  return { project_id: projectId, video_metadata: metadata, generate_analytics: true };
}

async function ready(version: number) {
  return eventually(async () => {
    const v = (await call(h, 'GET', `/api/projects/${projectId}/interactive-video`, me)).json();
    if (v.status === 'failed') throw new Error(v.error);
    return v.status === 'ready' && v.version === version ? v : undefined;
  }, 60_000);
}

/** The start of each slide in a WebVTT file: cues after a pause of 0.3 s or more. */
function slideStarts(vtt: string): number[] {
  const starts: number[] = [];
  let last = -Infinity;
  for (const [, a, b] of vtt.matchAll(/(\d{2}:\d{2}:\d{2}\.\d{3}) --> (\d{2}:\d{2}:\d{2}\.\d{3})/g)) {
    const s = (t: string) => t.split(':').reduce((n, part) => n * 60 + Number(part), 0);
    if (s(a!) - last >= 0.3) starts.push(s(a!));
    last = s(b!);
  }
  return starts;
}

describe('interactive video', () => {
  it("should build the template from the project's real content: its slides as chapters, its assessment as quizzes", async () => {
    const t = await projectTemplate();
    expect(t.has_video).toBe(true);
    const project = (await call(h, 'GET', `/api/projects/${projectId}`, me)).json();
    // The video's slides: the title card, then the deck's slides (media-render's preview titles).
    const slides = (await call(h, 'GET', `/api/projects/${projectId}/preview/slides`, me)).json();
    const titles = slides.slides.map((s: { title: string }) => s.title).slice(1);
    expect(t.template.chapters!.map((c) => c.title)).toEqual(titles);
    expect(t.template.chapters![0]).toMatchObject({ id: 'chapter-1', start_time: 0, is_skippable: true });
    const starts = t.template.chapters!.map((c) => c.start_time);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(starts.every((s) => s >= 0 && s <= t.video_duration)).toBe(true);

    const questions = project.generated_content.questions.filter((q: any) => q.options.filter((o: any) => o.is_correct).length === 1);
    expect(questions.length).toBeGreaterThan(0);
    expect(t.template.quizzes!.map((q) => q.question).sort()).toEqual(questions.map((q: any) => q.prompt).sort());
    for (const q of t.template.quizzes!) {
      expect(q.options.filter((o: any) => o.is_correct)).toHaveLength(1);
      expect(q.show_time).toBeLessThanOrEqual(t.video_duration);
    }
    expect(t.template.branching_scenarios).toEqual([
      expect.objectContaining({
        type: 'score',
        branches: [expect.objectContaining({ min_score: 80, target_type: 'time' }), expect.objectContaining({ min_score: 0, target_type: 'chapter', target_chapter_id: 'chapter-1' })],
      }),
    ]);
    // No website on the project or its company: no call to action; nothing to point a hotspot at.
    expect(t.template.call_to_actions).toEqual([]);
    expect(t.template.hotspots).toEqual([]);

    // The same with the duration in the path and the project in the query; one chapter without a project.
    expect((await call(h, 'GET', `/api/interactive-video-template/300?project_id=${projectId}`, me)).json()).toEqual(t);
    const bare = await call(h, 'GET', '/api/interactive-video-template/120', me);
    expect(bare.statusCode).toBe(200);
    expect(bare.json()).toEqual({
      template: { hotspots: [], quizzes: [], call_to_actions: [], chapters: [{ id: 'chapter-1', title: 'Introduction', description: '', start_time: 0, is_skippable: true }], branching_scenarios: [] },
      video_duration: 120,
      has_video: false,
    });
  }, 60_000);

  it('should create a version as a job, followed on the live feed from processing to ready, and publish it', async () => {
    const res = await call(h, 'POST', `/api/projects/${projectId}/interactive-video`, me, await body());
    expect(res.statusCode).toBe(202);
    const created = res.json();
    expect(created).toMatchObject({ success: true, message: INTERACTIVE_VIDEO_MESSAGES.created, interactive_video: { project_id: projectId, version: 1, status: 'processing', published_version: null } });
    const done = await ready(1);
    expect(done).toMatchObject({ id: created.interactive_video.id, progress: 100, error: '', published_version: 1 });
    await eventually(async () => feed.includes('event: interactive_video.ready'), 10_000);
    expect(feed).toContain('event: interactive_video.progress');
    expect(feed).toContain(`"interactive_video_id":"${done.id}","project_id":"${projectId}","version":1,"status":"ready","progress":100`);
  }, 90_000);

  it("should answer the project's current interactive video with its links, elements byte-exact", async () => {
    const res = await call(h, 'GET', `/api/projects/${projectId}/interactive-video`, me);
    expect(res.statusCode).toBe(200);
    const v = res.json();
    expect(Object.keys(v).sort()).toEqual(
      ['id', 'project_id', 'version', 'published_version', 'status', 'progress', 'error', 'token', 'share_url', 'embed_url', 'generate_analytics', 'video_metadata', 'created_at', 'updated_at'].sort(),
    );
    expect(v.token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(v.share_url).toBe(`http://localhost:3000/watch/${v.token}`);
    expect(v.embed_url).toBe(`http://localhost:3000/embed/${v.token}`);
    expect(v.video_metadata).toEqual((await body()).video_metadata);
    // HTML in a title is stored and returned as the text it is.
    expect(res.body).toContain(JSON.stringify(HTML_TITLE));
    expect(v.video_metadata.hotspots[0].title).toBe(HTML_TITLE);
  });

  it('should list the versions after a second creation', async () => {
    const second = await call(h, 'POST', `/api/projects/${projectId}/interactive-video`, me, await body((m) => (m.hotspots = [])));
    expect(second.statusCode).toBe(202);
    expect(second.json().interactive_video).toMatchObject({ version: 2, status: 'processing' });
    await ready(2);
    const res = await call(h, 'GET', `/api/projects/${projectId}/interactive-video/versions`, me);
    expect(res.statusCode).toBe(200);
    const { versions } = res.json();
    expect(versions.map((v: any) => v.version)).toEqual([2, 1]);
    expect(versions[0].element_count).toBe(versions[1].element_count - 1);
    expect(versions[0].created_at).toEqual(expect.any(String));
  }, 90_000);

  it('should serve the published version publicly by its token: the elements, the mp4 with ranges, the captions, and where learners report', async () => {
    const { token } = (await call(h, 'GET', `/api/projects/${projectId}/interactive-video`, me)).json();
    const page = await h.request({ url: `/api/interactive/${token}` });
    expect(page.statusCode).toBe(200);
    const p = page.json();
    expect(p).toMatchObject({ title: 'Forklift safety', version: 2, video_url: `/api/interactive/${token}/video`, captions_url: `/api/interactive/${token}/captions`, branch_targets: {} });
    expect(p.video_metadata.hotspots).toEqual([]);

    const whole = await fetch(`${h.baseUrl}/api/interactive/${token}/video`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.subarray(4, 8).toString()).toBe('ftyp');
    const part = await fetch(`${h.baseUrl}/api/interactive/${token}/video`, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
    expect((await fetch(`${h.baseUrl}/api/interactive/${token}/video`, { headers: { range: `bytes=${bytes.length}-` } })).status).toBe(416);
    // The pinned copy is the project's narrated video as it was rendered.
    const rendered = Buffer.from(await (await fetch(`${h.baseUrl}/api/projects/${projectId}/preview/video`, { headers: me.auth })).arrayBuffer());
    expect(bytes.equals(rendered)).toBe(true);

    const captions = await fetch(`${h.baseUrl}/api/interactive/${token}/captions`);
    expect(captions.status).toBe(200);
    expect(captions.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    const vtt = await captions.text();
    expect(vtt.startsWith('WEBVTT')).toBe(true);
    // The template's chapters start where the video shows each slide (its captions pause between slides).
    const { template } = await projectTemplate();
    const videoSlides = slideStarts(vtt);
    expect(videoSlides).toHaveLength(template.chapters!.length + 1);
    expect(template.chapters!.slice(1).map((c) => c.start_time)).toEqual(videoSlides.slice(2).map((s) => Math.round(s * 10) / 10));

    // Where learners report: the player's own credential, for this project's activity only.
    const tracking = p.tracking;
    expect(tracking).toMatchObject({ endpoint: '/api/xapi/', activity_id: expect.stringMatching(new RegExp(`/api/xapi/activities/projects/${projectId}$`)), language: 'en' });
    const tracker = new VideoTracker({
      activityId: tracking.activity_id,
      title: p.title,
      language: tracking.language,
      channel: 'interactive',
      channelExtension: tracking.channel_extension,
      learner: { homePage: tracking.learner_home_page, name: randomUUID() },
      sessionId: randomUUID(),
      metadata: p.video_metadata,
      newId: randomUUID,
    });
    const quiz = p.video_metadata.quizzes[0];
    const statements = [
      tracker.initialized(30),
      ...tracker.fromPlayer({ type: 'play', media_time: 0 }),
      ...(quiz ? tracker.fromPlayer({ type: 'quiz_answer', element_id: quiz.id, value: quiz.options[1].id, media_time: 12.5 }) : []),
      ...tracker.fromPlayer({ type: 'cta_click', element_id: 'cta-1', value: LONG_URL, media_time: 25.25 }),
      tracker.terminated(26)!,
    ];
    const xapi = (body: unknown) => h.request({ method: 'POST', url: '/api/xapi/statements', payload: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-experience-api-version': '1.0.3', authorization: tracking.authorization } });
    const sent = await xapi(statements);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual(statements.map((s) => s.id));
    expect(await count('xapi_statements')).toBeGreaterThanOrEqual(5);
    // The same credential may not write about another project, nor read.
    const elsewhere = { ...statements[0], id: randomUUID(), object: { id: tracking.activity_id.replace(projectId, randomUUID()) } };
    expect((await xapi([elsewhere])).statusCode).toBe(403);
    expect((await h.request({ url: '/api/xapi/statements', headers: { 'x-experience-api-version': '1.0.3', authorization: tracking.authorization } })).statusCode).toBe(403);
  }, 60_000);

  it('should answer unknown tokens 404', async () => {
    const unknown = 'Q'.repeat(43);
    const page = await h.request({ url: `/api/interactive/${unknown}` });
    expect([page.statusCode, page.json().message]).toEqual([404, INTERACTIVE_VIDEO_MESSAGES.notFound]);
    expect((await fetch(`${h.baseUrl}/api/interactive/${unknown}/video`)).status).toBe(404);
    expect((await fetch(`${h.baseUrl}/api/interactive/${unknown}/captions`)).status).toBe(404);
  });
});

describe('interactive video: bad input (each a clear 4xx, nothing stored)', () => {
  /** Posts a body changed by `change` and expects a 4xx with the message; the versions stay as they were. */
  async function refused(change: (b: any) => void, status: number, message?: string | RegExp, who: Account = me, path = projectId) {
    const before = await versionCount();
    const b = await body();
    change(b);
    const res = await call(h, 'POST', `/api/projects/${path}/interactive-video`, who, b);
    expect(res.statusCode).toBe(status);
    if (message) expect(res.json().message).toMatch(message);
    expect(await versionCount()).toBe(before);
    return res.json();
  }
  const exact = (s: string) => new RegExp(`^${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

  it('should refuse a blank chapter title', async () => {
    await refused((b) => (b.video_metadata.chapters[0].title = '   '), 400, exact('A chapter title is required.'));
  });

  it('should refuse an oversized hotspot title, with the catalogue\'s message or the shape\'s bound', async () => {
    await refused((b) => (b.video_metadata.hotspots[0].title = 'x'.repeat(201)), 400, exact('A hotspot title may hold at most 200 characters.'));
    await refused((b) => (b.video_metadata.hotspots[0].title = 'x'.repeat(20_000)), 400, /at most 10000 characters/);
  });

  it('should refuse a NUL character in a text (PostgreSQL keeps none)', async () => {
    await refused((b) => (b.video_metadata.chapters[0].title = 'Daily\u0000checks'), 400, /NUL characters/);
  });

  it('should refuse numbers too large to be finite (1e309), checked or not', async () => {
    const post = async (raw: string) => {
      const before = await versionCount();
      const res = await h.request({ method: 'POST', url: `/api/projects/${projectId}/interactive-video`, payload: raw, headers: { ...me.auth, 'content-type': 'application/json' } });
      expect(await versionCount()).toBe(before);
      return [res.statusCode, res.json().message];
    };
    const raw = JSON.stringify(await body());
    expect(await post(raw.replace('"x_position":40', '"x_position":1e309'))).toEqual([400, 'Hotspot positions must be between 0 and 100.']);
    expect(await post(raw.replace('"info_text":"Check them daily."', '"info_text":"Check them daily.","time":1e309'))).toEqual([400, 'Numbers must be finite.']);
  });

  it('should refuse a hotspot at x 150, naming the field', async () => {
    const res = await refused((b) => (b.video_metadata.hotspots[0].x_position = 150), 400, exact('Hotspot positions must be between 0 and 100.'));
    expect(res.detail).toEqual({ field: 'video_metadata.hotspots[0].x_position' });
  });

  it('should refuse a quiz with two correct options', async () => {
    await refused((b) => b.video_metadata.quizzes[0].options.slice(0, 2).forEach((o: any) => (o.is_correct = true)), 400, exact('Exactly one option must be correct.'));
  });

  it('should refuse a call to action to javascript:alert(1)', async () => {
    await refused(
      (b) =>
        (b.video_metadata.call_to_actions = [
          { id: 'cta', text: 'Click', url: 'javascript:alert(1)', show_time: 5, duration: 10, position: 'bottom-right', style: { background_color: '#2563eb', text_color: '#ffffff', border_radius: 8, padding: 12 }, track_clicks: true },
        ]),
      400,
      exact('A call to action URL must be an http or https address.'),
    );
  });

  it('should refuse 10,000 elements with "at most 500"', async () => {
    await refused(
      (b) => (b.video_metadata.chapters = Array.from({ length: 10_000 }, (_, i) => ({ id: `c${i}`, title: 'Chapter', description: '', start_time: 0, is_skippable: true }))),
      400,
      exact(INTERACTIVE_VIDEO_MESSAGES.tooMany),
    );
  });

  it('should refuse durations of 10 and 5000 seconds, in a creation and in the template path', async () => {
    await refused((b) => (b.video_metadata.video_duration = 10), 400, exact(INTERACTIVE_VIDEO_MESSAGES.duration));
    await refused((b) => (b.video_metadata.video_duration = 5000), 400, exact(INTERACTIVE_VIDEO_MESSAGES.duration));
    for (const d of ['10', '5000']) {
      const res = await call(h, 'GET', `/api/interactive-video-template/${d}`, me);
      expect([res.statusCode, res.json().message]).toEqual([400, INTERACTIVE_VIDEO_MESSAGES.duration]);
    }
  });

  it("should refuse a time past the narrated video's end", async () => {
    // Within video_duration (which the catalogue checks) but past the real video's end (with 2 s allowed).
    await refused(
      (b) => {
        const m = b.video_metadata;
        m.quizzes[0].show_time = m.video_duration + 20;
        m.video_duration = Math.min(3600, m.video_duration + 30);
      },
      400,
      /^Element times must lie within the project's narrated video \(\d+ seconds\)\.$/,
    );
  });

  it("should refuse a project_id other than the path's, in the body or in video_metadata", async () => {
    const other = '00000000-0000-4000-8000-000000000000';
    await refused((b) => (b.project_id = other), 400, exact('project_id must name the project of the path.'));
    await refused((b) => (b.video_metadata.project_id = other), 400, exact('video_metadata.project_id must name the project of the path.'));
  });

  it('should refuse unknown fields and wrong types (the shape)', async () => {
    await refused((b) => (b.video_metadata.chapters[0].colour = 'red'), 400);
    await refused((b) => (b.video_metadata.hotspots[0].x_position = '40'), 400);
    await refused((b) => delete b.video_metadata.hotspots[0].style, 400);
  });

  it("should answer 404 for another company's project, on every route", async () => {
    const stranger = await register(h, 'Stan Stranger', 'professional');
    await refused((b) => (b.project_id = projectId), 404, undefined, stranger);
    expect((await call(h, 'GET', `/api/projects/${projectId}/interactive-video`, stranger)).statusCode).toBe(404);
    expect((await call(h, 'GET', `/api/projects/${projectId}/interactive-video/versions`, stranger)).statusCode).toBe(404);
    expect((await call(h, 'GET', `/api/interactive-video-template/${projectId}`, stranger)).statusCode).toBe(404);
    expect((await call(h, 'POST', `/api/projects/00000000-0000-4000-8000-000000000000/interactive-video`, me, { ...(await body()), project_id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });

  it('should refuse a viewer (403) and let them read', async () => {
    const viewer = await register(h, 'Vic Viewer');
    await addMember(h, me.companyId, viewer, 'viewer');
    await eventually(async () => (await call(h, 'GET', `/api/projects/${projectId}/interactive-video`, viewer)).statusCode === 200, 10_000);
    await refused(() => undefined, 403, "You don't have permission to perform this action.", viewer);
  });

  it('should refuse the free trial with the upgrade message naming Professional', async () => {
    const trial = await register(h, 'Tara Trial');
    const own = await call(h, 'POST', '/api/projects', trial, { title: 'Slides', project_type: 'slides_to_script', slides_content: '# Slides\n\n## One\n- A point\n', input_method: 'text' });
    expect(own.statusCode).toBe(201);
    const id = own.json().id;
    const before = await versionCount();
    const res = await call(h, 'POST', `/api/projects/${id}/interactive-video`, trial, { ...(await body()), project_id: id, video_metadata: { ...(await body()).video_metadata, project_id: id } });
    expect([res.statusCode, res.json().message]).toEqual([403, upgradeRequiredMessage('videoGeneration')]);
    expect(upgradeRequiredMessage('videoGeneration')).toContain('Professional');
    expect((await call(h, 'GET', `/api/interactive-video-template/${id}`, trial)).statusCode).toBe(403);
    expect(await versionCount()).toBe(before);
  });

  it('should refuse a project without a narrated video yet (409)', async () => {
    const own = await call(h, 'POST', '/api/projects', me, { title: 'Slides only', project_type: 'slides_to_script', slides_content: '# Slides\n\n## One\n- A point\n', input_method: 'text' });
    const id = own.json().id;
    const before = await versionCount();
    const b = await body();
    const res = await call(h, 'POST', `/api/projects/${id}/interactive-video`, me, { ...b, project_id: id, video_metadata: { ...b.video_metadata, project_id: id } });
    expect([res.statusCode, res.json().message, res.json().message_id]).toEqual([409, INTERACTIVE_VIDEO_MESSAGES.noVideo, 'interactiveVideo.noVideo']);
    expect((await call(h, 'GET', `/api/projects/${id}/interactive-video`, me)).json().message).toBe(INTERACTIVE_VIDEO_MESSAGES.notFound);
    expect(await versionCount()).toBe(before);
  });
});
