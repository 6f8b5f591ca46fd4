// What a package exported with tracking sends to Trainwright's LRS (the player's LrsReporter), with
// a fake fetch and storage: the session's statements from an anonymous learner this browser keeps,
// a course of slides counted as a view (initialized, completed by its rule, terminated), the video's
// events as the interactive player's, and no failure to reach the LRS ever reaching the player.
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { XAPI_VERBS, XAPI_VIDEO_EXTENSIONS as EXT } from '@trainwright/catalogue';
import { evaluate, type Evaluation } from '../../player/src/evaluation.js';
import { LEARNER_KEY, QUEUE_KEY_PREFIX } from '@trainwright/interactive-player';
import { lrsReporter, type ReporterStorage } from '../../player/src/lrs-reporter.js';
import { initialState } from '../../player/src/state.js';
import type { PlayerCourse, PlayerLrs } from '../../src/package/player-contract.js';
import { interactiveMetadata, playerCourse } from './fixtures.js';

const HOME = 'https://app.trainwright.test/api/xapi/';
const ACTIVITY = `${HOME}activities/projects/7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d`;
const LRS: PlayerLrs = {
  endpoint: HOME,
  authorization: 'Basic c2VuZGVyOnNlY3JldA==',
  activityId: ACTIVITY,
  learnerHomePage: HOME,
  channelExtension: `${HOME}extensions/channel`,
  channel: 'scorm',
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

class MemoryStorage implements ReporterStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

/** A storage the LMS's frame refuses: every call throws. */
const refusedStorage: ReporterStorage = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('SecurityError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};

interface Sent {
  url: string;
  authorization: string;
  keepalive: boolean;
  statements: Record<string, any>[];
}

/** A fetch that records every request and answers `status` (or fails as a network error does). */
function fakeLrs(answer: () => number | 'offline' = () => 200) {
  const sent: Sent[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    sent.push({ url, authorization: String((init.headers as Record<string, string>).authorization), keepalive: init.keepalive === true, statements: JSON.parse(String(init.body)) });
    const status = answer();
    if (status === 'offline') throw new TypeError('Failed to fetch');
    return new Response('[]', { status });
  }) as unknown as typeof globalThis.fetch;
  return { sent, fetch, verbs: () => sent.flatMap((s) => s.statements.map((st) => st.verb.id)) };
}

const slidesCourse = (): PlayerCourse => playerCourse({ video: null, questions: [], lrs: LRS }, { completion_rule: 'slides_viewed', completion_threshold: 100, status_pair: 'completed_incomplete' });
const evaluationOf = (course: PlayerCourse, viewed: number): Evaluation => {
  const state = initialState({ slides: course.slides.length, questions: course.questions.length, videoSeconds: course.video?.durationSeconds ?? 0 });
  state.viewedSlides = state.viewedSlides.map((_, i) => i < viewed);
  return evaluate(course, state);
};

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
});

afterEach(() => {
  jest.useRealTimers();
});

describe('the assessment', () => {
  it('sends each answer and passed or failed with the score when it is submitted', async () => {
    const course = playerCourse({ video: null, lrs: LRS });
    expect(course.questions.length).toBeGreaterThanOrEqual(2);
    const lrs = fakeLrs();
    const reporter = lrsReporter(course, { storage: new MemoryStorage(), fetch: lrs.fetch })!;
    reporter.start();
    await jest.advanceTimersByTimeAsync(0);
    const [right, wrong] = course.questions;
    const answers = [
      { question: right!, chosenIndex: right!.correctIndex, latencyMs: 1000, at: new Date() },
      { question: wrong!, chosenIndex: (wrong!.correctIndex + 1) % wrong!.options.length, latencyMs: 2000, at: new Date() },
    ];
    reporter.assessed(answers, { correct: 1, total: 2, scorePercent: 50, passed: false });
    reporter.end();
    await jest.advanceTimersByTimeAsync(0);
    expect(lrs.verbs()).toEqual([XAPI_VERBS.initialized, XAPI_VERBS.answered, XAPI_VERBS.answered, XAPI_VERBS.failed, XAPI_VERBS.terminated]);
    const [, first, second, verdict] = lrs.sent.flatMap((x) => x.statements);
    expect(first).toMatchObject({ object: { id: `${ACTIVITY}/questions/${encodeURIComponent(right!.id)}`, definition: { correctResponsesPattern: [String(right!.correctIndex)] } }, result: { response: String(right!.correctIndex), success: true } });
    expect(second!.result.success).toBe(false);
    expect(verdict).toMatchObject({ object: { id: ACTIVITY }, result: { score: { scaled: 0.5 }, success: false } });
  });
});

describe('a course of slides', () => {
  it('sends initialized, completed when its rule is met, and terminated, in one session a view counts', async () => {
    const course = slidesCourse();
    const lrs = fakeLrs();
    const storage = new MemoryStorage();
    const reporter = lrsReporter(course, { storage, fetch: lrs.fetch })!;
    reporter.start();
    await jest.advanceTimersByTimeAsync(0);
    expect(lrs.sent).toHaveLength(1);
    expect(lrs.sent[0]).toMatchObject({ url: `${HOME}statements`, authorization: LRS.authorization, keepalive: false });

    // Seeing slides changes nothing until the rule is met, once.
    reporter.evaluated(evaluationOf(course, 2), evaluationOf(course, 1));
    reporter.evaluated(evaluationOf(course, 4), evaluationOf(course, 2));
    reporter.evaluated(evaluationOf(course, 4), evaluationOf(course, 4));
    reporter.end();
    await jest.advanceTimersByTimeAsync(0);
    expect(lrs.verbs()).toEqual([XAPI_VERBS.initialized, XAPI_VERBS.completed, XAPI_VERBS.terminated]);
    // The last statements leave as the page goes.
    expect(lrs.sent.at(-1)!.keepalive).toBe(true);

    const statements = lrs.sent.flatMap((s) => s.statements);
    const learner = storage.getItem(LEARNER_KEY);
    const sessions = new Set(statements.map((s) => s.context.extensions[EXT.sessionId]));
    expect(sessions.size).toBe(1);
    for (const s of statements) {
      // An account under the LRS's home page: nothing of the LMS's learner.
      expect(s.actor).toEqual({ objectType: 'Agent', account: { homePage: HOME, name: learner } });
      expect(s.object.id).toBe(ACTIVITY);
      expect(s.context).toMatchObject({ language: 'en', extensions: { [EXT.length]: 0, [LRS.channelExtension]: 'scorm' } });
      expect(s.id).toMatch(UUID);
    }
    expect(statements[0]!.context.extensions[EXT.completionThreshold]).toBe(1);
    expect(statements[1]!.result).toMatchObject({ completion: true });
    // Everything sent: nothing left waiting.
    expect(storage.getItem(`${QUEUE_KEY_PREFIX}${ACTIVITY}`)).toBeNull();
  });

  it('keeps what it cannot send in this browser and sends it with the next session', async () => {
    const course = slidesCourse();
    const storage = new MemoryStorage();
    let online = false;
    const lrs = fakeLrs(() => (online ? 200 : 'offline'));
    const first = lrsReporter(course, { storage, fetch: lrs.fetch })!;
    first.start();
    first.end();
    await jest.advanceTimersByTimeAsync(0);
    const waiting = JSON.parse(storage.getItem(`${QUEUE_KEY_PREFIX}${ACTIVITY}`)!) as Record<string, any>[];
    expect(waiting.map((s) => s.verb.id)).toEqual([XAPI_VERBS.initialized, XAPI_VERBS.terminated]);

    online = true;
    lrs.sent.length = 0;
    const second = lrsReporter(course, { storage, fetch: lrs.fetch })!;
    second.start();
    await jest.advanceTimersByTimeAsync(0);
    expect(lrs.sent).toHaveLength(1);
    expect(lrs.sent[0]!.statements.map((s) => s.id)).toEqual([...waiting.map((s) => s.id), expect.any(String)]);
    expect(storage.getItem(`${QUEUE_KEY_PREFIX}${ACTIVITY}`)).toBeNull();
    second.end();
  });

  it('never throws into the player: a refused storage, a fetch that throws, an LRS that fails', async () => {
    const course = slidesCourse();
    // What it drops is only logged.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const throwing = (() => {
      throw new Error('blocked by the LMS');
    }) as unknown as typeof fetch;
    for (const env of [{ storage: refusedStorage, fetch: fakeLrs().fetch }, { storage: new MemoryStorage(), fetch: throwing }, { storage: new MemoryStorage(), fetch: fakeLrs(() => 500).fetch }]) {
      const reporter = lrsReporter(course, env)!;
      expect(() => {
        reporter.start();
        reporter.evaluated(evaluationOf(course, 4), evaluationOf(course, 0));
        reporter.video({ type: 'play', media_time: 0 });
        reporter.videoLeft(() => {
          throw new Error('the video is gone');
        });
        reporter.end(() => 3);
      }).not.toThrow();
      await jest.advanceTimersByTimeAsync(5000);
    }
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('is not made for a package exported without tracking', () => {
    expect(lrsReporter(playerCourse({ video: null }), { storage: new MemoryStorage(), fetch: fakeLrs().fetch })).toBeNull();
  });
});

describe('a course with a video', () => {
  it("sends the video's events as the Video Profile's statements, completed once, and stops playback on leaving", async () => {
    const course = playerCourse({ questions: [], lrs: LRS }, { completion_rule: 'video_watched', completion_threshold: 80, status_pair: 'completed_incomplete' });
    const lrs = fakeLrs();
    const reporter = lrsReporter(course, { storage: new MemoryStorage(), fetch: lrs.fetch })!;
    reporter.start();
    await jest.advanceTimersByTimeAsync(0);
    reporter.video({ type: 'play', media_time: 0 });
    reporter.video({ type: 'seek', value: '10', media_time: 30 });
    reporter.video({ type: 'pause', media_time: 40 });
    reporter.video({ type: 'play', media_time: 40 });
    reporter.video({ type: 'complete', value: '80', media_time: 50 });
    reporter.video({ type: 'complete', value: '90', media_time: 55 });
    // Slides seen do not complete a course with a video: its video does.
    reporter.evaluated(evaluationOf(course, 4), evaluationOf(course, 0));
    reporter.videoLeft(() => 56);
    reporter.videoLeft(() => 56);
    reporter.end();
    await jest.advanceTimersByTimeAsync(0);
    expect(lrs.verbs()).toEqual([
      XAPI_VERBS.initialized,
      XAPI_VERBS.played,
      XAPI_VERBS.seeked,
      XAPI_VERBS.paused,
      XAPI_VERBS.played,
      XAPI_VERBS.completed,
      XAPI_VERBS.paused,
      XAPI_VERBS.terminated,
    ]);
    const statements = lrs.sent.flatMap((s) => s.statements);
    expect(statements[0]!.context.extensions).toMatchObject({ [EXT.length]: 60, [EXT.completionThreshold]: 0.8 });
    expect(statements[3]!.result.extensions).toMatchObject({ [EXT.time]: 40, [EXT.playedSegments]: '0.000[.]10.000[,]30.000[.]40.000' });
    expect(statements[6]!.result.extensions).toMatchObject({ [EXT.time]: 56, [EXT.playedSegments]: '0.000[.]10.000[,]30.000[.]40.000[,]40.000[.]56.000' });
    // Terminated where the video was left.
    expect(statements[7]!.result.extensions).toMatchObject({ [EXT.time]: 56 });
  });

  it("sends the interactive video's quiz answers and clicks, and its completion at the interactive video's threshold", async () => {
    const metadata = interactiveMetadata(1);
    const course = playerCourse({ questions: [], lrs: LRS, interactive: { metadata, questions: {} } });
    const lrs = fakeLrs();
    const reporter = lrsReporter(course, { storage: new MemoryStorage(), fetch: lrs.fetch })!;
    reporter.start();
    await jest.advanceTimersByTimeAsync(0);
    // The video screen shown again: the session already began.
    reporter.video({ type: 'view', media_time: 0 });
    reporter.video({ type: 'play', media_time: 0 });
    reporter.video({ type: 'quiz_answer', element_id: 'quiz 1', value: 'opt-b', media_time: 1 });
    reporter.video({ type: 'hotspot_click', element_id: 'hs-brakes', value: 'show_info', media_time: 2 });
    reporter.video({ type: 'chapter', element_id: 'ch-1', value: 'playback', media_time: 2 });
    reporter.end(() => 3);
    await jest.advanceTimersByTimeAsync(0);
    const statements = lrs.sent.flatMap((s) => s.statements);
    expect(statements.map((s) => s.verb.id)).toEqual([XAPI_VERBS.initialized, XAPI_VERBS.played, XAPI_VERBS.answered, XAPI_VERBS.interacted, XAPI_VERBS.terminated]);
    expect(statements[0]!.context.extensions[EXT.completionThreshold]).toBe(0.8);
    expect(statements[2]).toMatchObject({ object: { id: `${ACTIVITY}/quizzes/quiz%201` }, result: { response: 'opt-b', success: true }, context: { contextActivities: { parent: [{ id: ACTIVITY }] } } });
    expect(statements[3]).toMatchObject({ object: { id: `${ACTIVITY}/hotspots/hs-brakes` } });
  });
});
