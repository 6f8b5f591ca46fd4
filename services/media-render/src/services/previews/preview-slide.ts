import { AppError } from '@trainwright/platform';
import { RenderError } from '../../domain/types.js';
import { previewDeck, type PreviewCaller } from './deck.js';
import type { PreviewDeps } from './deps.js';
import { PREVIEW_MESSAGES } from './messages.js';

export interface PreviewImage {
  png: Buffer;
  slideCount: number;
  title: string;
  version: string;
}

/** One slide of the preview (0 the title card) as a 1280x720 PNG, drawn once per deck version. */
export async function previewSlide(deps: Pick<PreviewDeps, 'views' | 'projects' | 'translations' | 'memberships' | 'logos' | 'drawer' | 'cache'>, caller: PreviewCaller, position: number): Promise<PreviewImage> {
  const deck = await previewDeck(deps, caller);
  if (!Number.isInteger(position) || position < 0 || position >= deck.indexes.length) {
    throw AppError.notFound(PREVIEW_MESSAGES.noSlide(position, deck.indexes.length));
  }
  // Keyed by project too: two projects can be at the same version with the same title.
  const png = await deps.cache.image(`${deck.projectId}:${deck.version}:${position}`, () => deps.drawer.png(deck.input, deck.indexes[position]!));
  if (!png) throw new RenderError(`Slide ${position} of the preview could not be drawn.`);
  return { png, slideCount: deck.indexes.length, title: deck.titles[position]!, version: deck.version };
}
