import { projectEvents, snapshotOfRow } from '../events.js';
import { loadProject } from './access.js';
import type { ProjectDeps } from './deps.js';

/** Deletes a project; returns the storage keys of its files for the caller to remove. */
export async function deleteProject(deps: ProjectDeps, userId: string, projectId: string): Promise<string[]> {
  const { row } = await loadProject(deps, userId, projectId, 'project.delete');
  const keys = await deps.projects.delete(projectId, [
    projectEvents.changed('project.deleted', {
      projectId,
      companyId: row.company_id,
      ownerUserId: row.owner_user_id,
      countsTowardLimit: !row.is_sample,
      ...snapshotOfRow(row),
    }),
  ]);
  deps.afterWrite();
  return keys;
}
