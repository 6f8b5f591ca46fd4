import { validateInteractiveVideo } from '@trainwright/catalogue';
import {
  WatchedSeconds,
  activeElementsAt,
  branchTargetTime,
  chapterAt,
  chapterEnd,
  checkAnswer,
  clampSeek,
  formatTime,
  quizScore,
  resolveBranch,
  seekLimit,
  stopBetween,
  withOpacity,
} from '../src/index.js';
import { OTHER_PROJECT_ID, chapter, cta, hotspot, metadata, quiz, scenario } from './fixtures.js';

describe('what is on screen', () => {
  const m = metadata({
    hotspots: [hotspot('h1', { start_time: 5, end_time: 10 }), hotspot('h2', { start_time: 8, end_time: 20, is_active: false }), hotspot('h3', { start_time: 0, end_time: 40 })],
    call_to_actions: [cta('c1', { show_time: 30, duration: 5 })],
  });

  it('should be valid metadata for the catalogue', () => {
    expect(validateInteractiveVideo(m)).toBeNull();
  });

  it('should show a hotspot from its start to before its end, and only when active', () => {
    expect(activeElementsAt(m, 4.99).hotspots.map((h) => h.id)).toEqual(['h3']);
    expect(activeElementsAt(m, 5).hotspots.map((h) => h.id)).toEqual(['h1', 'h3']);
    expect(activeElementsAt(m, 9.99).hotspots.map((h) => h.id)).toEqual(['h1', 'h3']);
    expect(activeElementsAt(m, 10).hotspots.map((h) => h.id)).toEqual(['h3']);
    expect(activeElementsAt(m, 15).hotspots.map((h) => h.id)).not.toContain('h2');
  });

  it('should show a call to action from show_time for its duration', () => {
    expect(activeElementsAt(m, 29.9).call_to_actions).toEqual([]);
    expect(activeElementsAt(m, 30).call_to_actions.map((c) => c.id)).toEqual(['c1']);
    expect(activeElementsAt(m, 34.9).call_to_actions.map((c) => c.id)).toEqual(['c1']);
    expect(activeElementsAt(m, 35).call_to_actions).toEqual([]);
  });
});

describe('chapters', () => {
  const m = metadata({ chapters: [chapter('c3', 30), chapter('c1', 0), chapter('c2', 15)] });

  it('should find the chapter playing at a time whatever the order they were written in', () => {
    expect(chapterAt(m, 0)?.id).toBe('c1');
    expect(chapterAt(m, 14.9)?.id).toBe('c1');
    expect(chapterAt(m, 15)?.id).toBe('c2');
    expect(chapterAt(m, 39)?.id).toBe('c3');
  });

  it('should have no chapter before the first one starts, or without chapters', () => {
    expect(chapterAt(metadata({ chapters: [chapter('late', 10)] }), 5)).toBeNull();
    expect(chapterAt(metadata(), 5)).toBeNull();
  });

  it('should end a chapter where the next starts, the last at the end of the video', () => {
    expect(chapterEnd(m, m.chapters[1]!)).toBe(15);
    expect(chapterEnd(m, m.chapters[0]!)).toBe(40);
    expect(chapterEnd(m, m.chapters[0]!, 41.2)).toBe(41.2);
  });
});

describe('the seek limit', () => {
  const m = metadata({
    quizzes: [quiz('q1', { show_time: 10, required: true }), quiz('q2', { show_time: 20, required: false }), quiz('q3', { show_time: 30, required: true })],
  });

  it('should stop at the first unanswered required quiz ahead', () => {
    expect(seekLimit(m, [], 0)).toBe(10);
    expect(seekLimit(m, new Set<string>(), 9.5)).toBe(10);
  });

  it('should hold at a required quiz the learner is at', () => {
    expect(seekLimit(m, [], 10)).toBe(10);
  });

  it('should go on to the next required quiz once one is answered; optional quizzes never block', () => {
    expect(seekLimit(m, ['q1'], 10)).toBe(30);
    expect(seekLimit(m, ['q2'], 0)).toBe(10);
  });

  it('should not block when every required quiz is answered or none is ahead', () => {
    expect(seekLimit(m, ['q1', 'q3'], 0)).toBe(Number.POSITIVE_INFINITY);
    expect(seekLimit(m, [], 31)).toBe(Number.POSITIVE_INFINITY);
    expect(seekLimit(metadata(), [], 0)).toBe(Number.POSITIVE_INFINITY);
  });

  it('should clamp a seek to the limit, the start and the duration', () => {
    expect(clampSeek(m, [], 3, 25, 40)).toBe(10);
    expect(clampSeek(m, ['q1'], 10, 25, 40)).toBe(25);
    expect(clampSeek(m, ['q1', 'q3'], 10, 99, 40)).toBe(40);
    expect(clampSeek(m, [], 3, -4, 40)).toBe(0);
    expect(clampSeek(m, [], 3, Number.NaN, 40)).toBe(0);
  });
});

describe('branching', () => {
  const byScore = scenario('s', {
    type: 'score',
    branches: [
      { id: 'low', label: 'Review', min_score: 0, target_type: 'chapter', target_chapter_id: 'c1' },
      { id: 'high', label: 'Advanced', min_score: 80, target_type: 'project', target_project_id: OTHER_PROJECT_ID },
      { id: 'mid', label: 'Practice', min_score: 50, target_type: 'time', target_time: 25 },
    ],
  });

  it('should pick the branch with the highest min_score the score reaches', () => {
    expect(resolveBranch(byScore, { scorePercent: 0 })?.id).toBe('low');
    expect(resolveBranch(byScore, { scorePercent: 49.9 })?.id).toBe('low');
    expect(resolveBranch(byScore, { scorePercent: 50 })?.id).toBe('mid');
    expect(resolveBranch(byScore, { scorePercent: 80 })?.id).toBe('high');
    expect(resolveBranch(byScore, { scorePercent: 100 })?.id).toBe('high');
  });

  it('should take no branch when the score reaches none', () => {
    const onlyHigh = { ...byScore, branches: byScore.branches.filter((b) => b.id === 'high') };
    expect(resolveBranch(onlyHigh, { scorePercent: 79 })).toBeNull();
  });

  it('should take the branch chosen, and none without a known choice', () => {
    const byChoice = { ...byScore, type: 'choice' as const };
    expect(resolveBranch(byChoice, { choiceId: 'mid', scorePercent: 0 })?.id).toBe('mid');
    expect(resolveBranch(byChoice, { choiceId: 'nope', scorePercent: 100 })).toBeNull();
    expect(resolveBranch(byChoice, { scorePercent: 100 })).toBeNull();
  });

  it('should lead to a chapter start or a second of this video, and nowhere here for a project', () => {
    const m = metadata({ chapters: [chapter('c1', 12)] });
    expect(branchTargetTime(m, byScore.branches[0]!)).toBe(12);
    expect(branchTargetTime(m, byScore.branches[2]!)).toBe(25);
    expect(branchTargetTime(m, byScore.branches[1]!)).toBeNull();
    expect(branchTargetTime(metadata(), byScore.branches[0]!)).toBeNull();
  });
});

describe('quizzes', () => {
  const m = metadata({ quizzes: [quiz('q1', { points: 10 }), quiz('q2', { points: 30 }), quiz('q3', { points: 0 })] });

  it('should score points earned over the points of all quizzes', () => {
    expect(quizScore(m, new Map())).toEqual({ earned: 0, total: 40, percent: 0 });
    expect(quizScore(m, new Map([['q2', { optionId: 'q2-b', correct: true }]]))).toEqual({ earned: 30, total: 40, percent: 75 });
    expect(quizScore(m, { q1: { optionId: 'q1-b', correct: true }, q2: { optionId: 'q2-a', correct: false } }).percent).toBe(25);
  });

  it('should score 0 when the quizzes are worth nothing', () => {
    expect(quizScore(metadata(), new Map()).percent).toBe(0);
  });

  it('should check an answer against the correct option', () => {
    expect(checkAnswer(m.quizzes[0]!, 'q1-b').correct).toBe(true);
    expect(checkAnswer(m.quizzes[0]!, 'q1-a')).toMatchObject({ correct: false, option: { feedback: 'Look again.' } });
    expect(checkAnswer(m.quizzes[0]!, 'other')).toEqual({ correct: false, option: null });
  });
});

describe('stops', () => {
  const m = metadata({
    quizzes: [quiz('q1', { show_time: 10 }), quiz('q2', { show_time: 20 })],
    branching_scenarios: [scenario('b1', { show_time: 20 }), scenario('b0', { show_time: 0 })],
  });

  it('should find the first quiz or branching point crossed, quizzes first at the same second', () => {
    expect(stopBetween(m, 9, 10, [], [])).toMatchObject({ kind: 'quiz', quiz: { id: 'q1' } });
    expect(stopBetween(m, 9, 25, [], [])).toMatchObject({ kind: 'quiz', quiz: { id: 'q1' } });
    expect(stopBetween(m, 10, 25, [], [])).toMatchObject({ kind: 'quiz', quiz: { id: 'q2' } });
    expect(stopBetween(m, 10, 25, ['q2'], [])).toMatchObject({ kind: 'branch', scenario: { id: 'b1' } });
    expect(stopBetween(m, -0.001, 0.2, [], [])).toMatchObject({ kind: 'branch', scenario: { id: 'b0' } });
  });

  it('should skip what was handled or taken, and find nothing outside the span', () => {
    expect(stopBetween(m, 10, 25, ['q2'], ['b1'])).toBeNull();
    expect(stopBetween(m, 10.5, 19.9, [], [])).toBeNull();
  });
});

describe('seconds watched', () => {
  it('should count distinct seconds, not the position', () => {
    const w = new WatchedSeconds();
    w.add(0, 10);
    w.add(5, 12);
    w.add(5, 12);
    expect(w.count).toBe(12);
    expect(w.percent(40)).toBe(30);
  });

  it('should count a part of a second as that second, and nothing for a seek or a step back', () => {
    const w = new WatchedSeconds();
    w.add(3.2, 3.4);
    w.add(20, 20);
    w.add(30, 25);
    expect(w.count).toBe(1);
  });

  it('should reach a threshold only by watching enough of the video', () => {
    const w = new WatchedSeconds();
    w.add(0, 33.9);
    expect(w.percent(40)).toBe(85);
    const jumped = new WatchedSeconds();
    jumped.add(38, 40);
    expect(jumped.percent(40)).toBe(5);
  });

  it('should not exceed 100 percent nor divide by a missing duration', () => {
    const w = new WatchedSeconds();
    w.add(0, 50);
    expect(w.percent(40)).toBe(100);
    expect(w.percent(Number.NaN)).toBe(0);
    expect(w.percent(0)).toBe(0);
  });
});

describe('formatting', () => {
  it('should write times as m:ss and h:mm:ss', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(65.9)).toBe('1:05');
    expect(formatTime(3600 + 61)).toBe('1:01:01');
    expect(formatTime(Number.NaN)).toBe('0:00');
  });

  it('should turn a colour and an opacity into rgba', () => {
    expect(withOpacity('#2563eb', 0.8)).toBe('rgba(37, 99, 235, 0.8)');
    expect(withOpacity('#FFFFFF', 2)).toBe('rgba(255, 255, 255, 1)');
    expect(withOpacity('red', 0.5)).toBe('red');
  });
});
