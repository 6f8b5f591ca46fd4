import { SCORM_LIMITS } from '@trainwright/catalogue';
import { AppError, Access, isUuid } from '@trainwright/platform';
import type { PackageRecord } from '../types.js';
import { requireScormAccess } from './access.js';
import type { PackageDeps } from './deps.js';

/** The caller's packages: one project's when `projectId` is given, else those of every company where they may read projects. */
export async function listPackages(deps: Pick<PackageDeps, 'projects' | 'memberships' | 'store'>, userId: string, projectId: string | null): Promise<PackageRecord[]> {
  if (projectId) {
    if (!isUuid(projectId)) throw AppError.notFound('Project not found');
    const project = await deps.projects.project(userId, projectId);
    await requireScormAccess(deps, userId, project.companyId, 'project.read', 'Project not found');
    return deps.store.listFor([project.companyId], projectId, SCORM_LIMITS.listed);
  }
  const { companies } = await deps.memberships.companiesOf(userId);
  const ids = Access.among(companies, 'project.read').map((c) => c.companyId);
  return ids.length ? deps.store.listFor(ids, null, SCORM_LIMITS.listed) : [];
}
