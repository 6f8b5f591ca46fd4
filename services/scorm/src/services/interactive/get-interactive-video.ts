import { INTERACTIVE_VIDEO_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { loadProject } from './access.js';
import type { InteractiveDeps } from './deps.js';
import type { InteractiveVideoView } from './types.js';

/** The project's interactive video with its current version. */
export async function getInteractiveVideo(deps: Pick<InteractiveDeps, 'projects' | 'memberships' | 'store'>, userId: string, projectId: string): Promise<InteractiveVideoView> {
  await loadProject(deps, userId, projectId, 'project.read');
  const found = await deps.store.findByProject(projectId);
  if (!found) throw AppError.notFound(catalogueMessage(INTERACTIVE_VIDEO_MESSAGES, 'notFound'));
  return found;
}
