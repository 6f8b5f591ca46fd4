// The course model a package is built from: what the scorm service gathers from a project (its
// slides, assessment, narrated video and look) and the export settings.
import type { ActivityType, InteractiveVideoMetadata, ObjectiveType, ScormTracking, ScormVersion } from '@trainwright/catalogue';
import type { Slide } from '@trainwright/formats';
import type { PlayerLrs } from './player-contract.js';

export interface CourseObjective {
  id: string;
  title: string;
  description: string;
  type: ObjectiveType;
}

export interface CourseActivity {
  id: string;
  title: string;
  type: ActivityType;
  estimatedMinutes: number;
}

export interface CourseQuestion {
  id: string;
  prompt: string;
  /** Exactly one option is correct. */
  options: { id: string; text: string; correct: boolean }[];
  explanation: string;
  /** The learning objective the question assesses. */
  objectiveId?: string;
}

export interface CourseTheme {
  primary: string;
  secondary: string;
  background: string;
  text: string;
  headingFont: string;
  bodyFont: string;
}

export interface CourseVideo {
  /** A file on disk: streamed into the zip, never read whole into memory. */
  path: string;
  mime: 'video/mp4';
  durationSeconds: number;
  captionsVtt: string;
}

export interface CourseInteractive {
  metadata: InteractiveVideoMetadata;
}

/** The package's sender credential for Trainwright's LRS (see PlayerLrs; the channel is always scorm). */
export type CourseLrs = Omit<PlayerLrs, 'channel'>;

export interface CourseInput {
  /** Package identity: the manifest identifiers derive from it. */
  packageId: string;
  /** The package name. */
  title: string;
  description: string;
  /** 'en', 'es', ...: the html lang, the manifest language, the captions' srclang. */
  language: string;
  version: ScormVersion;
  /** false: the player still runs, and reports only completion (SCORM) or launch and completion (cmi5). */
  includeTracking: boolean;
  tracking: ScormTracking;
  objectives: CourseObjective[];
  activities: CourseActivity[];
  slides: Slide[];
  questions: CourseQuestion[];
  video?: CourseVideo;
  /**
   * The project's published interactive video (its elements as the catalogue validated them): the
   * player's video screen plays `video` with them laid over it. `video` must then be that
   * version's pinned mp4 and captions, so the element times match.
   */
  interactive?: CourseInteractive;
  /** With includeTracking only: the player also reports learners' statements to Trainwright's LRS. */
  lrs?: CourseLrs;
  theme: CourseTheme;
}
