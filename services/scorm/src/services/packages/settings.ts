// An export request's settings, checked and normalised on the server (part 2 sections 5 and 9):
// a package name that is not blank, a known version, objectives and activities of the known
// types (those with an empty title dropped), activity durations of at least a minute (default
// 10), tracking values in range. Every refusal is a VALIDATION_FAILED naming its field. The
// tracking left out takes defaults that follow what the project contains (trackingOf).
import {
  ACTIVITY_TYPES,
  COMPLETION_RULES,
  DEFAULT_ACTIVITY_DURATION,
  DEFAULT_SCORM_VERSION,
  OBJECTIVE_TYPES,
  SCORM_LIMITS,
  SCORM_MESSAGES,
  SCORM_VERSIONS,
  STATUS_PAIRS,
  catalogueMessage,
  scormTrackingChoices,
  trackingForContent,
  type ActivityType,
  type ObjectiveType,
  type ScormContent,
  type ScormTracking,
  type ScormVersion,
} from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import type { Activity, LearningObjective, PackageSettings } from '../types.js';

export interface SettingsInput {
  packageName: string;
  scormVersion: string;
  includeTracking: boolean;
  objectives: { id: string; title: string; description: string; type: string }[];
  activities: { id: string; title: string; type: string; estimatedDuration: number }[];
  /** Absent or partly given: the defaults fill in. */
  tracking?: Partial<Record<keyof ScormTracking, string | number>> | null;
}

const oneOf = <T extends string>(values: readonly T[], value: string, field: string, label: string): T => {
  if (!(values as readonly string[]).includes(value)) throw AppError.validation(field, `${label} must be one of: ${values.join(', ')}.`);
  return value as T;
};

function within(value: number, min: number, max: number, field: string, label: string): number {
  if (!Number.isInteger(value) || value < min || value > max) throw AppError.validation(field, `${label} must be a whole number from ${min} to ${max}.`);
  return value;
}

function text(value: string, max: number, field: string, label: string): string {
  const trimmed = value.trim();
  if (trimmed.length > max) throw AppError.validation(field, `${label} must be at most ${max} characters.`);
  return trimmed;
}

/** A stable id when the form sent none (the manifest needs one per objective). */
const idOr = (id: string, fallback: string) => text(id, 100, 'id', 'An id') || fallback;

/** An export request's settings: the tracking holds only what the request gave (see trackingOf). */
export type ExportSettings = Omit<PackageSettings, 'tracking'> & { tracking: Partial<ScormTracking> };

export function packageSettings(input: SettingsInput): ExportSettings {
  const packageName = text(input.packageName, SCORM_LIMITS.packageName, 'package_name', 'The package name');
  if (!packageName) throw AppError.validation('package_name', catalogueMessage(SCORM_MESSAGES, 'nameRequired'));
  const scormVersion: ScormVersion = input.scormVersion ? oneOf(SCORM_VERSIONS, input.scormVersion, 'scorm_version', 'The SCORM version') : DEFAULT_SCORM_VERSION;

  if (input.objectives.length > SCORM_LIMITS.objectives) throw AppError.validation('learning_objectives', `A package takes at most ${SCORM_LIMITS.objectives} learning objectives.`);
  if (input.activities.length > SCORM_LIMITS.activities) throw AppError.validation('activities', `A package takes at most ${SCORM_LIMITS.activities} activities.`);
  const objectives: LearningObjective[] = input.objectives
    .filter((o) => o.title.trim())
    .map((o, i) => ({
      id: idOr(o.id, `objective-${i + 1}`),
      title: text(o.title, SCORM_LIMITS.objectiveTitle, 'learning_objectives.title', 'An objective title'),
      description: text(o.description, SCORM_LIMITS.objectiveDescription, 'learning_objectives.description', 'An objective description'),
      type: oneOf<ObjectiveType>(OBJECTIVE_TYPES, o.type || 'knowledge', 'learning_objectives.type', 'An objective type'),
    }));
  const activities: Activity[] = input.activities
    .filter((a) => a.title.trim())
    .map((a, i) => ({
      id: idOr(a.id, `activity-${i + 1}`),
      title: text(a.title, SCORM_LIMITS.activityTitle, 'activities.title', 'An activity title'),
      type: oneOf<ActivityType>(ACTIVITY_TYPES, a.type || 'reading', 'activities.type', 'An activity type'),
      estimatedDuration: within(a.estimatedDuration || DEFAULT_ACTIVITY_DURATION, 1, SCORM_LIMITS.activityDurationMax, 'activities.estimated_duration', 'An activity duration (minutes)'),
    }));
  unique(objectives.map((o) => o.id), 'learning_objectives.id', 'objective');
  unique(activities.map((a) => a.id), 'activities.id', 'activity');

  const t = input.tracking ?? {};
  const tracking: Partial<ScormTracking> = {};
  if (t.completion_rule) tracking.completion_rule = oneOf(COMPLETION_RULES, String(t.completion_rule), 'tracking.completion_rule', 'The completion rule');
  if (t.completion_threshold) tracking.completion_threshold = within(Number(t.completion_threshold), 1, 100, 'tracking.completion_threshold', 'The completion threshold');
  if (t.passing_score !== undefined && t.passing_score !== '') tracking.passing_score = within(Number(t.passing_score), 0, 100, 'tracking.passing_score', 'The passing score');
  if (t.status_pair) tracking.status_pair = oneOf(STATUS_PAIRS, String(t.status_pair), 'tracking.status_pair', 'The status pair');
  return { packageName, scormVersion, includeTracking: input.includeTracking, tracking, objectives, activities };
}

/**
 * The package's tracking for a project of `content`: what the request gave, the rest the defaults
 * for that content (without questions: slides viewed, completed / incomplete). A tracked package
 * whose rule needs a quiz the project lacks is refused; a status pair naming passed or failed
 * becomes completed / incomplete there (DECISIONS: without a quiz, completion only).
 */
export function trackingOf(requested: Partial<ScormTracking>, content: ScormContent, includeTracking: boolean): ScormTracking {
  const choices = scormTrackingChoices(content);
  if (includeTracking && requested.completion_rule && !choices.rules.includes(requested.completion_rule)) {
    throw AppError.validation('tracking.completion_rule', catalogueMessage(SCORM_MESSAGES, 'ruleNeedsQuiz'));
  }
  return trackingForContent({ ...choices.defaults, ...requested }, content);
}

function unique(ids: string[], field: string, what: string): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw AppError.validation(field, `Two of the ${what} entries share the id ${id}.`);
    seen.add(id);
  }
}
