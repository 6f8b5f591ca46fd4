// A result built from library passages, with its citations: each slide's passages listed in the
// content (the preview shows them, the PDF guide lists them) and named at the end of its notes.
import { catalogueMessage, LIBRARY_MESSAGES } from '@trainwright/catalogue';
import type { GenerationResult } from '../../domain/types.js';
import { citeLibrary, withSourceNotes } from './citations.js';
import type { LibraryPassage } from './library-source.js';

const SOURCE_LABEL: Record<string, string> = { en: 'Source', es: 'Fuente', fr: 'Source', de: 'Quelle', it: 'Fonte', pt: 'Fonte' };

export function groundedResult(result: GenerationResult, passages: readonly LibraryPassage[], language: string): GenerationResult {
  const citations = citeLibrary(result.deck, passages);
  const cited = new Set(citations.map((c) => c.passage)).size;
  return {
    ...result,
    deck: withSourceNotes(result.deck, citations, SOURCE_LABEL[language] ?? SOURCE_LABEL.en!),
    citations,
    notices: [...result.notices, catalogueMessage(LIBRARY_MESSAGES, 'grounded', cited).text],
  };
}
