// Interactive video (lib/interactive-video.ts and components/interactive): the editor's draft
// (the catalogue's defaults, unique ids, changes, the template), the timeline's arithmetic (drag,
// keys, clamping within the video), where an issue is and its text in en / es / fr, the creation
// request, the live events and the forward-only state, sharing (the embed code), the public
// player's resume position and visit id, the plan's lock, the embed page's framing policy, and the
// editors, timeline and dialog rendered on the server.
import { describe, expect, it } from '@jest/globals';
import React, { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import {
  INTERACTIVE_VIDEO_FIELDS,
  INTERACTIVE_VIDEO_LIMITS,
  INTERACTIVE_VIDEO_MESSAGES,
  INTERACTIVE_VIDEO_RULES,
  defaultCallToAction,
  defaultChapter,
  defaultHotspot,
  defaultQuiz,
  emptyInteractiveElements,
  interactiveVideoMessage,
  validateInteractiveVideo,
  videoEndIssue,
  type InteractiveElements,
  type InteractiveVideoRule,
} from '@trainwright/catalogue';
import { ChapterEditor, CtaEditor, HotspotEditor, QuizEditor } from '../app/components/interactive/ElementEditors.js';
import { InteractiveVideoDialog } from '../app/components/interactive/InteractiveVideoDialog.js';
import { Timeline } from '../app/components/interactive/Timeline.js';
import { WorkspaceContext, type WorkspaceValue } from '../app/components/projects/workspace-context.js';
import en from '../app/i18n/en.js';
import es from '../app/i18n/es.js';
import fr from '../app/i18n/fr.js';
import i18n from '../app/i18n/index.js';
import { ApiError, NETWORK_ERROR } from '../app/lib/api.js';
import { AuthProvider } from '../app/lib/auth.js';
import { contentSecurityPolicy, isFrameablePath } from '../app/lib/csp.js';
import {
  RESUME_KEY_PREFIX,
  absoluteUrl,
  actionDataFor,
  addElement,
  applyInteractiveEvent,
  createFailureText,
  createRequestOf,
  draftFromTemplate,
  longerThanVideo,
  draftFromVideo,
  embedCode,
  initialDraft,
  interactiveLock,
  interactivePaths,
  isShareable,
  issueLocation,
  issueMessage,
  issueText,
  mergeLoadedVideo,
  moveElement,
  newQuizOption,
  newSessionId,
  parseInteractiveEvent,
  percentOf,
  readResume,
  removeElement,
  serverIssue,
  timeAfterDrag,
  timeAtOffset,
  timeForKey,
  timelineItems,
  updateElement,
  usedIds,
  withCorrectOption,
  writeResume,
  type InteractiveVideo,
} from '../app/lib/interactive-video.js';
import type { User } from '../app/lib/types.js';
import { testUser } from './users.js';
import { projectFixture } from './support/project.fixture.js';

// The shared swc transform compiles JSX with the classic runtime (React.createElement).
(globalThis as { React?: unknown }).React = React;

const t = i18n.getFixedT('en');
const tEs = i18n.getFixedT('es');
const tFr = i18n.getFixedT('fr');
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

function elements(change: Partial<InteractiveElements> = {}): InteractiveElements {
  return { ...emptyInteractiveElements(), ...change };
}

function video(overrides: Partial<InteractiveVideo> = {}): InteractiveVideo {
  return {
    id: 'v1',
    project_id: 'p1',
    version: 1,
    published_version: null,
    status: 'processing',
    progress: 0,
    error: '',
    token: 'tok_abcdefghijklmnopqrstuvwxyz123456',
    share_url: 'http://localhost:3000/watch/tok_abcdefghijklmnopqrstuvwxyz123456',
    embed_url: 'http://localhost:3000/embed/tok_abcdefghijklmnopqrstuvwxyz123456',
    video_metadata: {
      project_id: 'p1',
      video_duration: 120,
      ...elements({ chapters: [defaultChapter('chapter-1', 0)] }),
      analytics_enabled: true,
      completion_threshold: 85,
    },
    created_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

describe('the draft', () => {
  it('starts empty at the editor default of 300 seconds', () => {
    expect(initialDraft()).toEqual({ duration: INTERACTIVE_VIDEO_LIMITS.editorDefaultDuration, elements: emptyInteractiveElements() });
    expect(initialDraft().duration).toBe(300);
  });

  it("'+ Add' adds the catalogue's defaults with ids no other element uses", () => {
    let e = addElement(elements(), 'hotspots', 200);
    expect(e.hotspots).toEqual([defaultHotspot('hotspot-1')]);
    e = addElement(e, 'quizzes', 200);
    expect(e.quizzes).toEqual([defaultQuiz('quiz-1')]);
    e = addElement(e, 'call_to_actions', 200);
    // 90 % of the video's duration.
    expect(e.call_to_actions).toEqual([defaultCallToAction('cta-1', 200)]);
    expect(e.call_to_actions[0]!.show_time).toBe(180);
    e = addElement(addElement(e, 'chapters', 200), 'chapters', 200);
    // 60 s times the chapters there already are.
    expect(e.chapters.map((c) => [c.id, c.start_time])).toEqual([
      ['chapter-1', 0],
      ['chapter-2', 60],
    ]);
    // A removed element's number is free again; a taken one is skipped, whatever kind holds it.
    e = removeElement(e, 'hotspots', 'hotspot-1');
    expect(e.hotspots).toEqual([]);
    const taken = elements({ chapters: [{ ...defaultChapter('hotspot-1', 0) }] });
    expect(addElement(taken, 'hotspots', 100).hotspots[0]!.id).toBe('hotspot-2');
    expect(usedIds(addElement(elements(), 'quizzes', 100))).toEqual(new Set(['quiz-1', 'quiz-1-o1', 'quiz-1-o2', 'quiz-1-o3']));
  });

  it("puts what it adds inside the video: at the playhead, else the catalogue's second when the video reaches it, else the middle", () => {
    // A 71 s video: the catalogue's quiz second (120) is past its end.
    let e = addElement(elements(), 'quizzes', 71);
    expect(e.quizzes[0]!.show_time).toBe(36);
    expect(videoEndIssue(createRequestOf('p1', { duration: 71, elements: e }).video_metadata, 71)).toBeNull();
    // The preview stopped at 42.5 s: there.
    expect(addElement(elements(), 'quizzes', 71, 42.5).quizzes[0]!.show_time).toBe(42.5);
    // A playhead at 0 (never played) or past the end is not a choice.
    expect(addElement(elements(), 'quizzes', 200, 0).quizzes[0]!.show_time).toBe(120);
    expect(addElement(elements(), 'quizzes', 71, 90).quizzes[0]!.show_time).toBe(36);
    // A hotspot keeps its 30 s where there is room, and ends by the end of the video.
    expect(addElement(elements(), 'hotspots', 45).hotspots[0]).toMatchObject({ start_time: 23, end_time: 45 });
    expect(addElement(elements(), 'hotspots', 71, 50).hotspots[0]).toMatchObject({ start_time: 50, end_time: 71 });
    expect(addElement(elements(), 'call_to_actions', 71, 20).call_to_actions[0]!.show_time).toBe(20);
    // Chapters: 60 s apart while the video lasts, then halfway from the last one to the end.
    e = elements();
    for (let i = 0; i < 3; i++) e = addElement(e, 'chapters', 100);
    expect(e.chapters.map((c) => c.start_time)).toEqual([0, 60, 80]);
    expect(videoEndIssue(createRequestOf('p1', { duration: 100, elements: e }).video_metadata, 100)).toBeNull();
  });

  it("keeps what it adds valid by the catalogue's rules (a show_info hotspot still needs its text)", () => {
    const e = addElement(addElement(addElement(addElement(elements(), 'hotspots', 300), 'quizzes', 300), 'call_to_actions', 300), 'chapters', 300);
    const issue = validateInteractiveVideo({ ...createRequestOf('p1', { duration: 300, elements: e }).video_metadata });
    expect(issue?.path).toBe('hotspots[0].action_data.info_text');
    const fixed = updateElement(e, 'hotspots', 'hotspot-1', { action_data: { info_text: 'Check the forks' } });
    // The default CTA's 'https://' is not an address yet.
    expect(validateInteractiveVideo(createRequestOf('p1', { duration: 300, elements: fixed }).video_metadata)?.path).toBe('call_to_actions[0].url');
    const done = updateElement(fixed, 'call_to_actions', 'cta-1', { url: 'https://example.com/course' });
    expect(validateInteractiveVideo(createRequestOf('p1', { duration: 300, elements: done }).video_metadata)).toBeNull();
  });

  it('gives a hotspot the data its action needs, keeping what it had', () => {
    expect(actionDataFor('show_info', {}, 30)).toEqual({ info_text: '' });
    expect(actionDataFor('jump_to_time', {}, 30)).toEqual({ time: 30 });
    expect(actionDataFor('jump_to_time', { time: 12 }, 30)).toEqual({ time: 12 });
    expect(actionDataFor('external_link', {}, 30)).toEqual({ url: 'https://' });
    expect(actionDataFor('external_link', { url: 'https://a.example', info_text: 'x' }, 30)).toEqual({ url: 'https://a.example' });
    expect(actionDataFor('pause_video', { info_text: 'x' }, 30)).toEqual({});
  });

  it('keeps exactly one correct option (the radio), and new options take free ids', () => {
    const quiz = defaultQuiz('quiz-1');
    expect(withCorrectOption(quiz.options, 'quiz-1-o3').map((o) => o.is_correct)).toEqual([false, false, true]);
    const e = elements({ quizzes: [quiz] });
    expect(newQuizOption(e, 'quiz-1', quiz.options)).toEqual({ id: 'quiz-1-o4', text: '', is_correct: false });
  });

  it("starts from an existing video's elements, or from the template (the video's duration when it has one)", () => {
    expect(draftFromVideo(video())).toEqual({ duration: 120, elements: elements({ chapters: [defaultChapter('chapter-1', 0)] }) });
    const template = { template: elements({ chapters: [defaultChapter('chapter-1', 0)] }), video_duration: 42, has_video: true };
    expect(draftFromTemplate(initialDraft(), template)).toEqual({ duration: 42, elements: template.template });
    expect(draftFromTemplate(initialDraft(), { ...template, has_video: false }).duration).toBe(300);
    // A list the server left out is an empty list.
    expect(draftFromTemplate(initialDraft(), { template: { chapters: [] } as unknown as InteractiveElements, video_duration: 30, has_video: true }).elements).toEqual(emptyInteractiveElements());
  });

  it('sends the draft with analytics on and a completion threshold of 85', () => {
    const e = elements({ chapters: [defaultChapter('chapter-1', 0)] });
    expect(createRequestOf('p1', { duration: 90, elements: e })).toEqual({
      project_id: 'p1',
      video_metadata: { project_id: 'p1', video_duration: 90, ...e, analytics_enabled: true, completion_threshold: 85 },
      generate_analytics: true,
    });
  });

  it('calls the documented paths', () => {
    expect(interactivePaths.template('p 1', 300)).toBe('/interactive-video-template/300?project_id=p%201');
    expect(interactivePaths.video('p1')).toBe('/projects/p1/interactive-video');
    expect(interactivePaths.published('a/b')).toBe('/interactive/a%2Fb');
    expect(interactivePaths.previewVideo('p1')).toBe('/api/projects/p1/preview/video');
    expect(interactivePaths.watch('tok')).toBe('/watch/tok');
  });
});

describe('the measured video', () => {
  it("flags a duration only past what the narrated video fills (its end plus 2 s, and at least the 30 s minimum)", () => {
    expect(longerThanVideo(100, 100.4)).toBe(false);
    expect(longerThanVideo(102, 100.4)).toBe(false);
    expect(longerThanVideo(103, 100.4)).toBe(true);
    // A 22 s video still makes a 30 s interactive video: 30 is not flagged, 40 is.
    expect(longerThanVideo(30, 22)).toBe(false);
    expect(longerThanVideo(40, 22)).toBe(true);
  });
});

describe('the timeline', () => {
  const e = elements({
    hotspots: [{ ...defaultHotspot('hotspot-1'), start_time: 10, end_time: 25 }],
    quizzes: [defaultQuiz('quiz-1')],
    call_to_actions: [defaultCallToAction('cta-1', 100)],
    chapters: [defaultChapter('chapter-1', 0)],
    branching_scenarios: [{ id: 'branch-1', title: 'Your score', prompt: '', show_time: 99, type: 'score', branches: [] }],
  });

  it('lists every element at its time; hotspots and calls to action last, branching points stay put', () => {
    expect(timelineItems(e).map((i) => [i.kind, i.id, i.start, i.end, i.movable])).toEqual([
      ['hotspots', 'hotspot-1', 10, 25, true],
      ['quizzes', 'quiz-1', 120, null, true],
      ['call_to_actions', 'cta-1', 90, 100, true],
      ['chapters', 'chapter-1', 0, null, true],
      ['branching_scenarios', 'branch-1', 99, null, false],
    ]);
  });

  it('places times in percent of the video, within 0-100', () => {
    expect(percentOf(30, 120)).toBe(25);
    expect(percentOf(500, 120)).toBe(100);
    expect(percentOf(-5, 120)).toBe(0);
    expect(percentOf(10, 0)).toBe(0);
    expect(percentOf(Number.NaN, 100)).toBe(0);
  });

  it('turns pointer movement into whole seconds', () => {
    expect(timeAfterDrag(10, 50, 500, 100)).toBe(20);
    expect(timeAfterDrag(10, -26, 500, 100)).toBe(5);
    expect(timeAfterDrag(10, 50, 0, 100)).toBe(10);
    expect(timeAtOffset(250, 500, 100)).toBe(50);
    expect(timeAtOffset(900, 500, 100)).toBe(100);
    expect(timeAtOffset(-3, 500, 100)).toBe(0);
  });

  it('moves by 1 s per arrow key, 10 s per page key, to either end with Home / End', () => {
    expect(timeForKey('ArrowRight', 10, 100)).toBe(11);
    expect(timeForKey('ArrowUp', 10, 100)).toBe(11);
    expect(timeForKey('ArrowLeft', 10, 100)).toBe(9);
    expect(timeForKey('ArrowDown', 10, 100)).toBe(9);
    expect(timeForKey('PageUp', 10, 100)).toBe(20);
    expect(timeForKey('PageDown', 10, 100)).toBe(0);
    expect(timeForKey('Home', 10, 100)).toBe(0);
    expect(timeForKey('End', 10, 100)).toBe(100);
    expect(timeForKey('Enter', 10, 100)).toBeNull();
  });

  it('moves an element within the video: a hotspot keeps its length, the others their moment', () => {
    const moved = moveElement(e, 'hotspots', 'hotspot-1', 40, 100);
    expect(moved.hotspots[0]).toMatchObject({ start_time: 40, end_time: 55 });
    // Its end stops at the video's end; nothing goes before 0.
    expect(moveElement(e, 'hotspots', 'hotspot-1', 95, 100).hotspots[0]).toMatchObject({ start_time: 85, end_time: 100 });
    expect(moveElement(e, 'hotspots', 'hotspot-1', -4, 100).hotspots[0]).toMatchObject({ start_time: 0, end_time: 15 });
    expect(moveElement(e, 'quizzes', 'quiz-1', 130.4, 100).quizzes[0]!.show_time).toBe(100);
    expect(moveElement(e, 'call_to_actions', 'cta-1', 12.6, 100).call_to_actions[0]).toMatchObject({ show_time: 13, duration: 10 });
    expect(moveElement(e, 'chapters', 'chapter-1', 7, 100).chapters[0]!.start_time).toBe(7);
    expect(moveElement(e, 'branching_scenarios', 'branch-1', 3, 100)).toBe(e);
    // Others are left as they were.
    expect(moveElement(e, 'quizzes', 'quiz-1', 5, 100).hotspots).toBe(e.hotspots);
  });
});

describe('issues and failures', () => {
  it('finds the element an issue names', () => {
    expect(issueLocation('hotspots[2].x_position')).toEqual({ kind: 'hotspots', index: 2 });
    expect(issueLocation('call_to_actions[0].url')).toEqual({ kind: 'call_to_actions', index: 0 });
    expect(issueLocation('video_duration')).toEqual({ kind: null, index: null });
  });

  it('names the element, and translates the catalogue messages', () => {
    expect(issueText({ path: 'hotspots[1].end_time', message: 'A hotspot must end after it starts.' }, t)).toBe('Hotspot 2: A hotspot must end after it starts.');
    expect(issueText({ path: 'video_duration', message: INTERACTIVE_VIDEO_MESSAGES.duration }, t)).toBe(INTERACTIVE_VIDEO_MESSAGES.duration);
    expect(issueText({ path: 'video_metadata', message: INTERACTIVE_VIDEO_MESSAGES.noElements }, tEs)).toBe('Añade al menos un elemento interactivo.');
    expect(issueText({ path: 'call_to_actions[0].url', message: 'x' }, tFr)).toBe('CTA 1 : x');
  });

  const check = (change: Partial<InteractiveElements>, duration = 300) => validateInteractiveVideo(createRequestOf('p1', { duration, elements: elements(change) }).video_metadata)!;
  const hotspot = { ...defaultHotspot('h1'), action_data: { info_text: 'x' } };
  const twoCorrect = { ...defaultQuiz('q1'), options: defaultQuiz('q1').options.map((o) => ({ ...o, is_correct: true })) };

  it('translates a catalogue issue from its rule and values (the field too)', () => {
    const untitled = check({ hotspots: [{ ...hotspot, title: '' }] });
    expect(issueText(untitled, t)).toBe('Hotspot 1: A hotspot title is required.');
    expect(issueText(untitled, tEs)).toBe('Zona activa 1: El título de la zona activa no puede quedar en blanco.');
    expect(issueText(untitled, tFr)).toBe('Zone cliquable 1 : Le titre de la zone cliquable est obligatoire.');
    const late = check({ quizzes: [{ ...defaultQuiz('q1'), show_time: 200 }] }, 150);
    expect(issueText(late, t)).toBe("Quiz 1: A quiz time must be between 0 and 150 seconds (the video's duration).");
    expect(issueMessage(late, tEs)).toBe('El momento del cuestionario debe estar entre 0 y 150 segundos (la duración del vídeo).');
    expect(issueMessage(late, tFr)).toBe('Le moment du quiz doit se situer entre 0 et 150 secondes (la durée de la vidéo).');
    const correct = check({ quizzes: [twoCorrect] });
    expect(issueText(correct, tEs)).toBe('Cuestionario 1: Debe haber exactamente una opción correcta.');
    expect(issueText(correct, tFr)).toBe('Quiz 1 : Exactement une option doit être correcte.');
    const pastEnd = videoEndIssue(createRequestOf('p1', { duration: 300, elements: elements({ chapters: [defaultChapter('c1', 0), { ...defaultChapter('c2', 1), start_time: 90 }] }) }).video_metadata, 80.4)!;
    expect(issueText(pastEnd, t)).toBe("Chapter 2: Element times must lie within the project's narrated video (80 seconds).");
    expect(issueText(pastEnd, tEs)).toBe('Capítulo 2: Los tiempos de los elementos deben quedar dentro del vídeo narrado del proyecto (80 segundos).');
    expect(issueText(pastEnd, tFr)).toBe('Chapitre 2 : Les moments des éléments doivent se situer dans la vidéo narrée du projet (80 secondes).');
    // The catalogue's messages keep their keys.
    expect(issueMessage(check({}), tFr)).toBe(fr.interactiveVideo.messages.noElements);
  });

  it("has every rule and field in the interface, in English the catalogue's very text", () => {
    const samples: Record<InteractiveVideoRule, Record<string, string | number>> = Object.fromEntries(
      INTERACTIVE_VIDEO_RULES.map((rule) => [rule, { field: 'ctaUrl', min: 1, max: 9, seconds: 42, id: 'x-1', options: 'a, b' }]),
    ) as never;
    for (const rule of INTERACTIVE_VIDEO_RULES) {
      const issue = { path: 'quizzes[0]', rule, values: samples[rule], message: interactiveVideoMessage(rule, samples[rule]) };
      expect(issueMessage(issue, t)).toBe(issue.message);
      for (const tr of [tEs, tFr]) expect(issueMessage(issue, tr)).not.toMatch(/interactiveVideo\.|{{/);
    }
    for (const [code, english] of Object.entries(INTERACTIVE_VIDEO_FIELDS)) {
      expect(en.interactiveVideo.fields[code as keyof typeof en.interactiveVideo.fields]).toBe(english);
      expect(issueMessage({ path: '', rule: 'required', values: { field: code }, message: '' }, tFr)).not.toMatch(/interactiveVideo\./);
    }
  });

  it("reads the server's field of a 400 as an issue", () => {
    const refused = new ApiError(400, 'VALIDATION_FAILED', 'A hotspot must end after it starts.', { field: 'video_metadata.hotspots[0].end_time' });
    expect(serverIssue(refused)).toEqual({ path: 'hotspots[0].end_time', message: 'A hotspot must end after it starts.' });
    expect(serverIssue(new ApiError(400, 'VALIDATION_FAILED', 'x', { field: 'project_id' }))).toBeNull();
    expect(serverIssue(new ApiError(409, 'CONFLICT', INTERACTIVE_VIDEO_MESSAGES.noVideo, undefined, { id: 'interactiveVideo.noVideo', params: [] }))).toBeNull();
  });

  it("recognises the server's catalogue message by rebuilding it, and shows it translated", () => {
    const sent = createRequestOf('p1', { duration: 300, elements: elements({ quizzes: [twoCorrect] }) }).video_metadata;
    const correct = new ApiError(400, 'VALIDATION_FAILED', 'Exactly one option must be correct.', { field: 'video_metadata.quizzes[0].options' });
    expect(serverIssue(correct, sent)).toEqual({ path: 'quizzes[0].options', message: 'Exactly one option must be correct.', rule: 'oneCorrect', values: {} });
    expect(issueText(serverIssue(correct, sent)!, tEs)).toBe('Cuestionario 1: Debe haber exactamente una opción correcta.');
    // Past the narrated video's end: the draft is valid, the seconds are the server's.
    const late = new ApiError(400, 'VALIDATION_FAILED', "Element times must lie within the project's narrated video (40 seconds).", { field: 'video_metadata.quizzes[0].show_time' });
    const valid = createRequestOf('p1', { duration: 300, elements: elements({ quizzes: [{ ...defaultQuiz('q1'), show_time: 43 }] }) }).video_metadata;
    expect(serverIssue(late, valid)).toMatchObject({ path: 'quizzes[0].show_time', rule: 'videoEnd', values: { seconds: 40 } });
    expect(issueText(serverIssue(late, valid)!, tFr)).toBe('Quiz 1 : Les moments des éléments doivent se situer dans la vidéo narrée du projet (40 secondes).');
    expect(createFailureText(late, tEs, serverIssue(late, valid))).toBe(
      'No se pudo crear el vídeo interactivo. Inténtalo de nuevo. Los tiempos de los elementos deben quedar dentro del vídeo narrado del proyecto (40 segundos).',
    );
    // Anything else stays the server's text (translated only when it is one of the catalogue's messages).
    const other = new ApiError(400, 'VALIDATION_FAILED', 'Numbers must be finite (2 of them).', { field: 'video_metadata' });
    expect(serverIssue(other, valid)).toEqual({ path: 'video_metadata', message: 'Numbers must be finite (2 of them).' });
    expect(issueText(serverIssue(other, valid)!, tEs)).toBe('Numbers must be finite (2 of them).');
    const stale = new ApiError(400, 'VALIDATION_FAILED', 'A hotspot title is required.', { field: 'video_metadata.hotspots[0].title' });
    expect(serverIssue(stale, valid)?.rule).toBeUndefined();
  });

  it("says 'Failed to create interactive video. Please try again.', with the server's reason for a 4xx", () => {
    expect(createFailureText(new ApiError(0, NETWORK_ERROR), t)).toBe('Failed to create interactive video. Please try again.');
    expect(createFailureText(new ApiError(500, 'INTERNAL', 'boom'), t)).toBe('Failed to create interactive video. Please try again.');
    expect(createFailureText(new ApiError(409, 'CONFLICT', INTERACTIVE_VIDEO_MESSAGES.noVideo, undefined, { id: 'interactiveVideo.noVideo', params: [] }), t)).toBe(
      'Failed to create interactive video. Please try again. This project has no narrated video yet. Render its video first.',
    );
    expect(createFailureText(new ApiError(409, 'CONFLICT', INTERACTIVE_VIDEO_MESSAGES.noVideo, undefined, { id: 'interactiveVideo.noVideo', params: [] }), tFr)).toBe(
      'Impossible de créer la vidéo interactive. Veuillez réessayer. Ce projet n’a pas encore de vidéo narrée. Générez d’abord sa vidéo.',
    );
  });

  it("keeps the specification's and the catalogue's texts in English", () => {
    expect(en.interactiveVideo.messages).toEqual(INTERACTIVE_VIDEO_MESSAGES);
    expect(en.interactiveVideo.messages.created).toBe('Interactive video creation started! Check back in a few minutes.');
    expect(en.interactiveVideo.messages.createFailed).toBe('Failed to create interactive video. Please try again.');
    expect([en.interactiveVideo.useTemplate, en.interactiveVideo.reloadTemplate, en.interactiveVideo.add, en.interactiveVideo.creating]).toEqual([
      'Use Template',
      'Reload Template',
      '+ Add',
      'Creating...',
    ]);
    expect(en.projects.actions.interactiveVideo).toBe('Interactive Video');
    expect(['hotspots', 'quizzes', 'call_to_actions', 'chapters'].map((k) => t(`interactiveVideo.tabs.${k}`, { n: 2 }))).toEqual(['Hotspots (2)', 'Quizzes (2)', 'CTAs (2)', 'Chapters (2)']);
    for (const messages of [es, fr]) {
      expect(Object.keys(messages.interactiveVideo.messages).sort()).toEqual(Object.keys(INTERACTIVE_VIDEO_MESSAGES).sort());
    }
  });
});

describe('live events', () => {
  it('reads interactive_video.* events; the name decides ready and failed', () => {
    const data = { interactive_video_id: 'v1', project_id: 'p1', version: 2, status: 'processing', progress: 40.4, error: null };
    expect(parseInteractiveEvent('interactive_video.progress', data)).toEqual({ interactive_video_id: 'v1', project_id: 'p1', version: 2, status: 'processing', progress: 40, error: '' });
    expect(parseInteractiveEvent('interactive_video.ready', data)).toMatchObject({ status: 'ready', progress: 100 });
    expect(parseInteractiveEvent('interactive_video.failed', { ...data, error: 'No video' })).toMatchObject({ status: 'failed', error: 'No video' });
    expect(parseInteractiveEvent('interactive_video.progress', { progress: 5 })).toBeNull();
    expect(parseInteractiveEvent('interactive_video.progress', null)).toBeNull();
  });

  it('moves the video only forward: progress up, ready published, older versions ignored', () => {
    const ev = (status: string, progress: number, version = 1) => ({ interactive_video_id: 'v1', project_id: 'p1', version, status, progress, error: '' });
    let v: InteractiveVideo | null = video({ progress: 20 });
    v = applyInteractiveEvent(v, ev('processing', 10));
    expect(v!.progress).toBe(20);
    v = applyInteractiveEvent(v, ev('processing', 60));
    expect(v!.progress).toBe(60);
    v = applyInteractiveEvent(v, ev('ready', 100));
    expect(v).toMatchObject({ status: 'ready', progress: 100, published_version: 1 });
    expect(isShareable(v)).toBe(true);
    // A late progress event of the same version does not take it back.
    expect(applyInteractiveEvent(v, ev('processing', 95))).toBe(v);
    // A new version prepares while version 1 stays published.
    const next = applyInteractiveEvent(v, ev('processing', 5, 2));
    expect(next).toMatchObject({ version: 2, status: 'processing', progress: 5, published_version: 1 });
    expect(isShareable(next)).toBe(true);
    expect(applyInteractiveEvent(next, ev('failed', 0, 1))).toBe(next);
    expect(applyInteractiveEvent(next, { ...ev('ready', 100, 2), project_id: 'other' })).toBe(next);
    expect(applyInteractiveEvent(null, ev('ready', 100))).toBeNull();
    expect(isShareable(video())).toBe(false);
  });

  it('keeps a finished state a later read had not seen yet', () => {
    const ready = video({ status: 'ready', progress: 100, published_version: 1 });
    expect(mergeLoadedVideo(ready, video({ progress: 80 }))).toMatchObject({ status: 'ready', progress: 100, published_version: 1 });
    expect(mergeLoadedVideo(ready, video({ version: 2, progress: 1 }))).toMatchObject({ version: 2, status: 'processing' });
    expect(mergeLoadedVideo(null, ready)).toBe(ready);
  });
});

describe('sharing and the public player', () => {
  it('makes addresses absolute and an <iframe> snippet with the title escaped', () => {
    expect(absoluteUrl('/watch/tok', 'https://app.example')).toBe('https://app.example/watch/tok');
    expect(absoluteUrl('https://other.example/embed/tok', 'https://app.example')).toBe('https://other.example/embed/tok');
    const code = embedCode('https://app.example/embed/tok', 'Forks & "Masts" <1>');
    expect(code).toBe(
      '<iframe src="https://app.example/embed/tok" title="Forks &amp; &quot;Masts&quot; &lt;1&gt;" width="640" height="410" style="border:0;max-width:100%" allow="fullscreen; picture-in-picture" allowfullscreen loading="lazy"></iframe>',
    );
  });

  it('remembers the last whole second per token, forgets it at the end, and survives a refusing storage', () => {
    const map = new Map<string, string>();
    const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
    expect(readResume(storage, 'tok')).toBe(0);
    writeResume(storage, 'tok', 42.8);
    expect(map.get(`${RESUME_KEY_PREFIX}tok`)).toBe('42');
    expect(readResume(storage, 'tok')).toBe(42);
    expect(readResume(storage, 'other')).toBe(0);
    writeResume(storage, 'tok', null);
    expect(readResume(storage, 'tok')).toBe(0);
    map.set(`${RESUME_KEY_PREFIX}tok`, 'junk');
    expect(readResume(storage, 'tok')).toBe(0);
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    expect(readResume(refusing, 'tok')).toBe(0);
    expect(() => writeResume(refusing, 'tok', 10)).not.toThrow();
    expect(readResume(null, 'tok')).toBe(0);
  });

  it('gives each visit a version 4 uuid, with or without crypto.randomUUID', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newSessionId()).toMatch(uuid);
    const bytesOnly = { getRandomValues: <T extends ArrayBufferView | null>(array: T) => globalThis.crypto.getRandomValues(array as unknown as Uint8Array) as unknown as T };
    const id = newSessionId(bytesOnly);
    expect(id).toMatch(uuid);
    expect(newSessionId(bytesOnly)).not.toBe(id);
  });

  it('lets other sites frame only the embed page', () => {
    expect(isFrameablePath('/embed/tok')).toBe(true);
    expect(isFrameablePath('/watch/tok')).toBe(false);
    expect(isFrameablePath('/')).toBe(false);
    expect(contentSecurityPolicy('n', { frameable: true })).toContain('frame-ancestors *');
    expect(contentSecurityPolicy('n', { frameable: true })).not.toContain("frame-ancestors 'none'");
    expect(contentSecurityPolicy('n')).toContain("frame-ancestors 'none'");
    // Nothing else changes.
    expect(contentSecurityPolicy('n', { frameable: true }).replace('frame-ancestors *', '')).toBe(contentSecurityPolicy('n').replace("frame-ancestors 'none'", ''));
  });
});

const USER: User = testUser({ capabilities: { videoGeneration: true } });
const TRIAL: User = { ...USER, subscription: { ...USER.subscription, tier: 'free-trial', plan: 'Free Trial' }, capabilities: { videoGeneration: false } };

describe('the plan', () => {
  it('locks interactive video without videoGeneration, naming Professional; the server decides for another company', () => {
    expect(interactiveLock(TRIAL, { company_id: 'c1' })).toEqual({ plan: 'professional' });
    expect(interactiveLock(USER, { company_id: 'c1' })).toBeNull();
    expect(interactiveLock(TRIAL, { company_id: 'other' })).toBeNull();
  });
});

describe('rendered on the server', () => {
  const workspace: WorkspaceValue = { openMarketplace: () => undefined, openVoices: () => undefined, voice: null, notify: () => undefined };
  const renderDialog = (user: User) =>
    renderToStaticMarkup(
      h(
        StaticRouter,
        { location: '/' },
        h(AuthProvider, {
          initial: { status: 'signedIn', user },
          children: h(
            WorkspaceContext.Provider,
            { value: workspace },
            h(InteractiveVideoDialog, { project: projectFixture({ id: 'p1', title: 'Forklift Basics', company_id: 'c1' }), onClose: () => undefined, onCreated: () => undefined }),
          ),
        }),
      ),
    );

  it('shows a plan without video generation the upgrade message instead of the editor', () => {
    const html = renderDialog(TRIAL);
    expect(text(html)).toContain('Feature Not Available');
    expect(text(html)).toContain('This feature requires a higher subscription tier. Please upgrade your plan to continue.');
    expect(text(html)).toContain('Interactive videos are included from the Professional plan.');
    expect(html).toContain('href="/billing"');
    expect(html).not.toContain('Use Template');
  });

  it('opens loading for a plan with video generation', () => {
    const html = renderDialog(USER);
    expect(html).toContain('data-testid="iv-dialog"');
    expect(text(html)).toContain('Interactive Video');
    expect(text(html)).toContain('Loading...');
  });

  const base = { index: 0, disabled: false, onRemove: () => undefined, issue: null };

  it("draws each element's fields, with the issue at its field", () => {
    const hotspot = renderToStaticMarkup(
      h(HotspotEditor, { ...base, path: 'hotspots[0]', hotspot: defaultHotspot('hotspot-1'), update: () => undefined, issue: { path: 'hotspots[0].end_time', message: 'A hotspot must end after it starts.' } }),
    );
    expect(text(hotspot)).toContain('Hotspot 1');
    for (const label of ['Title', 'Description', 'Start (seconds)', 'End (seconds)', 'X position (%)', 'Y position (%)', 'Width (%)', 'Height (%)', 'Action', 'Information text']) {
      expect(text(hotspot)).toContain(label);
    }
    expect(hotspot).toContain('aria-label="Remove hotspot 1"');
    expect(text(hotspot)).toContain('A hotspot must end after it starts.');
    expect(hotspot).toMatch(/<input[^>]*aria-invalid="true"[^>]*value="60"/);

    const quiz = renderToStaticMarkup(h(QuizEditor, { ...base, path: 'quizzes[0]', quiz: defaultQuiz('quiz-1'), update: () => undefined, onAddOption: () => undefined }));
    // Three options, the second one correct: one radio group.
    expect(quiz.match(/type="radio"/g)).toHaveLength(3);
    expect(quiz).toMatch(/<input type="radio"[^>]*aria-label="Option 2 is the correct answer" checked=""/);
    expect(text(quiz)).toContain('Continue automatically after an answer');

    const cta = renderToStaticMarkup(h(CtaEditor, { ...base, path: 'call_to_actions[0]', cta: defaultCallToAction('cta-1', 100), update: () => undefined }));
    expect(cta).toMatch(/<input[^>]*type="url"/);
    expect(cta).toContain('<option value="bottom-right" selected="">Bottom right</option>');

    const chapter = renderToStaticMarkup(h(ChapterEditor, { ...base, path: 'chapters[0]', chapter: defaultChapter('chapter-1', 0), update: () => undefined }));
    expect(text(chapter)).toContain('Learners may skip this chapter');
  });

  it('draws the timeline with a slider per movable element', () => {
    const e = elements({ hotspots: [{ ...defaultHotspot('hotspot-1'), start_time: 30, end_time: 60 }], chapters: [defaultChapter('chapter-1', 0)] });
    const html = renderToStaticMarkup(h(Timeline, { duration: 120, elements: e, disabled: false, onMove: () => undefined, player: { current: null } }));
    expect(html).toMatch(/role="slider"[^>]*aria-label="Hotspot &quot;New hotspot&quot; at 0:30"[^>]*aria-valuemin="0"[^>]*aria-valuemax="120"[^>]*aria-valuenow="30"[^>]*aria-valuetext="0:30"/);
    expect(html).toMatch(/left:25%;width:25%/);
    expect(html).toContain('aria-label="Chapter &quot;Chapter 1&quot; at 0:00"');
  });
});
