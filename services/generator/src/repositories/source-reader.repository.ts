// Reads a generation's source material: uploaded files from object storage, web pages through
// the safe fetcher, pasted text. All the I/O of ingestion is here; parsing is in src/ingest and
// runs in a worker thread with the configured limits (src/sandbox), never on the event loop.
import { sizeExceededMessage } from '@trainwright/catalogue';
import type { ObjectStorage } from '@trainwright/platform';
import type { SourceDocument } from '../domain/types.js';
import { documentFromText, IngestError } from '../ingest/index.js';
import { fetchArticle } from '../ingest/url.js';
import { readDocumentInWorker, type DocumentLimits } from '../sandbox/sandboxed-reader.js';
import type { WorkerSupervisor } from '@trainwright/platform';
import type { FileLimits, SourceReader } from '../services/generations/deps.js';
import type { StoredFile } from '../services/ports.js';
import type { LibrarySourceReader } from '../services/library/read-library-source.js';

export class SourceReaderRepository implements SourceReader, LibrarySourceReader {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly options: {
      libreOfficePath: string | null;
      allowOrigins: string[];
      fetchTimeoutMs: number;
      fetchMaxBytes: number;
      /** Where documents are parsed, and within which limits. */
      supervisor: WorkerSupervisor;
      limits: DocumentLimits & { maxBytes: number };
    },
  ) {}

  async file(file: StoredFile, limits: FileLimits = {}): Promise<SourceDocument> {
    const maxBytes = Math.min(this.options.limits.maxBytes, limits.maxBytes ?? Infinity);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of this.storage.get(file.storageKey)) {
      size += (chunk as Buffer).length;
      // Counted as it is read: a file over the limit is not read to its end.
      if (size > maxBytes) throw IngestError.fileTooLarge(sizeExceededMessage(Math.max(size, Number(file.size) || 0), maxBytes));
      chunks.push(chunk as Buffer);
    }
    return readDocumentInWorker(this.options.supervisor, { bytes: Buffer.concat(chunks), filename: file.filename }, this.options.limits, {
      libreOfficePath: this.options.libreOfficePath,
    });
  }

  url(url: string): Promise<SourceDocument> {
    return fetchArticle(url, { allowOrigins: this.options.allowOrigins, timeoutMs: this.options.fetchTimeoutMs, maxBytes: this.options.fetchMaxBytes });
  }

  text(text: string, title: string): SourceDocument {
    return documentFromText(text, title);
  }

  /** Pasted text read like an uploaded .txt file: in a worker, within the document limits. */
  textInSandbox(text: string, title: string): Promise<SourceDocument> {
    const bytes = Buffer.from(text, 'utf8');
    if (bytes.length > this.options.limits.maxBytes) throw IngestError.fileTooLarge(sizeExceededMessage(bytes.length, this.options.limits.maxBytes));
    return readDocumentInWorker(this.options.supervisor, { bytes, filename: 'text.txt' }, this.options.limits, { libreOfficePath: null }).then((doc) =>
      title.trim() ? { ...doc, title: title.trim() } : doc,
    );
  }
}
