// A document as the library keeps it: passages of about a paragraph, each under its section's
// heading, cut at sentence ends so a passage quoted as a citation reads as the material wrote it.
import { splitSentences } from '@trainwright/formats';
import type { SourceDocument } from '../../domain/types.js';

export interface Passage {
  heading: string;
  text: string;
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** A paragraph under this share of a passage's words joins the next one (a lead-in line, a question asked). */
const SHORT_PARAGRAPH = 1 / 8;

/**
 * The document's passages in reading order: a section's paragraphs, bullets and table rows joined
 * into passages of at most `maxWords` words (a longer sentence is a passage of its own), at most
 * `maxPassages` of them. A paragraph ends its passage unless it is short, so a passage never
 * runs two of the material's paragraphs (two topics) together; bullets and rows gather until half
 * a passage. The blocks of a passage are kept on lines of their own, so that a bullet without a
 * full stop does not run into the next. The speaker notes of a deck count as its text.
 */
export function passagesOf(doc: SourceDocument, options: { maxWords: number; maxPassages: number }): Passage[] {
  const passages: Passage[] = [];
  // The title line a text opens with is the document's title, not a passage.
  const own = (b: string) => b.trim() !== '' && b.trim().toLowerCase() !== doc.title.trim().toLowerCase();
  for (const section of doc.sections) {
    const blocks = [
      ...section.paragraphs.filter(own).map((text) => ({ text, prose: true })),
      ...section.bullets.filter(own).map((text) => ({ text, prose: false })),
      ...section.tables.flatMap((table) => table.map((row) => ({ text: row.join(' | '), prose: false }))).filter((b) => own(b.text)),
      ...section.notes.filter(own).map((text) => ({ text, prose: true })),
    ];
    let lines: string[] = [];
    let words = 0;
    const flush = () => {
      if (lines.length > 0) passages.push({ heading: section.heading.trim(), text: lines.join('\n') });
      lines = [];
      words = 0;
    };
    for (const block of blocks) {
      let opened = false;
      for (const sentence of splitSentences(block.text)) {
        const n = wordCount(sentence.text);
        if (words > 0 && words + n > options.maxWords) {
          flush();
          opened = false;
        }
        if (opened) lines[lines.length - 1] += ` ${sentence.text}`;
        else lines.push(sentence.text);
        opened = true;
        words += n;
      }
      // Passages follow the material's paragraphs; a list gathers up to half a passage.
      if (block.prose ? wordCount(block.text) >= options.maxWords * SHORT_PARAGRAPH : words >= options.maxWords / 2) flush();
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
