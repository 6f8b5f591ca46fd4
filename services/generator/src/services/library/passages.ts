// A document as the library keeps it: passages of about a paragraph, each under its section's
// heading, cut at sentence ends so a passage quoted as a citation reads as the material wrote it.
import { splitSentences } from '@trainwright/formats';
import type { SourceDocument } from '../../domain/types.js';

export interface Passage {
  heading: string;
  text: string;
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * The document's passages in reading order: a section's paragraphs, bullets and table rows joined
 * into passages of at most `maxWords` words (a longer sentence is a passage of its own), at most
 * `maxPassages` of them. The speaker notes of a deck count as its text.
 */
export function passagesOf(doc: SourceDocument, options: { maxWords: number; maxPassages: number }): Passage[] {
  const passages: Passage[] = [];
  for (const section of doc.sections) {
    const blocks = [
      ...section.paragraphs,
      ...section.bullets,
      ...section.tables.flatMap((table) => table.map((row) => row.join(' | '))),
      ...section.notes,
      // The title line a text opens with is the document's title, not a passage.
    ].filter((b) => b.trim() !== '' && b.trim().toLowerCase() !== doc.title.trim().toLowerCase());
    let current: string[] = [];
    let words = 0;
    const flush = () => {
      if (current.length > 0) passages.push({ heading: section.heading.trim(), text: current.join(' ') });
      current = [];
      words = 0;
    };
    for (const block of blocks) {
      for (const sentence of splitSentences(block)) {
        const n = wordCount(sentence.text);
        if (words > 0 && words + n > options.maxWords) flush();
        current.push(sentence.text);
        words += n;
      }
      // A paragraph ends a passage once it holds half a passage: passages follow the material's paragraphs.
      if (words >= options.maxWords / 2) flush();
    }
    flush();
    if (passages.length >= options.maxPassages) break;
  }
  return passages.slice(0, options.maxPassages);
}

/** Characters of text the passages hold. */
export function passageCharacters(passages: readonly Passage[]): number {
  return passages.reduce((n, p) => n + p.heading.length + p.text.length, 0);
}
