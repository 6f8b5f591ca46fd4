// Uploads stream from the browser through the gateway into object storage under the company;
// nothing is buffered whole. The bytes must be what the extension says (magic numbers), and the
// size within both the kind's and the plan's limit; a refused file is removed at once.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';

import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromStream } from 'file-type';
import { CONTENT_MISMATCH, UPLOAD_KINDS, contentMatches, maxUploadBytes, type UploadKindName } from '@trainwright/catalogue';
import { AppError, ByteLimit, checkExtension, type ObjectStorage } from '@trainwright/platform';
import type { ServiceClients } from '../clients.js';
import { callerOf } from '../plugins/session.js';

const LARGEST_UPLOAD = Math.max(...Object.values(UPLOAD_KINDS).map((k) => k.maxBytes));

export interface StoredUpload {
  id: string;
  kind: string;
  filename: string;
  size: number;
  contentType: string;
}

/**
 * Reads a multipart request whose text fields come before its one file: the fields decide the
 * upload kind (and company); the file is streamed into storage, checked and registered with the
 * project service. Returns the fields and the registered file (undefined when none was sent).
 */
export function createUploadReceiver(clients: ServiceClients, storage: ObjectStorage) {
  async function storeFile(part: MultipartFile, kind: UploadKindName, companyId: string, userId: string) {
    const ext = checkExtension(kind, part.filename);
    const target = await clients.project.prepareUpload({ userId, companyId }, { userId });
    const max = maxUploadBytes(UPLOAD_KINDS[kind], target.fileUploadLimitMb);
    const key = `companies/${target.companyId}/uploads/${randomUUID()}${ext}`;
    const limit = new ByteLimit(max);
    try {
      await storage.put(key, part.file.pipe(limit));
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', `File size exceeds maximum allowed size`, { field: 'file' });
      if (limit.bytes === 0) throw AppError.validation('file', 'The file is empty.');
      const detected = await fileTypeFromStream(Readable.toWeb(storage.get(key)) as ReadableStream<Uint8Array>);
      if (!contentMatches(ext, detected?.mime, limit.head)) throw AppError.validation('file', CONTENT_MISMATCH);
      return { key, size: limit.bytes, filename: part.filename, contentType: detected?.mime ?? 'text/plain', kind, companyId: target.companyId };
    } catch (error) {
      part.file.resume();
      await storage.delete(key);
      throw error;
    }
  }

  return async function receive(
    request: FastifyRequest,
    options: { maxFields: number; fieldSize: number; kindOf: (fields: Record<string, string>) => UploadKindName },
  ): Promise<{ fields: Record<string, string>; file?: StoredUpload }> {
    const { userId } = callerOf(request);
    if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Please send the file as multipart/form-data.');
    const fields: Record<string, string> = {};
    let stored: Awaited<ReturnType<typeof storeFile>> | undefined;
    // Fields come first; the file part is consumed as a stream the moment it arrives.
    const limits = { files: 1, fields: options.maxFields, fieldSize: options.fieldSize, fileSize: LARGEST_UPLOAD };
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      let kind: UploadKindName;
      try {
        kind = options.kindOf(fields);
      } catch (error) {
        part.file.resume();
        throw error;
      }
      stored = await storeFile(part, kind, fields.company_id ?? '', userId);
    }
    if (!stored) return { fields };
    const file = await clients.project
      .registerUpload(
        { userId, companyId: stored.companyId, kind: stored.kind, filename: stored.filename, size: stored.size, contentType: stored.contentType, storageKey: stored.key },
        { userId, requestId: request.id },
      )
      .catch(async (error: unknown) => {
        await storage.delete(stored!.key);
        throw error;
      });
    return { fields, file: { id: file.id, kind: file.kind, filename: file.filename, size: file.size, contentType: file.contentType } };
  };
}

export type UploadReceiver = ReturnType<typeof createUploadReceiver>;
