// What the player reports as xAPI statements (docs/analytics.md, "Statements"): the xAPI Video
// Profile's initialized, played, paused, seeked, completed and terminated for the video, answered
// for a quiz and interacted for a call to action or hotspot, each with the session's played
// segments where the profile asks for them. The learner is anonymous: an account under the LRS's
// home page named by a random id this browser keeps. Sending is xapi-sender.ts's.
import { XAPI_ACTIVITY_TYPES, XAPI_VERBS, XAPI_VIDEO_EXTENSIONS as EXT, type InteractiveVideoMetadata, type LearningChannel } from '@trainwright/catalogue';
import { checkAnswer } from './engine.js';
import type { PlayerEvent } from './player.js';

export type Statement = Record<string, unknown>;

/** A multiple-choice question as reported: its options' ids and texts, and which is right. */
export interface AssessedQuestion {
  id: string;
  question: string;
  options: Array<{ id: string; text: string; correct: boolean }>;
}

export interface VideoTrackerOptions {
  /** The video's activity IRI (xapiIris(homePage).project(projectId)). */
  activityId: string;
  title: string;
  /** The language of the content (BCP 47). */
  language: string;
  channel: LearningChannel;
  channelExtension: string;
  learner: { homePage: string; name: string };
  sessionId: string;
  metadata: Pick<InteractiveVideoMetadata, 'quizzes' | 'call_to_actions' | 'hotspots' | 'completion_threshold'>;
  /** Makes statement ids (crypto.randomUUID in a browser). */
  newId: () => string;
  now?: () => Date;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** ISO 8601 duration of whole and hundredth seconds (PT1M5.5S). */
export function isoDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds * 100) / 100);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = Math.round((s - h * 3600 - m * 60) * 100) / 100;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${rest || (!h && !m) ? `${rest}S` : ''}`;
}

/** Segments as the Video Profile writes them: "0.000[.]12.000[,]14.000[.]21.000". */
export function formatSegments(segments: ReadonlyArray<readonly [number, number]>): string {
  return segments.map(([a, b]) => `${a.toFixed(3)}[.]${b.toFixed(3)}`).join('[,]');
}

/** The seconds covered by the segments (overlaps counted once). */
export function coveredSeconds(segments: ReadonlyArray<readonly [number, number]>): number {
  const sorted = [...segments].filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  let total = 0;
  let end = -Infinity;
  for (const [a, b] of sorted) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total;
}

export class VideoTracker {
  private readonly segments: Array<[number, number]> = [];
  private playingFrom: number | null = null;
  private length = 0;
  private initializedAlready = false;
  private terminatedAlready = false;

  constructor(private readonly o: VideoTrackerOptions) {}

  private progress(): number {
    return this.length > 0 ? round3(Math.min(1, coveredSeconds(this.currentSegments()) / this.length)) : 0;
  }

  private currentSegments(at?: number): Array<[number, number]> {
    return this.playingFrom !== null && at !== undefined && at > this.playingFrom ? [...this.segments, [this.playingFrom, at]] : this.segments;
  }

  private closeSegment(at: number): void {
    if (this.playingFrom !== null && at > this.playingFrom) this.segments.push([round3(this.playingFrom), round3(at)]);
    this.playingFrom = null;
  }

  private statement(verb: keyof typeof XAPI_VERBS, object: Statement, result?: Statement, contextExtensions: Statement = {}, parent = false): Statement {
    const context: Statement = {
      registration: undefined,
      language: this.o.language,
      extensions: { [EXT.sessionId]: this.o.sessionId, [EXT.length]: round3(this.length), [this.o.channelExtension]: this.o.channel, ...contextExtensions },
      contextActivities: { category: [{ id: 'https://w3id.org/xapi/video' }], ...(parent ? { parent: [{ id: this.o.activityId }] } : {}) },
    };
    delete context.registration;
    return {
      id: this.o.newId(),
      actor: { objectType: 'Agent', account: this.o.learner },
      verb: { id: XAPI_VERBS[verb], display: { 'en-US': verb } },
      object,
      ...(result ? { result } : {}),
      context,
      timestamp: (this.o.now?.() ?? new Date()).toISOString(),
    };
  }

  private video(): Statement {
    return { objectType: 'Activity', id: this.o.activityId, definition: { type: XAPI_ACTIVITY_TYPES.video, name: { [this.o.language]: this.o.title } } };
  }

  private segmentResult(time: number, extra: Statement = {}): Statement {
    return { extensions: { [EXT.time]: round3(time), [EXT.progress]: this.progress(), [EXT.playedSegments]: formatSegments(this.segments), ...extra } };
  }

  /** The player loaded the video (its length in seconds). */
  initialized(length: number): Statement {
    this.length = length;
    this.initializedAlready = true;
    return this.statement('initialized', this.video(), undefined, { [EXT.completionThreshold]: round3(this.o.metadata.completion_threshold / 100) });
  }

  /** The statements a player event stands for (none for those the profile does not record). */
  fromPlayer(event: PlayerEvent): Statement[] {
    const t = event.media_time;
    switch (event.type) {
      case 'play':
        this.playingFrom = t;
        return [this.statement('played', this.video(), { extensions: { [EXT.time]: round3(t) } })];
      case 'pause':
        this.closeSegment(t);
        return [this.statement('paused', this.video(), this.segmentResult(t))];
      case 'seek': {
        const from = Number(event.value ?? t);
        const wasPlaying = this.playingFrom !== null;
        this.closeSegment(from);
        if (wasPlaying) this.playingFrom = t;
        return [this.statement('seeked', this.video(), { extensions: { [EXT.timeFrom]: round3(from), [EXT.timeTo]: round3(t) } })];
      }
      case 'complete': {
        const segments = this.currentSegments(t);
        const result = { completion: true, duration: isoDuration(coveredSeconds(segments)), extensions: { [EXT.time]: round3(t), [EXT.progress]: this.progress(), [EXT.playedSegments]: formatSegments(segments) } };
        return [this.statement('completed', this.video(), result)];
      }
      case 'quiz_answer':
        return this.answered(event);
      case 'cta_click':
      case 'hotspot_click':
        return [this.statement('interacted', { objectType: 'Activity', id: `${this.o.activityId}/${event.type === 'cta_click' ? 'ctas' : 'hotspots'}/${encodeURIComponent(event.element_id ?? '')}`, definition: { type: XAPI_ACTIVITY_TYPES.link } }, { extensions: { [EXT.time]: round3(t) } }, {}, true)];
      default:
        return [];
    }
  }

  private answered(event: PlayerEvent): Statement[] {
    const quiz = this.o.metadata.quizzes.find((q) => q.id === event.element_id);
    if (!quiz || !event.value) return [];
    const { correct } = checkAnswer(quiz, event.value);
    const object = this.question('quizzes', { id: quiz.id, question: quiz.question, options: quiz.options.map((o) => ({ id: o.id, text: o.text, correct: o.is_correct })) });
    return [this.statement('answered', object, { response: event.value, success: correct, extensions: { [EXT.time]: round3(event.media_time) } }, {}, true)];
  }

  /** A question as an xAPI choice interaction under the project's activity (`kind`: the video's quizzes, a package's assessment questions). */
  private question(kind: 'quizzes' | 'questions', q: AssessedQuestion): Statement {
    return {
      objectType: 'Activity',
      // An element id may hold any character; the IRI only escaped ones.
      id: `${this.o.activityId}/${kind}/${encodeURIComponent(q.id)}`,
      definition: {
        type: XAPI_ACTIVITY_TYPES.question,
        name: { [this.o.language]: q.question },
        interactionType: 'choice',
        correctResponsesPattern: q.options.filter((o) => o.correct).map((o) => o.id),
        choices: q.options.map((o) => ({ id: o.id, description: { [this.o.language]: o.text } })),
      },
    };
  }

  /**
   * An assessment submitted (a package's own quiz, scored for the LMS too): an `answered` for each
   * question answered, then `passed` or `failed` on the training with the score.
   */
  assessed(input: { questions: Array<AssessedQuestion & { response: string | null; success: boolean }>; scorePercent: number; passed: boolean }): Statement[] {
    const answers = input.questions.flatMap((q) => (q.response === null ? [] : [this.statement('answered', this.question('questions', q), { response: q.response, success: q.success }, {}, true)]));
    const scaled = Math.round(Math.min(100, Math.max(0, input.scorePercent)) * 100) / 10_000;
    return [...answers, this.statement(input.passed ? 'passed' : 'failed', this.video(), { score: { scaled }, success: input.passed })];
  }

  /** The session ends (the page is left or the player removed): once, after initialized (a course of slides has length 0). */
  terminated(time: number): Statement | null {
    if (this.terminatedAlready || !this.initializedAlready) return null;
    this.terminatedAlready = true;
    this.closeSegment(time);
    return this.statement('terminated', this.video(), this.segmentResult(time));
  }
}
