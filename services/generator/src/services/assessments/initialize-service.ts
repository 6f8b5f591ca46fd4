// One of the Enhanced AI Dashboard's services: its analyses of the project's content together.
import { AI_SERVICE_TYPES, type AiServiceType } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import type { AiServiceResult } from '../../domain/types.js';
import { requireAgentProject } from './access.js';
import type { AssessmentDeps } from './deps.js';
import { contentOf } from './project-content.js';

export async function initializeService(
  deps: Pick<AssessmentDeps, 'projects' | 'memberships' | 'quality'>,
  userId: string,
  projectId: string,
  serviceType: string,
): Promise<AiServiceResult> {
  if (!(AI_SERVICE_TYPES as readonly string[]).includes(serviceType)) {
    throw AppError.validation('service_type', `service_type must be one of ${AI_SERVICE_TYPES.join(', ')}`);
  }
  const project = await requireAgentProject(deps, userId, projectId);
  return deps.quality.initialize(serviceType as AiServiceType, contentOf(project));
}
