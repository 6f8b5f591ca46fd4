// What the player writes to a SCORM runtime, and in which data model elements, for 1.2 and 2004.
// Pure: ScormTracker sends these pairs through the LMS API in order (2004 requires an
// interaction's type before its responses).
import type { PlayerQuestion } from '../../src/package/player-contract.js';
import type { Evaluation, LessonStatus, ObjectiveResult, QuizResult } from './evaluation.js';
import { isoDuration, scorm12Time, scorm12Timespan, scorm2004Timestamp } from './time.js';

export type ScormRuntimeVersion = '1.2' | '2004';
export type CmiWrite = readonly [element: string, value: string];

export const CMI = {
  '1.2': {
    entry: 'cmi.core.entry',
    mode: 'cmi.core.lesson_mode',
    location: 'cmi.core.lesson_location',
    suspendData: 'cmi.suspend_data',
    passingScore: 'cmi.student_data.mastery_score',
    sessionTime: 'cmi.core.session_time',
    exit: 'cmi.core.exit',
    objectiveCount: 'cmi.objectives._count',
    interactionCount: 'cmi.interactions._count',
  },
  '2004': {
    entry: 'cmi.entry',
    mode: 'cmi.mode',
    location: 'cmi.location',
    suspendData: 'cmi.suspend_data',
    passingScore: 'cmi.scaled_passing_score',
    sessionTime: 'cmi.session_time',
    exit: 'cmi.exit',
    objectiveCount: 'cmi.objectives._count',
    interactionCount: 'cmi.interactions._count',
  },
} as const;

/** One submitted answer, reported as a cmi.interactions entry. */
export interface AnswerRecord {
  question: PlayerQuestion;
  chosenIndex: number;
  /** From the question being shown to the answer. */
  latencyMs: number;
  at: Date;
}

/** The passing score (0-100) the LMS sets, if it sets one: 1.2 mastery_score, 2004 scaled_passing_score. */
export function lmsPassingPercent(version: ScormRuntimeVersion, value: string): number | null {
  if (value.trim() === '') return null;
  const number = Number(value);
  if (!Number.isFinite(number)) return null;
  const percent = version === '1.2' ? number : number * 100;
  return percent >= 0 && percent <= 100 ? percent : null;
}

/** SCORM choice responses: the options as the letters a, b, c... (1.2 allows single characters only). */
export const choiceId = (index: number) => String.fromCharCode(97 + index);

const decimal = (value: number, digits: number) => String(Number(value.toFixed(digits)));

function scoreWrites(version: ScormRuntimeVersion, prefix: string, quiz: QuizResult): CmiWrite[] {
  const writes: CmiWrite[] = [];
  if (version === '2004') writes.push([`${prefix}.scaled`, decimal(quiz.scorePercent / 100, 4)]);
  writes.push([`${prefix}.raw`, decimal(quiz.scorePercent, 2)], [`${prefix}.min`, '0'], [`${prefix}.max`, '100']);
  return writes;
}

/** SCORM 2004 reports the status as two: how far (completion) and how well (success). */
export function scorm2004Status(status: LessonStatus, evaluation: Pick<Evaluation, 'viewed' | 'quiz'>): { completion: string; success: string } {
  switch (status) {
    case 'passed':
      return { completion: 'completed', success: 'passed' };
    case 'completed':
      return { completion: 'completed', success: evaluation.quiz ? (evaluation.quiz.passed ? 'passed' : 'failed') : 'unknown' };
    case 'failed':
      return { completion: evaluation.viewed ? 'completed' : 'incomplete', success: 'failed' };
    case 'incomplete':
      return { completion: 'incomplete', success: 'unknown' };
  }
}

function objectiveWrites(version: ScormRuntimeVersion, index: number, objective: ObjectiveResult): CmiWrite[] {
  const prefix = `cmi.objectives.${index}`;
  const writes: CmiWrite[] = [[`${prefix}.id`, objective.id]];
  if (objective.quiz) writes.push(...scoreWrites(version, `${prefix}.score`, objective.quiz));
  if (version === '1.2') {
    writes.push([`${prefix}.status`, objective.status]);
  } else {
    // An objective asks only for its questions: judged is completed.
    const { completion, success } = scorm2004Status(objective.status, { viewed: true, quiz: objective.quiz });
    writes.push([`${prefix}.success_status`, success], [`${prefix}.completion_status`, completion]);
  }
  return writes;
}

/**
 * The learner's progress: bookmark, saved state, status, score and objectives.
 * `objectiveIndex` gives the cmi.objectives slot of an objective id (the LMS may have created
 * some from the manifest, in its own order).
 */
export function progressWrites(
  version: ScormRuntimeVersion,
  evaluation: Evaluation,
  saved: { location: string; suspendData: string },
  objectiveIndex: (id: string) => number,
): CmiWrite[] {
  const names = CMI[version];
  const writes: CmiWrite[] = [
    [names.location, saved.location],
    [names.suspendData, saved.suspendData],
  ];
  if (version === '1.2') {
    writes.push(['cmi.core.lesson_status', evaluation.status]);
    if (evaluation.quiz) writes.push(...scoreWrites(version, 'cmi.core.score', evaluation.quiz));
  } else {
    const { completion, success } = scorm2004Status(evaluation.status, evaluation);
    writes.push(['cmi.completion_status', completion], ['cmi.success_status', success], ['cmi.progress_measure', decimal(evaluation.progress, 2)]);
    if (evaluation.quiz) writes.push(...scoreWrites(version, 'cmi.score', evaluation.quiz));
  }
  for (const objective of evaluation.objectives) writes.push(...objectiveWrites(version, objectiveIndex(objective.id), objective));
  return writes;
}

/** Without tracking the package reports only that it was completed. */
export function completionOnlyWrites(version: ScormRuntimeVersion): CmiWrite[] {
  return version === '1.2' ? [['cmi.core.lesson_status', 'completed']] : [['cmi.completion_status', 'completed']];
}

/** One answer as cmi.interactions.`index`. */
export function interactionWrites(version: ScormRuntimeVersion, index: number, answer: AnswerRecord): CmiWrite[] {
  const prefix = `cmi.interactions.${index}`;
  const { question } = answer;
  const correct = answer.chosenIndex === question.correctIndex;
  const objective: CmiWrite[] = question.objectiveId ? [[`${prefix}.objectives.0.id`, question.objectiveId]] : [];
  if (version === '1.2') {
    return [
      [`${prefix}.id`, question.id],
      [`${prefix}.type`, 'choice'],
      [`${prefix}.time`, scorm12Time(answer.at)],
      ...objective,
      [`${prefix}.correct_responses.0.pattern`, choiceId(question.correctIndex)],
      [`${prefix}.student_response`, choiceId(answer.chosenIndex)],
      [`${prefix}.result`, correct ? 'correct' : 'wrong'],
      [`${prefix}.latency`, scorm12Timespan(answer.latencyMs)],
      [`${prefix}.weighting`, '1'],
    ];
  }
  return [
    [`${prefix}.id`, question.id],
    [`${prefix}.type`, 'choice'],
    [`${prefix}.timestamp`, scorm2004Timestamp(answer.at)],
    ...objective,
    [`${prefix}.correct_responses.0.pattern`, choiceId(question.correctIndex)],
    [`${prefix}.learner_response`, choiceId(answer.chosenIndex)],
    [`${prefix}.result`, correct ? 'correct' : 'incorrect'],
    [`${prefix}.latency`, isoDuration(answer.latencyMs)],
    [`${prefix}.weighting`, '1'],
    [`${prefix}.description`, question.prompt.slice(0, 250)],
  ];
}

/**
 * Leaving: the session's time, and whether the attempt is suspended (to resume) or done. In 2004
 * an explicit exit also asks the LMS to end the session: suspendAll keeps the attempt to resume,
 * exitAll ends it; when the window just closes the LMS decides.
 */
export function exitWrites(version: ScormRuntimeVersion, leaving: { done: boolean; sessionMs: number; explicit: boolean }): CmiWrite[] {
  if (version === '1.2') {
    return [
      [CMI['1.2'].sessionTime, scorm12Timespan(leaving.sessionMs)],
      [CMI['1.2'].exit, leaving.done ? '' : 'suspend'],
    ];
  }
  const writes: CmiWrite[] = [
    [CMI['2004'].sessionTime, isoDuration(leaving.sessionMs)],
    [CMI['2004'].exit, leaving.done ? 'normal' : 'suspend'],
  ];
  if (leaving.explicit) writes.push(['adl.nav.request', leaving.done ? 'exitAll' : 'suspendAll']);
  return writes;
}
