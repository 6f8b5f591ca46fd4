// Every output draws its own cover from the title (the PowerPoint title slide, the guide's cover,
// the video's title card). A deck whose first slide says only that title would show it twice, so
// the generator makes no such slide and the renderers take one a user wrote as the cover itself.
import type { SlideDeck } from './slide-model.js';

/** What the cover shows besides the deck's own title: the project's title and description. */
export interface CoverText {
  title?: string;
  description?: string;
}

/** Compared ignoring case, Unicode normalisation and runs of whitespace. */
const fold = (text: string) => text.normalize('NFC').replace(/\s+/gu, ' ').trim().toLowerCase();

/**
 * Whether the deck's first slide only repeats the cover: it has the deck's (or the cover's) title,
 * no points, and no text but the cover's description. Its notes do not count: they are what is
 * said over the cover.
 */
export function opensWithTitleSlide(deck: SlideDeck, cover: CoverText = {}): boolean {
  const first = deck.slides[0];
  if (!first) return false;
  const title = fold(first.title);
  if (title === '' || ![deck.title, cover.title ?? ''].some((t) => fold(t) === title)) return false;
  const description = fold(cover.description ?? '');
  return first.points.every((p) => fold(p) === '') && first.paragraphs.every((p) => fold(p) === '' || fold(p) === description);
}
