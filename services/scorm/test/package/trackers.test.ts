// The trackers against fake runtimes: a SCORM API that records calls, and a cmi5 LMS behind a fake fetch.
import { jest } from '@jest/globals';
import { Cmi5Tracker } from '../../player/src/cmi5-tracker.js';
import { readCmi5Launch } from '../../player/src/cmi5.js';
import { evaluate, type Evaluation } from '../../player/src/evaluation.js';
import type { AnswerRecord } from '../../player/src/scorm-data.js';
import { ScormTracker, type LmsConnection } from '../../player/src/scorm-tracker.js';
import { encodeState, initialState, type LearnerState } from '../../player/src/state.js';
import type { Progress, Tracker } from '../../player/src/tracker.js';
import { playerCourse } from './fixtures.js';

const course = playerCourse({ video: null }, { completion_rule: 'viewed_and_passed', status_pair: 'passed_incomplete' });
const fresh = () => initialState({ slides: 4, questions: 5, videoSeconds: 0 });
const progressOf = (state: LearnerState): Progress => ({ evaluation: evaluate(course, state), location: String(state.position), suspendData: encodeState(state) });
const passedState = (): LearnerState => ({ ...fresh(), position: 4, viewedSlides: [true, true, true, true], answers: [0, 2, 1, 1, 0], submitted: true });

class FakeLms implements LmsConnection {
  calls: string[] = [];
  constructor(public data: Record<string, string> = {}) {}
  initialize() {
    this.calls.push('initialize');
    return true;
  }
  get(element: string) {
    return this.data[element] ?? '';
  }
  set(element: string, value: string) {
    this.calls.push(`${element}=${value}`);
    this.data[element] = value;
    return true;
  }
  commit() {
    this.calls.push('commit');
    return true;
  }
  terminate() {
    this.calls.push('terminate');
    return true;
  }
}

describe('ScormTracker', () => {
  it('resumes from what the LMS holds, keeps its objective slots and appends interactions', async () => {
    const saved = encodeState({ ...fresh(), position: 2 });
    const lms = new FakeLms({
      'cmi.entry': 'resume',
      'cmi.location': '2',
      'cmi.suspend_data': saved,
      'cmi.scaled_passing_score': '0.6',
      'cmi.objectives._count': '2',
      'cmi.objectives.0.id': 'TW-PRIMARY',
      'cmi.objectives.1.id': 'TW-OBJ-b',
      'cmi.interactions._count': '3',
    });
    const tracker: Tracker = new ScormTracker('2004', lms, true);
    expect(await tracker.start()).toEqual({ saved, location: '2', passingPercent: 60, readOnly: false });

    tracker.save(progressOf(passedState()), evaluate(course, fresh()));
    expect(lms.data['cmi.objectives.1.id']).toBe('TW-OBJ-b');
    expect(lms.data['cmi.objectives.2.id']).toBe('TW-OBJ-a');
    expect(lms.data['cmi.objectives.3.id']).toBe('TW-OBJ-c');
    expect(lms.data['cmi.success_status']).toBe('passed');
    expect(lms.calls.at(-1)).toBe('commit');

    const answer: AnswerRecord = { question: course.questions[0]!, chosenIndex: 0, latencyMs: 1000, at: new Date() };
    tracker.recordAnswers([answer]);
    expect(lms.data['cmi.interactions.3.id']).toBe('TW-Q-1');

    // Unchanged values are not sent again.
    const before = lms.calls.length;
    tracker.save(progressOf(passedState()), evaluate(course, passedState()));
    expect(lms.calls.slice(before).filter((c) => c !== 'commit')).toEqual([]);

    await tracker.finish(progressOf(passedState()), true);
    expect(lms.calls.slice(-5)).toEqual([expect.stringMatching(/^cmi\.session_time=PT/), 'cmi.exit=normal', 'adl.nav.request=exitAll', 'commit', 'terminate']);
    // Finishing twice (Exit, then pagehide) ends the session once.
    await tracker.finish(progressOf(passedState()), false);
    expect(lms.calls.filter((c) => c === 'terminate')).toHaveLength(1);
  });

  it('commits progress that changes no status later, at most every 10 seconds', async () => {
    jest.useFakeTimers();
    try {
      const lms = new FakeLms();
      const tracker: Tracker = new ScormTracker('1.2', lms, true);
      await tracker.start();
      const state = fresh();
      tracker.save(progressOf(state), evaluate(course, state));
      const commits = () => lms.calls.filter((c) => c === 'commit').length;
      expect(commits()).toBe(1);
      state.viewedSlides[0] = true;
      tracker.save(progressOf(state), evaluate(course, state));
      expect(commits()).toBe(1);
      jest.advanceTimersByTime(10_000);
      expect(commits()).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('suspends an unfinished 1.2 attempt', async () => {
    const lms = new FakeLms();
    const tracker: Tracker = new ScormTracker('1.2', lms, true);
    await tracker.start();
    await tracker.finish(progressOf(fresh()), false);
    expect(lms.data['cmi.core.exit']).toBe('suspend');
    expect(lms.data['cmi.core.lesson_status']).toBe('incomplete');
  });

  it('writes nothing of the learner in review mode but the session', async () => {
    const lms = new FakeLms({ 'cmi.core.lesson_mode': 'review' });
    const tracker: Tracker = new ScormTracker('1.2', lms, true);
    expect((await tracker.start()).readOnly).toBe(true);
    tracker.save(progressOf(passedState()), evaluate(course, fresh()));
    tracker.recordAnswers([{ question: course.questions[0]!, chosenIndex: 0, latencyMs: 0, at: new Date() }]);
    expect(lms.calls.filter((c) => c.includes('='))).toEqual([]);
  });

  it('reports only completion, on load, without tracking', async () => {
    const lms = new FakeLms({ 'cmi.suspend_data': 'ignored' });
    const tracker: Tracker = new ScormTracker('1.2', lms, false);
    expect((await tracker.start()).saved).toBeNull();
    expect(lms.calls).toEqual(['initialize', 'cmi.core.lesson_status=completed', 'commit']);
    tracker.save(progressOf(passedState()), evaluate(course, fresh()));
    tracker.recordAnswers([{ question: course.questions[0]!, chosenIndex: 0, latencyMs: 0, at: new Date() }]);
    await tracker.finish(progressOf(fresh()), true);
    expect(lms.calls.slice(3)).toEqual([expect.stringMatching(/^cmi\.core\.session_time=/), 'cmi.core.exit=', 'commit', 'terminate']);
  });
});

describe('Cmi5Tracker', () => {
  const launch = readCmi5Launch(
    new URLSearchParams({
      endpoint: 'https://lms.test/lrs/',
      fetch: 'https://lms.test/token',
      registration: 'reg-1',
      activityId: 'urn:au',
      actor: JSON.stringify({ account: { homePage: 'https://lms.test', name: 'ana' } }),
    }).toString(),
  )!;

  function fakeLms(launchMode = 'Normal', saved: string | null = null) {
    const requests: { method: string; url: string; body?: string; headers: Record<string, string> }[] = [];
    const fetchMock = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      requests.push({ method, url: String(url), body: init?.body as string | undefined, headers: (init?.headers ?? {}) as Record<string, string> });
      const href = String(url);
      if (href === launch.fetchUrl) return new Response(JSON.stringify({ 'auth-token': 'abc' }));
      if (href.includes('stateId=LMS.LaunchData')) return new Response(JSON.stringify({ launchMode, masteryScore: 0.7, returnURL: 'https://lms.test/back', contextTemplate: {} }));
      if (href.includes('stateId=trainwright.suspend') && method === 'GET') return saved ? new Response(saved) : new Response(null, { status: 404 });
      return new Response(null, { status: 204 });
    });
    globalThis.fetch = fetchMock as typeof fetch;
    const verbs = () => requests.filter((r) => r.url.endsWith('/statements')).map((r) => JSON.parse(r.body!).verb.display['en-US'] as string);
    return { requests, verbs };
  }

  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('authorises with the fetched token, sends the required statements in order and returns to the LMS', async () => {
    const lms = fakeLms();
    const tracker = new Cmi5Tracker(launch, true);
    const started = await tracker.start();
    expect(started).toEqual({ saved: null, location: null, passingPercent: 70, readOnly: false });

    const before: Evaluation = evaluate(course, fresh());
    tracker.save(progressOf(passedState()), before);
    tracker.save(progressOf(passedState()), evaluate(course, passedState()));
    const { returnUrl } = await tracker.finish(progressOf(passedState()), true);

    expect(returnUrl).toBe('https://lms.test/back');
    expect(lms.verbs()).toEqual(['initialized', 'completed', 'passed', 'terminated']);
    const lrsRequests = lms.requests.filter((r) => r.url.startsWith(launch.endpoint));
    for (const request of lrsRequests) expect(request.headers).toMatchObject({ Authorization: 'Basic abc', 'X-Experience-API-Version': '1.0.3' });
    // The token request goes to the LMS as a plain POST.
    expect(lms.requests[0]).toMatchObject({ method: 'POST', url: launch.fetchUrl });
    expect(lms.requests[0]!.headers).toEqual({});
    // The state to resume from is saved before terminated.
    expect(lms.requests.some((r) => r.method === 'PUT' && r.body === progressOf(passedState()).suspendData)).toBe(true);
  });

  it('sends failed once a session, and passed after it', async () => {
    const lms = fakeLms();
    const tracker = new Cmi5Tracker(launch, true);
    await tracker.start();
    const failed = { ...passedState(), answers: [1, 0, 0, 0, 1] };
    tracker.save(progressOf(failed), evaluate(course, fresh()));
    tracker.save(progressOf(failed), evaluate(course, { ...failed, submitted: false }));
    tracker.save(progressOf(passedState()), evaluate(course, { ...failed, submitted: false }));
    await tracker.finish(progressOf(passedState()), true);
    expect(lms.verbs()).toEqual(['initialized', 'completed', 'failed', 'passed', 'terminated']);
  });

  it('resumes from the saved state and sends no completed, passed or failed in Browse mode', async () => {
    const saved = encodeState(passedState());
    const lms = fakeLms('Browse', saved);
    const tracker = new Cmi5Tracker(launch, true);
    expect(await tracker.start()).toMatchObject({ saved, readOnly: true });
    tracker.save(progressOf(passedState()), evaluate(course, fresh()));
    await tracker.finish(progressOf(passedState()), true);
    expect(lms.verbs()).toEqual(['initialized', 'terminated']);
  });

  it('sends launch, completed and terminated only, without tracking', async () => {
    const lms = fakeLms();
    const tracker = new Cmi5Tracker(launch, false);
    await tracker.start();
    tracker.save(progressOf(passedState()), evaluate(course, fresh()));
    await tracker.finish(progressOf(passedState()), true);
    expect(lms.verbs()).toEqual(['initialized', 'completed', 'terminated']);
    expect(lms.requests.filter((r) => r.url.includes('trainwright.suspend'))).toEqual([]);
  });
});
