// The company library (docs/library.md): what one document, one search and one generation may
// hold, and the messages its refusals and notices carry.
import { defineMessages } from './messages.js';

export const LIBRARY_LIMITS = {
  /** Characters of a pasted text (the same bound as a generator's pasted source). */
  text: 2_000_000,
  /** Characters of a document's title. */
  title: 200,
  /** Characters of a search. */
  query: 200,
  /** Shortest search, in characters. */
  queryMin: 2,
  /** Results of one search, at most and by default. */
  results: 20,
  defaultResults: 8,
  /** Passages one document is kept as, at most (a longer document keeps its first ones). */
  passages: 2000,
  /** Words of one passage, about (cut at a sentence). */
  passageWords: 120,
  /** Documents a page of the list, at most and by default. */
  pageSize: 100,
  defaultPageSize: 50,
  /** Passages a topic generation reads from the library. */
  generationPassages: 12,
} as const;

export const LIBRARY_KINDS = ['file', 'url', 'text'] as const;
export type LibraryKind = (typeof LIBRARY_KINDS)[number];

/** What a project's content drew from the library, as the project list tells it: 'cited' (its
 * slides cite library passages) or 'none' (the library held nothing about its topic). */
export const LIBRARY_MATERIALS = ['cited', 'none'] as const;
export type LibraryMaterial = (typeof LIBRARY_MATERIALS)[number];

export const LIBRARY_MESSAGES = defineMessages('library', {
  sourceRequired: 'Choose a file, a web page address or a text to add to the library.',
  textRequired: 'The text is empty.',
  noReadableText: 'No readable text was found in this document, so nothing could be added to the library.',
  queryTooShort: 'Type at least 2 characters to search the library.',
  notFound: 'Library document not found',
  /** The notice of a topic generation that found nothing about its topic in the library. */
  noMaterial: 'No material about this topic in your library yet: add documents, or connect an AI model',
  /** The notice of a generation built from library passages. */
  grounded: (count: number) => `Built from your company library (passages cited: ${count}); each slide names its sources.`,
});
