// A topic's passages of the company library as the engines read material (docs/library.md): one
// section per run of passages under the same heading of one document, titled by that heading; a
// run without a heading stays untitled, so the engine finds its topics as it does in the document
// itself (and not one slide whose notes hold the whole document). The engines then build the deck
// from it as from any document, and citations.ts traces each slide back to its passages.
import type { SourceDocument, SourceSection } from '../../domain/types.js';
import { emptySection } from '../../domain/source.js';

const SENTENCE_END = /[.!?…]["'”’»)\]]*$/u;

export interface LibraryPassage {
  id: string;
  documentId: string;
  documentTitle: string;
  heading: string;
  text: string;
  position: number;
}

export function librarySource(passages: readonly LibraryPassage[], title: string): SourceDocument {
  const sections: SourceSection[] = [];
  let last: LibraryPassage | null = null;
  for (const p of passages) {
    const heading = p.heading.trim();
    const continues = last && last.documentId === p.documentId && last.heading.trim() === heading && p.position === last.position + 1;
    if (!continues) sections.push(emptySection(heading, heading ? 1 : 0));
    // A passage keeps its blocks on lines (passages.ts): its sentences read as one paragraph, a
    // line without a final stop (a bullet, a table row) stays a point of its own.
    const lines = p.text.split('\n').map((l) => l.trim()).filter(Boolean);
    const prose = lines.filter((l) => SENTENCE_END.test(l));
    if (prose.length > 0) sections.at(-1)!.paragraphs.push(prose.join(' '));
    sections.at(-1)!.bullets.push(...lines.filter((l) => !SENTENCE_END.test(l)));
    last = p;
  }
  const documents = [...new Set(passages.map((p) => p.documentTitle))];
  return { title, format: 'text', sections, origin: `the company library (${documents.join('; ')})` };
}
