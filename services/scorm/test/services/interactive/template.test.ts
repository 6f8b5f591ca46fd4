// The interactive video template from a project's real content: chapters from its slides (timed by
// the narrated video's captions when they split into its slides, else spread evenly), quizzes from
// its assessment at the end of the chapter they belong to, a call to action only with a website, a
// score branching point only with an assessment; every template passes the catalogue's validation.
import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SCORM_TRACKING, INTERACTIVE_VIDEO_TIME_TOLERANCE_SECONDS, validateInteractiveVideo, videoEndIssue, type InteractiveElements } from '@trainwright/catalogue';
import type { GeneratedQuestion, Slide } from '@trainwright/formats';
import { buildTemplate, slideStartsFromCaptions, templateDuration, type TemplateSource } from '../../../src/services/interactive/template.js';

const slide = (title: string, points: string[], notes = ''): Slide => ({ title, points, paragraphs: [], notes });
const SLIDES = [
  slide('Daily checks', ['Inspect the forks and chains before each shift'], 'Walk around the truck and look at the forks.'),
  slide('Load limits', ['The load plate shows the maximum weight'], 'Never lift more than the plate allows.'),
  slide('Pedestrian zones', ['Pedestrians have right of way'], 'Sound the horn at blind corners.'),
];
const question = (id: string, prompt: string, correct: number[], options = ['A', 'B', 'C']): GeneratedQuestion => ({
  id,
  type: 'multiple_choice',
  difficulty: 'basic',
  prompt,
  options: options.map((text, i) => ({ id: `o${i}`, text, is_correct: correct.includes(i) })),
  explanation: 'See the slide.',
  source: '',
});
const QUESTIONS = [
  question('q1', 'What does the load plate show?', [1], ['The colour', 'The maximum weight', 'The owner']),
  question('q2', 'Who has right of way in pedestrian zones?', [0], ['Pedestrians', 'Forklifts']),
  question('q3', 'Two correct answers are refused', [0, 1]),
  question('q4', 'When do you inspect the forks and chains?', [2], ['Never', 'Yearly', 'Before each shift']),
];
const source = (changes: Partial<TemplateSource> = {}): TemplateSource => ({ title: 'Forklift <b>safety</b>', slides: SLIDES, questions: QUESTIONS, website: '', ...changes });

/** Cues as media-render writes them: contiguous within a slide, a pause after each slide. */
const vtt = (slides: [number, number][]) =>
  ['WEBVTT', '', ...slides.flatMap(([from, to], i) => [`${i + 1}`, `${stamp(from)} --> ${stamp((from + to) / 2)}`, 'text', '', `${i + 1}b`, `${stamp((from + to) / 2)} --> ${stamp(to)}`, 'more', ''])].join('\n');
const stamp = (s: number) => {
  const ms = Math.round(s * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

function valid(elements: InteractiveElements, duration: number) {
  return validateInteractiveVideo({ ...elements, project_id: '11111111-1111-4111-8111-111111111111', video_duration: duration, analytics_enabled: true, completion_threshold: 85 });
}

describe('buildTemplate', () => {
  it('should give one chapter at 0 and nothing else without a project', () => {
    const t = buildTemplate({ source: null, duration: 120, videoSeconds: null, captionsVtt: '' });
    expect(t).toEqual({ hotspots: [], quizzes: [], call_to_actions: [], chapters: [{ id: 'chapter-1', title: 'Introduction', description: '', start_time: 0, is_skippable: true }], branching_scenarios: [] });
    expect(valid(t, 120)).toBeNull();
  });

  it("should make the slides chapters, spread evenly over the duration when there is no video", () => {
    const t = buildTemplate({ source: source(), duration: 300, videoSeconds: null, captionsVtt: '' });
    expect(t.chapters.map((c) => [c.title, c.start_time, c.description])).toEqual([
      ['Daily checks', 0, 'Inspect the forks and chains before each shift'],
      ['Load limits', 100, 'The load plate shows the maximum weight'],
      ['Pedestrian zones', 200, 'Pedestrians have right of way'],
    ]);
    expect(t.hotspots).toEqual([]);
    expect(valid(t, 300)).toBeNull();
  });

  it("should start each chapter when the narrated video shows its slide (the first at 0, taking in the title card)", () => {
    const captions = vtt([[0, 3.2], [4.1, 20.5], [21.3, 40], [40.9, 58.4]]);
    const t = buildTemplate({ source: source(), duration: 60, videoSeconds: 59.6, captionsVtt: captions });
    expect(t.chapters.map((c) => c.start_time)).toEqual([0, 21.3, 40.9]);
    expect(valid(t, 60)).toBeNull();
  });

  it('should spread the chapters over the real video when its captions do not split into its slides', () => {
    const captions = vtt([[0, 3.2], [4.1, 40]]);
    const t = buildTemplate({ source: source(), duration: 90, videoSeconds: 90, captionsVtt: captions });
    expect(t.chapters.map((c) => c.start_time)).toEqual([0, 30, 60]);
  });

  it('should make quizzes of the questions with exactly one correct option, at the end of the chapter they belong to', () => {
    const t = buildTemplate({ source: source(), duration: 300, videoSeconds: null, captionsVtt: '' });
    expect(t.quizzes.map((q) => q.question)).toEqual(['When do you inspect the forks and chains?', 'What does the load plate show?', 'Who has right of way in pedestrian zones?']);
    // Each after its chapter's content, before the next chapter (the last before the branching point).
    expect(t.quizzes.map((q) => q.show_time)).toEqual([99, 199, 298]);
    for (const q of t.quizzes) {
      expect(q.options.filter((o) => o.is_correct)).toHaveLength(1);
      expect(q).toMatchObject({ question_type: 'multiple_choice', points: 10, auto_advance: true, required: false, correct_feedback: 'Correct! See the slide.' });
    }
    expect(t.quizzes[1]!.options.map((o) => [o.text, o.is_correct])).toEqual([['The colour', false], ['The maximum weight', true], ['The owner', false]]);
    const ids = [...t.chapters.map((c) => c.id), ...t.quizzes.flatMap((q) => [q.id, ...q.options.map((o) => o.id)]), ...t.branching_scenarios.map((s) => s.id)];
    expect(new Set(ids).size).toBe(ids.length);
    expect(valid(t, 300)).toBeNull();
  });

  it('should send a learner under the passing score back to the first chapter, only when there is an assessment', () => {
    const t = buildTemplate({ source: source(), duration: 300, videoSeconds: null, captionsVtt: '' });
    expect(t.branching_scenarios).toHaveLength(1);
    const [s] = t.branching_scenarios;
    expect(s).toMatchObject({ type: 'score', show_time: 299.5 });
    expect(s!.branches).toEqual([
      { id: 'branch-1-pass', label: 'Passed', min_score: DEFAULT_SCORM_TRACKING.passing_score, target_type: 'time', target_time: 300 },
      { id: 'branch-1-review', label: 'Review the course', min_score: 0, target_type: 'chapter', target_chapter_id: 'chapter-1' },
    ]);
    expect(DEFAULT_SCORM_TRACKING.passing_score).toBe(80);
    const none = buildTemplate({ source: source({ questions: [QUESTIONS[2]!] }), duration: 300, videoSeconds: null, captionsVtt: '' });
    expect(none.quizzes).toEqual([]);
    expect(none.branching_scenarios).toEqual([]);
  });

  it('should add a call to action at 90 % of the video only when there is a safe website', () => {
    expect(buildTemplate({ source: source(), duration: 300, videoSeconds: null, captionsVtt: '' }).call_to_actions).toEqual([]);
    expect(buildTemplate({ source: source({ website: 'javascript:alert(1)' }), duration: 300, videoSeconds: null, captionsVtt: '' }).call_to_actions).toEqual([]);
    const t = buildTemplate({ source: source({ website: 'https://acme.example/training' }), duration: 200, videoSeconds: 200, captionsVtt: '' });
    expect(t.call_to_actions).toEqual([expect.objectContaining({ id: 'cta-1', url: 'https://acme.example/training', show_time: 180, duration: 10, position: 'bottom-right', track_clicks: true })]);
    expect(valid(t, 200)).toBeNull();
  });

  it("should keep every element within a narrated video shorter than the catalogue's 30 s minimum", () => {
    const duration = templateDuration(14.2, null);
    expect(duration).toBe(30);
    const t = buildTemplate({ source: source({ website: 'https://acme.example' }), duration, videoSeconds: 14.2, captionsVtt: '' });
    // Within the video itself, not only within the tolerance.
    const m = { ...t, project_id: '', video_duration: duration, analytics_enabled: true, completion_threshold: 85 };
    expect(videoEndIssue(m, 14.2 - INTERACTIVE_VIDEO_TIME_TOLERANCE_SECONDS)).toBeNull();
    expect(valid(t, duration)).toBeNull();
  });

  it('should name a chapter after the project when it has no slides, and keep slide titles as text', () => {
    const t = buildTemplate({ source: source({ slides: [] }), duration: 60, videoSeconds: null, captionsVtt: '' });
    expect(t.chapters).toEqual([{ id: 'chapter-1', title: 'Forklift <b>safety</b>', description: '', start_time: 0, is_skippable: true }]);
    const html = buildTemplate({ source: source({ slides: [slide('<img src=x onerror=alert(1)>', [])], questions: [] }), duration: 60, videoSeconds: null, captionsVtt: '' });
    expect(html.chapters[0]!.title).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('templateDuration', () => {
  it("should take the real video's length, else the one asked for, else the editor's default, within 30-3600", () => {
    expect(templateDuration(95.4, 300)).toBe(95);
    expect(templateDuration(null, 120)).toBe(120);
    expect(templateDuration(null, null)).toBe(300);
    expect(templateDuration(5000, null)).toBe(3600);
  });
});

describe('slideStartsFromCaptions', () => {
  it('should split cues at the pauses between slides, with or without hours', () => {
    expect(slideStartsFromCaptions(vtt([[0, 2], [2.6, 5], [5.7, 9]]), 3)).toEqual([0, 2.6, 5.7]);
    expect(slideStartsFromCaptions('WEBVTT\n\n00:00.000 --> 00:02.000\nA\n\n00:02.000 --> 00:03.000\nB\n\n00:03.900 --> 00:05.000\nC\n', 2)).toEqual([0, 3.9]);
  });

  it('should give null when the cues do not split into the number of slides, or there are none', () => {
    expect(slideStartsFromCaptions(vtt([[0, 2], [2.6, 5]]), 3)).toBeNull();
    expect(slideStartsFromCaptions('', 1)).toBeNull();
    expect(slideStartsFromCaptions('WEBVTT\n\nnot a cue\n', 1)).toBeNull();
  });
});
