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

/** Which deck slides carry a number, and how many are numbered (docs/formats.md, "Slide numbers"). */
export interface SlideNumbering {
  /** Deck index of slide 1: 1 when the first slide is the cover, else 0. */
  first: number;
  /** How many slides are numbered: the slides after the cover. */
  total: number;
  /** Each deck slide's number; null for the slide the cover stands for. */
  numbers: Array<number | null>;
}

/**
 * The one slide numbering of every output (the preview, the slide footers of the video and the
 * PowerPoint, the guide's and manual's section headings): the cover is not numbered, whether the
 * output draws it from the title or the deck opens with a title slide; the slides after it are 1
 * to total.
 */
export function slideNumbering(deck: SlideDeck, cover: CoverText = {}): SlideNumbering {
  const first = opensWithTitleSlide(deck, cover) ? 1 : 0;
  return { first, total: deck.slides.length - first, numbers: deck.slides.map((_, i) => (i < first ? null : i - first + 1)) };
}

/** A slide's number as every footer and the preview write it: '2 / 10'. */
export function slideNumberLabel(number: number, total: number): string {
  return `${number} / ${total}`;
}
