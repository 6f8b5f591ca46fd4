import { describe, expect, it } from '@jest/globals';
import {
  INTERACTIVE_VIDEO_FIELDS,
  INTERACTIVE_VIDEO_LIMITS,
  INTERACTIVE_VIDEO_MESSAGES,
  INTERACTIVE_VIDEO_TIME_TOLERANCE_SECONDS,
  defaultCallToAction,
  defaultChapter,
  defaultHotspot,
  defaultQuiz,
  emptyInteractiveElements,
  formatDuration,
  interactiveElementCount,
  interactiveVideoMessage,
  isSafeHttpUrl,
  validateInteractiveVideo,
  videoEndIssue,
  durationForVideo,
  type InteractiveVideoMetadata,
} from '../src/interactive-video.js';

function video(overrides: Partial<InteractiveVideoMetadata> = {}): InteractiveVideoMetadata {
  return {
    project_id: '0b8e7a52-6a43-4c55-9a53-54ec1d5b8f11',
    video_duration: 300,
    ...emptyInteractiveElements(),
    hotspots: [{ ...defaultHotspot('h1'), action_data: { info_text: 'Look here' } }],
    analytics_enabled: true,
    completion_threshold: 85,
    ...overrides,
  };
}

describe('interactive video defaults', () => {
  it('are the specification\'s', () => {
    const h = defaultHotspot('h');
    expect([h.start_time, h.end_time, h.x_position, h.y_position, h.width, h.height, h.action]).toEqual([30, 60, 50, 50, 10, 10, 'show_info']);
    const q = defaultQuiz('q');
    expect([q.show_time, q.points, q.auto_advance, q.required, q.options.length]).toEqual([120, 10, true, false, 3]);
    expect(q.options.map((o) => o.is_correct)).toEqual([false, true, false]);
    const c = defaultCallToAction('c', 300);
    expect([c.show_time, c.duration, c.position, c.track_clicks]).toEqual([270, 10, 'bottom-right', true]);
    expect(defaultChapter('ch', 2).start_time).toBe(120);
    expect(formatDuration(300)).toBe('5:00');
    expect(formatDuration(65)).toBe('1:05');
  });

  it('make a valid video once the texts are filled', () => {
    const q = defaultQuiz('q1');
    const cta = { ...defaultCallToAction('c1', 300), url: 'https://example.com/course' };
    const m = video({ quizzes: [q], call_to_actions: [cta], chapters: [defaultChapter('ch1', 0)] });
    expect(validateInteractiveVideo(m)).toBeNull();
    expect(interactiveElementCount(m)).toBe(4);
  });
});

describe('validateInteractiveVideo refuses', () => {
  const cases: [string, InteractiveVideoMetadata, string][] = [
    ['a duration of 10 s', video({ video_duration: 10 }), 'video_duration'],
    ['a duration of 5000 s', video({ video_duration: 5000 }), 'video_duration'],
    ['no element', video({ hotspots: [] }), 'video_metadata'],
    ['a hotspot at x 150', video({ hotspots: [{ ...defaultHotspot('h1'), x_position: 150, action_data: { info_text: 'x' } }] }), 'hotspots[0].x_position'],
    ['a hotspot ending before it starts', video({ hotspots: [{ ...defaultHotspot('h1'), end_time: 10, action_data: { info_text: 'x' } }] }), 'hotspots[0].end_time'],
    ['a hotspot past the video', video({ hotspots: [{ ...defaultHotspot('h1'), end_time: 301, action_data: { info_text: 'x' } }] }), 'hotspots[0].end_time'],
    ['a javascript: link hotspot', video({ hotspots: [{ ...defaultHotspot('h1'), action: 'external_link', action_data: { url: 'javascript:alert(1)' } }] }), 'hotspots[0].action_data.url'],
    ['a blank hotspot title', video({ hotspots: [{ ...defaultHotspot('h1'), title: '  ', action_data: { info_text: 'x' } }] }), 'hotspots[0].title'],
    ['two correct options', video({ quizzes: [{ ...defaultQuiz('q1'), options: defaultQuiz('q1').options.map((o) => ({ ...o, is_correct: true })) }] }), 'quizzes[0].options'],
    ['no correct option', video({ quizzes: [{ ...defaultQuiz('q1'), options: defaultQuiz('q1').options.map((o) => ({ ...o, is_correct: false })) }] }), 'quizzes[0].options'],
    ['a CTA url javascript:alert(1)', video({ call_to_actions: [{ ...defaultCallToAction('c1', 300), url: 'javascript:alert(1)' }] }), 'call_to_actions[0].url'],
    ['a relative CTA url', video({ call_to_actions: [{ ...defaultCallToAction('c1', 300), url: '//evil.example' }] }), 'call_to_actions[0].url'],
    ['a duplicate id', video({ chapters: [defaultChapter('h1', 0)] }), 'chapters[0].id'],
    ['a colour that is not #rrggbb', video({ hotspots: [{ ...defaultHotspot('h1'), action_data: { info_text: 'x' }, style: { ...defaultHotspot('h1').style, text_color: 'red;}' } }] }), 'hotspots[0].style.text_color'],
    [
      'a branch to a chapter that does not exist',
      video({ branching_scenarios: [{ id: 'b1', title: 'Where next', prompt: 'Pick', show_time: 100, type: 'choice', branches: [{ id: 'x', label: 'Again', min_score: 0, target_type: 'chapter', target_chapter_id: 'nope' }] }] }),
      'branching_scenarios[0].branches[0].target_chapter_id',
    ],
  ];
  it.each(cases)('%s', (_, m, path) => {
    expect(validateInteractiveVideo(m)?.path).toBe(path);
  });

  it('10,000 elements with the limit\'s message', () => {
    const hotspots = Array.from({ length: 10_000 }, (_, i) => ({ ...defaultHotspot(`h${i}`), action_data: { info_text: 'x' } }));
    expect(validateInteractiveVideo(video({ hotspots }))).toEqual({ path: 'video_metadata', message: INTERACTIVE_VIDEO_MESSAGES.tooMany, rule: 'tooMany', values: { max: 500 } });
    expect(INTERACTIVE_VIDEO_LIMITS.elementsMax).toBe(500);
  });

  it('keeps HTML in titles as text (it is not a fault)', () => {
    expect(validateInteractiveVideo(video({ hotspots: [{ ...defaultHotspot('h1'), title: '<img src=x onerror=alert(1)>', action_data: { info_text: 'x' } }] }))).toBeNull();
  });
});

describe('an issue', () => {
  const hotspot = (change: object) => ({ ...defaultHotspot('h1'), action_data: { info_text: 'x' }, ...change });

  it('names its rule and values (the field as a code), with the English message built from them', () => {
    expect(validateInteractiveVideo(video({ hotspots: [hotspot({ title: ' ' })] }))).toEqual({
      path: 'hotspots[0].title',
      rule: 'required',
      values: { field: 'hotspotTitle' },
      message: 'A hotspot title is required.',
    });
    expect(validateInteractiveVideo(video({ quizzes: [{ ...defaultQuiz('q1'), show_time: 301 }] }))).toEqual({
      path: 'quizzes[0].show_time',
      rule: 'timeRange',
      values: { field: 'quizTime', seconds: 300 },
      message: "A quiz time must be between 0 and 300 seconds (the video's duration).",
    });
    const twoCorrect = { ...defaultQuiz('q1'), options: defaultQuiz('q1').options.map((o) => ({ ...o, is_correct: true })) };
    expect(validateInteractiveVideo(video({ quizzes: [twoCorrect] }))).toEqual({ path: 'quizzes[0].options', rule: 'oneCorrect', values: {}, message: 'Exactly one option must be correct.' });
    expect(validateInteractiveVideo(video({ hotspots: [hotspot({ action: 'external_link', action_data: { url: 'ftp://x' } })] }))).toMatchObject({
      rule: 'httpUrl',
      values: { field: 'link' },
      message: 'A link must be an http or https address.',
    });
    expect(validateInteractiveVideo(video({ hotspots: [hotspot({ y_position: -1 })] }))).toMatchObject({
      rule: 'range',
      values: { field: 'hotspotPosition', min: 0, max: 100 },
      message: 'Hotspot positions must be between 0 and 100.',
    });
    expect(validateInteractiveVideo(video({ chapters: [defaultChapter('h1', 0)] }))).toMatchObject({ rule: 'idDuplicate', values: { id: 'h1' }, message: 'The id "h1" is used by two elements.' });
    expect(validateInteractiveVideo(video({ video_duration: 10 }))).toMatchObject({ rule: 'duration', message: INTERACTIVE_VIDEO_MESSAGES.duration });
  });

  it('has one English text per rule and field', () => {
    expect(interactiveVideoMessage('oneOf', { field: 'ctaPosition', options: 'a, b' })).toBe('A position is one of a, b.');
    expect(interactiveVideoMessage('tooLong', { field: 'option', max: 200 })).toBe('An option may hold at most 200 characters.');
    expect(INTERACTIVE_VIDEO_FIELDS.branchTime).toBe('A branch time');
  });
});

describe('durationForVideo', () => {
  it("rounds the measured length to whole seconds within 30-3600", () => {
    expect(durationForVideo(47.46)).toBe(47);
    expect(durationForVideo(47.5)).toBe(48);
    expect(durationForVideo(12.4)).toBe(30);
    expect(durationForVideo(7200)).toBe(3600);
  });
});

describe('videoEndIssue', () => {
  const late = "Element times must lie within the project's narrated video (40 seconds).";

  it(`allows ${INTERACTIVE_VIDEO_TIME_TOLERANCE_SECONDS} s past the narrated video's end`, () => {
    expect(INTERACTIVE_VIDEO_TIME_TOLERANCE_SECONDS).toBe(2);
    expect(videoEndIssue(video({ hotspots: [{ ...defaultHotspot('h1'), start_time: 10, end_time: 42 }] }), 40)).toBeNull();
    expect(videoEndIssue(video({ hotspots: [], quizzes: [{ ...defaultQuiz('q1'), show_time: 41.5 }] }), 39.6)).toBeNull();
  });

  it('names the first time past it, with the seconds rounded', () => {
    expect(videoEndIssue(video({ hotspots: [], quizzes: [{ ...defaultQuiz('q1'), show_time: 43 }] }), 40)).toEqual({
      path: 'quizzes[0].show_time',
      rule: 'videoEnd',
      values: { seconds: 40 },
      message: late,
    });
    expect(videoEndIssue(video({ hotspots: [], quizzes: [{ ...defaultQuiz('q1'), show_time: 42.1 }] }), 39.6)?.message).toBe(late);
  });

  it('checks every kind of time', () => {
    const at = (change: Partial<InteractiveVideoMetadata>) => videoEndIssue(video({ hotspots: [], ...change }), 40)?.path ?? null;
    expect(at({ hotspots: [{ ...defaultHotspot('h1'), start_time: 43, end_time: 50 }] })).toBe('hotspots[0].start_time');
    expect(at({ hotspots: [{ ...defaultHotspot('h1'), start_time: 10, end_time: 50 }] })).toBe('hotspots[0].end_time');
    expect(at({ hotspots: [{ ...defaultHotspot('h1'), start_time: 10, end_time: 20, action: 'jump_to_time', action_data: { time: 99 } }] })).toBe('hotspots[0].action_data.time');
    // Only a jump's time counts: other actions keep no time.
    expect(at({ hotspots: [{ ...defaultHotspot('h1'), start_time: 10, end_time: 20, action_data: { time: 99 } }] })).toBeNull();
    expect(at({ call_to_actions: [{ ...defaultCallToAction('c1', 300), show_time: 50 }] })).toBe('call_to_actions[0].show_time');
    expect(at({ chapters: [defaultChapter('ch1', 0), defaultChapter('ch2', 1)] })).toBe('chapters[1].start_time');
    const scenario = { id: 'b1', title: 'Next', prompt: 'Pick', show_time: 10, type: 'choice' as const, branches: [{ id: 'x', label: 'Later', min_score: 0, target_type: 'time' as const, target_time: 60 }] };
    expect(at({ branching_scenarios: [scenario] })).toBe('branching_scenarios[0].branches[0].target_time');
    expect(at({ branching_scenarios: [{ ...scenario, show_time: 45 }] })).toBe('branching_scenarios[0].show_time');
    expect(at({ branching_scenarios: [{ ...scenario, branches: [{ ...scenario.branches[0]!, target_type: 'chapter' as const, target_chapter_id: 'c' }] }] })).toBeNull();
  });
});

describe('isSafeHttpUrl', () => {
  it('takes http(s) addresses only', () => {
    expect(['https://a.example/x', 'http://a.example'].map(isSafeHttpUrl)).toEqual([true, true]);
    expect(['javascript:alert(1)', 'data:text/html,x', '/relative', 'ftp://a.example', ''].map(isSafeHttpUrl)).toEqual([false, false, false, false, false]);
  });
});
