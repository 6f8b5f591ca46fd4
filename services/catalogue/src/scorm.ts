import { languageNameOf } from './languages.js';
import { defineMessages } from './messages.js';
// SCORM export (part 2 sections 3, 5, 8, 9; issue 16): the versions, the objective and activity
// types, the tracking settings a package can carry, their defaults and limits, and the messages.
// One source for the gateway's schema, the scorm service's checks and the web form.

/** '1.2' (the default), '2004' (4th edition) and 'cmi5'. */
export const SCORM_VERSIONS = ['1.2', '2004', 'cmi5'] as const;
export type ScormVersion = (typeof SCORM_VERSIONS)[number];
export const DEFAULT_SCORM_VERSION: ScormVersion = '1.2';

/** Bloom's six levels (part 2 section 9). */
export const OBJECTIVE_TYPES = ['knowledge', 'comprehension', 'application', 'analysis', 'synthesis', 'evaluation'] as const;
export type ObjectiveType = (typeof OBJECTIVE_TYPES)[number];

export const ACTIVITY_TYPES = ['reading', 'video', 'quiz', 'interaction', 'simulation'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
/** Minutes. */
export const DEFAULT_ACTIVITY_DURATION = 10;

/**
 * What makes the learner's attempt complete: enough slides viewed, enough of the video watched,
 * the quiz passed, or viewed (slides or video, whichever the course has) and passed.
 */
export const COMPLETION_RULES = ['slides_viewed', 'video_watched', 'quiz_passed', 'viewed_and_passed'] as const;
export type CompletionRule = (typeof COMPLETION_RULES)[number];

/** The two statuses reported to the LMS: the first when the rule is met, the second otherwise. */
export const STATUS_PAIRS = ['passed_incomplete', 'passed_failed', 'completed_incomplete', 'completed_failed'] as const;
export type StatusPair = (typeof STATUS_PAIRS)[number];

export interface ScormTracking {
  completion_rule: CompletionRule;
  /** Percent of the slides viewed, or of the video watched, that counts as viewed (1-100). */
  completion_threshold: number;
  /** Percent of the quiz's points needed to pass (0-100). */
  passing_score: number;
  status_pair: StatusPair;
}

export const DEFAULT_SCORM_TRACKING: ScormTracking = {
  completion_rule: 'viewed_and_passed',
  completion_threshold: 100,
  passing_score: 80,
  status_pair: 'passed_incomplete',
};

/** What a package contains that decides the tracking it can carry. */
export interface ScormContent {
  /** The project has assessment questions (the package's quiz). */
  hasQuestions: boolean;
}

/** An assessment question a package tracks as its quiz: exactly one correct option. */
export function isScormQuestion(question: { options: readonly { is_correct: boolean }[] }): boolean {
  return question.options.filter((o) => o.is_correct).length === 1;
}

/** The rules that only a quiz can meet. */
export const QUIZ_COMPLETION_RULES: readonly CompletionRule[] = ['quiz_passed', 'viewed_and_passed'];

/**
 * The tracking a package can carry (DECISIONS: "A package's tracking follows what it contains:
 * without a quiz it reports completion, never passed or failed"): the rules and status pairs
 * offered, and the defaults. Without a quiz: the viewing rules, and completed / incomplete.
 */
export function scormTrackingChoices(content: ScormContent): { rules: readonly CompletionRule[]; statusPairs: readonly StatusPair[]; defaults: ScormTracking } {
  if (content.hasQuestions) return { rules: COMPLETION_RULES, statusPairs: STATUS_PAIRS, defaults: DEFAULT_SCORM_TRACKING };
  return {
    rules: COMPLETION_RULES.filter((rule) => !QUIZ_COMPLETION_RULES.includes(rule)),
    statusPairs: ['completed_incomplete'],
    defaults: { ...DEFAULT_SCORM_TRACKING, completion_rule: 'slides_viewed', status_pair: 'completed_incomplete' },
  };
}

/**
 * The tracking a package of `content` reports by: without a quiz the status pair becomes
 * completed / incomplete (a rule naming the quiz already falls back to viewing, see the player's
 * completionTerms), so a package whose questions are gone by the time it is built never reports
 * passed or failed either.
 */
export function trackingForContent(tracking: ScormTracking, content: ScormContent): ScormTracking {
  return content.hasQuestions ? tracking : { ...tracking, status_pair: 'completed_incomplete' };
}

export const SCORM_LIMITS = {
  packageName: 200,
  objectiveTitle: 200,
  objectiveDescription: 1000,
  activityTitle: 200,
  objectives: 50,
  activities: 50,
  /** Minutes. */
  activityDurationMax: 600,
  /** Packages listed at most (newest first). */
  listed: 100,
} as const;

export const SCORM_MESSAGES = defineMessages('scorm', {
  nameRequired: 'Package name is required.',
  noProject: 'Create a project first to export as SCORM package.',
  noContent: 'This project has no content to package yet. Generate it first.',
  /** A completion rule that needs a quiz, for a project without assessment questions. */
  ruleNeedsQuiz: 'This completion rule needs a quiz, and this project has no assessment questions. Choose Slides viewed or Video watched, or generate an assessment first.',
  started: 'SCORM package export started. It will appear in My Packages when it is ready.',
  notFound: 'Package not found',
  notReady: 'This package is still being built. Please try again in a moment.',
  failed: 'Building the SCORM package failed.',
  exportFailed: (detail: string) => `Export failed: ${detail || 'Unknown error'}`,
  exportError: 'Error exporting SCORM package',
  downloadFailed: 'Failed to download package',
  downloadError: 'Error downloading package',
  /** A package asked for in a language the project has no completed translation into. */
  noTranslation: (language: string) => `This project has no completed translation into ${languageNameOf(language)}. Translate it first.`,
  /** A translated package whose interactive video's texts the translation engine cannot translate (`reason`: the engine's). */
  interactiveNotTranslated: (language: string, reason: string) => `The interactive video's texts could not be translated into ${languageNameOf(language)}. ${reason}`.trim(),
  /** A translated package whose interactive video, retimed to that language's video, breaks a rule of the interactive video (`problem`). */
  interactiveNotRetimed: (language: string, problem: string) => `The interactive video does not fit the ${languageNameOf(language)} video: ${problem} Edit the interactive video and publish it again.`,
} as const);

/** The label of a version ('SCORM 1.2', 'SCORM 2004 4th Edition', 'cmi5'). */
export function scormVersionLabel(version: ScormVersion): string {
  return version === 'cmi5' ? 'cmi5' : version === '2004' ? 'SCORM 2004 4th Edition' : 'SCORM 1.2';
}
