// Uploads stream from the browser through the gateway into object storage under the company;
// nothing is buffered whole. The bytes must be what the extension says (magic numbers), and the
// size within both the kind's and the plan's limit; a refused or aborted file is removed at once.
// The text fields may come before or after the file (part 1 section 7 lists the file first).
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';

import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromStream } from 'file-type';
import { CONTENT_MISMATCH, UPLOAD_KINDS, contentMatches, maxUploadBytes, type UploadKindName } from '@trainwright/catalogue';
import { AppError, ByteLimit, STORAGE_TEMP_AREA, checkExtension, fileTooLarge, type ObjectStorage } from '@trainwright/platform';
import type { ServiceClients } from '../clients.js';
import { callerOf } from '../plugins/session.js';
import { refuseNul } from '../plugins/request-limits.js';

export interface StoredUpload {
  id: string;
  kind: string;
  filename: string;
  size: number;
  contentType: string;
}

export interface ReceiveOptions {
  maxFields: number;
  fieldSize: number;
  /** The text field that decides the upload kind. */
  kindField: string;
  /** The kind that field's value names; throws the route's 400 when it is missing or wrong. */
  kindOf: (value: string | undefined) => UploadKindName;
  /** Every kind kindOf can answer: a file that arrives before its kind is bounded by the largest of their limits. */
  kinds: readonly UploadKindName[];
}

/** A file part as held in storage while the request is read. */
interface Held {
  /** Where its bytes are; undefined when it was over every limit and nothing was kept. */
  key?: string;
  filename: string;
  size: number;
  head: Uint8Array;
  /** Set once it passed every check where it lies, for the fields it was checked against. */
  placed?: { kind: UploadKindName; companyField: string; companyId: string; contentType: string };
}

/**
 * Reads a multipart request with at most one file and its text fields, in any order: the fields
 * decide the upload kind (and company); the file is checked and stored under the company, and
 * registered with the project service. Returns the fields and the registered file (undefined when
 * none was sent).
 *
 * Fields first (the fast path): the file streams straight to its place under the exact limit.
 * File first: it streams to storage's temp area under the largest limit of the route's kinds
 * (cut off beyond it; the real size is still counted), and is checked, then moved into place or
 * deleted, once every field has arrived. A field that changes the decision after a fast-path
 * file (a company_id sent after it) has the file checked again for the final fields.
 */
export function createUploadReceiver(clients: ServiceClients, storage: ObjectStorage) {
  /** Where files of a kind go for the company field, and the most bytes they may have there. */
  async function targetOf(kind: UploadKindName, filename: string, companyField: string, userId: string) {
    const ext = checkExtension(kind, filename);
    const target = await clients.project.prepareUpload({ userId, companyId: companyField }, { userId });
    return {
      ext,
      companyId: target.companyId,
      max: maxUploadBytes(UPLOAD_KINDS[kind], target.fileUploadLimitMb),
      key: `companies/${target.companyId}/uploads/${randomUUID()}${ext}`,
    };
  }

  /** Writes a file part to `key` through `limit`; a refused or broken stream leaves no object. */
  async function write(part: MultipartFile, key: string, limit: ByteLimit): Promise<void> {
    try {
      await storage.put(key, limit);
    } catch (error) {
      part.file.resume();
      await storage.delete(key);
      throw error;
    }
  }

  /** The checks on the stored bytes: some, and what the extension says. Returns their type. */
  async function checkContent(key: string, ext: string, size: number, head: Uint8Array): Promise<string> {
    if (size === 0) throw AppError.validation('file', 'The file is empty.');
    const detected = await fileTypeFromStream(Readable.toWeb(storage.get(key)) as ReadableStream<Uint8Array>);
    if (!contentMatches(ext, detected?.mime, head)) throw AppError.validation('file', CONTENT_MISMATCH);
    return detected?.mime ?? 'text/plain';
  }

  /** Fields first: straight to its place under the exact limit. */
  async function receivePlaced(part: MultipartFile, kind: UploadKindName, companyField: string, userId: string): Promise<Held> {
    const target = await targetOf(kind, part.filename, companyField, userId).catch((error: unknown) => {
      part.file.resume();
      throw error;
    });
    const limit = ByteLimit.over(part.file, target.max);
    await write(part, target.key, limit);
    const contentType = await checkContent(target.key, target.ext, limit.bytes, limit.head).catch(async (error: unknown) => {
      await storage.delete(target.key);
      throw error;
    });
    return { key: target.key, filename: part.filename, size: limit.bytes, head: limit.head, placed: { kind, companyField, companyId: target.companyId, contentType } };
  }

  /** File first: to the temp area under the spool limit; past it nothing is kept but the size. */
  async function receiveSpooled(part: MultipartFile, spoolMax: number): Promise<Held> {
    const key = `${STORAGE_TEMP_AREA}/uploads/${randomUUID()}`;
    const limit = ByteLimit.over(part.file, spoolMax);
    try {
      await write(part, key, limit);
    } catch (error) {
      // Too large for any kind: refused once the fields say with which limit.
      if (!limit.exceeded) throw error;
      return { filename: part.filename, size: limit.bytes, head: limit.head };
    }
    return { key, filename: part.filename, size: limit.bytes, head: limit.head };
  }

  /** Applies the final fields' rules to a held file and moves it into place. */
  async function place(held: Held, kind: UploadKindName, companyField: string, userId: string): Promise<void> {
    const target = await targetOf(kind, held.filename, companyField, userId);
    if (held.size > target.max) throw fileTooLarge(held.size, target.max);
    // Only a file over every limit has no key, and the check above refused it.
    const contentType = await checkContent(held.key!, target.ext, held.size, held.head);
    await storage.move(held.key!, target.key);
    held.key = target.key;
    held.placed = { kind, companyField, companyId: target.companyId, contentType };
  }

  return async function receive(request: FastifyRequest, options: ReceiveOptions): Promise<{ fields: Record<string, string>; file?: StoredUpload }> {
    const { userId } = callerOf(request);
    if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Please send the file as multipart/form-data.');
    const spoolMax = Math.max(...options.kinds.map((kind) => UPLOAD_KINDS[kind].maxBytes));
    const fields: Record<string, string> = {};
    let held: Held | undefined;
    try {
      // No parser file limit (it would default to the JSON body limit): the ByteLimit bounds what
      // is stored and counts the real size for the refusal.
      const limits = { files: 1, fields: options.maxFields, fieldSize: options.fieldSize, fileSize: Infinity };
      for await (const part of request.parts({ limits })) {
        if (part.type === 'field') {
          fields[part.fieldname] = refuseNul(part.fieldname, String(part.value));
          continue;
        }
        const kindValue = fields[options.kindField];
        if (kindValue === undefined) {
          held = await receiveSpooled(part, spoolMax);
          continue;
        }
        let kind: UploadKindName;
        try {
          kind = options.kindOf(kindValue);
        } catch (error) {
          part.file.resume();
          throw error;
        }
        held = await receivePlaced(part, kind, fields.company_id ?? '', userId);
      }
      if (!held) return { fields };
      const kind = options.kindOf(fields[options.kindField]);
      const companyField = fields.company_id ?? '';
      if (held.placed?.kind !== kind || held.placed.companyField !== companyField) await place(held, kind, companyField, userId);
    } catch (error) {
      if (held?.key) await storage.delete(held.key);
      throw error;
    }
    const { key, filename, size, placed } = held as Required<Held>;
    const file = await clients.project
      .registerUpload({ userId, companyId: placed.companyId, kind: placed.kind, filename, size, contentType: placed.contentType, storageKey: key }, { userId, requestId: request.id })
      .catch(async (error: unknown) => {
        await storage.delete(key);
        throw error;
      });
    return { fields, file: { id: file.id, kind: file.kind, filename: file.filename, size: file.size, contentType: file.contentType } };
  };
}

export type UploadReceiver = ReturnType<typeof createUploadReceiver>;
