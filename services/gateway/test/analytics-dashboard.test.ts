// The dashboards' learner analytics through the gateway (docs/analytics.md, "Metrics"): a stream
// made here with the player's own tracker and sent to the learning record store (a repeat, out of
// order, seeks back and forward, an abandoned view, two languages, two channels) gives exactly the
// figures worked out by hand below, for the company and the project; another company finds nothing.
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { VideoTracker, type Statement } from '@trainwright/interactive-player';
import { addMember, call, eventually, register, type Account } from './accounts.js';
import { sharedHarness, type Harness } from './harness.js';

let h: Harness;
let owner: Account;
let projectId: string;
let basic: string;
/** The project's quality score once its generation has settled (the figures' avg_quality). */
let quality: number | null;

const metadata = {
  completion_threshold: 90,
  hotspots: [],
  call_to_actions: [],
  quizzes: [{ id: 'q1', question: 'Max load?', question_type: 'multiple_choice' as const, options: [{ id: 'a', text: '1 t', is_correct: true }, { id: 'b', text: '5 t', is_correct: false }], correct_feedback: '', incorrect_feedback: '', show_time: 10, points: 1, auto_advance: false, required: true }],
};

/** A learner's tracker whose statements happen when `clock.ms` says (a view's times are set by hand). */
function tracker(language: string, learner: string, channel: 'interactive' | 'embed', clock: { ms: number }) {
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
    now: () => new Date(clock.ms),
  });
}

const send = (statements: Statement[]) =>
  h.request({ method: 'POST', url: '/api/xapi/statements', payload: JSON.stringify(statements), headers: { 'content-type': 'application/json', 'x-experience-api-version': '1.0.3', authorization: basic } });

beforeAll(async () => {
  h = await sharedHarness();
  owner = await register(h, 'Dana Dashboards', 'business');
  projectId = (await call(h, 'POST', '/api/projects', owner, { title: 'Forklift', project_type: 'script_to_slides', script_content: '[SCENE: A]\nNARRATOR: Check the forks.', input_method: 'text' })).json().id;
  // Its generation scores it: wait for that, or a figure read meanwhile would miss the score.
  const settled = await eventually(async () => {
    const p = (await call(h, 'GET', `/api/projects/${projectId}`, owner)).json();
    return p.status === 'completed' || p.status === 'failed' ? p : undefined;
  }, 60_000);
  quality = settled.quality_score ?? null;
  const key = (await call(h, 'POST', '/api/analytics/lrs-keys', owner, { name: 'Player' })).json();
  basic = `Basic ${Buffer.from(`${key.key}:${key.secret}`).toString('base64')}`;
}, 120_000);

describe('learner analytics', () => {
  it('should say an empty range is empty, inventing nothing', async () => {
    const empty = (await call(h, 'GET', '/api/analytics/dashboard?range=7d', owner)).json();
    expect(empty).toMatchObject({ range: '7d', empty: true, analytics: { total_views: 0, completion_rate: null, avg_quality: quality, active_users: 0 }, summary: 'No learner activity in the last 7 days.', series: [] });
  });

  it('should add up a seeded stream exactly as worked out by hand', async () => {
    // Wall-clock times by hand: A two days ago (70 s long), B and C two minutes ago (15 s and 20 s), C a second after B.
    const now = Date.now();
    const at = (clock: { ms: number }, start: number, second: number) => ((clock.ms = start + second * 1000), clock);
    const twoDaysAgo = now - 48 * 3_600_000;
    const recently = now - 120_000;
    // A (en, learner 1, watch page): plays 0-20, seeks back to 10, completes at 54, leaves at 60: 0-60 watched, completed; answers wrongly.
    const ca = { ms: twoDaysAgo };
    const a = tracker('en', 'learner-1', 'interactive', ca);
    const A = [a.initialized(60), ...a.fromPlayer({ type: 'play', media_time: 0 }), ...(at(ca, twoDaysAgo, 20), a.fromPlayer({ type: 'seek', media_time: 10, value: '20' })), ...(at(ca, twoDaysAgo, 22), a.fromPlayer({ type: 'quiz_answer', element_id: 'q1', value: 'b', media_time: 12 })), ...(at(ca, twoDaysAgo, 64), a.fromPlayer({ type: 'complete', media_time: 54 })), (at(ca, twoDaysAgo, 70), a.terminated(60)!)];
    // B (es, learner 2, embedded): plays 0-15, pauses and is abandoned (no last statement); answers rightly.
    const cb = { ms: recently };
    const b = tracker('es', 'learner-2', 'embed', cb);
    const B = [b.initialized(60), ...b.fromPlayer({ type: 'play', media_time: 0 }), ...(at(cb, recently, 12), b.fromPlayer({ type: 'quiz_answer', element_id: 'q1', value: 'a', media_time: 12 })), ...(at(cb, recently, 15), b.fromPlayer({ type: 'pause', media_time: 15 }))];
    // C (en, learner 1 again, another day): plays 0-10, seeks forward to 40, leaves at 50: 0-10 and 40-50, 20 of 60 seconds; answers wrongly.
    const cStart = recently + 1000;
    const cc = { ms: cStart };
    const c = tracker('en', 'learner-1', 'interactive', cc);
    const C = [c.initialized(60), ...c.fromPlayer({ type: 'play', media_time: 0 }), ...(at(cc, cStart, 8), c.fromPlayer({ type: 'quiz_answer', element_id: 'q1', value: 'b', media_time: 8 })), ...(at(cc, cStart, 10), c.fromPlayer({ type: 'seek', media_time: 40, value: '10' })), (at(cc, cStart, 20), c.terminated(50)!)];

    // Out of order, A's last first, and A twice.
    expect((await send([A[A.length - 1]!, ...B])).statusCode).toBe(200);
    expect((await send([...C, ...A.slice(0, -1)])).statusCode).toBe(200);
    expect((await send(A)).statusCode).toBe(200);

    const company = await eventually(async () => {
      const d = (await call(h, 'GET', '/api/analytics/dashboard', owner)).json();
      return d.analytics.total_views === 3 && d.questions[0]?.answers === 3 ? d : undefined;
    }, 20_000);
    const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    expect(company).toMatchObject({
      range: '30d',
      empty: false,
      // 3 views by 2 learners, 1 completed: 33.3 %.
      analytics: { total_views: 3, completion_rate: 33.3, avg_quality: quality, active_users: 2 },
      // 60 + 15 + 20 seconds; (1 + 0.25 + 0.3333) / 3 watched.
      learners: { completed_views: 1, watch_time_seconds: 95, average_watched_ratio: 0.5278 },
      series: [{ day: dayOf(twoDaysAgo), views: 1, completed: 1 }, { day: dayOf(recently), views: 2, completed: 0 }],
      languages: [{ key: 'en', views: 2, completed: 1 }, { key: 'es', views: 1, completed: 0 }],
      channels: [{ key: 'interactive', views: 2, completed: 1 }, { key: 'embed', views: 1, completed: 0 }],
      projects: [{ key: projectId, title: 'Forklift', views: 3, completed: 1 }],
      questions: [{ question: 'Max load?', answers: 3, correct_rate: 33.3, responses: { a: 1, b: 2 } }],
      summary: '3 views by 2 learners in the last 30 days; 1 completed.',
      // Three views are too few to recommend anything.
      insights: { recommendations: [] },
    });

    const project = (await call(h, 'GET', `/api/analytics/projects/${projectId}?range=7d&language=en`, owner)).json();
    expect(project.analytics).toEqual({ total_views: 2, completion_rate: 50, avg_quality: quality, active_users: 1 });
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
    expect(all.project).toMatchObject({ id: projectId, title: 'Forklift', project_type: 'script_to_slides' });

    // The company's projects at a glance, as its project list has them.
    const list = (await call(h, 'GET', `/api/projects?company_id=${owner.companyId}&page_size=100`, owner)).json().projects as Array<{ id: string; project_type: string; quality_score: number | null }>;
    const scores = list.flatMap((p) => (p.quality_score === null ? [] : [p.quality_score]));
    expect(company.analytics.avg_quality).toBe(scores.length ? Math.round((scores.reduce((x, y) => x + y, 0) / scores.length) * 10) / 10 : null);
    expect(company.breakdown.reduce((n: number, t: { count: number }) => n + t.count, 0)).toBe(list.length);
    expect(company.breakdown).toContainEqual(expect.objectContaining({ project_type: 'script_to_slides' }));
    expect(company.recent_activity).toContainEqual(expect.objectContaining({ project_id: projectId, title: 'Forklift', views: 3 }));

    const engagement = (await call(h, 'GET', '/api/analytics/engagement?time_period=30', owner)).json();
    expect(engagement).toEqual({
      time_period: 30,
      empty: false,
      as_of: expect.any(String),
      engagement_metrics: {
        // (0.5 x 0.5278 + 0.3 x 0.3333 + 0.2 x 3/3 views answered) x 100
        overall_engagement_score: 56.4,
        // (70 + 15 + 20) / 3 seconds
        average_session_duration: 35,
        // 3 answers in 95 s = 1.5833 minutes watched
        interaction_rate_per_minute: 1.89,
        content_completion_rate: 33.3,
        // learner 1 came back another day; learner 2 did not
        user_retention_rate: 50,
      },
      // The project's worst fall (the first of three equal ones).
      drop_off_analysis: [{ project_id: projectId, project_title: 'Forklift', second: 10, section: '0:10', reason: '33.3% of viewers stop watching within 5 seconds of 0:10.', drop_rate: 33.3 }],
      ai_insights: [],
    });

    const completion = (await call(h, 'GET', '/api/analytics/completion?time_period=30', owner)).json();
    expect(completion).toEqual({
      time_period: 30,
      empty: false,
      as_of: expect.any(String),
      // A alone completed, 70 s after it started.
      completion_metrics: { overall_completion_rate: 33.3, average_completion_time: 70, median_completion_time: 70 },
      // Watched 100 %, 25 % and 33 % of the video.
      drop_off_funnel: { started: 100, watched_25: 100, watched_50: 33.3, watched_75: 33.3, completed: 33.3 },
      optimization_opportunities: [],
    });
    // One day back: B and C alone, neither completed.
    expect((await call(h, 'GET', '/api/analytics/completion?time_period=1', owner)).json()).toMatchObject({ completion_metrics: { overall_completion_rate: 0, average_completion_time: null, median_completion_time: null } });

    expect((await call(h, 'GET', '/api/analytics/realtime', owner)).json()).toEqual({
      // B and C reported within five minutes; both started within the hour.
      current_active_sessions: 2,
      last_hour: { project_views: 2 },
      // 15 + 20 seconds watched: 0.6 minutes.
      last_24_hours: { unique_users: 2, total_engagement_time: 0.6 },
      trending_content: [{ project_id: projectId, title: 'Forklift', views: 2, engagement: 29.2 }],
    });

    const csv = await call(h, 'GET', '/api/analytics/export.csv?range=7d', owner);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="learner-views-7d-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows: string[][] = parse(csv.body);
    expect(rows[0]).toEqual(['started_at', 'last_at', 'project_id', 'project_title', 'activity_id', 'channel', 'language', 'learner', 'length_seconds', 'watched_seconds', 'watched_percent', 'completed']);
    // Oldest first: A, B, C.
    expect(rows.slice(1).map((r) => [r[0], r[2], r[3], r[5], r[6], r[7], r[8], r[9], r[10], r[11]])).toEqual([
      [new Date(twoDaysAgo).toISOString(), projectId, 'Forklift', 'interactive', 'en', 'account:["http://localhost:3000/api/xapi/","learner-1"]', '60', '60', '100', 'yes'],
      [new Date(recently).toISOString(), projectId, 'Forklift', 'embed', 'es', 'account:["http://localhost:3000/api/xapi/","learner-2"]', '60', '15', '25', 'no'],
      [new Date(cStart).toISOString(), projectId, 'Forklift', 'interactive', 'en', 'account:["http://localhost:3000/api/xapi/","learner-1"]', '60', '20', '33.3', 'no'],
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
    for (const path of ['/api/analytics/engagement', '/api/analytics/completion', '/api/analytics/realtime', '/api/analytics/export.csv']) {
      const other = await call(h, 'GET', `${path}?company_id=${owner.companyId}`, stranger);
      expect({ path, status: other.statusCode }).toEqual({ path, status: 404 });
      const plan = await call(h, 'GET', path, professional);
      expect({ path, status: plan.statusCode, code: plan.json().code }).toEqual({ path, status: 403, code: 'FEATURE_NOT_AVAILABLE' });
    }
    expect((await call(h, 'GET', `/api/analytics/export.csv?project_id=${projectId}`, stranger)).statusCode).toBe(404);
    expect((await call(h, 'GET', '/api/analytics/export.csv?channel=radio', owner)).statusCode).toBe(400);
    for (const period of ['0', '366', '99999999999999999999', 'week']) {
      const bad = await call(h, 'GET', `/api/analytics/engagement?time_period=${period}`, owner);
      expect({ period, status: bad.statusCode }).toEqual({ period, status: 400 });
    }
    expect((await call(h, 'GET', '/api/analytics/completion?time_period=7&project_id=not-a-project', owner)).statusCode).toBe(404);
    // An empty period says so.
    expect((await call(h, 'GET', '/api/analytics/engagement', stranger)).json()).toEqual({ time_period: 30, empty: true, as_of: expect.any(String), engagement_metrics: null, drop_off_analysis: [], ai_insights: [] });
    expect((await call(h, 'GET', '/api/analytics/completion?time_period=7', stranger)).json()).toEqual({ time_period: 7, empty: true, as_of: expect.any(String), completion_metrics: null, drop_off_funnel: null, optimization_opportunities: [] });
  });
});
