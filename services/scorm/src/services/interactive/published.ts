// The public side: a share token is the credential, and only a published version (its media
// pinned) answers to it.
import { INTERACTIVE_VIDEO_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import type { InteractiveDeps } from './deps.js';
import type { InteractiveVideoView } from './types.js';

/** The published version behind a token (NOT_FOUND unless one is ready). */
export async function publishedView(deps: Pick<InteractiveDeps, 'store'>, token: string): Promise<InteractiveVideoView> {
  const found = typeof token === 'string' && /^[A-Za-z0-9_-]{32,128}$/.test(token) ? await deps.store.findPublished(token) : null;
  if (!found || !found.version.videoKey) throw AppError.notFound(catalogueMessage(INTERACTIVE_VIDEO_MESSAGES, 'notFound'));
  return found;
}
