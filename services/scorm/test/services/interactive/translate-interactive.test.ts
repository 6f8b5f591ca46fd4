// A published interactive video for a translated package: the texts a learner sees (and only they)
// go to translation and come back in their places, within the catalogue's limits; every time moves
// from the project's own video to the translated one slide by slide (by the durations when the
// captions do not split both into the same slides); the result passes the catalogue's validation.
import { describe, expect, it } from '@jest/globals';
import { validateInteractiveVideo, type InteractiveVideoMetadata } from '@trainwright/catalogue';
import { interactiveTexts, timeMapping, translatedInteractive, type VideoTimeline } from '../../../src/services/interactive/translate-interactive.js';

const STYLE = { background_color: '#2563eb', text_color: '#ffffff', border_color: '#ffffff', opacity: 0.8 };
const OTHER_PROJECT = '22222222-2222-4222-8222-222222222222';

/** Every element kind with every text field, timed against a 40 s video of a title card and two slides (starting at 10 s and 25 s). */
function metadata(): InteractiveVideoMetadata {
  return {
    project_id: '11111111-1111-4111-8111-111111111111',
    video_duration: 40,
    analytics_enabled: true,
    completion_threshold: 85,
    hotspots: [
      {
        id: 'h-info', title: 'The forks', description: 'Look here', start_time: 5, end_time: 17.5, x_position: 20, y_position: 30, width: 10, height: 10,
        action: 'show_info', action_data: { info_text: 'Check the forks' }, style: STYLE, is_active: true,
      },
      {
        id: 'h-jump', title: 'Load limits', description: '', start_time: 10, end_time: 12, x_position: 50, y_position: 50, width: 10, height: 10,
        action: 'jump_to_time', action_data: { time: 25 }, style: STYLE, is_active: true,
      },
      {
        id: 'h-link', title: 'Manual', description: '', start_time: 30, end_time: 40, x_position: 0, y_position: 0, width: 5, height: 5,
        action: 'external_link', action_data: { url: 'https://acme.example/manual' }, style: STYLE, is_active: false,
      },
    ],
    quizzes: [
      {
        id: 'q1', question: 'What does the load plate show?', question_type: 'multiple_choice',
        options: [{ id: 'q1-a', text: 'The colour', is_correct: false }, { id: 'q1-b', text: 'The maximum weight', is_correct: true, feedback: 'Yes' }],
        correct_feedback: 'Correct!', incorrect_feedback: 'Not quite.', show_time: 24, points: 10, auto_advance: true, required: true,
      },
    ],
    call_to_actions: [
      { id: 'cta', text: 'Learn more', url: 'https://acme.example/forklifts', show_time: 36, duration: 10, position: 'bottom-right', style: { background_color: '#2563eb', text_color: '#ffffff', border_radius: 8, padding: 12 }, track_clicks: true },
    ],
    chapters: [
      { id: 'c1', title: 'Daily checks', description: 'Before each shift', start_time: 0, is_skippable: true },
      { id: 'c2', title: 'Load limits', description: '', start_time: 25, is_skippable: false },
    ],
    branching_scenarios: [
      {
        id: 'b1', title: 'Your score', prompt: 'Where next?', show_time: 39, type: 'choice',
        branches: [
          { id: 'b1-time', label: 'Watch the end', min_score: 0, target_type: 'time', target_time: 40 },
          { id: 'b1-chapter', label: 'Review', min_score: 0, target_type: 'chapter', target_chapter_id: 'c1' },
          { id: 'b1-project', label: 'Next course', min_score: 0, target_type: 'project', target_project_id: OTHER_PROJECT },
        ],
      },
    ],
  };
}

/** Captions as media-render writes them: a slide's cues one after another, a pause after each slide. */
function captions(slides: [number, number][]): string {
  const stamp = (s: number) => `00:${String(Math.floor(s / 60)).padStart(2, '0')}:${(s % 60).toFixed(3).padStart(6, '0')}`;
  return ['WEBVTT', '', ...slides.flatMap(([from, to]) => [`${stamp(from)} --> ${stamp((from + to) / 2)}`, 'text', '', `${stamp((from + to) / 2)} --> ${stamp(to)}`, 'more', ''])].join('\n');
}

/** The project's own video: a title card from 0, slides from 10 s and 25 s, 40 s long. */
const ORIGINAL: VideoTimeline = { seconds: 40, captionsVtt: captions([[0.2, 9.4], [10, 24.4], [25, 39]]), slides: 2 };
/** The Spanish video: the same slides from 12 s and 33 s, 50 s long. */
const SPANISH: VideoTimeline = { seconds: 50, captionsVtt: captions([[0.1, 11.4], [12, 32.4], [33, 49]]), slides: 2 };

const es = (texts: string[]) => new Map(texts.map((t) => [t, `ES ${t}`]));

describe('interactiveTexts', () => {
  it('should list every text a learner sees once, and no id, address, time or kind', () => {
    expect(interactiveTexts(metadata())).toEqual([
      'The forks', 'Look here', 'Check the forks', 'Load limits', 'Manual',
      'What does the load plate show?', 'The colour', 'The maximum weight', 'Yes', 'Correct!', 'Not quite.',
      'Learn more',
      'Daily checks', 'Before each shift',
      'Your score', 'Where next?', 'Watch the end', 'Review', 'Next course',
    ]);
  });
});

describe('timeMapping', () => {
  it("should move a moment to the same share of the same slide in the translated video, the end to its end", () => {
    const move = timeMapping(ORIGINAL, SPANISH);
    // Half the title card, the start and the middle of the first slide, a third into the last one, the end.
    expect([0, 5, 10, 17.5, 25, 30, 40].map(move)).toEqual([0, 6, 12, 22.5, 33, 33 + 17 / 3, 50]);
    // Past the original's end (the editor's tolerance): by the ratio of the durations.
    expect(move(41)).toBeCloseTo(51.25, 6);
  });

  it('should scale by the durations when either video has no captions, or they split into other slides', () => {
    const byRatio = (t: number) => t * 1.25;
    for (const [original, translated] of [
      [ORIGINAL, { ...SPANISH, captionsVtt: '' }],
      [{ ...ORIGINAL, captionsVtt: '' }, SPANISH],
      [ORIGINAL, { ...SPANISH, slides: 3 }],
      // Captions of other slides than the deck's: no slide starts to go by.
      [{ ...ORIGINAL, captionsVtt: captions([[0, 30]]) }, SPANISH],
    ] as const) {
      expect([5, 17.5, 30].map(timeMapping(original, translated))).toEqual([5, 17.5, 30].map(byRatio));
    }
  });
});

describe('translatedInteractive', () => {
  it('should put each translation in its place and move every time, keeping ids, addresses, positions and kinds', () => {
    const source = metadata();
    const m = translatedInteractive(source, es(interactiveTexts(source)), ORIGINAL, SPANISH);
    expect(validateInteractiveVideo(m)).toBeNull();
    expect(m.video_duration).toBe(50);
    expect(m.hotspots.map((h) => [h.id, h.title, h.description, h.start_time, h.end_time, h.action, h.action_data, h.x_position])).toEqual([
      ['h-info', 'ES The forks', 'ES Look here', 6, 22.5, 'show_info', { info_text: 'ES Check the forks' }, 20],
      ['h-jump', 'ES Load limits', '', 12, 14.8, 'jump_to_time', { time: 33 }, 50],
      ['h-link', 'ES Manual', '', 38.667, 50, 'external_link', { url: 'https://acme.example/manual' }, 0],
    ]);
    expect(m.quizzes[0]).toEqual({
      ...source.quizzes[0],
      question: 'ES What does the load plate show?',
      options: [{ id: 'q1-a', text: 'ES The colour', is_correct: false }, { id: 'q1-b', text: 'ES The maximum weight', is_correct: true, feedback: 'ES Yes' }],
      correct_feedback: 'ES Correct!',
      incorrect_feedback: 'ES Not quite.',
      // 14/15 of the first slide (10-25 s) in its Spanish span (12-33 s).
      show_time: 31.6,
    });
    // The call to action stays over the same narration: from 36 s (11/15 of the last slide) to past the end.
    expect(m.call_to_actions[0]).toMatchObject({ id: 'cta', text: 'ES Learn more', url: 'https://acme.example/forklifts', show_time: 45.467, duration: 12.033, position: 'bottom-right' });
    expect(m.chapters.map((c) => [c.id, c.title, c.description, c.start_time])).toEqual([
      ['c1', 'ES Daily checks', 'ES Before each shift', 0],
      ['c2', 'ES Load limits', '', 33],
    ]);
    expect(m.branching_scenarios[0]).toMatchObject({ id: 'b1', title: 'ES Your score', prompt: 'ES Where next?', show_time: 48.867, type: 'choice' });
    expect(m.branching_scenarios[0]!.branches).toEqual([
      { id: 'b1-time', label: 'ES Watch the end', min_score: 0, target_type: 'time', target_time: 50 },
      { id: 'b1-chapter', label: 'ES Review', min_score: 0, target_type: 'chapter', target_chapter_id: 'c1' },
      { id: 'b1-project', label: 'ES Next course', min_score: 0, target_type: 'project', target_project_id: OTHER_PROJECT },
    ]);
    // The rest as it was.
    expect({ ...m, hotspots: [], quizzes: [], call_to_actions: [], chapters: [], branching_scenarios: [], video_duration: 0 }).toEqual({
      ...source, hotspots: [], quizzes: [], call_to_actions: [], chapters: [], branching_scenarios: [], video_duration: 0,
    });
  });

  it("should cut a translation longer than its field allows, and keep the catalogue's duration range for a short video", () => {
    const source = metadata();
    const long = new Map([['Learn more', 'Más información sobre nuestras carretillas elevadoras y sobre todos los cursos de seguridad']]);
    // A 24 s translated video: under the catalogue's 30 s minimum, its times still within its 24 s.
    const m = translatedInteractive(source, long, { ...ORIGINAL, captionsVtt: '' }, { seconds: 24, captionsVtt: '', slides: 2 });
    expect(m.call_to_actions[0]!.text).toBe('Más información sobre nuestras carretillas elevadoras y sobre todos los cursos…');
    expect(m.hotspots[0]!.title).toBe('The forks');
    expect(m.video_duration).toBe(30);
    expect(m.branching_scenarios[0]!.branches[0]!.target_time).toBe(24);
    expect(m.quizzes[0]!.show_time).toBe(14.4);
    expect(validateInteractiveVideo(m)).toBeNull();
  });
});
