import type { InteractiveDeps } from './deps.js';
import { getInteractiveVideo } from './get-interactive-video.js';
import type { InteractiveVersionSummary } from './types.js';

/** Every version of the project's interactive video, newest first. */
export async function listInteractiveVideoVersions(
  deps: Pick<InteractiveDeps, 'projects' | 'memberships' | 'store'>,
  userId: string,
  projectId: string,
): Promise<InteractiveVersionSummary[]> {
  const { video } = await getInteractiveVideo(deps, userId, projectId);
  return deps.store.listVersions(video.id);
}
