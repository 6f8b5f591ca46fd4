// The files an event exports, for Google Drive (adapters/google.ts): a completed project's
// documents (the slides, the PDF guide and the Word manual), or a completed translation's. They
// are downloads of the integration's creator: media-render decides them (the creator must still
// be a member who may read the project, and each counts against the plan's download limit, as any
// download does), and answers where each is kept in the shared storage, read from here.
import { createGrpcClient, type ObjectStorage, type PromiseClient } from '@trainwright/platform';
import { MediaServiceClient, MediaServiceService } from '@trainwright/proto/trainwright/media/v1/media';
import type { ExportedFiles } from '../adapters/google.js';
import type { IntegrationRow, Outgoing } from '../services/deps.js';

/** The documents sent to Drive, in this order. */
const FORMATS = ['pptx', 'pdf', 'docx'] as const;
/** Bytes of one file read at most: documents, not videos. */
const MAX_FILE_BYTES = 50 * 1024 * 1024;

async function read(storage: ObjectStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of storage.get(key) as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > MAX_FILE_BYTES) throw new Error(`${key} is larger than ${MAX_FILE_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

export class ExportedFilesRepository implements ExportedFiles {
  private readonly media: PromiseClient<typeof MediaServiceService>;

  constructor(
    mediaAddress: string,
    private readonly storage: ObjectStorage,
    options: { deadlineMs: number },
  ) {
    this.media = createGrpcClient(MediaServiceClient as never, MediaServiceService, mediaAddress, options);
  }

  async filesOf(integration: IntegrationRow, outgoing: Outgoing): Promise<Array<{ name: string; mimeType: string; content: Buffer }>> {
    const projectId = typeof outgoing.payload.project_id === 'string' ? outgoing.payload.project_id : '';
    const language = outgoing.event === 'translation.completed' && typeof outgoing.payload.language === 'string' ? outgoing.payload.language : '';
    if (!projectId || (outgoing.event !== 'project.completed' && outgoing.event !== 'translation.completed')) return [];
    const files = [];
    for (const format of FORMATS) {
      const userId = integration.createdBy;
      const target = await this.media.openDownload({ userId, projectId, format, count: true, range: false, language }, { userId });
      files.push({ name: target.filename, mimeType: target.contentType, content: await read(this.storage, target.storageKey) });
    }
    return files;
  }

  close(): void {
    this.media.close();
  }
}
