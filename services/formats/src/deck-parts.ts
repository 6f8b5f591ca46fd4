// The parts of a generated deck that repeat the content's objectives: the objectives slide and
// the knowledge check ('Check: <objective>'). Their titles are the catalogue's PRODUCT_HEADINGS
// and the item form is CHECK_ITEMS below, both of which the generator's framing writes, so every
// output can read the objectives from the current slides: after the user edits the objectives
// slide, the documents' overview and the knowledge check follow it instead of the objectives
// stored at generation (docs/formats.md, "Edited objectives").
import { PRODUCT_HEADINGS } from '@trainwright/catalogue';
import type { Citation } from './generated-content.js';
import { MAX_POINTS_PER_SLIDE, type Slide, type SlideDeck } from './slide-model.js';

type Language = keyof typeof PRODUCT_HEADINGS;

/** One knowledge-check item as the generator writes it (framing.ts takes it from here); {x} is the objective. */
export const CHECK_ITEMS: Record<Language, string> = { en: 'Check: {x}', es: 'Comprobar: {x}', fr: 'Vérifier: {x}' };

const LANGUAGES = Object.keys(CHECK_ITEMS) as Language[];
const fold = (text: string) => text.normalize('NFC').replace(/\s+/gu, ' ').trim().toLowerCase();
/** A point as the generator writes it (no final full stop), for comparing. */
const item = (text: string) => fold(text).replace(/\s*\.+$/u, '');

/** The slides of a part titled `titles` (its first slide and the ' (2)', ' (3)' continuations after it). */
function partAt(deck: SlideDeck, titles: readonly string[]): { start: number; end: number; title: string } | null {
  const wanted = new Set(titles.map(fold));
  const start = deck.slides.findIndex((s) => wanted.has(fold(s.title)));
  if (start < 0) return null;
  const title = deck.slides[start]!.title;
  let end = start + 1;
  while (end < deck.slides.length && fold(deck.slides[end]!.title) === fold(`${title} (${end - start + 1})`)) end++;
  return { start, end, title };
}

/** The objectives the deck shows now: its objectives slide's points, else the stored ones. */
export function currentObjectives(deck: SlideDeck, stored: readonly string[]): string[] {
  const part = partAt(deck, LANGUAGES.flatMap((l) => [PRODUCT_HEADINGS[l].objectives, PRODUCT_HEADINGS[l].objectivesFriendly]));
  if (!part) return [...stored];
  const points = deck.slides.slice(part.start, part.end).flatMap((s) => s.points.map((p) => p.trim()).filter((p) => p !== ''));
  return points.length > 0 ? points : [...stored];
}

/**
 * The deck with its knowledge check made of `current` objectives when it still lists the check
 * items of the `stored` ones as generated; a knowledge check the user changed is kept as written.
 */
export function withCurrentKnowledgeCheck(deck: SlideDeck, stored: readonly string[], current: readonly string[]): SlideDeck {
  for (const language of LANGUAGES) {
    const part = partAt(deck, [PRODUCT_HEADINGS[language].knowledgeCheck]);
    if (!part) continue;
    const check = (o: string) => CHECK_ITEMS[language].replace('{x}', o.trim().replace(/\s*\.+$/u, ''));
    const slides = deck.slides.slice(part.start, part.end);
    const points = slides.flatMap((s) => s.points);
    const generated = points.length === stored.length && points.every((p, i) => item(p) === item(check(stored[i]!)));
    if (!generated || current.length === 0) return deck;
    const items = current.map(check);
    const rebuilt: Slide[] = [];
    for (let i = 0; i < items.length; i += MAX_POINTS_PER_SLIDE) {
      const n = rebuilt.length;
      const base = slides[n] ?? { ...slides[0]!, paragraphs: [], notes: '', trainerNotes: undefined };
      const { trainerNotes, ...rest } = base;
      rebuilt.push({ ...rest, ...(trainerNotes ? { trainerNotes } : {}), title: n === 0 ? part.title : `${part.title} (${n + 1})`, points: items.slice(i, i + MAX_POINTS_PER_SLIDE) });
    }
    return { ...deck, slides: [...deck.slides.slice(0, part.start), ...rebuilt, ...deck.slides.slice(part.end)] };
  }
  return deck;
}

/** The points of the deck's summary part ('Summary' or 'Key takeaways' in a product language), or null without one. */
function summaryPoints(deck: SlideDeck): string[] | null {
  const part = partAt(deck, LANGUAGES.flatMap((l) => [PRODUCT_HEADINGS[l].summary, PRODUCT_HEADINGS[l].summaryFriendly]));
  return part ? deck.slides.slice(part.start, part.end).flatMap((s) => s.points.map((p) => p.trim()).filter((p) => p !== '')) : null;
}

/**
 * The content's summary after a hand edit of its slides from `before` to `after`: the stored
 * paragraph while the summary slide keeps its points (the generator writes the two apart: a
 * paragraph and short points), else the edited points as sentences, so the documents' overview
 * says what the summary slide now says.
 */
export function summaryAfterEdit(before: SlideDeck, after: SlideDeck, stored: string): string {
  const was = summaryPoints(before);
  const now = summaryPoints(after);
  if (!now || now.length === 0) return stored;
  if (was && was.length === now.length && was.every((p, i) => item(p) === item(now[i]!))) return stored;
  return now.map((p) => (/[.!?…:]$/u.test(p) ? p : `${p}.`)).join(' ');
}

/**
 * The citations after a hand edit of the slides from `before` to `after`: a slide whose title and
 * points are unchanged keeps its citations at its new place (slides may be added, removed or moved);
 * an edited or removed slide loses them, since its points may no longer be the passage's.
 */
export function citationsAfterEdit(before: SlideDeck, after: SlideDeck, citations: readonly Citation[]): Citation[] {
  const key = (slide: Slide) => JSON.stringify([slide.title.trim(), slide.points.map(item)]);
  const free = new Map<string, number[]>();
  after.slides.forEach((slide, i) => free.set(key(slide), [...(free.get(key(slide)) ?? []), i]));
  const moved = new Map<number, number>();
  before.slides.forEach((slide, i) => {
    const places = free.get(key(slide));
    if (places && places.length > 0) moved.set(i, places.shift()!);
  });
  return citations.flatMap((c) => (moved.has(c.slide_index) ? [{ ...c, slide_index: moved.get(c.slide_index)! }] : []));
}
