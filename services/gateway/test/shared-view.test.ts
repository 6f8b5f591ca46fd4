// The share page's data (GET /api/shared/{token}) carries learner text only and the current version
// (issue 23 points 6 and 8): no trainer notes, including the engine prompts that content stored
// before trainer notes existed keeps in its speaker notes and script, and a Script that follows
// the slides as they are after an edit. Real gateway, auth and project services.
import { randomUUID } from 'node:crypto';
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
  return { id, shared: async () => (await h.request({ url: `/api/shared/${link.token}` })).json() as { slide_content: string; script: string } };
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
