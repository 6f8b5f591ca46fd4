// A SCORM package as the routes answer it: its settings (objectives, activities, tracking) and its
// build's state.
import { Type } from 'typebox';
import { ACTIVITY_TYPES, COMPLETION_RULES, OBJECTIVE_TYPES, SCORM_LIMITS, STATUS_PAIRS } from '@trainwright/catalogue';
import type { Package } from '@trainwright/proto/trainwright/scorm/v1/scorm';
import { ErrorMessageFields, Int32, Str, errorMessageJson } from '../../schemas/common.js';

export const Enum = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));

export const ObjectiveJson = Type.Object({ id: Str(100), title: Str(SCORM_LIMITS.objectiveTitle), description: Str(SCORM_LIMITS.objectiveDescription), type: Enum(OBJECTIVE_TYPES) });
/** Minutes; absent or 0: DEFAULT_ACTIVITY_DURATION. The tracking percents are ScormTracking's ranges. */
export const ActivityMinutes = Int32({ minimum: 0, maximum: SCORM_LIMITS.activityDurationMax });
export const ActivityJson = Type.Object({ id: Str(100), title: Str(SCORM_LIMITS.activityTitle), type: Enum(ACTIVITY_TYPES), estimated_duration: ActivityMinutes });
export const TrackingJson = Type.Object({
  completion_rule: Enum(COMPLETION_RULES),
  completion_threshold: Int32({ minimum: 1, maximum: 100 }),
  passing_score: Int32({ minimum: 0, maximum: 100 }),
  status_pair: Enum(STATUS_PAIRS),
});

export const PackageJson = Type.Object({
  id: Type.String(),
  project_id: Type.String(),
  company_id: Type.String(),
  package_name: Type.String(),
  scorm_version: Type.String(),
  status: Type.String(),
  progress: Type.Integer(),
  error: Type.String(),
  ...ErrorMessageFields,
  created_at: Type.String(),
  updated_at: Type.String(),
  download_count: Type.Integer(),
  size: Type.Integer(),
  include_tracking: Type.Boolean(),
  tracking: TrackingJson,
  learning_objectives: Type.Array(ObjectiveJson),
  activities: Type.Array(ActivityJson),
  content_version: Type.Integer(),
  has_video: Type.Boolean(),
  // The language packaged ('' for packages made before translated packages: the project's own).
  language: Type.String(),
});

export const packageJson = (p: Package) => ({
  id: p.id,
  project_id: p.projectId,
  company_id: p.companyId,
  package_name: p.packageName,
  scorm_version: p.scormVersion,
  status: p.status,
  progress: p.progress,
  error: p.error,
  ...errorMessageJson(p.errorMessage),
  created_at: p.createdAt,
  updated_at: p.updatedAt,
  download_count: p.downloadCount,
  size: Number(p.size),
  include_tracking: p.includeTracking,
  tracking: {
    completion_rule: p.tracking!.completionRule,
    completion_threshold: p.tracking!.completionThreshold,
    passing_score: p.tracking!.passingScore,
    status_pair: p.tracking!.statusPair,
  },
  learning_objectives: p.learningObjectives,
  activities: p.activities.map((a) => ({ id: a.id, title: a.title, type: a.type, estimated_duration: a.estimatedDuration })),
  content_version: p.contentVersion,
  has_video: p.hasVideo,
  language: p.language,
});
