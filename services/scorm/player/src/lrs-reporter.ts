// What a package exported with tracking reports to Trainwright's own learning record store, beside
// what it reports to the LMS (docs/scorm.md, "Statements to Trainwright"): the xAPI Video Profile
// statements of the interactive player package (its VideoTracker: initialized, played, paused,
// seeked, completed, terminated; answered for a quiz of the interactive video, interacted for a
// call to action or a hotspot; answered for each of the assessment's questions and passed or
// failed when it is submitted), sent in batches by its StatementSender, kept in this browser's
// storage until the LRS has them. A course without a video reports initialized, completed (its
// completion rule met) and terminated, so its session still counts as a view. The learner is a
// random id this browser keeps, never the LMS's learner. Nothing here may disturb the LMS's
// tracking: every failure is caught and dropped.
import { openLearnerReport, type LearnerStorage, type PlayerEvent, type StatementSender, type VideoTracker } from '@trainwright/interactive-player';
import type { PlayerCourse, PlayerLrs } from '../../src/package/player-contract.js';
import { uuid } from './cmi5.js';
import type { Evaluation, QuizResult } from './evaluation.js';
import type { AnswerRecord } from './scorm-data.js';

export type ReporterStorage = LearnerStorage;

export interface ReporterEnvironment {
  /** localStorage, or null where the LMS's frame refuses it (then this session only). */
  storage: ReporterStorage | null;
  fetch: typeof fetch;
  newId?: () => string;
  now?: () => Date;
}

export interface LrsReporter {
  /** The course opened: the session's first statement. */
  start(): void;
  /** An event of the video screen: the interactive player's, or the plain video's (PlainVideoEvents). */
  video(event: PlayerEvent): void;
  /** The video screen is left at `position` (read here, where a failure is dropped): playback stops there. */
  videoLeft(position: () => number): void;
  /** The course was evaluated again (`previous` before): a course without a video completes by its rule. */
  evaluated(now: Evaluation, previous: Evaluation): void;
  /** The assessment was submitted: its answers and whether it passed, as the LMS is told. */
  assessed(answers: AnswerRecord[], quiz: QuizResult): void;
  /** The session ends (Exit, or the page is left), the video at `position` when shown: sent even as the page goes. */
  end(position?: () => number): void;
}


/** The course's reporter to Trainwright's LRS; null when the package carries no LRS (exported without tracking). */
export function lrsReporter(course: PlayerCourse, env: ReporterEnvironment): LrsReporter | null {
  if (!course.lrs) return null;
  try {
    return new CourseReporter(course, course.lrs, env);
  } catch (error) {
    console.warn('[player] not reporting to Trainwright', error);
    return null;
  }
}

class CourseReporter implements LrsReporter {
  private readonly tracker: VideoTracker;
  private readonly sender: StatementSender;
  private readonly hasVideo: boolean;
  private playing = false;
  private lastTime = 0;
  private completed = false;
  private ended = false;

  constructor(
    private readonly course: PlayerCourse,
    lrs: PlayerLrs,
    env: ReporterEnvironment,
  ) {
    this.hasVideo = course.video !== null;
    ({ tracker: this.tracker, sender: this.sender } = openLearnerReport(
      { ...lrs, language: course.language },
      // The interactive video completes at its own threshold (its player says when); the plain video and the slides at the package's.
      { title: course.title, metadata: course.interactive?.metadata ?? { quizzes: [], call_to_actions: [], hotspots: [], completion_threshold: course.tracking.completion_threshold } },
      { storage: env.storage, fetch: env.fetch, newId: env.newId ?? uuid, ...(env.now ? { now: env.now } : {}) },
    ));
  }

  start(): void {
    this.safely(() => {
      this.sender.enqueue(this.tracker.initialized(this.course.video?.durationSeconds ?? 0));
      // Now, with what an earlier session could not send.
      this.sender.flush().catch(() => undefined);
    });
  }

  video(event: PlayerEvent): void {
    this.safely(() => {
      if (this.ended) return;
      this.lastTime = event.media_time;
      if (event.type === 'play') this.playing = true;
      if (event.type === 'pause') this.playing = false;
      // The session began with the course (initialized); the video screen may be shown again.
      if (event.type === 'view') return;
      if (event.type === 'complete') {
        if (this.completed) return;
        this.completed = true;
      }
      const statements = this.tracker.fromPlayer(event);
      if (statements.length) this.sender.enqueue(...statements);
    });
  }

  videoLeft(position: () => number): void {
    this.safely(() => {
      if (this.playing) this.video({ type: 'pause', media_time: position() });
    });
  }

  evaluated(now: Evaluation, previous: Evaluation): void {
    if (this.hasVideo || !now.completed || previous.completed || this.completed) return;
    this.video({ type: 'complete', media_time: 0 });
  }

  assessed(answers: AnswerRecord[], quiz: QuizResult): void {
    this.safely(() => {
      if (this.ended) return;
      const questions = answers.map(({ question, chosenIndex }) => ({
        id: question.id,
        question: question.prompt,
        // An option's id is its place, as the LMS's interactions have it.
        options: question.options.map((text, i) => ({ id: String(i), text, correct: i === question.correctIndex })),
        response: Number.isInteger(chosenIndex) ? String(chosenIndex) : null,
        success: chosenIndex === question.correctIndex,
      }));
      this.sender.enqueue(...this.tracker.assessed({ questions, scorePercent: quiz.scorePercent, passed: quiz.passed }));
    });
  }

  end(position?: () => number): void {
    this.safely(() => {
      if (this.ended) return;
      this.ended = true;
      const last = this.tracker.terminated(position ? position() : this.lastTime);
      if (last) this.sender.enqueue(last);
      this.sender.stop();
      this.sender.flush({ keepalive: true }).catch(() => undefined);
    });
  }

  private safely(report: () => void): void {
    try {
      report();
    } catch (error) {
      console.warn('[player] could not report to Trainwright', error);
    }
  }
}
