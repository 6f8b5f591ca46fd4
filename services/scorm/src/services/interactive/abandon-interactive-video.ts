import { INTERACTIVE_VIDEO_MESSAGES } from '@trainwright/catalogue';
import type { InteractiveDeps } from './deps.js';

/** Every attempt's worker died: the version fails instead of waiting for ever. */
export async function abandonInteractiveVideo(deps: Pick<InteractiveDeps, 'store'>, videoId: string, version: number): Promise<void> {
  await deps.store.fail(videoId, version, INTERACTIVE_VIDEO_MESSAGES.createFailed);
}
