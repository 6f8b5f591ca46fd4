// One of the Enhanced AI Dashboard's analyses of the project's content.
import { ANALYSIS_TYPES, type AnalysisType } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import type { AiServiceResult } from '../../domain/types.js';
import { requireAgentProject } from './access.js';
import type { AssessmentDeps } from './deps.js';
import { contentOf } from './project-content.js';

export async function analyzeProject(
  deps: Pick<AssessmentDeps, 'projects' | 'memberships' | 'quality'>,
  userId: string,
  projectId: string,
  analysisType: string,
  parameters: Record<string, unknown>,
): Promise<AiServiceResult> {
  if (!(ANALYSIS_TYPES as readonly string[]).includes(analysisType)) {
    throw AppError.validation('analysis_type', `analysis_type must be one of ${ANALYSIS_TYPES.join(', ')}`);
  }
  const project = await requireAgentProject(deps, userId, projectId);
  return deps.quality.analyze(analysisType as AnalysisType, contentOf(project), parameters);
}
