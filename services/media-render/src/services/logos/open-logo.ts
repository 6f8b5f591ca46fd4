// The logo a browser shows, served by us: to a member of the project's company (the project
// preview) or to anyone holding the project's share link (the public share page).
import { Access, AppError, isUuid } from '@trainwright/platform';
import type { LogoDeps, ProjectLogo } from './deps.js';

/** Where a served logo's bytes are. */
export interface LogoTarget {
  storageKey: string;
  contentType: string;
  size: number;
}

export const LOGO_NOT_FOUND = 'This project has no logo that can be shown.';

/** The logo of a project the caller may read (NOT_FOUND for another company's, as the project service answers). */
export async function openMemberLogo(deps: LogoDeps, userId: string, projectId: string): Promise<LogoTarget> {
  if (!isUuid(projectId)) throw AppError.notFound(LOGO_NOT_FOUND);
  const project = await deps.projects.project(userId, projectId);
  await new Access(deps.memberships).require({ userId, companyId: project.companyId, action: 'project.read', notFoundMessage: 'Project not found' });
  return served(deps, { projectId: project.id, companyId: project.companyId, url: project.branding?.logoUrl ?? '' });
}

/** The logo of the project a share link shows (the project service checks the token). */
export async function openSharedLogo(deps: Pick<LogoDeps, 'logos' | 'projects'>, token: string): Promise<LogoTarget> {
  const shared = await deps.projects.sharedProject(token);
  Access.grantedWithoutMembership('share_token');
  return served(deps, { projectId: shared.projectId, companyId: shared.companyId, url: shared.logoUrl });
}

async function served(deps: Pick<LogoDeps, 'logos'>, project: ProjectLogo): Promise<LogoTarget> {
  if (!project.url) throw AppError.notFound(LOGO_NOT_FOUND);
  const kept = await deps.logos.keep(project);
  if (!kept.storageKey) throw AppError.notFound(LOGO_NOT_FOUND);
  return { storageKey: kept.storageKey, contentType: kept.mime, size: kept.size };
}
