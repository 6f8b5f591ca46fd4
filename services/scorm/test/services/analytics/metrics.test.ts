// The metrics' definitions (docs/analytics.md, "Metrics") on small streams whose answers are
// worked out by hand here.
import { describe, expect, it } from '@jest/globals';
import { XAPI_VERBS, XAPI_VIDEO_EXTENSIONS as EXT } from '@trainwright/catalogue';
import { answerDistributions, dropOffPoints, engagementScore, mergeSegments, parseSegments, recommendations, retentionCurve, summarizeSession, type SessionStatement } from '../../../src/services/analytics/metrics.js';

const at = (s: number) => new Date(Date.UTC(2026, 11, 5, 10, 0, s));
const st = (verb: keyof typeof XAPI_VERBS, second: number, segments?: string, length = 60): SessionStatement => ({
  verb: XAPI_VERBS[verb],
  at: at(second),
  result: segments === undefined ? undefined : { extensions: { [EXT.playedSegments]: segments } },
  contextExtensions: { [EXT.length]: length },
});

describe('sessions', () => {
  it('reads and merges played segments', () => {
    expect(parseSegments('0.000[.]12.500[,]bad[,]30.000[.]20.000[,]14.000[.]21.000')).toEqual([[0, 12.5], [14, 21]]);
    expect(mergeSegments([[10, 20], [0, 5], [4, 8], [19, 70]], 60)).toEqual([[0, 8], [10, 60]]);
  });

  it('adds up a session from its statements in any order, repeats and seeks back included', () => {
    // Watched 0-20, sought back to 10 and watched 10-30 (10 seconds twice), then left at 30 without completing.
    const statements = [
      st('terminated', 40, '0.000[.]20.000[,]10.000[.]30.000'),
      st('initialized', 0),
      st('paused', 22, '0.000[.]20.000'),
      st('paused', 22, '0.000[.]20.000'),
      st('seeked', 21),
    ];
    const s = summarizeSession(statements)!;
    // 0-30 covered once: 30 of 60 seconds.
    expect(s).toMatchObject({ length: 60, segments: [[0, 30]], watchedSeconds: 30, progress: 0.5, completed: false });
    expect(s.startedAt).toEqual(at(0));
    expect(s.lastAt).toEqual(at(40));
    expect(summarizeSession([st('initialized', 0), st('completed', 50, '0.000[.]48.000')])).toMatchObject({ completed: true, watchedSeconds: 48, progress: 0.8 });
  });
});

describe('retention and drop-offs', () => {
  // Four sessions of a 20-second video: all watch 0-10; two go on to 15; one to the end.
  const sessions = [{ segments: [[0, 10]] as [number, number][] }, { segments: [[0, 15]] as [number, number][] }, { segments: [[0, 15]] as [number, number][] }, { segments: [[0, 20]] as [number, number][] }];
  const curve = retentionCurve(sessions, 20);

  it('counts the share of sessions that watched each second', () => {
    expect(curve).toEqual([...new Array(10).fill(1), ...new Array(5).fill(0.75), ...new Array(5).fill(0.25)]);
  });

  it('names the worst falls with their slide', () => {
    const slides = [{ title: 'Walkaround', start: 0 }, { title: 'Load plate', start: 9 }];
    // A quarter leave at second 10 (1 -> 0.75), half at second 15 (0.75 -> 0.25); the end is no drop-off.
    const drops = dropOffPoints(curve, slides);
    expect(drops).toEqual([
      { second: 10, loss: 0.25, slide: { title: 'Load plate', start: 9 } },
      { second: 15, loss: 0.5, slide: { title: 'Load plate', start: 9 } },
    ]);
    expect(dropOffPoints(retentionCurve([{ segments: [[0, 20]] }], 20), slides)).toEqual([]);
  });

  it('treats equal falls as equal however the curve rounds, the earliest first', () => {
    // Three sessions: a third leaves at 10 (1 -> 0.6667) and a third at 15 (0.6667 -> 0.3333).
    const thirds = retentionCurve([{ segments: [[0, 10]] }, { segments: [[0, 15]] }, { segments: [[0, 30]] }], 30);
    expect(dropOffPoints(thirds, [], 1)).toEqual([{ second: 10, loss: 0.333, slide: null }]);
  });
});

describe('engagement score', () => {
  it('weighs watched, completed and answered 5:3:2, and leaves answers out without questions', () => {
    // 0.5 x 0.6 + 0.3 x 0.5 + 0.2 x 0.25 = 0.5
    expect(engagementScore({ averageWatchedRatio: 0.6, completionRate: 0.5, answeredShare: 0.25 })).toBe(50);
    // (0.5 x 0.6 + 0.3 x 0.5) / 0.8 = 0.5625
    expect(engagementScore({ averageWatchedRatio: 0.6, completionRate: 0.5, answeredShare: null })).toBe(56.3);
    expect(engagementScore({ averageWatchedRatio: 1, completionRate: 1, answeredShare: 1 })).toBe(100);
    expect(engagementScore({ averageWatchedRatio: 0, completionRate: 0, answeredShare: null })).toBe(0);
  });
});

describe('answers and recommendations', () => {
  it('counts responses and the correct rate per question', () => {
    const answers = [
      { question: 'q1', response: 'a', success: true },
      { question: 'q1', response: 'b', success: false },
      { question: 'q1', response: 'b', success: false },
      { question: 'q2', response: 'c', success: null },
    ];
    expect(answerDistributions(answers)).toEqual([
      { question: 'q1', answers: 3, correctRate: 0.3333, responses: { a: 1, b: 2 } },
      { question: 'q2', answers: 1, correctRate: null, responses: { c: 1 } },
    ]);
  });

  it('recommends from the rules, strongest first, and nothing from too few sessions', () => {
    const questions = [{ question: 'Max load?', answers: 10, correctRate: 0.1, responses: {} }, { question: 'Easy?', answers: 10, correctRate: 0.9, responses: {} }];
    const dropOffs = [{ second: 40, loss: 0.35, slide: { title: 'Load plate', start: 38 } }, { second: 10, loss: 0.1, slide: null }];
    expect(recommendations({ sessions: 20, completionRate: 0.4, dropOffs, questions })).toEqual([
      { kind: 'hard_question', question: 'Max load?', missRate: 0.9 },
      { kind: 'low_completion', completionRate: 0.4 },
      { kind: 'drop_off', second: 40, slide: 'Load plate', loss: 0.35 },
    ]);
    expect(recommendations({ sessions: 4, completionRate: 0, dropOffs, questions })).toEqual([]);
  });
});
