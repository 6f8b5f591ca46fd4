// How far the learner is by the course's completion rule, and the status to report for it.
// Pure: the trackers (SCORM, cmi5) turn an Evaluation into what their runtime wants.
import { completionTerms, type CompletionTerms, type PlayerCourse } from '../../src/package/player-contract.js';
import type { LearnerState } from './state.js';

export type LessonStatus = 'passed' | 'completed' | 'failed' | 'incomplete';

export interface QuizResult {
  correct: number;
  total: number;
  /** 0-100. */
  scorePercent: number;
  passed: boolean;
}

export interface ObjectiveResult {
  id: string;
  /** Null when no question assesses it, or the quiz is not submitted. */
  quiz: QuizResult | null;
  /** Met: its questions passed, or (with none) the course's rule met. */
  status: LessonStatus;
}

export interface Evaluation {
  slidesViewedPercent: number;
  /** Null without a video. */
  videoWatchedPercent: number | null;
  /** The viewing the rule asks for is done (also when it asks for none). */
  viewed: boolean;
  /** The learner did what the rule asks besides passing: its viewing, or with none, the quiz. */
  completed: boolean;
  /** Null until the answers are submitted (and when there are no questions). */
  quiz: QuizResult | null;
  ruleMet: boolean;
  /** The status pair's first status when the rule is met, else its second (see lessonStatus). */
  status: LessonStatus;
  /** 0-1: how much of what the rule asks is done. */
  progress: number;
  objectives: ObjectiveResult[];
}

const percentOf = (flags: readonly boolean[]) => (flags.length ? (flags.filter(Boolean).length / flags.length) * 100 : 100);

export function courseTerms(course: PlayerCourse): CompletionTerms {
  return completionTerms(course.tracking.completion_rule, { hasQuestions: course.questions.length > 0, hasVideo: course.video !== null });
}

export function scoreQuiz(questions: PlayerCourse['questions'], answers: readonly (number | null)[], passingPercent: number, indexes?: number[]): QuizResult {
  const asked = indexes ?? questions.map((_, i) => i);
  const correct = asked.filter((i) => answers[i] === questions[i]?.correctIndex).length;
  const scorePercent = asked.length ? Math.round((correct / asked.length) * 10000) / 100 : 0;
  return { correct, total: asked.length, scorePercent, passed: scorePercent >= passingPercent };
}

/**
 * The status pair's first status when the rule is met; otherwise its second, except that
 * 'failed' waits for a judged quiz that was not passed (viewing more can still complete the
 * attempt, so until then it is 'incomplete').
 */
export function lessonStatus(pair: PlayerCourse['tracking']['status_pair'], ruleMet: boolean, failedQuiz: boolean): LessonStatus {
  const [met, unmet] = pair.split('_') as [LessonStatus, LessonStatus];
  if (ruleMet) return met;
  return unmet === 'failed' && !failedQuiz ? 'incomplete' : unmet;
}

/**
 * Nothing is left to do in this attempt, so leaving ends it (SCORM exit normal) instead of
 * suspending it: the rule is met, or the status pair's 'failed' is reported with the viewing
 * done. That 'failed' is a verdict on a finished attempt (SCORM 1.2 'failed' is completed and not
 * passed; 2004 completion_status completed with success_status failed); suspending it would tell
 * the LMS that the learner means to go on with this attempt, which it then shows as in progress.
 * A retry is a new attempt. Under a pair without 'failed' a failed quiz stays incomplete: suspended.
 */
export function attemptFinished(evaluation: Pick<Evaluation, 'ruleMet' | 'status' | 'viewed'>): boolean {
  return evaluation.ruleMet || (evaluation.status === 'failed' && evaluation.viewed);
}

/** `passingPercent`: the course's passing score, or the one the LMS sets. */
export function evaluate(course: PlayerCourse, state: LearnerState, passingPercent = course.tracking.passing_score): Evaluation {
  const terms = courseTerms(course);
  const threshold = course.tracking.completion_threshold;
  const slidesViewedPercent = percentOf(state.viewedSlides);
  const videoWatchedPercent = course.video ? percentOf(state.watchedSpans) : null;
  const viewingPercent = { slides: slidesViewedPercent, video: videoWatchedPercent ?? 0, any: Math.max(slidesViewedPercent, videoWatchedPercent ?? 0) };
  const quiz = state.submitted && course.questions.length ? scoreQuiz(course.questions, state.answers, passingPercent) : null;
  const viewed = terms.viewing === null || viewingPercent[terms.viewing] >= threshold;
  const ruleMet = viewed && (!terms.quiz || quiz?.passed === true);
  const failedQuiz = terms.quiz && quiz !== null && !quiz.passed;

  const parts = [...(terms.viewing ? [Math.min(1, viewingPercent[terms.viewing] / threshold)] : []), ...(terms.quiz ? [quiz?.passed ? 1 : 0] : [])];
  const progress = parts.length ? parts.reduce((a, b) => a + b, 0) / parts.length : 1;

  const objectives = course.objectives.map((objective): ObjectiveResult => {
    const indexes = course.questions.flatMap((q, i) => (q.objectiveId === objective.id ? [i] : []));
    if (!indexes.length) return { id: objective.id, quiz: null, status: ruleMet ? 'completed' : 'incomplete' };
    const result = state.submitted ? scoreQuiz(course.questions, state.answers, passingPercent, indexes) : null;
    return { id: objective.id, quiz: result, status: result ? (result.passed ? 'passed' : 'failed') : 'incomplete' };
  });

  return {
    slidesViewedPercent,
    videoWatchedPercent,
    viewed,
    completed: terms.viewing ? viewed : quiz !== null,
    quiz,
    ruleMet,
    status: lessonStatus(course.tracking.status_pair, ruleMet, failedQuiz),
    progress: Math.round(progress * 100) / 100,
    objectives,
  };
}
