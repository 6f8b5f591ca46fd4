// What the package builder hands the player (course.js) and the rules both sides read the same
// way. Pure and DOM-free: the player bundle imports it too.
import type { ActivityType, CompletionRule, InteractiveVideoMetadata, ObjectiveType, ScormTracking, ScormVersion } from '@trainwright/catalogue';

/** The global that course.js sets: a script, because fetch() of a local JSON file fails under file://. */
export const COURSE_GLOBAL = '__TW_COURSE__';

export interface PlayerObjective {
  /** The id reported to the LMS (cmi.objectives.n.id, the manifest's objectiveID). */
  id: string;
  title: string;
  description: string;
  type: ObjectiveType;
}

export interface PlayerQuestion {
  /** The id reported to the LMS (cmi.interactions.n.id). */
  id: string;
  prompt: string;
  options: string[];
  correctIndex: number;
  explanation: string;
  /** The LMS id of the objective it assesses. */
  objectiveId: string | null;
}

export interface PlayerSlide {
  title: string;
  points: string[];
  paragraphs: string[];
  notes: string;
}

export interface PlayerVideo {
  /** Package-relative paths. */
  src: string;
  captions: string;
  mime: string;
  durationSeconds: number;
}

/** The interactive video laid over the course's video (the project's published version). */
export interface PlayerInteractive {
  metadata: InteractiveVideoMetadata;
  /**
   * Each quiz of the metadata as the LMS sees an answer to it (cmi.interactions.n.*), by quiz id:
   * an LMS-safe id, the options in order, the correct one. No objective.
   */
  questions: Record<string, PlayerQuestion>;
}

/**
 * Where the player reports learners' statements to Trainwright's own learning record store
 * (docs/scorm.md, "Statements to Trainwright"): the package's sender credential, which may write
 * only about the project's activity. Only in a package exported with tracking.
 */
export interface PlayerLrs {
  /** The xAPI endpoint, absolute and ending in '/': the package runs on the LMS's origin, not ours. */
  endpoint: string;
  /** The HTTP Basic Authorization header of the package's credential. */
  authorization: string;
  /** The project's activity IRI. */
  activityId: string;
  /** The home page of the anonymous learner's account. */
  learnerHomePage: string;
  /** The context extension that names the channel. */
  channelExtension: string;
  channel: 'scorm';
}

export interface PlayerCourse {
  title: string;
  description: string;
  language: string;
  version: ScormVersion;
  includeTracking: boolean;
  tracking: ScormTracking;
  objectives: PlayerObjective[];
  activities: { title: string; type: ActivityType; estimatedMinutes: number }[];
  slides: PlayerSlide[];
  questions: PlayerQuestion[];
  video: PlayerVideo | null;
  /** Only with a video, and only when the project has a published interactive video (absent otherwise). */
  interactive?: PlayerInteractive;
  /** Only with tracking (absent otherwise): the statements also go to Trainwright's LRS, in the course's language. */
  lrs?: PlayerLrs;
}

/**
 * What the completion rule asks of this course: which viewing counts ('any': slides or video,
 * whichever the learner used) and whether the quiz must be passed. A rule naming something the
 * course lacks falls back to what it has (no video: its slides; no questions: viewing alone).
 */
export interface CompletionTerms {
  viewing: 'slides' | 'video' | 'any' | null;
  quiz: boolean;
}

export function completionTerms(rule: CompletionRule, course: { hasQuestions: boolean; hasVideo: boolean }): CompletionTerms {
  switch (rule) {
    case 'slides_viewed':
      return { viewing: 'slides', quiz: false };
    case 'video_watched':
      return { viewing: course.hasVideo ? 'video' : 'slides', quiz: false };
    case 'quiz_passed':
      return course.hasQuestions ? { viewing: null, quiz: true } : { viewing: 'any', quiz: false };
    case 'viewed_and_passed':
      return { viewing: 'any', quiz: course.hasQuestions };
  }
}

/** Whether the quiz score decides success, so the manifest may hand the LMS the passing score. */
export function quizDecides(input: { includeTracking: boolean; tracking: ScormTracking; hasQuestions: boolean; hasVideo: boolean }): boolean {
  return input.includeTracking && completionTerms(input.tracking.completion_rule, input).quiz;
}
