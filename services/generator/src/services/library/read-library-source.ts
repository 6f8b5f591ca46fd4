// A company library's document read for indexing (docs/library.md): the file, page or text read
// like any generation source (files and text parsed in the sandbox, within its limits), then cut
// into passages. The project service checked the caller and keeps the passages.
import { AppError } from '@trainwright/platform';
import { catalogueMessage, LIBRARY_MESSAGES } from '@trainwright/catalogue';
import { detectLanguage } from '../../adapters/offline/text-analysis.js';
import { sourceText } from '../../domain/source.js';
import { GenerationError, type SourceDocument } from '../../domain/types.js';
import { IngestError } from '../../ingest/index.js';
import type { StoredFile } from '../ports.js';
import { passageCharacters, passagesOf, type Passage } from './passages.js';

/** Where a library document's material is read from. */
export interface LibrarySourceReader {
  file(file: StoredFile): Promise<SourceDocument>;
  url(url: string): Promise<SourceDocument>;
  /** Pasted text, parsed off the event loop like a file (it may be megabytes). */
  textInSandbox(text: string, title: string): Promise<SourceDocument>;
}

export type LibrarySourceRequest =
  | { kind: 'file'; file: StoredFile; title: string }
  | { kind: 'url'; url: string; title: string }
  | { kind: 'text'; text: string; title: string };

export interface LibrarySource {
  title: string;
  language: string;
  passages: Passage[];
  characters: number;
}

export async function readLibrarySource(
  deps: { sources: LibrarySourceReader },
  request: LibrarySourceRequest,
  limits: { maxPassages: number; maxWords: number },
): Promise<LibrarySource> {
  let doc: SourceDocument;
  try {
    doc =
      request.kind === 'file'
        ? await deps.sources.file(request.file)
        : request.kind === 'url'
          ? await deps.sources.url(request.url)
          : await deps.sources.textInSandbox(request.text, request.title);
  } catch (error) {
    throw error instanceof GenerationError ? refusalOf(error, request.kind === 'url' ? 'url' : 'file') : error;
  }
  const passages = passagesOf(doc, limits);
  // Words must be there to search: a list of numbers or symbols holds none.
  if (passages.length === 0 || !passages.some((p) => /\p{L}{2,}/u.test(p.text))) {
    throw AppError.validation('file', catalogueMessage(LIBRARY_MESSAGES, 'noReadableText'));
  }
  return {
    title: request.title.trim() || doc.title.trim() || passages[0]!.heading || passages[0]!.text.slice(0, 80),
    language: detectLanguage(sourceText(doc, { notes: true }).slice(0, 50_000)),
    passages,
    characters: passageCharacters(passages),
  };
}

/**
 * The reader's refusal (a file it cannot read, a page it may not or could not fetch) as the API's:
 * an unsupported type is 415, a limit 413, the rest 400, with the reader's message.
 */
function refusalOf(error: GenerationError, field: 'file' | 'url'): AppError {
  const message = error.messageRef ? { id: error.messageRef.id, text: error.message, params: error.messageRef.params } : error.message;
  const code = error instanceof IngestError ? error.code : null;
  if (code === 'unsupported') return new AppError('UNSUPPORTED_MEDIA_TYPE', message, { field });
  if (code === 'too_large' || code === 'limit') return new AppError('PAYLOAD_TOO_LARGE', message, { field });
  return new AppError('VALIDATION_FAILED', message, { field });
}
