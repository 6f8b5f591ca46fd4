import type { PackageDeps } from './deps.js';

/**
 * project.deleted: its packages go, zips included (an expired account's data goes this way too:
 * the project service deletes each of its projects).
 */
export async function forgetProjectPackages(deps: Pick<PackageDeps, 'store' | 'assembler'>, projectId: string): Promise<void> {
  for (const key of await deps.store.deleteProject(projectId)) await deps.assembler.delete(key);
}
