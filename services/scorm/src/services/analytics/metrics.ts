// The learner metrics, defined once (docs/analytics.md, "Metrics"): what a session of a project's
// video is made of from its statements, and what sessions and answers add up to. Pure: the rollup
// job keeps sessions and answers with these rules, the dashboards aggregate them with the others.
import { XAPI_VERBS, XAPI_VIDEO_EXTENSIONS as EXT } from '@trainwright/catalogue';

type Json = Record<string, unknown>;
export type Segment = [number, number];

export interface SessionStatement {
  verb: string;
  /** When it happened for the learner (the statement's timestamp). */
  at: Date;
  result: Json | undefined;
  contextExtensions: Json;
}

/** What one viewing adds up to. */
export interface SessionSummary {
  length: number;
  /** The segments played, merged and sorted, within [0, length]. */
  segments: Segment[];
  /** Seconds of the video covered (a second watched twice counts once). */
  watchedSeconds: number;
  /** watchedSeconds / length, 0-1. */
  progress: number;
  completed: boolean;
  startedAt: Date;
  lastAt: Date;
}

const number = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** "0.000[.]12.000[,]14.000[.]21.000" -> [[0, 12], [14, 21]] (malformed pieces are skipped). */
export function parseSegments(text: unknown): Segment[] {
  if (typeof text !== 'string' || !text) return [];
  return text.split('[,]').flatMap((piece) => {
    const [a, b] = piece.split('[.]').map(Number);
    return a !== undefined && b !== undefined && Number.isFinite(a) && Number.isFinite(b) && b > a ? [[a, b] as Segment] : [];
  });
}

/** Sorted, overlapping and touching segments joined, each held within [0, length]. */
export function mergeSegments(segments: readonly Segment[], length: number): Segment[] {
  const held = segments.map(([a, b]) => [Math.max(0, a), Math.min(length, b)] as Segment).filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  const merged: Segment[] = [];
  for (const [a, b] of held) {
    const last = merged[merged.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  return merged;
}

const covered = (segments: readonly Segment[]) => segments.reduce((sum, [a, b]) => sum + (b - a), 0);

/**
 * A session from its statements, in any order and with repeats: the length from its context; the
 * segments all its statements reported (the Video Profile repeats the whole list, so their union);
 * completed when a `completed` statement is among them.
 */
export function summarizeSession(statements: readonly SessionStatement[]): SessionSummary | null {
  if (statements.length === 0) return null;
  const length = Math.max(0, ...statements.map((s) => number(s.contextExtensions[EXT.length]) ?? 0));
  const reported = statements.flatMap((s) => parseSegments(s.result?.extensions && (s.result.extensions as Json)[EXT.playedSegments]));
  const segments = length > 0 ? mergeSegments(reported, length) : [];
  const watchedSeconds = Math.round(covered(segments) * 1000) / 1000;
  const times = statements.map((s) => s.at.getTime());
  return {
    length,
    segments,
    watchedSeconds,
    progress: length > 0 ? Math.min(1, Math.round((watchedSeconds / length) * 10_000) / 10_000) : 0,
    completed: statements.some((s) => s.verb === XAPI_VERBS.completed),
    startedAt: new Date(Math.min(...times)),
    lastAt: new Date(Math.max(...times)),
  };
}

/**
 * The share of sessions that watched each second [s, s+1) of the video (0-1), second 0 to the end:
 * a session counts for a second when its segments cover at least half of it.
 */
export function retentionCurve(sessions: ReadonlyArray<{ segments: readonly Segment[] }>, length: number): number[] {
  const seconds = Math.ceil(length);
  if (sessions.length === 0 || seconds === 0) return [];
  const watched = new Array<number>(seconds).fill(0);
  // One session's coverage of each second it touches: only the seconds its segments reach are
  // visited (a view's work is its watched seconds, not the video's length times its segments).
  const cover = new Float64Array(seconds);
  const touched: number[] = [];
  for (const { segments } of sessions) {
    for (const [a, b] of segments) {
      for (let s = Math.max(0, Math.floor(a)); s < Math.min(seconds, Math.ceil(b)); s++) {
        if (cover[s] === 0) touched.push(s);
        cover[s]! += Math.max(0, Math.min(b, s + 1) - Math.max(a, s));
      }
    }
    for (const s of touched) {
      if (cover[s]! >= 0.5) watched[s]! += 1;
      cover[s] = 0;
    }
    touched.length = 0;
  }
  return watched.map((n) => Math.round((n / sessions.length) * 10_000) / 10_000);
}

export interface Slide {
  title: string;
  /** Second the slide starts in the video. */
  start: number;
}

export interface DropOff {
  /** The second where learners leave (the curve first falls there). */
  second: number;
  /** Share of all sessions lost (0-1, to 0.1 %): the curve's fall over the five seconds from there. */
  loss: number;
  slide: Slide | null;
}

const DROP_WINDOW = 5;

/**
 * The worst places learners leave: where the retention curve falls most over five seconds, named by
 * the second it first falls, at least five seconds apart, mapped to the slide shown then. The
 * curve's end (the video finishing) is not a drop-off.
 */
export function dropOffPoints(curve: readonly number[], slides: readonly Slide[], count = 3): DropOff[] {
  const bySecond = new Map<number, number>();
  for (let s = 1; s + DROP_WINDOW - 1 < curve.length; s++) {
    if (curve[s]! >= curve[s - 1]!) continue;
    // To 0.1 %: the curve's own rounding (to 0.01 %) must not pick a winner among equal falls.
    const loss = Math.round((curve[s - 1]! - curve[Math.min(curve.length - 1, s + DROP_WINDOW - 1)]!) * 1000) / 1000;
    bySecond.set(s, loss);
  }
  const falls = [...bySecond].map(([second, loss]) => ({ second, loss, slide: slideAt(slides, second) }));
  falls.sort((a, b) => b.loss - a.loss || a.second - b.second);
  const chosen: DropOff[] = [];
  for (const fall of falls) {
    if (chosen.length === count) break;
    if (chosen.every((c) => Math.abs(c.second - fall.second) >= DROP_WINDOW)) chosen.push(fall);
  }
  return chosen.sort((a, b) => a.second - b.second);
}

export function slideAt(slides: readonly Slide[], second: number): Slide | null {
  let current: Slide | null = null;
  for (const slide of [...slides].sort((a, b) => a.start - b.start)) if (slide.start <= second) current = slide;
  return current;
}

export interface AnswerRow {
  question: string;
  response: string;
  success: boolean | null;
  /** How many such answers (1 when absent: rows may come grouped). */
  count?: number;
}

export interface AnswerDistribution {
  question: string;
  answers: number;
  /** Answers judged correct / answers judged (null when none was judged). */
  correctRate: number | null;
  responses: Record<string, number>;
}

export function answerDistributions(answers: readonly AnswerRow[]): AnswerDistribution[] {
  const byQuestion = new Map<string, AnswerRow[]>();
  for (const a of answers) byQuestion.set(a.question, [...(byQuestion.get(a.question) ?? []), a]);
  const sum = (rows: readonly AnswerRow[]) => rows.reduce((n, r) => n + (r.count ?? 1), 0);
  return [...byQuestion].map(([question, rows]) => {
    const judged = sum(rows.filter((r) => r.success !== null));
    const responses: Record<string, number> = {};
    for (const r of rows) responses[r.response] = (responses[r.response] ?? 0) + (r.count ?? 1);
    return { question, answers: sum(rows), correctRate: judged ? Math.round((sum(rows.filter((r) => r.success)) / judged) * 10_000) / 10_000 : null, responses };
  });
}

export type Recommendation =
  | { kind: 'drop_off'; second: number; slide: string | null; loss: number }
  | { kind: 'hard_question'; question: string; missRate: number }
  | { kind: 'low_completion'; completionRate: number };

/** The rules (docs/analytics.md, "Recommendations"), strongest first; none without enough sessions. */
export const RECOMMENDATION_RULES = { minSessions: 5, dropOffLoss: 0.3, missRate: 0.8, minAnswers: 5, lowCompletion: 0.5 } as const;

export function recommendations(input: { sessions: number; completionRate: number; dropOffs: readonly DropOff[]; questions: readonly AnswerDistribution[] }): Recommendation[] {
  const r = RECOMMENDATION_RULES;
  if (input.sessions < r.minSessions) return [];
  const found: Array<Recommendation & { weight: number }> = [];
  for (const d of input.dropOffs) if (d.loss >= r.dropOffLoss) found.push({ kind: 'drop_off', second: d.second, slide: d.slide?.title ?? null, loss: d.loss, weight: d.loss });
  for (const q of input.questions) {
    const miss = q.correctRate === null ? null : Math.round((1 - q.correctRate) * 10_000) / 10_000;
    if (miss !== null && q.answers >= r.minAnswers && miss >= r.missRate) found.push({ kind: 'hard_question', question: q.question, missRate: miss, weight: miss });
  }
  if (input.completionRate < r.lowCompletion) found.push({ kind: 'low_completion', completionRate: input.completionRate, weight: 1 - input.completionRate });
  return found.sort((a, b) => b.weight - a.weight).map(({ weight: _w, ...rec }) => rec as Recommendation);
}

/** How the engagement score weighs what views did (docs/analytics.md, "Engagement"). */
export const ENGAGEMENT_WEIGHTS = { watched: 0.5, completed: 0.3, answered: 0.2 } as const;

/**
 * The engagement score, 0-100: the average share of the video watched, the completion rate and the
 * share of views that answered a question, weighed 5:3:2. Content without questions is scored on
 * the first two alone (5:3), so a video without a quiz is not marked down for it.
 */
export function engagementScore(input: { averageWatchedRatio: number; completionRate: number; answeredShare: number | null }): number {
  const w = ENGAGEMENT_WEIGHTS;
  const parts: Array<[number, number]> = [
    [w.watched, input.averageWatchedRatio],
    [w.completed, input.completionRate],
  ];
  if (input.answeredShare !== null) parts.push([w.answered, input.answeredShare]);
  const weight = parts.reduce((sum, [wt]) => sum + wt, 0);
  const score = parts.reduce((sum, [wt, v]) => sum + wt * Math.min(1, Math.max(0, v)), 0) / weight;
  // To 0.1, halves up: 0.5625 is 0.56249999... in floating point, and still 56.3.
  return Math.round(score * 1000 + 1e-9) / 10;
}
