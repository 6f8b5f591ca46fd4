// Uploads stream from the browser through the gateway into object storage under the company;
// nothing is buffered whole. The bytes must be what the extension says (magic numbers), and the
// size within both the kind's and the plan's limit and within the storage the plan has left; a
// refused, aborted or timed-out file is removed at once. The body has time limits (an idle gap and
// an overall time, lib/body-deadline.ts). The text fields may come before or after the file (part 1
// section 7 lists the file first).
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';

import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromStream } from 'file-type';
import {
  CONTENT_MISMATCH,
  UPLOAD_KINDS,
  contentMatches,
  isTierId,
  maxUploadBytes,
  storageLeftBytes,
  storageLimitMessage,
  type UploadKindName,
} from '@trainwright/catalogue';
import { AppError, ByteLimit, STORAGE_TEMP_AREA, checkExtension, fileTooLarge, type ObjectStorage } from '@trainwright/platform';
import type { ServiceClients } from '../clients.js';
import type { GatewayConfig } from '../config.js';
import { callerOf } from '../plugins/session.js';
import { refuseNul } from '../plugins/request-limits.js';
import { BodyDeadline, type BodyTimeouts } from './body-deadline.js';

export interface StoredUpload {
  id: string;
  kind: string;
  filename: string;
  size: number;
  contentType: string;
  /** Where the bytes are, under the company (for a service that reads them next). */
  storageKey: string;
  companyId: string;
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
  /** The body's time limits (UPLOAD_IDLE_TIMEOUT_MS, UPLOAD_BODY_TIMEOUT_MS). */
  timeouts: BodyTimeouts;
  /** The company when the body names none ('' or absent: the caller's current one). */
  companyId?: string;
}

/** The body time limits of every upload route, from the configuration. */
export function uploadTimeouts(config: Pick<GatewayConfig, 'UPLOAD_IDLE_TIMEOUT_MS' | 'UPLOAD_BODY_TIMEOUT_MS'>): BodyTimeouts {
  return { idleMs: config.UPLOAD_IDLE_TIMEOUT_MS, totalMs: config.UPLOAD_BODY_TIMEOUT_MS };
}

/** Where a file goes and what bounds it: the kind's and plan's file limit, and the storage left. */
export interface UploadTarget {
  ext: string;
  companyId: string;
  key: string;
  /** The file limit (kind and plan). */
  fileMax: number;
  /** The plan's storage left (Infinity: no limit). */
  storageLeft: number;
  /** The byte bound while streaming: the smaller of the two. */
  max: number;
  ownerTier: string;
  /** What the owner's uploads may hold together (the plan's storage less rendered files; -1: no limit). */
  uploadsLimitBytes: number;
}

/**
 * The company an upload goes to (the caller must be allowed to create there) and what its plan
 * owner holds: uploads (project service) and rendered files (media-render).
 */
export async function ownerStorageOf(clients: ServiceClients, userId: string, companyField: string) {
  const target = await clients.project.prepareUpload({ userId, companyId: companyField }, { userId });
  const rendered = target.storageLimitBytes < 0 ? { bytes: 0 } : await clients.media.getRenderedBytes({ companyIds: target.ownerCompanyIds }, { userId });
  return { target, rendered };
}

/** What the owner's uploads may hold together: the plan's storage less their rendered files (-1: no limit). */
export function uploadsLimitOf(target: { storageLimitBytes: number }, rendered: { bytes: number }): number {
  return target.storageLimitBytes < 0 ? -1 : Math.max(0, target.storageLimitBytes - rendered.bytes);
}

/**
 * Where files of a kind go for the company field, and the most bytes they may have there: the
 * file limit, and the plan owner's storage left (their companies' uploads, from the project
 * service, plus their rendered files, from media-render).
 */
export async function uploadTargetOf(clients: ServiceClients, kind: UploadKindName, filename: string, companyField: string, userId: string): Promise<UploadTarget> {
  const ext = checkExtension(kind, filename);
  const { target, rendered } = await ownerStorageOf(clients, userId, companyField);
  const fileMax = maxUploadBytes(UPLOAD_KINDS[kind], target.fileUploadLimitMb);
  const storageLeft = storageLeftBytes(target.storageLimitBytes, target.uploadedBytes + rendered.bytes);
  return {
    ext,
    companyId: target.companyId,
    key: `companies/${target.companyId}/uploads/${randomUUID()}${ext}`,
    fileMax,
    storageLeft,
    max: Math.min(fileMax, storageLeft),
    ownerTier: target.ownerTier,
    uploadsLimitBytes: uploadsLimitOf(target, rendered),
  };
}

/** The refusal of a file of `size` bytes over a target's bound: the file limit's, or the storage's. */
export function overLimit(size: number, target: UploadTarget): AppError {
  if (size > target.fileMax || !isTierId(target.ownerTier)) return fileTooLarge(size, Math.min(target.fileMax, target.max));
  return new AppError('PLAN_LIMIT_REACHED', storageLimitMessage(target.ownerTier, size, target.storageLeft), {
    field: 'file',
    limit: 'storageGB',
    storage_left_bytes: target.storageLeft,
  });
}

/** A file part as held in storage while the request is read. */
interface Held {
  /** Where its bytes are; undefined when it was over every limit and nothing was kept. */
  key?: string;
  filename: string;
  size: number;
  head: Uint8Array;
  /** Set once it passed every check where it lies, for the fields it was checked against. */
  placed?: { kind: UploadKindName; companyField: string; companyId: string; contentType: string; uploadsLimitBytes: number };
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
  /** The checks on the stored bytes: some, and what the extension says. Returns their type. */
  async function checkContent(key: string, ext: string, size: number, head: Uint8Array): Promise<string> {
    if (size === 0) throw AppError.validation('file', 'The file is empty.');
    const detected = await fileTypeFromStream(Readable.toWeb(storage.get(key)) as ReadableStream<Uint8Array>);
    if (!contentMatches(ext, detected?.mime, head)) throw AppError.validation('file', CONTENT_MISMATCH);
    return detected?.mime ?? 'text/plain';
  }

  /** Fields first: straight to its place under the exact limit. */
  async function receivePlaced(part: MultipartFile, kind: UploadKindName, companyField: string, userId: string, written: Set<string>): Promise<Held> {
    const target = await uploadTargetOf(clients, kind, part.filename, companyField, userId).catch((error: unknown) => {
      part.file.resume();
      throw error;
    });
    const limit = ByteLimit.over(part.file, target.max);
    await write(part, target.key, limit, written).catch((error: unknown) => {
      throw limit.exceeded ? overLimit(limit.bytes, target) : error;
    });
    const contentType = await checkContent(target.key, target.ext, limit.bytes, limit.head).catch(async (error: unknown) => {
      await storage.delete(target.key);
      throw error;
    });
    return { key: target.key, filename: part.filename, size: limit.bytes, head: limit.head, placed: { kind, companyField, companyId: target.companyId, contentType, uploadsLimitBytes: target.uploadsLimitBytes } };
  }

  /** File first: to the temp area under the spool limit; past it nothing is kept but the size. */
  async function receiveSpooled(part: MultipartFile, spoolMax: number, written: Set<string>): Promise<Held> {
    const key = `${STORAGE_TEMP_AREA}/uploads/${randomUUID()}`;
    const limit = ByteLimit.over(part.file, spoolMax);
    try {
      await write(part, key, limit, written);
    } catch (error) {
      // Too large for any kind: refused once the fields say with which limit.
      if (!limit.exceeded) throw error;
      return { filename: part.filename, size: limit.bytes, head: limit.head };
    }
    return { key, filename: part.filename, size: limit.bytes, head: limit.head };
  }

  /** Applies the final fields' rules to a held file and moves it into place. */
  async function place(held: Held, kind: UploadKindName, companyField: string, userId: string, written: Set<string>): Promise<void> {
    const target = await uploadTargetOf(clients, kind, held.filename, companyField, userId);
    if (held.size > target.max) throw overLimit(held.size, target);
    // Only a file over every limit has no key, and the check above refused it.
    const contentType = await checkContent(held.key!, target.ext, held.size, held.head);
    written.add(target.key);
    await storage.move(held.key!, target.key);
    held.key = target.key;
    held.placed = { kind, companyField, companyId: target.companyId, contentType, uploadsLimitBytes: target.uploadsLimitBytes };
  }

  /** Writes a file part to `key` through `limit`; a refused or broken stream leaves no object. */
  async function write(part: MultipartFile, key: string, limit: ByteLimit, written: Set<string>): Promise<void> {
    written.add(key);
    try {
      await storage.put(key, limit);
    } catch (error) {
      part.file.resume();
      await storage.delete(key);
      throw error;
    }
  }

  async function readBody(
    request: FastifyRequest,
    options: ReceiveOptions,
    userId: string,
    deadline: BodyDeadline,
    written: Set<string>,
    reading: (part: MultipartFile | undefined) => void,
  ): Promise<{ fields: Record<string, string>; file?: StoredUpload }> {
    const spoolMax = Math.max(...options.kinds.map((kind) => UPLOAD_KINDS[kind].maxBytes));
    const fields: Record<string, string> = {};
    let held: Held | undefined;
    try {
      // No parser file limit (it would default to the JSON body limit): the ByteLimit bounds what
      // is stored and counts the real size for the refusal.
      const limits = { files: 1, fields: options.maxFields, fieldSize: options.fieldSize, fileSize: Infinity };
      for await (const part of request.parts({ limits })) {
        // A part that arrives after the time ran out is not read (the request is answered).
        deadline.check();
        if (part.type === 'field') {
          fields[part.fieldname] = refuseNul(part.fieldname, String(part.value));
          continue;
        }
        const kindValue = fields[options.kindField];
        reading(part);
        if (kindValue === undefined) {
          held = await receiveSpooled(part, spoolMax, written);
          continue;
        }
        let kind: UploadKindName;
        try {
          kind = options.kindOf(kindValue);
        } catch (error) {
          part.file.resume();
          throw error;
        }
        held = await receivePlaced(part, kind, fields.company_id ?? options.companyId ?? '', userId, written);
      }
      reading(undefined);
      // The body is all in: what follows is ours, not bounded by the body's time limits.
      deadline.check();
      deadline.stop();
      if (!held) return { fields };
      const kind = options.kindOf(fields[options.kindField]);
      const companyField = fields.company_id ?? options.companyId ?? '';
      if (held.placed?.kind !== kind || held.placed.companyField !== companyField) await place(held, kind, companyField, userId, written);
    } catch (error) {
      if (held?.key) await storage.delete(held.key);
      throw error;
    }
    const { key, filename, size, placed } = held as Required<Held>;
    const file = await clients.project
      .registerUpload(
        { userId, companyId: placed.companyId, kind: placed.kind, filename, size, contentType: placed.contentType, storageKey: key, uploadsLimitBytes: placed.uploadsLimitBytes },
        { userId, requestId: request.id },
      )
      .catch(async (error: unknown) => {
        await storage.delete(key);
        throw error;
      });
    return { fields, file: { id: file.id, kind: file.kind, filename: file.filename, size: file.size, contentType: file.contentType, storageKey: key, companyId: placed.companyId } };
  }

  return async function receive(request: FastifyRequest, reply: FastifyReply, options: ReceiveOptions): Promise<{ fields: Record<string, string>; file?: StoredUpload }> {
    const { userId } = callerOf(request);
    if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Please send the file as multipart/form-data.');
    const deadline = new BodyDeadline(request.raw, options.timeouts);
    /** Every key this request wrote: all removed when the body times out. */
    const written = new Set<string>();
    /** The file part being read: a timeout ends it, which ends (and cleans up) its write. */
    let reading: MultipartFile | undefined;
    deadline.onExpire((error) => reading?.file.destroy(error));
    const body = readBody(request, options, userId, deadline, written, (part) => (reading = part));
    try {
      return await Promise.race([body, deadline.expired]);
    } catch (error) {
      if (deadline.error) {
        // The body's own clean-up runs once its stream ends; what it wrote goes now. The client
        // sends no more of this request: the answer closes the connection.
        await Promise.race([body.catch(() => {}), new Promise((r) => setTimeout(r, 1000).unref())]);
        await Promise.all([...written].map((key) => storage.delete(key)));
        void reply.header('connection', 'close');
        throw deadline.error;
      }
      throw error;
    } finally {
      deadline.stop();
    }
  };
}

export type UploadReceiver = ReturnType<typeof createUploadReceiver>;
