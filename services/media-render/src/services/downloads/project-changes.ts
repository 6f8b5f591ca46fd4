// The project events (subscriptions/project-views.subscription.ts) applied to the view downloads,
// the preview and the narration estimate read.
import type { ProjectViewChange } from '../ports.js';
import type { DownloadDeps } from './deps.js';

export function applyProjectChange(deps: Pick<DownloadDeps, 'views'>, change: ProjectViewChange): Promise<void> {
  return deps.views.apply(change);
}

/** The project was deleted: its view stays as a tombstone, so a late event cannot bring it back. */
export function markProjectDeleted(deps: Pick<DownloadDeps, 'views'>, projectId: string, companyId: string): Promise<void> {
  return deps.views.markDeleted(projectId, companyId);
}
