// Reports to a SCORM 1.2 or 2004 LMS through its runtime API.
import { attemptFinished } from './evaluation.js';
import { CMI, completionOnlyWrites, exitWrites, interactionWrites, lmsPassingPercent, progressWrites, type AnswerRecord, type CmiWrite, type ScormRuntimeVersion } from './scorm-data.js';
import type { Progress, SessionStart, Tracker } from './tracker.js';

/** The LMS's runtime API, one interface over 1.2 and 2004 (connectToLms finds it). */
export interface LmsConnection {
  initialize(): boolean;
  get(element: string): string;
  /** false when the LMS refused the value (its error code is logged). */
  set(element: string, value: string): boolean;
  commit(): boolean;
  terminate(): boolean;
}

/** Progress that changes neither status nor score is committed at most this often. */
const COMMIT_DELAY_MS = 10_000;

export class ScormTracker implements Tracker {
  readonly kind: 'scorm-1.2' | 'scorm-2004';
  private readonly startedAt = Date.now();
  private readonly objectiveSlots = new Map<string, number>();
  /** What this session last set, so unchanged values are not sent again. */
  private readonly written = new Map<string, string>();
  private nextInteraction = 0;
  private readOnly = false;
  private finished = false;
  private lastOutcome = '';
  private commitTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly version: ScormRuntimeVersion,
    private readonly lms: LmsConnection,
    private readonly includeTracking: boolean,
    /** The course's quiz decides success, so the LMS holds a passing score from the manifest. */
    private readonly quizDecides = true,
  ) {
    this.kind = version === '1.2' ? 'scorm-1.2' : 'scorm-2004';
  }

  async start(): Promise<SessionStart> {
    const names = CMI[this.version];
    this.lms.initialize();
    if (!this.includeTracking) {
      this.write(completionOnlyWrites(this.version));
      this.lms.commit();
      return { saved: null, location: null, passingPercent: null, readOnly: false };
    }
    this.readOnly = ['review', 'browse'].includes(this.lms.get(names.mode));
    // Objectives the LMS already holds (from an earlier session, or created from the manifest) keep their slots.
    const objectiveCount = Number(this.lms.get(names.objectiveCount)) || 0;
    for (let i = 0; i < objectiveCount; i++) this.objectiveSlots.set(this.lms.get(`cmi.objectives.${i}.id`), i);
    this.nextInteraction = Number(this.lms.get(names.interactionCount)) || 0;
    // Elements an LMS has no value for yet are errors to read in 2004 (403, which it logs): the
    // bookmark exists only when resuming a suspended attempt, the passing score only when the
    // manifest gave one (the quiz decides).
    const resuming = this.lms.get(names.entry) === 'resume';
    return {
      saved: (resuming && this.lms.get(names.suspendData)) || null,
      location: (resuming && this.lms.get(names.location)) || null,
      passingPercent: this.quizDecides ? lmsPassingPercent(this.version, this.lms.get(names.passingScore)) : null,
      readOnly: this.readOnly,
    };
  }

  save(progress: Progress): void {
    if (!this.recording()) return;
    this.write(progressWrites(this.version, progress.evaluation, progress, (id) => this.objectiveSlot(id)));
    const { status, quiz } = progress.evaluation;
    const outcome = `${status}:${quiz?.scorePercent ?? ''}`;
    if (outcome !== this.lastOutcome) {
      this.lastOutcome = outcome;
      this.commitNow();
    } else {
      this.commitTimer ??= setTimeout(() => this.commitNow(), COMMIT_DELAY_MS);
    }
  }

  recordAnswers(answers: AnswerRecord[]): void {
    if (!this.recording()) return;
    for (const answer of answers) this.write(interactionWrites(this.version, this.nextInteraction++, answer));
    this.commitNow();
  }

  async finish(progress: Progress, explicit: boolean) {
    if (this.finished) return { returnUrl: null };
    if (this.recording()) this.write(progressWrites(this.version, progress.evaluation, progress, (id) => this.objectiveSlot(id)));
    this.finished = true;
    const done = !this.includeTracking || attemptFinished(progress.evaluation);
    this.write(exitWrites(this.version, { done, sessionMs: Date.now() - this.startedAt, explicit }));
    this.commitNow();
    this.lms.terminate();
    return { returnUrl: null };
  }

  private recording(): boolean {
    return this.includeTracking && !this.readOnly && !this.finished;
  }

  private objectiveSlot(id: string): number {
    let slot = this.objectiveSlots.get(id);
    if (slot === undefined) {
      slot = this.objectiveSlots.size;
      this.objectiveSlots.set(id, slot);
    }
    return slot;
  }

  private write(writes: readonly CmiWrite[]): void {
    for (const [element, value] of writes) {
      if (this.written.get(element) === value) continue;
      if (this.lms.set(element, value)) this.written.set(element, value);
    }
  }

  private commitNow(): void {
    if (this.commitTimer) clearTimeout(this.commitTimer);
    this.commitTimer = null;
    this.lms.commit();
  }
}
