// Interactive video (docs/web.md "Interactive video"; part 2 sections 2-5, 7-9): the gateway's
// shapes, the calls, the editor's draft (adding, changing, removing elements with the catalogue's
// defaults), the timeline's arithmetic, where a validation issue is and its text (translated from
// its rule), the creation request, the interactive_video.* live events, the embed code, and the
// public player's resume position and visit id. The model, defaults, limits and the one
// validation are the catalogue's (interactive-video.ts): nothing here repeats a rule. No React here
// (useInteractiveVideo.ts holds the hook), so the unit tests run these directly.
import type { TFunction } from 'i18next';
import {
  INTERACTIVE_VIDEO_LIMITS,
  INTERACTIVE_VIDEO_TIME_TOLERANCE_SECONDS,
  durationForVideo,
  defaultCallToAction,
  defaultChapter,
  defaultHotspot,
  defaultQuiz,
  emptyInteractiveElements,
  interactiveVideoMessage,
  lowestTierWith,
  validateInteractiveVideo,
  type HotspotAction,
  type HotspotActionData,
  type InteractiveElements,
  type InteractiveVideoIssue,
  type InteractiveVideoMetadata,
  type InteractiveVideoRule,
  type TierId,
} from '@trainwright/catalogue';
import { ApiError, NETWORK_ERROR, get, post } from './api';
import { messageText, serverErrorText, storedFailureOf, type StoredFailure } from './errors';
import type { ProjectSummary } from './projects';
import type { User } from './types';

// ---------------------------------------------------------------------------------------------
// Shapes (docs/api.md "Interactive video")

export const INTERACTIVE_STATUSES = ['processing', 'ready', 'failed'] as const;
export type InteractiveStatus = (typeof INTERACTIVE_STATUSES)[number];

/** GET /api/projects/{id}/interactive-video (and the create answer's `interactive_video`). */
export interface InteractiveVideo extends StoredFailure {
  id: string;
  project_id: string;
  /** The newest version (what the status is about). */
  version: number;
  /** What the share link serves; null until a version is ready. */
  published_version: number | null;
  status: InteractiveStatus | (string & {});
  /** 0-100. */
  progress: number;
  token: string;
  share_url: string;
  embed_url: string;
  generate_analytics?: boolean;
  video_metadata: InteractiveVideoMetadata;
  created_at: string;
  updated_at: string;
}

/** GET /api/interactive-video-template/{duration-or-id}?project_id=. */
export interface InteractiveTemplateAnswer {
  template: InteractiveElements;
  video_duration: number;
  has_video: boolean;
}

/** POST /api/projects/{id}/interactive-video. */
export interface CreateInteractiveVideoRequest {
  project_id: string;
  video_metadata: InteractiveVideoMetadata;
  generate_analytics: boolean;
}

export interface CreateInteractiveVideoAnswer {
  success: boolean;
  message: string;
  interactive_video: InteractiveVideo;
}

/** GET /api/interactive/{token} (public). */
export interface PublishedInteractiveVideo {
  title: string;
  version: number;
  video_metadata: InteractiveVideoMetadata;
  video_url: string;
  captions_url: string | null;
  /** Branch target project id -> that project's published token. */
  branch_targets: Record<string, string>;
  /** Where the player reports learners' statements (lib/learner-tracking.ts); null when the version's analytics are off. */
  tracking: LearnerTracking | null;
}

/** The learning record store a published player reports to, with its own credential (docs/analytics.md, "Senders"). */
export interface LearnerTracking {
  endpoint: string;
  authorization: string;
  activity_id: string;
  learner_home_page: string;
  channel_extension: string;
  language: string;
}

// ---------------------------------------------------------------------------------------------
// Calls

export const interactivePaths = {
  template: (projectId: string, duration: number) =>
    `/interactive-video-template/${encodeURIComponent(String(Math.round(duration)))}?project_id=${encodeURIComponent(projectId)}`,
  video: (projectId: string) => `/projects/${encodeURIComponent(projectId)}/interactive-video`,
  published: (token: string) => `/interactive/${encodeURIComponent(token)}`,
  /** The editor's preview plays the project's current video (never counted as a download). */
  previewVideo: (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/preview/video`,
  watch: (token: string) => `/watch/${encodeURIComponent(token)}`,
  embed: (token: string) => `/embed/${encodeURIComponent(token)}`,
};

/** The template for the project; the path holds the editor's duration (the server prefers the video's). */
export const fetchTemplate = (projectId: string, duration: number, signal?: AbortSignal) =>
  get<InteractiveTemplateAnswer>(interactivePaths.template(projectId, duration), signal).then(normalizeTemplate);

/** The project's interactive video, or null when it has none yet (404). */
export async function fetchInteractiveVideo(projectId: string, signal?: AbortSignal): Promise<InteractiveVideo | null> {
  try {
    return await get<InteractiveVideo>(interactivePaths.video(projectId), signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const createInteractiveVideo = (request: CreateInteractiveVideoRequest) =>
  post<CreateInteractiveVideoAnswer>(interactivePaths.video(request.project_id), request);

export const fetchPublished = (token: string, signal?: AbortSignal) => get<PublishedInteractiveVideo>(interactivePaths.published(token), signal);

// ---------------------------------------------------------------------------------------------
// The editor's draft

/** The four kinds the editor's tabs edit; branching scenarios come only from the template. */
export const EDITABLE_KINDS = ['hotspots', 'quizzes', 'call_to_actions', 'chapters'] as const;
export type EditableKind = (typeof EDITABLE_KINDS)[number];
export type ElementKind = EditableKind | 'branching_scenarios';
export type ElementOf<K extends ElementKind> = InteractiveElements[K][number];

export interface InteractiveDraft {
  /** Seconds (the catalogue's range; NaN while the field is empty). */
  duration: number;
  elements: InteractiveElements;
}

export function initialDraft(): InteractiveDraft {
  return { duration: INTERACTIVE_VIDEO_LIMITS.editorDefaultDuration, elements: emptyInteractiveElements() };
}

/** The five lists of an answer, each a list even when the server left one out. */
function elementsOf(value: Partial<InteractiveElements> | null | undefined): InteractiveElements {
  const empty = emptyInteractiveElements();
  if (!value) return empty;
  return {
    hotspots: Array.isArray(value.hotspots) ? value.hotspots : empty.hotspots,
    quizzes: Array.isArray(value.quizzes) ? value.quizzes : empty.quizzes,
    call_to_actions: Array.isArray(value.call_to_actions) ? value.call_to_actions : empty.call_to_actions,
    chapters: Array.isArray(value.chapters) ? value.chapters : empty.chapters,
    branching_scenarios: Array.isArray(value.branching_scenarios) ? value.branching_scenarios : empty.branching_scenarios,
  };
}

function normalizeTemplate(answer: InteractiveTemplateAnswer): InteractiveTemplateAnswer {
  return { template: elementsOf(answer?.template), video_duration: Number(answer?.video_duration), has_video: answer?.has_video === true };
}

/** The editor opened on a project that has an interactive video: its newest version's elements. */
export function draftFromVideo(video: Pick<InteractiveVideo, 'video_metadata'>): InteractiveDraft {
  const m = video.video_metadata;
  return { duration: Number.isFinite(m?.video_duration) ? m.video_duration : INTERACTIVE_VIDEO_LIMITS.editorDefaultDuration, elements: elementsOf(m) };
}

/**
 * A duration the narrated video (`videoSeconds`, measured) does not fill: longer than its end (with
 * the server's tolerance) and than the video's own duration (a video under 30 s still has 30).
 */
export function longerThanVideo(duration: number, videoSeconds: number): boolean {
  return duration > videoSeconds + INTERACTIVE_VIDEO_TIME_TOLERANCE_SECONDS && duration > durationForVideo(videoSeconds);
}

/**
 * The template applied: its elements replace the draft's, and the duration becomes the video's
 * when the project has one (otherwise the editor's stays).
 */
export function draftFromTemplate(draft: InteractiveDraft, answer: InteractiveTemplateAnswer): InteractiveDraft {
  const duration = answer.has_video && Number.isFinite(answer.video_duration) ? answer.video_duration : draft.duration;
  return { duration, elements: elementsOf(answer.template) };
}

/** Every id in use: elements, quiz options and branches (the catalogue wants them unique across all). */
export function usedIds(e: InteractiveElements): Set<string> {
  const ids = new Set<string>();
  for (const h of e.hotspots) ids.add(h.id);
  for (const q of e.quizzes) {
    ids.add(q.id);
    for (const o of q.options) ids.add(o.id);
  }
  for (const c of e.call_to_actions) ids.add(c.id);
  for (const c of e.chapters) ids.add(c.id);
  for (const s of e.branching_scenarios) {
    ids.add(s.id);
    for (const b of s.branches) ids.add(b.id);
  }
  return ids;
}

const ID_PREFIX: Record<EditableKind, string> = { hotspots: 'hotspot', quizzes: 'quiz', call_to_actions: 'cta', chapters: 'chapter' };

/** `prefix-n` with the smallest n from the list's length + 1 that no element (nor option, nor branch) uses. */
export function nextElementId(e: InteractiveElements, kind: EditableKind): string {
  const taken = usedIds(e);
  const fits = (id: string) => !taken.has(id) && !(kind === 'quizzes' && [1, 2, 3].some((n) => taken.has(`${id}-o${n}`)));
  let n = e[kind].length + 1;
  while (!fits(`${ID_PREFIX[kind]}-${n}`)) n++;
  return `${ID_PREFIX[kind]}-${n}`;
}

/**
 * '+ Add': a new element of `kind` with the catalogue's defaults, at the end of its list, placed
 * inside the video (the catalogue's seconds assume a long one: a quiz at 120 s on a 71 s video
 * could never show). Its second is the preview's `playhead` when it has moved and is inside the
 * video, else the catalogue's when the video reaches it, else the middle of the video.
 */
export function addElement(e: InteractiveElements, kind: EditableKind, duration: number, playhead?: number | null): InteractiveElements {
  const id = nextElementId(e, kind);
  const span = Number.isFinite(duration) && duration > 0 ? duration : INTERACTIVE_VIDEO_LIMITS.editorDefaultDuration;
  const atPlayhead = typeof playhead === 'number' && playhead > 0 && playhead < span ? playhead : null;
  const at = (catalogue: number) => atPlayhead ?? (catalogue <= span ? catalogue : Math.round(span / 2));
  switch (kind) {
    case 'hotspots': {
      const hotspot = defaultHotspot(id);
      const length = hotspot.end_time - hotspot.start_time;
      // The catalogue's 30-60 s only when all of it fits; otherwise from `at`, ending by the end.
      const start = atPlayhead ?? (hotspot.end_time <= span ? hotspot.start_time : Math.round(span / 2));
      return { ...e, hotspots: [...e.hotspots, { ...hotspot, start_time: start, end_time: Math.min(start + length, span) }] };
    }
    case 'quizzes': {
      const quiz = defaultQuiz(id);
      return { ...e, quizzes: [...e.quizzes, { ...quiz, show_time: at(quiz.show_time) }] };
    }
    case 'call_to_actions': {
      const cta = defaultCallToAction(id, span);
      return { ...e, call_to_actions: [...e.call_to_actions, { ...cta, show_time: atPlayhead ?? cta.show_time }] };
    }
    case 'chapters': {
      const chapter = defaultChapter(id, e.chapters.length);
      // Past the end: halfway from the latest chapter to the end, so the order still holds.
      const last = Math.max(0, ...e.chapters.map((c) => (Number.isFinite(c.start_time) ? c.start_time : 0)));
      const start = chapter.start_time <= span ? chapter.start_time : Math.round((last + span) / 2);
      return { ...e, chapters: [...e.chapters, { ...chapter, start_time: start }] };
    }
  }
}

export function removeElement(e: InteractiveElements, kind: EditableKind, id: string): InteractiveElements {
  return { ...e, [kind]: (e[kind] as { id: string }[]).filter((item) => item.id !== id) };
}

/** Changes one element of a list (a shallow merge). */
export function updateElement<K extends EditableKind>(e: InteractiveElements, kind: K, id: string, change: Partial<ElementOf<K>>): InteractiveElements {
  return { ...e, [kind]: (e[kind] as ElementOf<K>[]).map((item) => (item.id === id ? { ...item, ...change } : item)) };
}

/** The data a hotspot's action needs, kept when it is already there (the server takes only these fields). */
export function actionDataFor(action: HotspotAction, current: HotspotActionData, startTime: number): HotspotActionData {
  switch (action) {
    case 'show_info':
      return { info_text: current.info_text ?? '' };
    case 'jump_to_time':
      return { time: typeof current.time === 'number' ? current.time : Number.isFinite(startTime) ? startTime : 0 };
    case 'external_link':
      return { url: current.url ?? 'https://' };
    case 'pause_video':
      return {};
  }
}

/** A quiz's options with exactly `optionId` correct (the radio). */
export function withCorrectOption<O extends { id: string; is_correct: boolean }>(options: readonly O[], optionId: string): O[] {
  return options.map((o) => ({ ...o, is_correct: o.id === optionId }));
}

/** A new option for a quiz: the next free `<quiz>-oN`, not correct. */
export function newQuizOption(e: InteractiveElements, quizId: string, options: readonly { id: string }[]): { id: string; text: string; is_correct: boolean } {
  const taken = usedIds(e);
  let n = options.length + 1;
  while (taken.has(`${quizId}-o${n}`)) n++;
  return { id: `${quizId}-o${n}`, text: '', is_correct: false };
}

/** The creation payload: the draft, with analytics on and the catalogue's completion threshold (85). */
export function metadataOf(projectId: string, draft: InteractiveDraft): InteractiveVideoMetadata {
  return {
    project_id: projectId,
    video_duration: draft.duration,
    hotspots: draft.elements.hotspots,
    quizzes: draft.elements.quizzes,
    call_to_actions: draft.elements.call_to_actions,
    chapters: draft.elements.chapters,
    branching_scenarios: draft.elements.branching_scenarios,
    analytics_enabled: true,
    completion_threshold: INTERACTIVE_VIDEO_LIMITS.defaultCompletionThreshold,
  };
}

export function createRequestOf(projectId: string, draft: InteractiveDraft): CreateInteractiveVideoRequest {
  return { project_id: projectId, video_metadata: metadataOf(projectId, draft), generate_analytics: true };
}

// ---------------------------------------------------------------------------------------------
// Where an issue is

const ISSUE_PATH = /^(hotspots|quizzes|call_to_actions|chapters|branching_scenarios)\[(\d+)\]/;

/** The list and position an issue's path names ('hotspots[2].x_position' -> hotspots, 2); nulls for the video itself. */
export function issueLocation(path: string): { kind: ElementKind | null; index: number | null } {
  const m = ISSUE_PATH.exec(path);
  return m ? { kind: m[1] as ElementKind, index: Number(m[2]) } : { kind: null, index: null };
}

/** An issue the editor shows: the catalogue's (rule and values), or a server's it could not match to a rule (English only). */
export type EditorIssue = Pick<InteractiveVideoIssue, 'path' | 'message'> & Partial<Pick<InteractiveVideoIssue, 'rule' | 'values'>>;

/**
 * The issue of a 400 the server sent about one field of the video (detail.field
 * 'video_metadata.hotspots[0].end_time'). The server sends only the English message, so its rule is
 * recognised by rebuilding: the issue validateInteractiveVideo finds in the draft `sent`, or the
 * narrated video's end for the seconds the message names, when the text is the same.
 */
export function serverIssue(error: unknown, sent?: InteractiveVideoMetadata): EditorIssue | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.serverMessage) return null;
  const field = (error.detail as { field?: unknown } | undefined)?.field;
  if (typeof field !== 'string' || !field.startsWith('video_metadata')) return null;
  const issue: EditorIssue = { path: field.replace(/^video_metadata\.?/, '') || 'video_metadata', message: error.serverMessage };
  const local = sent ? validateInteractiveVideo(sent) : null;
  if (local?.message === issue.message) return { ...issue, rule: local.rule, values: local.values };
  // The web does not know the video's measured length: the seconds are the message's, kept only if it rebuilds.
  const end = { rule: 'videoEnd' as const, values: { seconds: Number(/\d+/.exec(issue.message)?.[0]) } };
  if (interactiveVideoMessage(end.rule, end.values) === issue.message) return { ...issue, ...end };
  return issue;
}

const LEGEND_KEYS: Record<ElementKind, string> = {
  hotspots: 'interactiveVideo.hotspot.legend',
  quizzes: 'interactiveVideo.quiz.legend',
  call_to_actions: 'interactiveVideo.cta.legend',
  chapters: 'interactiveVideo.chapter.legend',
  branching_scenarios: 'interactiveVideo.branching.legend',
};

/** The legend of an element's editor ('Hotspot 2'): also what an issue names. */
export function elementLegend(kind: ElementKind, index: number, t: TFunction): string {
  return t(LEGEND_KEYS[kind], { number: index + 1 });
}

/** Rules whose text the interface already has among the catalogue's messages. */
const MESSAGE_KEYS: Partial<Record<InteractiveVideoRule, string>> = {
  duration: 'interactiveVideo.messages.duration',
  noElements: 'interactiveVideo.messages.noElements',
  tooMany: 'interactiveVideo.messages.tooMany',
};

/** An issue's message in the interface language, from its rule and values (the field's code
 * translated too); without a rule, the server's message as messageText shows it. */
export function issueMessage(issue: EditorIssue, t: TFunction): string {
  if (!issue.rule) return messageText(issue.message, t);
  const values = issue.values ?? {};
  const field = typeof values.field === 'string' ? { field: t(`interactiveVideo.fields.${values.field}`) } : {};
  return t(MESSAGE_KEYS[issue.rule] ?? `interactiveVideo.rules.${issue.rule}`, { ...values, ...field });
}

/** An issue as shown: 'Hotspot 2: A hotspot must end after it starts.', in the interface language. */
export function issueText(issue: EditorIssue, t: TFunction): string {
  const message = issueMessage(issue, t);
  const { kind, index } = issueLocation(issue.path);
  if (kind === null || index === null) return message;
  return t('interactiveVideo.issueAt', { where: elementLegend(kind, index, t), message });
}

/** 'Failed to create interactive video. Please try again.', with the server's reason for a 4xx
 * (translated from `issue`, serverIssue's reading of it, when there is one). */
export function createFailureText(error: unknown, t: TFunction, issue?: EditorIssue | null): string {
  const failure = t('interactiveVideo.messages.createFailed');
  if (error instanceof ApiError && error.code !== NETWORK_ERROR && error.status >= 400 && error.status < 500 && error.serverMessage) {
    return t('interactiveVideo.failedWithReason', { failure, reason: issue ? issueMessage(issue, t) : serverErrorText(error, t) });
  }
  return failure;
}

// ---------------------------------------------------------------------------------------------
// The timeline

export interface TimelineItem {
  kind: ElementKind;
  id: string;
  /** The element's position in its list. */
  index: number;
  title: string;
  /** Seconds. */
  start: number;
  /** Hotspots and calls to action last; the others are a moment (null). */
  end: number | null;
  /** Branching scenarios stay where the template put them. */
  movable: boolean;
}

const finite = (n: number, fallback = 0) => (Number.isFinite(n) ? n : fallback);

/** Every element at its time, kind by kind in the tabs' order, branching scenarios last. */
export function timelineItems(e: InteractiveElements): TimelineItem[] {
  return [
    ...e.hotspots.map((h, index) => ({ kind: 'hotspots' as const, id: h.id, index, title: h.title, start: finite(h.start_time), end: finite(h.end_time), movable: true })),
    ...e.quizzes.map((q, index) => ({ kind: 'quizzes' as const, id: q.id, index, title: q.question, start: finite(q.show_time), end: null, movable: true })),
    ...e.call_to_actions.map((c, index) => ({
      kind: 'call_to_actions' as const,
      id: c.id,
      index,
      title: c.text,
      start: finite(c.show_time),
      end: finite(c.show_time) + Math.max(0, finite(c.duration)),
      movable: true,
    })),
    ...e.chapters.map((c, index) => ({ kind: 'chapters' as const, id: c.id, index, title: c.title, start: finite(c.start_time), end: null, movable: true })),
    ...e.branching_scenarios.map((s, index) => ({ kind: 'branching_scenarios' as const, id: s.id, index, title: s.title, start: finite(s.show_time), end: null, movable: false })),
  ];
}

/** A time as a percentage of the timeline (0-100). */
export function percentOf(seconds: number, duration: number): number {
  if (!Number.isFinite(seconds) || !Number.isFinite(duration) || duration <= 0) return 0;
  return Math.min(100, Math.max(0, (seconds / duration) * 100));
}

/** The time under a point of the track (pixels from its left edge), in whole seconds within 0-duration. */
export function timeAtOffset(offsetX: number, trackWidth: number, duration: number): number {
  if (!(trackWidth > 0) || !Number.isFinite(duration) || duration <= 0) return 0;
  return Math.min(Math.floor(duration), Math.max(0, Math.round((offsetX / trackWidth) * duration)));
}

/** Where a drag that started at `originTime` and moved `deltaX` pixels puts the element (whole seconds). */
export function timeAfterDrag(originTime: number, deltaX: number, trackWidth: number, duration: number): number {
  if (!(trackWidth > 0) || !Number.isFinite(duration) || duration <= 0) return finite(originTime);
  return Math.round(finite(originTime) + (deltaX / trackWidth) * duration);
}

/** One press of an arrow key moves an element this far. */
export const KEY_STEP_SECONDS = 1;
/** Page Up / Page Down. */
export const PAGE_STEP_SECONDS = 10;

/** The time a key moves an element to (arrows ±1 s, Page keys ±10 s, Home / End), or null for other keys. */
export function timeForKey(key: string, current: number, duration: number): number | null {
  const at = finite(current);
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return at + KEY_STEP_SECONDS;
    case 'ArrowLeft':
    case 'ArrowDown':
      return at - KEY_STEP_SECONDS;
    case 'PageUp':
      return at + PAGE_STEP_SECONDS;
    case 'PageDown':
      return at - PAGE_STEP_SECONDS;
    case 'Home':
      return 0;
    case 'End':
      return finite(duration);
    default:
      return null;
  }
}

/**
 * Moves an element to start at `to` seconds, within the video: a hotspot keeps its length (its end
 * moves with it, and it stops where its end meets the video's end); a call to action keeps its
 * duration; quizzes and chapters move their moment. Branching scenarios do not move.
 */
export function moveElement(e: InteractiveElements, kind: ElementKind, id: string, to: number, duration: number): InteractiveElements {
  const end = Number.isFinite(duration) && duration > 0 ? duration : 0;
  const clamp = (t: number, max = end) => Math.min(Math.max(0, max), Math.max(0, Math.round(finite(t))));
  switch (kind) {
    case 'hotspots':
      return {
        ...e,
        hotspots: e.hotspots.map((h) => {
          if (h.id !== id) return h;
          const length = Math.max(0, finite(h.end_time) - finite(h.start_time));
          const start = clamp(to, end - length);
          return { ...h, start_time: start, end_time: start + length };
        }),
      };
    case 'quizzes':
      return { ...e, quizzes: e.quizzes.map((q) => (q.id === id ? { ...q, show_time: clamp(to) } : q)) };
    case 'call_to_actions':
      return { ...e, call_to_actions: e.call_to_actions.map((c) => (c.id === id ? { ...c, show_time: clamp(to) } : c)) };
    case 'chapters':
      return { ...e, chapters: e.chapters.map((c) => (c.id === id ? { ...c, start_time: clamp(to) } : c)) };
    default:
      return e;
  }
}

// ---------------------------------------------------------------------------------------------
// Live events (/api/events)

export const INTERACTIVE_EVENT_NAMES = ['interactive_video.progress', 'interactive_video.ready', 'interactive_video.failed'] as const;

export interface InteractiveVideoEvent extends StoredFailure {
  interactive_video_id: string;
  project_id: string;
  version: number;
  status: InteractiveStatus | (string & {});
  progress: number;
}

/** An event's data; null without a project. The name decides ready and failed. */
export function parseInteractiveEvent(name: string, data: unknown): InteractiveVideoEvent | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  if (typeof d.project_id !== 'string' || !d.project_id) return null;
  const byName: Record<string, InteractiveStatus> = { 'interactive_video.ready': 'ready', 'interactive_video.failed': 'failed' };
  const status = byName[name] ?? (typeof d.status === 'string' && d.status ? d.status : 'processing');
  const progress = typeof d.progress === 'number' && Number.isFinite(d.progress) ? Math.max(0, Math.min(100, Math.round(d.progress))) : 0;
  return {
    interactive_video_id: typeof d.interactive_video_id === 'string' ? d.interactive_video_id : '',
    project_id: d.project_id,
    version: typeof d.version === 'number' && Number.isFinite(d.version) ? d.version : 0,
    status,
    progress: status === 'ready' ? 100 : progress,
    ...storedFailureOf(d),
  };
}

type EventListener = (event: InteractiveVideoEvent) => void;
const eventListeners = new Set<EventListener>();

/** Passes an event on to an open Interactive Video dialog (the project list owns the one event stream). */
export function emitInteractiveEvent(event: InteractiveVideoEvent): void {
  for (const listener of eventListeners) listener(event);
}

export function onInteractiveEvent(listener: EventListener): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

const isDone = (status: string) => status === 'ready' || status === 'failed';

/**
 * An event applied to the video shown: an older version's news is ignored, and within a version
 * the state only moves forward (a late progress event never takes a ready video back). A ready
 * version becomes the published one.
 */
export function applyInteractiveEvent(video: InteractiveVideo | null, event: InteractiveVideoEvent): InteractiveVideo | null {
  if (!video || event.project_id !== video.project_id) return video;
  if (event.version && event.version < video.version) return video;
  const sameVersion = !event.version || event.version === video.version;
  if (sameVersion && isDone(video.status) && !isDone(event.status)) return video;
  const progress = sameVersion && !isDone(event.status) ? Math.max(video.progress, event.progress) : event.progress;
  return {
    ...video,
    version: event.version || video.version,
    status: event.status,
    progress,
    ...storedFailureOf(event.status === 'failed' ? event : {}),
    published_version: event.status === 'ready' ? event.version || video.version : video.published_version,
  };
}

/** A (re)load of the video shown: the server's copy, except that a version the events already saw
 * finish never goes back to preparing (a read that left before the last event). */
export function mergeLoadedVideo(shown: InteractiveVideo | null, loaded: InteractiveVideo | null): InteractiveVideo | null {
  if (!shown || !loaded || shown.version !== loaded.version || !isDone(shown.status) || isDone(loaded.status)) return loaded;
  return { ...loaded, status: shown.status, progress: shown.progress, ...storedFailureOf(shown), published_version: shown.published_version ?? loaded.published_version };
}

/** The share link and embed code are offered once a version is published (a new one may be preparing). */
export function isShareable(video: Pick<InteractiveVideo, 'status' | 'published_version' | 'token'> | null): boolean {
  return !!video && !!video.token && (video.status === 'ready' || (typeof video.published_version === 'number' && video.published_version > 0));
}

// ---------------------------------------------------------------------------------------------
// Sharing

/** A server address made absolute against this page's origin (the server's when it already is). */
export function absoluteUrl(url: string, origin: string): string {
  try {
    return new URL(url, origin).href;
  } catch {
    return url;
  }
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The <iframe> snippet a site pastes to show the player (16:9 picture plus its control bar). */
export function embedCode(embedUrl: string, title: string): string {
  return (
    `<iframe src="${attribute(embedUrl)}" title="${attribute(title)}" width="640" height="410" ` +
    `style="border:0;max-width:100%" allow="fullscreen; picture-in-picture" allowfullscreen loading="lazy"></iframe>`
  );
}

/**
 * The plan's lock, judged only for a project of the current company (whose plan
 * `user.capabilities` describes; for another company's the server decides): the cheapest plan
 * with video generation (Professional) to upgrade to, else null.
 */
export function interactiveLock(
  user: Pick<User, 'capabilities' | 'currentCompanyId' | 'subscription'>,
  project: Pick<ProjectSummary, 'company_id'> | null,
): { plan: TierId | null } | null {
  const ownCompany = !project?.company_id || !user.currentCompanyId || project.company_id === user.currentCompanyId;
  if (!ownCompany || (user.subscription && user.capabilities?.videoGeneration === true)) return null;
  return { plan: lowestTierWith('videoGeneration')?.id ?? null };
}

// ---------------------------------------------------------------------------------------------
// The public player: where a learner left, and the visit's id

export const RESUME_KEY_PREFIX = 'interactive-video-position:';

type ReadStorage = Pick<Storage, 'getItem'>;
type WriteStorage = Pick<Storage, 'setItem' | 'removeItem'>;

/** The last second this browser watched of the video behind `token` (0: start from the beginning). */
export function readResume(storage: ReadStorage | null | undefined, token: string): number {
  try {
    const raw = storage?.getItem(RESUME_KEY_PREFIX + token);
    const seconds = raw === null || raw === undefined ? 0 : Number(raw);
    return Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  } catch {
    return 0; // storage refused (private mode, a sandboxed frame)
  }
}

/** Keeps the whole second reached; at the end (or null) forgets it, so the next visit starts over. */
export function writeResume(storage: WriteStorage | null | undefined, token: string, seconds: number | null): void {
  try {
    if (seconds === null || !Number.isFinite(seconds) || seconds < 1) storage?.removeItem(RESUME_KEY_PREFIX + token);
    else storage?.setItem(RESUME_KEY_PREFIX + token, String(Math.floor(seconds)));
  } catch {
    // storage refused: the visit just does not resume
  }
}

/** A version 4 uuid for one visit: crypto.randomUUID where the page may use it, else from random bytes. */
export function newSessionId(c: Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string } = globalThis.crypto): string {
  if (typeof c.randomUUID === 'function') {
    try {
      return c.randomUUID();
    } catch {
      // not a secure context: below
    }
  }
  const bytes = c.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
