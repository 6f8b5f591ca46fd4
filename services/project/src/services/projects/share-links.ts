// Read-only links for reviewers: one active link per project, revocable; the token is the
// credential.
import { AppError } from '@trainwright/platform';
import { randomBytes } from 'node:crypto';
import type { ProjectRow } from './deps.js';
import { loadProject } from './access.js';
import { projectEvents } from '../events.js';
import type { ProjectDeps } from './deps.js';

export async function shareProject(deps: ProjectDeps, userId: string, projectId: string): Promise<{ token: string; createdAt: Date }> {
  await loadProject(deps, userId, projectId, 'project.update');
  const existing = await deps.projects.activeShareLink(projectId);
  const link = existing ?? (await deps.projects.createShareLink(projectId, randomBytes(24).toString('base64url'), userId));
  return { token: link.token, createdAt: link.created_at };
}

export async function revokeShareLinks(deps: ProjectDeps, userId: string, projectId: string): Promise<void> {
  const { row } = await loadProject(deps, userId, projectId, 'project.update');
  await deps.projects.revokeShareLinks(projectId, (tokens) => [projectEvents.shareLinksRevoked({ projectId, companyId: row.company_id, tokens })]);
}

export async function sharedProject(deps: ProjectDeps, token: string): Promise<ProjectRow> {
  const row = /^[A-Za-z0-9_-]{16,64}$/.test(token) ? await deps.projects.projectByShareToken(token) : undefined;
  if (!row) throw AppError.notFound('This link is no longer available.');
  return row;
}
