// A quality assessment of the project's content, kept with the project so its improvements apply
// the exact recommendations chosen.
import {
  ATMOSPHERES,
  DEFAULT_ATMOSPHERE,
  DEFAULT_TARGET_AUDIENCE,
  QUALITY_DIMENSIONS,
  type QualityDimension,
} from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import type { QualityAssessment, QualityRequest } from '../../domain/types.js';
import { contentHash } from '../content.js';
import { hasAiAgents } from './access.js';
import type { AssessmentDeps } from './deps.js';
import { contentOf } from './project-content.js';

export interface AssessmentView extends QualityAssessment {
  id: string;
}

export interface AssessQualityInput {
  desiredAtmosphere: string;
  targetAudience: string;
  focusAreas: string[];
  notes: string;
}

export async function assessQuality(
  deps: AssessmentDeps,
  userId: string,
  projectId: string,
  input: AssessQualityInput,
): Promise<{ premiumRequired: boolean; assessment: AssessmentView | null }> {
  const project = await deps.projects.get(userId, projectId);
  // An assessment is kept with the project: an editor's to make, like its improvements.
  if (!(await hasAiAgents(deps, userId, project, 'project.update'))) return { premiumRequired: true, assessment: null };
  const request = qualityRequest(input);
  const content = contentOf(project);
  const result = await deps.quality.score(content, request);
  const id = await deps.assessments.insert({
    projectId: project.id,
    companyId: project.companyId,
    createdBy: userId,
    request,
    result,
    contentHash: contentHash(content),
  });
  return { premiumRequired: false, assessment: { id, ...result } };
}

/** The request as scoring reads it: the defaults filled in, the atmosphere and focus areas checked. */
export function qualityRequest(input: AssessQualityInput): QualityRequest {
  const atmosphere = input.desiredAtmosphere || DEFAULT_ATMOSPHERE;
  if (!(ATMOSPHERES as readonly string[]).includes(atmosphere)) {
    throw AppError.validation('desired_atmosphere', `desired_atmosphere must be one of ${ATMOSPHERES.join(', ')}`);
  }
  const focus = [...new Set(input.focusAreas)];
  const bad = focus.find((f) => !(QUALITY_DIMENSIONS as readonly string[]).includes(f));
  if (bad) throw AppError.validation('focus_areas', `${bad} is not a quality dimension (${QUALITY_DIMENSIONS.join(', ')})`);
  return {
    desired_atmosphere: atmosphere as QualityRequest['desired_atmosphere'],
    target_audience: input.targetAudience.trim() || DEFAULT_TARGET_AUDIENCE,
    focus_areas: focus as QualityDimension[],
    notes: input.notes.trim(),
  };
}
