// A topic's passages of the company library as the engines read material (docs/library.md): one
// section per run of passages under the same heading of one document, titled by that heading (or
// the document's title). The engines then build the deck from it as from any document, and
// citations.ts traces each slide back to its passages.
import type { SourceDocument, SourceSection } from '../../domain/types.js';
import { emptySection } from '../../domain/source.js';

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
    const heading = p.heading.trim() || p.documentTitle.trim();
    const continues = last && last.documentId === p.documentId && (last.heading.trim() || last.documentTitle.trim()) === heading && p.position === last.position + 1;
    if (!continues) sections.push(emptySection(heading, 1));
    sections.at(-1)!.paragraphs.push(p.text);
    last = p;
  }
  const documents = [...new Set(passages.map((p) => p.documentTitle))];
  return { title, format: 'text', sections, origin: `the company library (${documents.join('; ')})` };
}
