// Conversions between the slide model and source documents, so every engine step (questions,
// glossary, scoring) can read a deck the same way it reads an uploaded document.
import type { SlideDeck } from '@trainwright/formats';
import type { SourceDocument, SourceSection } from './types.js';

export function emptySection(heading: string, level: number): SourceSection {
  return { heading, level, paragraphs: [], bullets: [], tables: [], notes: [] };
}

export function deckToSource(deck: SlideDeck, origin = 'slides'): SourceDocument {
  return {
    title: deck.title,
    format: 'text',
    origin,
    pageCount: deck.slides.length,
    sections: deck.slides.map((slide) => ({
      ...emptySection(slide.title, slide.title ? 1 : 0),
      paragraphs: [...slide.paragraphs],
      bullets: [...slide.points],
      notes: slide.notes ? [slide.notes] : [],
    })),
  };
}

/** Every piece of text in reading order: headings, paragraphs, bullets, table cells, notes. */
export function sourceText(doc: SourceDocument, options: { notes?: boolean } = {}): string {
  const parts: string[] = [];
  for (const s of doc.sections) {
    if (s.heading) parts.push(s.heading);
    parts.push(...s.paragraphs, ...s.bullets);
    for (const table of s.tables) for (const row of table) parts.push(row.join(' | '));
    if (options.notes !== false) parts.push(...s.notes);
  }
  return parts.join('\n');
}
