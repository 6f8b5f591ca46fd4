// An expired trial's data retention has passed (auth's account.data_expired): every project the
// account owns goes, with its files, as a deletion by the owner would (project.deleted for each,
// so media-render removes the rendered files and auth its counts), and the uploads no project used.
import { projectEvents, snapshotOfRow } from '../events.js';
import type { ProjectDeps } from './deps.js';

/** The storage keys of the deleted files, for the caller to remove. Idempotent. */
export async function deleteAccountData(deps: ProjectDeps, account: { userId: string; companyIds: string[] }): Promise<string[]> {
  const keys = await deps.projects.deleteOwnedBy(account.userId, account.companyIds, (row) => [
    projectEvents.changed('project.deleted', { projectId: row.id, companyId: row.company_id, ownerUserId: row.owner_user_id, countsTowardLimit: !row.is_sample, ...snapshotOfRow(row) }),
  ]);
  deps.afterWrite();
  return keys;
}
