// Tenancy and plan: the project service answers a project only to a member of its company (another
// company's project is NOT_FOUND); creating needs the role action 'project.update', reading
// 'project.read'; the company's plan must include videoGeneration (the elements lie over the
// narrated video: Professional and above).
import { AppError, Access, isUuid, type Membership } from '@trainwright/platform';
import type { ProjectSource } from '../types.js';
import type { InteractiveDeps } from './deps.js';

const PROJECT_NOT_FOUND = 'Project not found';

/** The caller's membership when they may do `action` in the company and its plan includes videoGeneration. */
export function requireVideoAccess(
  deps: Pick<InteractiveDeps, 'memberships'>,
  userId: string,
  companyId: string,
  action: 'project.update' | 'project.read',
): Promise<Membership> {
  return new Access(deps.memberships).require({ userId, companyId, action, capability: 'videoGeneration', notFoundMessage: PROJECT_NOT_FOUND });
}

/** The project, when the caller may do `action` on it (NOT_FOUND for another company's). */
export async function loadProject(
  deps: Pick<InteractiveDeps, 'projects' | 'memberships'>,
  userId: string,
  projectId: string,
  action: 'project.update' | 'project.read',
): Promise<{ project: ProjectSource; membership: Membership }> {
  if (!isUuid(projectId)) throw AppError.notFound(PROJECT_NOT_FOUND);
  const project = await deps.projects.project(userId, projectId);
  const membership = await requireVideoAccess(deps, userId, project.companyId, action);
  return { project, membership };
}
