import { defineMessages } from './messages.js';
// Interactive video (part 2 sections 2-5, 7-9; issue 16): the element types laid over a project's
// narrated video, their defaults and limits, the messages, and the one validation that the scorm
// service enforces and the web editor shows before sending (each issue a rule and values, which the
// web translates, with the English message built from them). Field names are the specification's.

export const HOTSPOT_ACTIONS = ['show_info', 'jump_to_time', 'external_link', 'pause_video'] as const;
export type HotspotAction = (typeof HOTSPOT_ACTIONS)[number];

export const CTA_POSITIONS = ['bottom-right', 'bottom-left', 'top-right', 'top-left', 'center'] as const;
export type CtaPosition = (typeof CTA_POSITIONS)[number];

/** Where a branch leads: a chapter of this video, a second of it, or another project's interactive video. */
export const BRANCH_TARGET_TYPES = ['chapter', 'time', 'project'] as const;
export type BranchTargetType = (typeof BRANCH_TARGET_TYPES)[number];

/** `choice`: the learner picks a branch; `score`: the quiz score so far picks it. */
export const BRANCHING_TYPES = ['choice', 'score'] as const;
export type BranchingType = (typeof BRANCHING_TYPES)[number];

export interface HotspotStyle {
  background_color: string;
  text_color: string;
  border_color: string;
  /** 0-1. */
  opacity: number;
}

export interface HotspotActionData {
  /** show_info: the text shown. */
  info_text?: string;
  /** jump_to_time: the second jumped to. */
  time?: number;
  /** external_link: an http(s) address, opened in a new tab without an opener. */
  url?: string;
}

export interface Hotspot {
  id: string;
  title: string;
  description: string;
  start_time: number;
  end_time: number;
  /** Percent of the frame's width (0-100), the hotspot's left edge. */
  x_position: number;
  /** Percent of the frame's height (0-100), the hotspot's top edge. */
  y_position: number;
  /** Percent of the frame (1-100). */
  width: number;
  height: number;
  action: HotspotAction;
  action_data: HotspotActionData;
  style: HotspotStyle;
  is_active: boolean;
}

export interface QuizOption {
  id: string;
  text: string;
  is_correct: boolean;
  feedback?: string;
}

export interface Quiz {
  id: string;
  question: string;
  question_type: 'multiple_choice';
  options: QuizOption[];
  correct_feedback: string;
  incorrect_feedback: string;
  show_time: number;
  points: number;
  auto_advance: boolean;
  /** The video pauses and cannot go on (nor be sought past) until it is answered. */
  required: boolean;
}

export interface CtaStyle {
  background_color: string;
  text_color: string;
  /** Pixels. */
  border_radius: number;
  /** Pixels. */
  padding: number;
}

export interface CallToAction {
  id: string;
  text: string;
  url: string;
  show_time: number;
  /** Seconds on screen. */
  duration: number;
  position: CtaPosition;
  style: CtaStyle;
  track_clicks: boolean;
}

export interface Chapter {
  id: string;
  title: string;
  description: string;
  start_time: number;
  is_skippable: boolean;
}

export interface Branch {
  id: string;
  /** What the learner picks (choice), or a name for the band (score). */
  label: string;
  /** score: the branch taken when the learner's quiz score (percent) is at least this. */
  min_score: number;
  target_type: BranchTargetType;
  /** chapter: the chapter's id. */
  target_chapter_id?: string;
  /** time: the second. */
  target_time?: number;
  /** project: the other project whose interactive video plays next. */
  target_project_id?: string;
}

export interface BranchingScenario {
  id: string;
  title: string;
  /** The question the learner is asked (choice) or the text shown while branching (score). */
  prompt: string;
  show_time: number;
  type: BranchingType;
  branches: Branch[];
}

export interface InteractiveElements {
  hotspots: Hotspot[];
  quizzes: Quiz[];
  call_to_actions: CallToAction[];
  chapters: Chapter[];
  branching_scenarios: BranchingScenario[];
}

/** The creation payload's `video_metadata`. */
export interface InteractiveVideoMetadata extends InteractiveElements {
  project_id: string;
  /** Seconds (30-3600). */
  video_duration: number;
  analytics_enabled: boolean;
  /** Percent of the video watched that counts as completed. */
  completion_threshold: number;
}

export const INTERACTIVE_VIDEO_LIMITS = {
  durationMin: 30,
  durationMax: 3600,
  /** The editor's duration before a template or the video sets it. */
  editorDefaultDuration: 300,
  /** Elements of all kinds in one video. */
  elementsMax: 500,
  idMax: 64,
  titleMax: 200,
  textMax: 1000,
  questionMax: 500,
  optionsMin: 2,
  optionsMax: 6,
  optionTextMax: 200,
  ctaTextMax: 80,
  urlMax: 2000,
  pointsMax: 1000,
  ctaDurationMax: 600,
  borderRadiusMax: 100,
  paddingMax: 100,
  branchesMax: 6,
  /** The completion threshold sent by the editor. */
  defaultCompletionThreshold: 85,
} as const;

export const INTERACTIVE_VIDEO_MESSAGES = defineMessages('interactiveVideo', {
  created: 'Interactive video creation started! Check back in a few minutes.',
  createFailed: 'Failed to create interactive video. Please try again.',
  noElements: 'Add at least one interactive element.',
  duration: `The video duration must be between ${INTERACTIVE_VIDEO_LIMITS.durationMin} and ${INTERACTIVE_VIDEO_LIMITS.durationMax} seconds.`,
  tooMany: `An interactive video holds at most ${INTERACTIVE_VIDEO_LIMITS.elementsMax} elements.`,
  notFound: 'Interactive video not found',
  noVideo: 'This project has no narrated video yet. Render its video first.',
} as const);

const DEFAULT_HOTSPOT_STYLE: HotspotStyle = { background_color: '#2563eb', text_color: '#ffffff', border_color: '#ffffff', opacity: 0.8 };
const DEFAULT_CTA_STYLE: CtaStyle = { background_color: '#2563eb', text_color: '#ffffff', border_radius: 8, padding: 12 };

/** A new hotspot with the specification's defaults: 30-60 s, at 50/50, 10x10, show_info. */
export function defaultHotspot(id: string): Hotspot {
  return {
    id,
    title: 'New hotspot',
    description: '',
    start_time: 30,
    end_time: 60,
    x_position: 50,
    y_position: 50,
    width: 10,
    height: 10,
    action: 'show_info',
    action_data: { info_text: '' },
    style: { ...DEFAULT_HOTSPOT_STYLE },
    is_active: true,
  };
}

/** A new quiz: at 120 s, 10 points, auto-advance on, not required, three options with the second correct. */
export function defaultQuiz(id: string): Quiz {
  return {
    id,
    question: 'New question',
    question_type: 'multiple_choice',
    options: [1, 2, 3].map((n) => ({ id: `${id}-o${n}`, text: `Option ${n}`, is_correct: n === 2 })),
    correct_feedback: 'Correct!',
    incorrect_feedback: 'Not quite.',
    show_time: 120,
    points: 10,
    auto_advance: true,
    required: false,
  };
}

/** A new call to action: shown at 90 % of the video for 10 s, bottom right, clicks tracked. */
export function defaultCallToAction(id: string, videoDuration: number): CallToAction {
  return {
    id,
    text: 'Learn more',
    url: 'https://',
    show_time: Math.floor(videoDuration * 0.9),
    duration: 10,
    position: 'bottom-right',
    style: { ...DEFAULT_CTA_STYLE },
    track_clicks: true,
  };
}

/** A new chapter, starting 60 s times the number of chapters there already are. */
export function defaultChapter(id: string, existingChapters: number): Chapter {
  return { id, title: `Chapter ${existingChapters + 1}`, description: '', start_time: 60 * existingChapters, is_skippable: true };
}

export function emptyInteractiveElements(): InteractiveElements {
  return { hotspots: [], quizzes: [], call_to_actions: [], chapters: [], branching_scenarios: [] };
}

export function interactiveElementCount(e: InteractiveElements): number {
  return e.hotspots.length + e.quizzes.length + e.call_to_actions.length + e.chapters.length + e.branching_scenarios.length;
}

/** Seconds as m:ss (the editor's footer). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** An http(s) address, nothing else (no javascript:, data:, relative or protocol-relative). */
export function isSafeHttpUrl(value: string): boolean {
  if (typeof value !== 'string' || value.length > INTERACTIVE_VIDEO_LIMITS.urlMax) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * What an issue is about, as a code: the web shows the issue from it and its rule in the interface
 * language; the English here is the start of the catalogue's own message.
 */
export const INTERACTIVE_VIDEO_FIELDS = {
  hotspotTitle: 'A hotspot title',
  hotspotDescription: 'A hotspot description',
  hotspotStart: 'A hotspot start',
  hotspotEnd: 'A hotspot end',
  hotspotPosition: 'Hotspot positions',
  hotspotWidth: 'A hotspot width',
  hotspotHeight: 'A hotspot height',
  hotspotAction: 'A hotspot action',
  infoText: 'The information text',
  jumpTime: 'The time jumped to',
  link: 'A link',
  opacity: 'Opacity',
  question: 'A question',
  quizTime: 'A quiz time',
  points: 'Points',
  feedback: 'Feedback',
  option: 'An option',
  ctaText: 'A call to action text',
  ctaUrl: 'A call to action URL',
  ctaTime: 'A call to action time',
  ctaDuration: 'A call to action duration',
  ctaPosition: 'A position',
  borderRadius: 'A border radius',
  padding: 'Padding',
  chapterTitle: 'A chapter title',
  chapterDescription: 'A chapter description',
  chapterStart: 'A chapter start',
  branchingTitle: 'A branching title',
  branchingPrompt: 'A branching prompt',
  branchingTime: 'A branching time',
  branchLabel: 'A branch label',
  branchScore: 'A branch score',
  branchTime: 'A branch time',
} as const;
export type InteractiveVideoField = keyof typeof INTERACTIVE_VIDEO_FIELDS;

export type InteractiveVideoIssueValues = Record<string, string | number>;

const fieldText = (v: InteractiveVideoIssueValues) => INTERACTIVE_VIDEO_FIELDS[v.field as InteractiveVideoField] ?? String(v.field);

/**
 * The English message of every rule from its values: the one place an issue's text is written
 * (the server sends it; the web translates the same rule and values).
 */
const RULE_TEXTS = {
  duration: () => INTERACTIVE_VIDEO_MESSAGES.duration,
  noElements: () => INTERACTIVE_VIDEO_MESSAGES.noElements,
  tooMany: () => INTERACTIVE_VIDEO_MESSAGES.tooMany,
  completionThreshold: (v) => `The completion threshold must be between ${v.min} and ${v.max} percent.`,
  idInvalid: (v) => `Each element needs an id of at most ${v.max} characters.`,
  idDuplicate: (v) => `The id "${v.id}" is used by two elements.`,
  notText: (v) => `${fieldText(v)} must be text.`,
  required: (v) => `${fieldText(v)} is required.`,
  tooLong: (v) => `${fieldText(v)} may hold at most ${v.max} characters.`,
  timeRange: (v) => `${fieldText(v)} must be between 0 and ${v.seconds} seconds (the video's duration).`,
  range: (v) => `${fieldText(v)} must be between ${v.min} and ${v.max}.`,
  oneOf: (v) => `${fieldText(v)} is one of ${v.options}.`,
  httpUrl: (v) => `${fieldText(v)} must be an http or https address.`,
  color: () => 'Colours are written #rrggbb.',
  hotspotOrder: () => 'A hotspot must end after it starts.',
  questionType: () => 'Quizzes are multiple_choice.',
  optionCount: (v) => `A quiz has between ${v.min} and ${v.max} options.`,
  oneCorrect: () => 'Exactly one option must be correct.',
  branchingType: () => 'Branching is by choice or by score.',
  branchCount: (v) => `A branching point has between ${v.min} and ${v.max} branches.`,
  branchTarget: () => 'A branch leads to a chapter, a time or a project.',
  branchChapter: () => 'A branch leads to a chapter of this video.',
  branchProject: () => 'A branch leads to a project of this company.',
  videoEnd: (v) => `Element times must lie within the project's narrated video (${v.seconds} seconds).`,
} satisfies Record<string, (values: InteractiveVideoIssueValues) => string>;

export type InteractiveVideoRule = keyof typeof RULE_TEXTS;
export const INTERACTIVE_VIDEO_RULES = Object.keys(RULE_TEXTS) as InteractiveVideoRule[];

/** The English message of a rule with its values (what the server sends). */
export function interactiveVideoMessage(rule: InteractiveVideoRule, values: InteractiveVideoIssueValues = {}): string {
  return RULE_TEXTS[rule](values);
}

export interface InteractiveVideoIssue {
  /** Where, as a path into `video_metadata` ('hotspots[0].x_position'). */
  path: string;
  /** The English text, built from `rule` and `values`. */
  message: string;
  rule: InteractiveVideoRule;
  /** The rule's values; `field` is an InteractiveVideoField code. */
  values: InteractiveVideoIssueValues;
}

function issue(path: string, rule: InteractiveVideoRule, values: InteractiveVideoIssueValues = {}): InteractiveVideoIssue {
  return { path, message: interactiveVideoMessage(rule, values), rule, values };
}

const COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * Every rule of part 2 section 5 and the limits above, checked on the server before anything is
 * stored and by the editor before it sends: the first issue found, or null when the video is valid.
 * Element times must lie within the video; ids must be unique across all elements.
 */
export function validateInteractiveVideo(m: InteractiveVideoMetadata): InteractiveVideoIssue | null {
  const L = INTERACTIVE_VIDEO_LIMITS;
  const d = m.video_duration;
  if (!Number.isFinite(d) || d < L.durationMin || d > L.durationMax) return issue('video_duration', 'duration', { min: L.durationMin, max: L.durationMax });
  const count = interactiveElementCount(m);
  if (count === 0) return issue('video_metadata', 'noElements');
  if (count > L.elementsMax) return issue('video_metadata', 'tooMany', { max: L.elementsMax });
  if (!Number.isFinite(m.completion_threshold) || m.completion_threshold < 1 || m.completion_threshold > 100) {
    return issue('completion_threshold', 'completionThreshold', { min: 1, max: 100 });
  }

  const ids = new Set<string>();
  const checkId = (path: string, id: string): InteractiveVideoIssue | null => {
    if (typeof id !== 'string' || id.trim() === '' || id.length > L.idMax) return issue(`${path}.id`, 'idInvalid', { max: L.idMax });
    if (ids.has(id)) return issue(`${path}.id`, 'idDuplicate', { id });
    ids.add(id);
    return null;
  };
  const checkText = (path: string, value: string, max: number, field: InteractiveVideoField, required: boolean): InteractiveVideoIssue | null => {
    if (typeof value !== 'string') return issue(path, 'notText', { field });
    if (required && value.trim() === '') return issue(path, 'required', { field });
    if (value.length > max) return issue(path, 'tooLong', { field, max });
    return null;
  };
  const checkTime = (path: string, value: number, field: InteractiveVideoField): InteractiveVideoIssue | null =>
    Number.isFinite(value) && value >= 0 && value <= d ? null : issue(path, 'timeRange', { field, seconds: d });
  const checkRange = (path: string, value: number, min: number, max: number, field: InteractiveVideoField): InteractiveVideoIssue | null =>
    Number.isFinite(value) && value >= min && value <= max ? null : issue(path, 'range', { field, min, max });
  const checkColor = (path: string, value: string): InteractiveVideoIssue | null => (COLOR.test(value) ? null : issue(path, 'color'));
  const first = (...checks: (() => InteractiveVideoIssue | null)[]): InteractiveVideoIssue | null => {
    for (const check of checks) {
      const found = check();
      if (found) return found;
    }
    return null;
  };

  for (const [i, h] of m.hotspots.entries()) {
    const p = `hotspots[${i}]`;
    const found = first(
      () => checkId(p, h.id),
      () => checkText(`${p}.title`, h.title, L.titleMax, 'hotspotTitle', true),
      () => checkText(`${p}.description`, h.description, L.textMax, 'hotspotDescription', false),
      () => checkTime(`${p}.start_time`, h.start_time, 'hotspotStart'),
      () => checkTime(`${p}.end_time`, h.end_time, 'hotspotEnd'),
      () => (h.end_time > h.start_time ? null : issue(`${p}.end_time`, 'hotspotOrder')),
      () => checkRange(`${p}.x_position`, h.x_position, 0, 100, 'hotspotPosition'),
      () => checkRange(`${p}.y_position`, h.y_position, 0, 100, 'hotspotPosition'),
      () => checkRange(`${p}.width`, h.width, 1, 100, 'hotspotWidth'),
      () => checkRange(`${p}.height`, h.height, 1, 100, 'hotspotHeight'),
      () => ((HOTSPOT_ACTIONS as readonly string[]).includes(h.action) ? null : issue(`${p}.action`, 'oneOf', { field: 'hotspotAction', options: HOTSPOT_ACTIONS.join(', ') })),
      () => (h.action === 'show_info' ? checkText(`${p}.action_data.info_text`, h.action_data.info_text ?? '', L.textMax, 'infoText', true) : null),
      () => (h.action === 'jump_to_time' ? checkTime(`${p}.action_data.time`, h.action_data.time ?? Number.NaN, 'jumpTime') : null),
      () => (h.action === 'external_link' && !isSafeHttpUrl(h.action_data.url ?? '') ? issue(`${p}.action_data.url`, 'httpUrl', { field: 'link' }) : null),
      () => checkColor(`${p}.style.background_color`, h.style.background_color),
      () => checkColor(`${p}.style.text_color`, h.style.text_color),
      () => checkColor(`${p}.style.border_color`, h.style.border_color),
      () => checkRange(`${p}.style.opacity`, h.style.opacity, 0, 1, 'opacity'),
    );
    if (found) return found;
  }

  for (const [i, q] of m.quizzes.entries()) {
    const p = `quizzes[${i}]`;
    const found = first(
      () => checkId(p, q.id),
      () => checkText(`${p}.question`, q.question, L.questionMax, 'question', true),
      () => (q.question_type === 'multiple_choice' ? null : issue(`${p}.question_type`, 'questionType')),
      () => checkTime(`${p}.show_time`, q.show_time, 'quizTime'),
      () => checkRange(`${p}.points`, q.points, 0, L.pointsMax, 'points'),
      () => checkText(`${p}.correct_feedback`, q.correct_feedback, L.textMax, 'feedback', false),
      () => checkText(`${p}.incorrect_feedback`, q.incorrect_feedback, L.textMax, 'feedback', false),
      () =>
        q.options.length >= L.optionsMin && q.options.length <= L.optionsMax
          ? null
          : issue(`${p}.options`, 'optionCount', { min: L.optionsMin, max: L.optionsMax }),
      () => (q.options.filter((o) => o.is_correct === true).length === 1 ? null : issue(`${p}.options`, 'oneCorrect')),
      ...q.options.flatMap((o, j) => [
        () => checkId(`${p}.options[${j}]`, o.id),
        () => checkText(`${p}.options[${j}].text`, o.text, L.optionTextMax, 'option', true),
        () => checkText(`${p}.options[${j}].feedback`, o.feedback ?? '', L.textMax, 'feedback', false),
      ]),
    );
    if (found) return found;
  }

  for (const [i, c] of m.call_to_actions.entries()) {
    const p = `call_to_actions[${i}]`;
    const found = first(
      () => checkId(p, c.id),
      () => checkText(`${p}.text`, c.text, L.ctaTextMax, 'ctaText', true),
      () => (isSafeHttpUrl(c.url) ? null : issue(`${p}.url`, 'httpUrl', { field: 'ctaUrl' })),
      () => checkTime(`${p}.show_time`, c.show_time, 'ctaTime'),
      () => checkRange(`${p}.duration`, c.duration, 1, L.ctaDurationMax, 'ctaDuration'),
      () => ((CTA_POSITIONS as readonly string[]).includes(c.position) ? null : issue(`${p}.position`, 'oneOf', { field: 'ctaPosition', options: CTA_POSITIONS.join(', ') })),
      () => checkColor(`${p}.style.background_color`, c.style.background_color),
      () => checkColor(`${p}.style.text_color`, c.style.text_color),
      () => checkRange(`${p}.style.border_radius`, c.style.border_radius, 0, L.borderRadiusMax, 'borderRadius'),
      () => checkRange(`${p}.style.padding`, c.style.padding, 0, L.paddingMax, 'padding'),
    );
    if (found) return found;
  }

  for (const [i, c] of m.chapters.entries()) {
    const p = `chapters[${i}]`;
    const found = first(
      () => checkId(p, c.id),
      () => checkText(`${p}.title`, c.title, L.titleMax, 'chapterTitle', true),
      () => checkText(`${p}.description`, c.description, L.textMax, 'chapterDescription', false),
      () => checkTime(`${p}.start_time`, c.start_time, 'chapterStart'),
    );
    if (found) return found;
  }

  const chapterIds = new Set(m.chapters.map((c) => c.id));
  for (const [i, s] of m.branching_scenarios.entries()) {
    const p = `branching_scenarios[${i}]`;
    const found = first(
      () => checkId(p, s.id),
      () => checkText(`${p}.title`, s.title, L.titleMax, 'branchingTitle', true),
      () => checkText(`${p}.prompt`, s.prompt, L.questionMax, 'branchingPrompt', s.type === 'choice'),
      () => checkTime(`${p}.show_time`, s.show_time, 'branchingTime'),
      () => ((BRANCHING_TYPES as readonly string[]).includes(s.type) ? null : issue(`${p}.type`, 'branchingType')),
      () =>
        s.branches.length >= 1 && s.branches.length <= L.branchesMax ? null : issue(`${p}.branches`, 'branchCount', { min: 1, max: L.branchesMax }),
      ...s.branches.flatMap((b, j) => {
        const q = `${p}.branches[${j}]`;
        return [
          () => checkId(q, b.id),
          () => checkText(`${q}.label`, b.label, L.optionTextMax, 'branchLabel', true),
          () => checkRange(`${q}.min_score`, b.min_score, 0, 100, 'branchScore'),
          () => ((BRANCH_TARGET_TYPES as readonly string[]).includes(b.target_type) ? null : issue(`${q}.target_type`, 'branchTarget')),
          () => (b.target_type === 'chapter' && !chapterIds.has(b.target_chapter_id ?? '') ? issue(`${q}.target_chapter_id`, 'branchChapter') : null),
          () => (b.target_type === 'time' ? checkTime(`${q}.target_time`, b.target_time ?? Number.NaN, 'branchTime') : null),
          () =>
            b.target_type === 'project' && !/^[0-9a-f-]{36}$/i.test(b.target_project_id ?? '')
              ? issue(`${q}.target_project_id`, 'branchProject')
              : null,
        ];
      }),
    );
    if (found) return found;
  }
  return null;
}

/** How far past the narrated video's end an element may lie (the editor rounds; the video's length is measured). */
export const INTERACTIVE_VIDEO_TIME_TOLERANCE_SECONDS = 2;

/**
 * The first element time past the project's narrated video (`videoSeconds` long, measured), with
 * the tolerance, or null. Separate from validateInteractiveVideo: `video_duration` is the editor's
 * and may be longer than the real video.
 */
export function videoEndIssue(m: InteractiveVideoMetadata, videoSeconds: number): InteractiveVideoIssue | null {
  const end = videoSeconds + INTERACTIVE_VIDEO_TIME_TOLERANCE_SECONDS;
  const times: [string, number | undefined][] = [
    ...m.hotspots.flatMap((h, i): [string, number | undefined][] => [
      [`hotspots[${i}].start_time`, h.start_time],
      [`hotspots[${i}].end_time`, h.end_time],
      [`hotspots[${i}].action_data.time`, h.action === 'jump_to_time' ? h.action_data.time : undefined],
    ]),
    ...m.quizzes.map((q, i): [string, number] => [`quizzes[${i}].show_time`, q.show_time]),
    ...m.call_to_actions.map((c, i): [string, number] => [`call_to_actions[${i}].show_time`, c.show_time]),
    ...m.chapters.map((c, i): [string, number] => [`chapters[${i}].start_time`, c.start_time]),
    ...m.branching_scenarios.flatMap((s, i): [string, number | undefined][] => [
      [`branching_scenarios[${i}].show_time`, s.show_time],
      ...s.branches.map((b, j): [string, number | undefined] => [`branching_scenarios[${i}].branches[${j}].target_time`, b.target_type === 'time' ? b.target_time : undefined]),
    ]),
  ];
  const late = times.find(([, t]) => t !== undefined && t > end);
  return late ? issue(late[0], 'videoEnd', { seconds: Math.round(videoSeconds) }) : null;
}

/** The editor's duration for a narrated video of `videoSeconds` (measured): whole seconds within the allowed range. */
export function durationForVideo(videoSeconds: number): number {
  return Math.min(INTERACTIVE_VIDEO_LIMITS.durationMax, Math.max(INTERACTIVE_VIDEO_LIMITS.durationMin, Math.round(videoSeconds)));
}
