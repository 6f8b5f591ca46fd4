// The share page's data (GET /api/shared/{token}) carries learner text only and the current version
// (issue 23 points 6 and 8): no trainer notes, including the engine prompts that content stored
// before trainer notes existed keeps in its speaker notes and script, and a Script that follows
// the slides as they are after an edit. On a plan with analytics it carries where the page reports
// its readers: the link's own sender credential, which may write about the project only. Real
// gateway, auth, project and scorm services.
import { randomUUID } from 'node:crypto';
import { VideoTracker } from '@trainwright/interactive-player';
import { GeneratedContent } from '@trainwright/proto/trainwright/content/v1/content';
import { PipelineProgress } from '@trainwright/proto/trainwright/events/v1/events';
import { call as callAs, eventually, register, type Account } from './accounts.js';
import { STACK_START_MS, startHarness, type Harness } from './harness.js';

let h: Harness;

beforeAll(async () => {
  // A stack of its own: the test writes the generated content with its own pipeline event, so no
  // generator worker runs.
  h = await startHarness('shared-view', { RATE_LIMIT_REGISTER_MAX: '1000', GENERATE_WORKER: 'false' });
}, STACK_START_MS);
afterAll(async () => {
  await h?.close();
});

const call = (method: string, url: string, who: Account, body?: unknown) => callAs(h, method, url, who, body);

const PROMPT = 'Trainer prompt: present Listening in your own words. This outline holds no facts yet.';
/** A topic outline as the generator stored it before trainer notes existed. */
const STORED = {
  script: `[SCENE: Welcome]\n\nNARRATOR: This training covers: Listening.\n\n[TRANSITION: Next slide]\n\n[SCENE: Listening]\n\nNARRATOR: ${PROMPT}\n`,
  slides: { slide_content: `# Complaints\n\n## Welcome\n\n**Content:**\n- Acknowledge a complaint\n\n**Speaker Notes:**\nThis training covers: Listening.\n\n## Listening\n\n**Content:**\n- Explain Listening\n\n**Speaker Notes:**\n${PROMPT}\n` },
};

interface SharedJson {
  slide_content: string;
  script: string;
  tracking: { endpoint: string; authorization: string; activity_id: string; learner_home_page: string; channel_extension: string; language: string } | null;
}

async function generated(who: Account) {
  const res = await call('POST', '/api/projects', who, { title: 'Complaints', project_type: 'script_to_slides', script_content: '## Welcome\n- Acknowledge a complaint' });
  expect(res.statusCode).toBe(201);
  const { id } = res.json() as { id: string };
  await h.bus.publish(
    'generation.completed',
    PipelineProgress.encode({ projectId: id, status: 'generating_content', stage: 'generating_content', percent: 100, error: '', generatedContent: GeneratedContent.fromJSON(STORED), occurredAt: new Date().toISOString() }).finish(),
    randomUUID(),
  );
  await eventually(async () => ((await call('GET', `/api/projects/${id}`, who)).json().generated_content?.slides.slide_content ? true : undefined));
  const link = (await call('POST', `/api/projects/${id}/share`, who)).json() as { token: string };
  return { id, shared: async () => (await h.request({ url: `/api/shared/${link.token}` })).json() as SharedJson };
}

describe('GET /api/shared/{token}', () => {
  it('should carry no trainer notes, old engine prompts included', async () => {
    const me = await register(h);
    const { id, shared } = await generated(me);
    const before = await shared();
    expect(before.script).toContain('NARRATOR: This training covers: Listening.');
    expect(`${before.slide_content}\n${before.script}`).not.toContain('Trainer prompt');
    // Trainer notes written in the current format do not reach the share page either.
    const edited = `${STORED.slides.slide_content.replace(`**Speaker Notes:**\n${PROMPT}\n`, '')}\n**Trainer Notes:**\nAsk the group for a recent complaint.\n`;
    expect((await call('PATCH', `/api/projects/${id}`, me, { generated_slides: edited })).statusCode).toBe(200);
    const after = await shared();
    expect(`${after.slide_content}\n${after.script}`).not.toContain('Ask the group');
  });

  it('should show the Script of the slides as they are after an edit', async () => {
    const me = await register(h);
    const { id, shared } = await generated(me);
    const edited = STORED.slides.slide_content.replace('This training covers: Listening.', 'Welcome: today we practise listening.');
    expect((await call('PATCH', `/api/projects/${id}`, me, { generated_slides: edited })).statusCode).toBe(200);
    const after = await shared();
    expect(after.script).toContain('NARRATOR: Welcome: today we practise listening.');
    expect(after.script).not.toContain('This training covers');
    expect(after.slide_content).toContain('Welcome: today we practise listening.');
  });
});

describe('GET /api/shared/{token}: where the page reports its readers', () => {
  const xapi = (authorization: string, body: unknown) =>
    h.request({ method: 'POST', url: '/api/xapi/statements', payload: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-experience-api-version': '1.0.3', authorization } });

  it("should hand out the link's own credential on a plan with analytics, for statements about the project only", async () => {
    const me = await register(h, 'Bea Business', 'business');
    const { id, shared } = await generated(me);
    const { tracking } = await shared();
    expect(tracking).toMatchObject({ endpoint: '/api/xapi/', authorization: expect.stringMatching(/^Basic /), activity_id: expect.stringMatching(new RegExp(`/api/xapi/activities/projects/${id}$`)), language: 'en' });
    // One credential per link, however often the page opens.
    expect((await shared()).tracking).toEqual(tracking);

    // A reading session as the share page sends it: a view of content without a video.
    const tracker = new VideoTracker({
      activityId: tracking!.activity_id,
      title: 'Complaints',
      language: tracking!.language,
      channel: 'share_link',
      channelExtension: tracking!.channel_extension,
      learner: { homePage: tracking!.learner_home_page, name: randomUUID() },
      sessionId: randomUUID(),
      metadata: { quizzes: [], call_to_actions: [], hotspots: [], completion_threshold: 100 },
      newId: randomUUID,
    });
    const statements = [tracker.initialized(0), ...tracker.fromPlayer({ type: 'complete', media_time: 0 }), tracker.terminated(0)!];
    const sent = await xapi(tracking!.authorization, statements);
    expect([sent.statusCode, sent.json()]).toEqual([200, statements.map((s) => s.id)]);
    // Not about another activity.
    const elsewhere = { ...statements[0], id: randomUUID(), object: { id: tracking!.activity_id.replace(id, randomUUID()) } };
    expect((await xapi(tracking!.authorization, [elsewhere])).statusCode).toBe(403);

    // The link revoked, its page's credential stops working (share_link.revoked).
    expect((await call('DELETE', `/api/projects/${id}/share`, me)).statusCode).toBeLessThan(300);
    const again = () => ({ ...statements[0], id: randomUUID() });
    await eventually(async () => (await xapi(tracking!.authorization, [again()])).statusCode === 401, 15_000);
  });

  it('should carry no tracking on a plan without analytics', async () => {
    const me = await register(h, 'Tia Trial');
    const { shared } = await generated(me);
    expect((await shared()).tracking).toBeNull();
  });
});
