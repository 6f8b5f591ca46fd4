// The player's statements (xAPI Video Profile) and their sender: segments and progress computed
// from play, pause and seek; quiz answers with their success; batching, retry and the queue kept
// in storage.
import { describe, expect, it } from '@jest/globals';
import { XAPI_VIDEO_EXTENSIONS as EXT } from '@trainwright/catalogue';
import { StatementSender, VideoTracker, coveredSeconds, formatSegments, isoDuration, type Statement } from '../src/index.js';

let n = 0;
const tracker = () =>
  new VideoTracker({
    activityId: 'https://lrs.test/api/xapi/activities/projects/p1',
    title: 'Forklift basics',
    language: 'en',
    channel: 'interactive',
    channelExtension: 'https://lrs.test/api/xapi/extensions/channel',
    learner: { homePage: 'https://lrs.test/api/xapi/', name: 'browser-1' },
    sessionId: '0b7c5e34-6a39-4e0b-9d61-0a4c1f1c9a11',
    metadata: {
      completion_threshold: 80,
      hotspots: [],
      call_to_actions: [],
      quizzes: [{ id: 'q1', question: 'Max load?', question_type: 'multiple_choice', options: [{ id: 'a', text: '1 t', is_correct: true }, { id: 'b', text: '5 t', is_correct: false }], correct_feedback: '', incorrect_feedback: '', show_time: 10, points: 1, auto_advance: false, required: true }],
    },
    newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    now: () => new Date('2026-12-05T10:00:00Z'),
  });

const ext = (s: Statement, key: string) => ((s.result as { extensions: Record<string, unknown> }).extensions)[key];

describe('VideoTracker', () => {
  it('reports a submitted assessment: each answer, then passed or failed with the score', () => {
    const t = tracker();
    t.initialized(0);
    const options = [{ id: '0', text: 'Weekly', correct: false }, { id: '1', text: 'Every shift', correct: true }];
    const statements = t.assessed({ questions: [{ id: 'q-1', question: 'When?', options, response: '1', success: true }, { id: 'q 2', question: 'Who?', options, response: null, success: false }], scorePercent: 50, passed: false });
    expect(statements.map((s) => (s.verb as { id: string }).id)).toEqual(['http://adlnet.gov/expapi/verbs/answered', 'http://adlnet.gov/expapi/verbs/failed']);
    expect(statements[0]).toMatchObject({ object: { id: 'https://lrs.test/api/xapi/activities/projects/p1/questions/q-1', definition: { correctResponsesPattern: ['1'] } }, result: { response: '1', success: true }, context: { contextActivities: { parent: [{ id: 'https://lrs.test/api/xapi/activities/projects/p1' }] } } });
    expect(statements[1]).toMatchObject({ object: { id: 'https://lrs.test/api/xapi/activities/projects/p1' }, result: { score: { scaled: 0.5 }, success: false } });
  });

  it("escapes an element's id in its activity IRI (an id may hold any character)", () => {
    const t = tracker();
    t.initialized(100);
    const [clicked] = t.fromPlayer({ type: 'cta_click', element_id: 'Book now/#1', media_time: 5 });
    expect((clicked!.object as { id: string }).id).toBe('https://lrs.test/api/xapi/activities/projects/p1/ctas/Book%20now%2F%231');
  });

  it('builds the Video Profile statements with segments and progress', () => {
    const t = tracker();
    const init = t.initialized(100);
    expect(init).toMatchObject({ verb: { id: 'http://adlnet.gov/expapi/verbs/initialized' }, actor: { account: { name: 'browser-1' } }, context: { language: 'en', extensions: { [EXT.length]: 100, [EXT.completionThreshold]: 0.8, 'https://lrs.test/api/xapi/extensions/channel': 'interactive' } } });
    t.fromPlayer({ type: 'play', media_time: 0 });
    const [paused] = t.fromPlayer({ type: 'pause', media_time: 12 });
    expect(ext(paused!, EXT.playedSegments)).toBe('0.000[.]12.000');
    t.fromPlayer({ type: 'play', media_time: 12 });
    const [seeked] = t.fromPlayer({ type: 'seek', media_time: 50, value: '20' });
    expect(ext(seeked!, EXT.timeFrom)).toBe(20);
    expect(ext(seeked!, EXT.timeTo)).toBe(50);
    const [answered] = t.fromPlayer({ type: 'quiz_answer', element_id: 'q1', value: 'b', media_time: 55 });
    expect(answered).toMatchObject({ object: { id: 'https://lrs.test/api/xapi/activities/projects/p1/quizzes/q1', definition: { interactionType: 'choice', correctResponsesPattern: ['a'] } }, result: { response: 'b', success: false }, context: { contextActivities: { parent: [{ id: 'https://lrs.test/api/xapi/activities/projects/p1' }] } } });
    const end = t.terminated(60)!;
    // 0-12, 12-20, 50-60: 30 of 100 seconds.
    expect(ext(end, EXT.playedSegments)).toBe('0.000[.]12.000[,]12.000[.]20.000[,]50.000[.]60.000');
    expect(ext(end, EXT.progress)).toBe(0.3);
    expect(t.terminated(61)).toBeNull();
  });

  it('counts seconds watched twice once, and writes durations in ISO 8601', () => {
    expect(coveredSeconds([[0, 10], [5, 15], [20, 25]])).toBe(20);
    expect(formatSegments([[1, 2.5]])).toBe('1.000[.]2.500');
    expect(isoDuration(65.5)).toBe('PT1M5.5S');
    expect(isoDuration(0)).toBe('PT0S');
    expect(isoDuration(3600)).toBe('PT1H');
  });
});

describe('StatementSender', () => {
  const memory = () => {
    const map = new Map<string, string>();
    return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k), map };
  };

  it('keeps statements while the LRS cannot be reached, and sends them in batches later', async () => {
    const storage = memory();
    const calls: number[] = [];
    let online = false;
    const fetch = (async (_url: string, init: RequestInit) => {
      if (!online) throw new TypeError('offline');
      calls.push(JSON.parse(String(init.body)).length);
      return new Response('[]', { status: 200 });
    }) as unknown as typeof globalThis.fetch;
    const sender = new StatementSender({ endpoint: 'https://lrs.test/api/xapi/', authorization: 'Basic x', storage, storageKey: 'q', fetch, batchSize: 2, intervalMs: 60_000 });
    sender.enqueue({ id: '1' }, { id: '2' }, { id: '3' });
    await sender.flush();
    expect(sender.pending).toBe(3);
    // Another page (a reload) finds them in storage.
    expect(new StatementSender({ endpoint: '', authorization: '', storage, storageKey: 'q' }).pending).toBe(3);
    online = true;
    await sender.flush();
    expect(calls).toEqual([2, 1]);
    expect(sender.pending).toBe(0);
    expect(storage.map.has('q')).toBe(false);
  });

  it('sends what is queued after a flush that found nothing to send', async () => {
    const sent: number[] = [];
    const fetch = (async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)).length);
      return new Response('[]', { status: 200 });
    }) as unknown as typeof globalThis.fetch;
    const sender = new StatementSender({ endpoint: 'e/', authorization: 'a', storage: null, storageKey: 'q', fetch, intervalMs: 60_000 });
    await sender.flush();
    sender.enqueue({ id: '1' });
    await sender.flush();
    sender.stop();
    expect(sent).toEqual([1]);
  });

  it('drops a batch the LRS refuses, and retries one it could not take', async () => {
    const statuses = [503, 400];
    const fetch = (async () => new Response('', { status: statuses.shift() ?? 200 })) as unknown as typeof globalThis.fetch;
    const sender = new StatementSender({ endpoint: 'e/', authorization: 'a', storage: null, storageKey: 'q', fetch, intervalMs: 60_000 });
    sender.enqueue({ id: '1' });
    await sender.flush();
    expect(sender.pending).toBe(1);
    await sender.flush();
    expect(sender.pending).toBe(0);
  });
});
