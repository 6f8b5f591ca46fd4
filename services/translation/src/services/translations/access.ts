// The one tenancy and role check of the translation operations: the project service answers a
// project only to a member of its company (NOT_FOUND otherwise); the caller's role decides reads
// and changes, through the platform's access check (changes read the membership fresh: the
// caller's latest plan and role).
import { Access, type Membership } from '@trainwright/platform';
import type { ProjectInfo } from '../types.js';
import type { TranslationDeps } from './deps.js';

export async function projectAccess(
  deps: Pick<TranslationDeps, 'projects' | 'memberships'>,
  userId: string,
  projectId: string,
  action: 'project.read' | 'project.update',
): Promise<{ project: ProjectInfo; membership: Membership }> {
  const project = await deps.projects.project(userId, projectId);
  const membership = await new Access(deps.memberships).require({ userId, companyId: project.companyId, action, notFoundMessage: 'Project not found' });
  return { project, membership };
}
