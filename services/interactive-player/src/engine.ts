// The player's rules, without a DOM: what is on screen at a second, how far the learner may seek,
// which branch a scenario takes, the quiz score and the seconds watched. The DOM layer (player.ts)
// asks these; the unit tests check them directly.
import type {
  Branch,
  BranchingScenario,
  CallToAction,
  Chapter,
  Hotspot,
  InteractiveVideoMetadata,
  Quiz,
} from '@trainwright/catalogue';

/** How close (seconds) a position must be to an element's time to count as at it (seeks land a hair off). */
export const TIME_EPSILON = 0.05;

export interface ActiveElements {
  /** Active hotspots with start_time <= t < end_time, in the metadata's order. */
  hotspots: Hotspot[];
  /** Calls to action with show_time <= t < show_time + duration. */
  call_to_actions: CallToAction[];
}

/** The hotspots and calls to action on screen at `time`. */
export function activeElementsAt(metadata: Pick<InteractiveVideoMetadata, 'hotspots' | 'call_to_actions'>, time: number): ActiveElements {
  return {
    hotspots: metadata.hotspots.filter((h) => h.is_active && h.start_time <= time && time < h.end_time),
    call_to_actions: metadata.call_to_actions.filter((c) => c.show_time <= time && time < c.show_time + c.duration),
  };
}

/** The chapters by start time (ties keep the metadata's order). */
export function sortedChapters(metadata: Pick<InteractiveVideoMetadata, 'chapters'>): Chapter[] {
  return metadata.chapters
    .map((chapter, index) => ({ chapter, index }))
    .sort((a, b) => a.chapter.start_time - b.chapter.start_time || a.index - b.index)
    .map((x) => x.chapter);
}

/** The chapter playing at `time`: the last one started at or before it; null before the first. */
export function chapterAt(metadata: Pick<InteractiveVideoMetadata, 'chapters'>, time: number): Chapter | null {
  let current: Chapter | null = null;
  for (const chapter of sortedChapters(metadata)) {
    if (chapter.start_time <= time + TIME_EPSILON) current = chapter;
    else break;
  }
  return current;
}

/** Where `chapter` ends: the next chapter's start, or the end of the video. */
export function chapterEnd(metadata: Pick<InteractiveVideoMetadata, 'chapters' | 'video_duration'>, chapter: Chapter, duration = metadata.video_duration): number {
  const next = sortedChapters(metadata).find((c) => c.start_time > chapter.start_time + TIME_EPSILON);
  return next ? next.start_time : duration;
}

function idSet(ids: Iterable<string>): ReadonlySet<string> {
  return ids instanceof Set ? ids : new Set(ids);
}

/**
 * The furthest second the learner may seek to from `time`: the show_time of the first required
 * quiz not yet answered at or after `time` (the learner stops there and answers it), or Infinity
 * when nothing blocks. Required quizzes before `time` are behind the learner (they passed them,
 * e.g. in an earlier session they resumed from) and do not block.
 */
export function seekLimit(
  metadata: Pick<InteractiveVideoMetadata, 'quizzes'>,
  answeredQuizIds: Iterable<string>,
  time: number,
): number {
  const answered = idSet(answeredQuizIds);
  let limit = Number.POSITIVE_INFINITY;
  for (const quiz of metadata.quizzes) {
    if (!quiz.required || answered.has(quiz.id)) continue;
    if (quiz.show_time >= time - TIME_EPSILON && quiz.show_time < limit) limit = quiz.show_time;
  }
  return limit;
}

/** `target` clamped to what may be reached from `from`: 0 to the seek limit and the duration. */
export function clampSeek(
  metadata: Pick<InteractiveVideoMetadata, 'quizzes'>,
  answeredQuizIds: Iterable<string>,
  from: number,
  target: number,
  duration: number,
): number {
  const limit = Math.min(seekLimit(metadata, answeredQuizIds, from), Number.isFinite(duration) && duration > 0 ? duration : Number.POSITIVE_INFINITY);
  const t = Number.isFinite(target) ? target : 0;
  return Math.max(0, Math.min(t, limit));
}

/**
 * The branch a scenario takes. `choice`: the branch the learner picked (null when none or unknown).
 * `score`: among branches with min_score <= scorePercent, the one with the highest min_score (the
 * first of equals); null when the score reaches none.
 */
export function resolveBranch(scenario: Pick<BranchingScenario, 'type' | 'branches'>, input: { choiceId?: string | null; scorePercent: number }): Branch | null {
  if (scenario.type === 'choice') {
    if (!input.choiceId) return null;
    return scenario.branches.find((b) => b.id === input.choiceId) ?? null;
  }
  let best: Branch | null = null;
  for (const branch of scenario.branches) {
    if (branch.min_score <= input.scorePercent && (best === null || branch.min_score > best.min_score)) best = branch;
  }
  return best;
}

/** Where a branch leads inside this video (seconds), or null for another project (or a chapter that is not there). */
export function branchTargetTime(metadata: Pick<InteractiveVideoMetadata, 'chapters'>, branch: Branch): number | null {
  if (branch.target_type === 'chapter') return metadata.chapters.find((c) => c.id === branch.target_chapter_id)?.start_time ?? null;
  if (branch.target_type === 'time') return typeof branch.target_time === 'number' && Number.isFinite(branch.target_time) ? branch.target_time : null;
  return null;
}

export interface QuizAnswer {
  optionId: string;
  correct: boolean;
}

export interface QuizScore {
  /** Points of the quizzes answered correctly. */
  earned: number;
  /** Points of all the video's quizzes. */
  total: number;
  /** earned / total in percent (0 when the quizzes are worth nothing). */
  percent: number;
}

/** The score: points earned over the points of all quizzes, in percent. */
export function quizScore(metadata: Pick<InteractiveVideoMetadata, 'quizzes'>, answers: ReadonlyMap<string, QuizAnswer> | Record<string, QuizAnswer>): QuizScore {
  const get = (id: string): QuizAnswer | undefined => (answers instanceof Map ? answers.get(id) : (answers as Record<string, QuizAnswer>)[id]);
  let earned = 0;
  let total = 0;
  for (const quiz of metadata.quizzes) {
    const points = Math.max(0, quiz.points);
    total += points;
    if (get(quiz.id)?.correct) earned += points;
  }
  return { earned, total, percent: total > 0 ? (earned / total) * 100 : 0 };
}

/** Whether `optionId` is the quiz's correct option, and that option (null when not an option). */
export function checkAnswer(quiz: Quiz, optionId: string): { correct: boolean; option: Quiz['options'][number] | null } {
  const option = quiz.options.find((o) => o.id === optionId) ?? null;
  return { correct: option?.is_correct === true, option };
}

/** Elements that stop the video when playback reaches them. */
export type Stop = { kind: 'quiz'; quiz: Quiz } | { kind: 'branch'; scenario: BranchingScenario };

/**
 * The first stop crossed when the position moves from `from` (exclusive) to `to` (inclusive):
 * quizzes not yet handled and branching scenarios not yet taken; by time, quizzes before branching
 * at the same second.
 */
export function stopBetween(
  metadata: Pick<InteractiveVideoMetadata, 'quizzes' | 'branching_scenarios'>,
  from: number,
  to: number,
  handledQuizIds: Iterable<string>,
  takenScenarioIds: Iterable<string>,
): Stop | null {
  const handled = idSet(handledQuizIds);
  const taken = idSet(takenScenarioIds);
  let best: { time: number; rank: number; stop: Stop } | null = null;
  const consider = (time: number, rank: number, stop: Stop) => {
    if (!(time > from && time <= to)) return;
    if (!best || time < best.time || (time === best.time && rank < best.rank)) best = { time, rank, stop };
  };
  for (const quiz of metadata.quizzes) if (!handled.has(quiz.id)) consider(quiz.show_time, 0, { kind: 'quiz', quiz });
  for (const scenario of metadata.branching_scenarios) if (!taken.has(scenario.id)) consider(scenario.show_time, 1, { kind: 'branch', scenario });
  return (best as { stop: Stop } | null)?.stop ?? null;
}

/**
 * The distinct whole seconds watched: playback from a to b marks every second [n, n+1) that
 * overlaps [a, b). Seeking marks nothing; watching the same second twice counts once, so the
 * percentage is of the video seen, not of the position reached.
 */
export class WatchedSeconds {
  private readonly seconds = new Set<number>();

  /** Marks playback from `from` to `to` (seconds; nothing when to <= from). */
  add(from: number, to: number): void {
    if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from) return;
    const first = Math.floor(Math.max(0, from));
    const last = Math.ceil(to) - 1;
    for (let s = first; s <= last; s++) this.seconds.add(s);
  }

  get count(): number {
    return this.seconds.size;
  }

  /** Percent of `duration` (rounded up to whole seconds) watched, 0-100. */
  percent(duration: number): number {
    if (!Number.isFinite(duration) || duration <= 0) return 0;
    const total = Math.ceil(duration);
    let inRange = 0;
    for (const s of this.seconds) if (s < total) inRange++;
    return Math.min(100, (inRange / total) * 100);
  }
}

/** Seconds as m:ss (h:mm:ss from an hour). */
export function formatTime(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** `#rrggbb` and an opacity (0-1) as rgba(); anything else as given (the validation allows only #rrggbb). */
export function withOpacity(color: string, opacity: number): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!match) return color;
  const a = Number.isFinite(opacity) ? Math.max(0, Math.min(1, opacity)) : 1;
  return `rgba(${parseInt(match[1]!, 16)}, ${parseInt(match[2]!, 16)}, ${parseInt(match[3]!, 16)}, ${a})`;
}
