// Reads a generation's source material: uploaded files from object storage, web pages through
// the safe fetcher, pasted text. All the I/O of ingestion is here; parsing is in src/ingest.
import type { ObjectStorage } from '@trainwright/platform';
import type { SourceDocument } from '../domain/types.js';
import { documentFromText, extractDocument } from '../ingest/index.js';
import { fetchArticle } from '../ingest/url.js';
import type { SourceReader, StoredFile } from '../services/ports.js';

export class SourceReaderRepository implements SourceReader {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly options: { libreOfficePath: string | null; allowOrigins: string[]; fetchTimeoutMs: number; fetchMaxBytes: number },
  ) {}

  async file(file: StoredFile): Promise<SourceDocument> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.storage.get(file.storageKey)) chunks.push(chunk as Buffer);
    return extractDocument({ bytes: Buffer.concat(chunks), filename: file.filename }, { libreOfficePath: this.options.libreOfficePath });
  }

  url(url: string): Promise<SourceDocument> {
    return fetchArticle(url, { allowOrigins: this.options.allowOrigins, timeoutMs: this.options.fetchTimeoutMs, maxBytes: this.options.fetchMaxBytes });
  }

  text(text: string, title: string): SourceDocument {
    return documentFromText(text, title);
  }
}
