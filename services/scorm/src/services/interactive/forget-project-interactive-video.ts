import type { InteractiveDeps } from './deps.js';

/** project.deleted: its interactive video goes (versions, events) with its pinned media. */
export async function forgetProjectInteractiveVideo(deps: Pick<InteractiveDeps, 'store' | 'media'>, projectId: string): Promise<void> {
  for (const key of await deps.store.deleteProject(projectId)) await deps.media.delete(key);
}
