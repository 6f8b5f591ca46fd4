// The dashboards' learner analytics through the gateway (docs/analytics.md, "Metrics"): a stream
// made here with the player's own tracker and sent to the learning record store (a repeat, out of
// order, seeks back and forward, an abandoned view, two languages, two channels) gives exactly the
// figures worked out by hand below, for the company and the project; another company finds nothing.
import { randomUUID } from 'node:crypto';
import { VideoTracker, type Statement } from '@trainwright/interactive-player';
import { addMember, call, eventually, register, type Account } from './accounts.js';
import { sharedHarness, type Harness } from './harness.js';

let h: Harness;
let owner: Account;
let projectId: string;
let basic: string;

const metadata = {
  completion_threshold: 90,
  hotspots: [],
  call_to_actions: [],
  quizzes: [{ id: 'q1', question: 'Max load?', question_type: 'multiple_choice' as const, options: [{ id: 'a', text: '1 t', is_correct: true }, { id: 'b', text: '5 t', is_correct: false }], correct_feedback: '', incorrect_feedback: '', show_time: 10, points: 1, auto_advance: false, required: true }],
};

function tracker(language: string, learner: string, channel: 'interactive' | 'embed') {
  const home = 'http://localhost:3000/api/xapi/';
  return new VideoTracker({
    activityId: `${home}activities/projects/${projectId}`,
    title: 'Forklift',
    language,
    channel,
    channelExtension: `${home}extensions/channel`,
    learner: { homePage: home, name: learner },
    sessionId: randomUUID(),
    metadata,
    newId: randomUUID,
  });
}

const send = (statements: Statement[]) =>
  h.request({ method: 'POST', url: '/api/xapi/statements', payload: JSON.stringify(statements), headers: { 'content-type': 'application/json', 'x-experience-api-version': '1.0.3', authorization: basic } });

beforeAll(async () => {
  h = await sharedHarness();
  owner = await register(h, 'Dana Dashboards', 'business');
  projectId = (await call(h, 'POST', '/api/projects', owner, { title: 'Forklift', project_type: 'script_to_slides', script_content: '[SCENE: A]\nNARRATOR: Check the forks.', input_method: 'text' })).json().id;
  const key = (await call(h, 'POST', '/api/analytics/lrs-keys', owner, { name: 'Player' })).json();
  basic = `Basic ${Buffer.from(`${key.key}:${key.secret}`).toString('base64')}`;
}, 120_000);

describe('learner analytics', () => {
  it('should say an empty range is empty, inventing nothing', async () => {
    const empty = (await call(h, 'GET', '/api/analytics/dashboard?range=7d', owner)).json();
    expect(empty).toMatchObject({ range: '7d', empty: true, analytics: { total_views: 0, completion_rate: null, avg_quality: null, active_users: 0 }, summary: 'No learner activity in the last 7 days.', series: [] });
  });

  it('should add up a seeded stream exactly as worked out by hand', async () => {
    // A (en, learner 1, watch page): plays 0-20, seeks back to 10, completes at 54, leaves at 60: 0-60 watched, completed; answers wrongly.
    const a = tracker('en', 'learner-1', 'interactive');
    const A = [a.initialized(60), ...a.fromPlayer({ type: 'play', media_time: 0 }), ...a.fromPlayer({ type: 'seek', media_time: 10, value: '20' }), ...a.fromPlayer({ type: 'quiz_answer', element_id: 'q1', value: 'b', media_time: 12 }), ...a.fromPlayer({ type: 'complete', media_time: 54 }), a.terminated(60)!];
    // B (es, learner 2, embedded): plays 0-15, pauses and is abandoned (no last statement); answers rightly.
    const b = tracker('es', 'learner-2', 'embed');
    const B = [b.initialized(60), ...b.fromPlayer({ type: 'play', media_time: 0 }), ...b.fromPlayer({ type: 'quiz_answer', element_id: 'q1', value: 'a', media_time: 12 }), ...b.fromPlayer({ type: 'pause', media_time: 15 })];
    // C (en, learner 1 again): plays 0-10, seeks forward to 40, leaves at 50: 0-10 and 40-50, 20 of 60 seconds; answers wrongly.
    const c = tracker('en', 'learner-1', 'interactive');
    const C = [c.initialized(60), ...c.fromPlayer({ type: 'play', media_time: 0 }), ...c.fromPlayer({ type: 'quiz_answer', element_id: 'q1', value: 'b', media_time: 8 }), ...c.fromPlayer({ type: 'seek', media_time: 40, value: '10' }), c.terminated(50)!];

    // Out of order, A's last first, and A twice.
    expect((await send([A[A.length - 1]!, ...B])).statusCode).toBe(200);
    expect((await send([...C, ...A.slice(0, -1)])).statusCode).toBe(200);
    expect((await send(A)).statusCode).toBe(200);

    const company = await eventually(async () => {
      const d = (await call(h, 'GET', '/api/analytics/dashboard', owner)).json();
      return d.analytics.total_views === 3 && d.questions[0]?.answers === 3 ? d : undefined;
    }, 20_000);
    const today = new Date().toISOString().slice(0, 10);
    expect(company).toMatchObject({
      range: '30d',
      empty: false,
      // 3 views by 2 learners, 1 completed: 33.3 %.
      analytics: { total_views: 3, completion_rate: 33.3, avg_quality: null, active_users: 2 },
      // 60 + 15 + 20 seconds; (1 + 0.25 + 0.3333) / 3 watched.
      learners: { completed_views: 1, watch_time_seconds: 95, average_watched_ratio: 0.5278 },
      series: [{ day: today, views: 3, completed: 1 }],
      languages: [{ key: 'en', views: 2, completed: 1 }, { key: 'es', views: 1, completed: 0 }],
      channels: [{ key: 'interactive', views: 2, completed: 1 }, { key: 'embed', views: 1, completed: 0 }],
      projects: [{ key: projectId, views: 3, completed: 1 }],
      questions: [{ question: 'Max load?', answers: 3, correct_rate: 33.3, responses: { a: 1, b: 2 } }],
      summary: '3 views by 2 learners in the last 30 days; 1 completed.',
      // Three views are too few to recommend anything.
      insights: { recommendations: [] },
    });

    const project = (await call(h, 'GET', `/api/analytics/projects/${projectId}?range=7d&language=en`, owner)).json();
    expect(project.analytics).toEqual({ total_views: 2, completion_rate: 50, avg_quality: null, active_users: 1 });
    const all = (await call(h, 'GET', `/api/analytics/projects/${projectId}`, owner)).json();
    // Seconds 0-9 by all three, 10-14 by A and B, 15-39 by A, 40-49 by A and C, 50-59 by A.
    const third = 0.3333;
    const twoThirds = 0.6667;
    expect(all.retention).toEqual({ length_seconds: 60, curve: [...Array(10).fill(1), ...Array(5).fill(twoThirds), ...Array(25).fill(third), ...Array(10).fill(twoThirds), ...Array(10).fill(third)] });
    // A third leaves at 0:10, at 0:15 and at 0:50 (no slides: the project has no interactive video).
    expect(all.drop_offs).toEqual([
      { second: 10, loss: 33.3, slide: null },
      { second: 15, loss: 33.3, slide: null },
      { second: 50, loss: 33.3, slide: null },
    ]);
  }, 60_000);

  it('should keep analytics to the company, any member, and a plan with analytics', async () => {
    const viewer = await register(h, 'Vic Dashboards');
    await addMember(h, owner.companyId, viewer, 'viewer');
    await eventually(async () => (await call(h, 'GET', `/api/analytics/dashboard?company_id=${owner.companyId}`, viewer)).statusCode === 200, 10_000);
    const stranger = await register(h, 'Sam Dashboards', 'business');
    expect((await call(h, 'GET', `/api/analytics/projects/${projectId}`, stranger)).statusCode).toBe(404);
    expect((await call(h, 'GET', `/api/analytics/dashboard?company_id=${owner.companyId}`, stranger)).statusCode).toBe(404);
    expect((await call(h, 'GET', '/api/analytics/dashboard', stranger)).json().analytics.total_views).toBe(0);
    const professional = await register(h, 'Pia Dashboards', 'professional');
    const refused = await call(h, 'GET', '/api/analytics/dashboard', professional);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'FEATURE_NOT_AVAILABLE']);
    expect((await call(h, 'GET', '/api/analytics/dashboard?range=2y', owner)).statusCode).toBe(400);
    expect((await call(h, 'GET', '/api/analytics/dashboard?channel=radio', owner)).statusCode).toBe(400);
    expect((await call(h, 'GET', '/api/analytics/projects/not-a-project', owner)).statusCode).toBe(404);
  });
});
