import { AppError } from '@trainwright/platform';
import type { InteractiveDeps } from './deps.js';
import { publishedView } from './published.js';

/** Public: where the published version's pinned video or captions are kept. */
export async function openInteractiveMedia(
  deps: Pick<InteractiveDeps, 'store'>,
  token: string,
  kind: string,
): Promise<{ storageKey: string; size: number; contentType: string }> {
  if (kind !== 'video' && kind !== 'captions') throw AppError.validation('kind', 'kind is video or captions.');
  const { version } = await publishedView(deps, token);
  if (kind === 'video') return { storageKey: version.videoKey!, size: version.videoSize, contentType: 'video/mp4' };
  if (!version.captionsKey) throw AppError.notFound('This interactive video has no captions.');
  return { storageKey: version.captionsKey, size: version.captionsSize, contentType: 'text/vtt; charset=utf-8' };
}
