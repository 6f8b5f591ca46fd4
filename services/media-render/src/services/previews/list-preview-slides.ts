import { previewDeck, type PreviewCaller } from './deck.js';
import type { PreviewDeps } from './deps.js';

/** The slides of the preview: position 0 the title card, then the deck's slides. */
export interface PreviewDeck {
  /** Changes whenever what the slides show may have changed. */
  version: string;
  titles: string[];
}

export async function listPreviewSlides(deps: Pick<PreviewDeps, 'views' | 'projects' | 'translations' | 'memberships' | 'logos' | 'drawer' | 'cache'>, caller: PreviewCaller): Promise<PreviewDeck> {
  const deck = await previewDeck(deps, caller);
  return { version: deck.version, titles: deck.titles };
}
