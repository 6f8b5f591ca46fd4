import { INTERACTIVE_VIDEO_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { failure } from '@trainwright/platform';
import type { InteractiveDeps } from './deps.js';

/** Every attempt's worker died: the version fails instead of waiting for ever. */
export async function abandonInteractiveVideo(deps: Pick<InteractiveDeps, 'store'>, videoId: string, version: number): Promise<void> {
  await deps.store.fail(videoId, version, failure(catalogueMessage(INTERACTIVE_VIDEO_MESSAGES, 'createFailed')));
}
