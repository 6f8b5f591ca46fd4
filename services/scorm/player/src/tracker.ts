// What the player asks of the runtime it reports to (a SCORM LMS, a cmi5 LMS, or none).
import type { Evaluation } from './evaluation.js';
import type { AnswerRecord } from './scorm-data.js';

export interface SessionStart {
  /** The state saved by an earlier session (encodeState), or null. */
  saved: string | null;
  /** The LMS's bookmark (SCORM location), or null. */
  location: string | null;
  /** The passing score (0-100) the LMS sets, overriding the course's. */
  passingPercent: number | null;
  /** Review or browse mode: what the learner does changes no record. */
  readOnly: boolean;
}

export interface Progress {
  evaluation: Evaluation;
  /** The bookmark: the screen shown. */
  location: string;
  /** encodeState of the learner's state. */
  suspendData: string;
}

export interface Tracker {
  readonly kind: 'scorm-1.2' | 'scorm-2004' | 'cmi5' | 'none';
  start(): Promise<SessionStart>;
  /** The learner moved on; `previous` is the evaluation before (the resumed one at first). */
  save(progress: Progress, previous: Evaluation): void;
  /** Answers just submitted, in question order. */
  recordAnswers(answers: AnswerRecord[]): void;
  /**
   * The session ends: `explicit` from the Exit button, else the page is going away. Resolves
   * with where to go next, when the LMS says (cmi5 returnURL).
   */
  finish(progress: Progress, explicit: boolean): Promise<{ returnUrl: string | null }>;
}

/** Outside an LMS (opened from disk, previewed): the player runs and reports to no one. */
export class NoTracker implements Tracker {
  readonly kind = 'none';
  async start(): Promise<SessionStart> {
    return { saved: null, location: null, passingPercent: null, readOnly: false };
  }
  save(): void {}
  recordAnswers(): void {}
  async finish() {
    return { returnUrl: null };
  }
}
