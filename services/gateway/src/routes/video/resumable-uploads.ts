// Resumable video uploads: the tus 1.0 protocol (tus.io; creation, termination and HEAD/PATCH
// resumption) served by @tus/server at /api/video/uploads/tus, for files a dropped connection
// must not cost from the start (docs/video-processing.md, "Resumable uploads"). The signed-in
// caller creates an upload with its Upload-Length and `filename` metadata: the company, the
// caller's right to process videos there, the extension and the size against the plan's file and
// storage limits are checked before a byte is taken. Only its creator may resume, read or end an
// upload. When the last byte arrives the bytes are checked as the multipart route checks them,
// moved into object storage under the company and registered (project upload, media-render's
// ffprobe); the final answer is 200 with the video file as JSON, which tus clients accept. The
// partial files live under the shared storage's temp area (one locker per gateway process: one
// replica per upload, as the load balancer's stickiness gives; a shared locker comes with the
// operations issue).
import { createReadStream, mkdirSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONTENT_MISMATCH, UPLOAD_KINDS, VIDEO_PROCESSING_MESSAGES as M, contentMatches } from '@trainwright/catalogue';
import { AppError, STORAGE_TEMP_AREA, checkExtension, type ObjectStorage } from '@trainwright/platform';
import { fileTypeFromFile } from 'file-type';
import type { GatewayContext } from '../../context.js';
import { companyOf } from '../../lib/company-of.js';
import { signedIn, type SignedIn } from '../../lib/signed-in.js';
import { overLimit, uploadTargetOf } from '../../lib/upload-receiver.js';
import { forClient, toAppError } from '../../plugins/errors.js';
import { registerStoredVideo, videoFileJson } from './index.js';

export const TUS_PATH = '/api/video/uploads/tus';
const TUS_METHODS = ['POST', 'GET', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'];
/** Bytes read to tell a text file from a video (as the multipart receiver keeps). */
const HEAD_BYTES = 4100;
/** An upload not finished within a day is given up: its partial file goes at the next sweep. */
const UPLOAD_EXPIRY_MS = 24 * 3_600_000;
const SWEEP_EVERY_MS = 3_600_000;

/** A refusal as tus answers it: our error shape as the body. */
function tusError(error: unknown): { status_code: number; body: string } {
  const appError = forClient(error instanceof AppError ? error : toAppError(error as Error));
  return { status_code: appError.status, body: JSON.stringify(appError.toJSON()) };
}

/** An error body in the one shape ({code, message, ...}), or undefined. */
function parsedError(body: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return typeof value === 'object' && value !== null && 'code' in value && 'message' in value ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

async function headOf(path: string): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

export function resumableVideoUploadRoutes({ app, clients }: GatewayContext, storage: ObjectStorage, storageDir: string) {
  const directory = join(storageDir, STORAGE_TEMP_AREA, 'tus');
  // The store makes it on its first upload; the sweep at start needs it before.
  mkdirSync(directory, { recursive: true });
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  /** The signed-in caller of each request tus is handling (its hooks see only the request). */
  const callers = new WeakMap<object, SignedIn & { requestId: string }>();
  const callerOf = (req: object) => {
    const caller = callers.get(req);
    if (!caller) throw tusError(new AppError('UNAUTHENTICATED', 'Authentication failed. Please log in again.'));
    return caller;
  };

  const tus = new Server({
    path: TUS_PATH,
    datastore,
    relativeLocation: true,
    // The largest any plan takes; each upload's own limit is checked when it is created.
    maxSize: UPLOAD_KINDS.video.maxBytes,
    async onUploadCreate(req, upload: Upload) {
      const caller = callerOf(req);
      try {
        const filename = (upload.metadata?.filename ?? '').trim();
        if (!filename) throw AppError.validation('file', 'Please name the file (tus metadata `filename`).');
        checkExtension('video', filename);
        if (upload.sizeIsDeferred || upload.size === undefined) throw AppError.validation('file', 'Please send the file size (Upload-Length) when the upload starts.');
        const asked = upload.metadata?.company_id ?? '';
        const { companyId } = await clients.media.prepareVideoUpload({ userId: caller.userId, companyId: await companyOf(clients, caller.userId, caller.requestId, asked) }, caller.call);
        const target = await uploadTargetOf(clients, 'video', filename, companyId, caller.userId);
        if (upload.size > target.max) throw overLimit(upload.size, target);
        return { metadata: { ...upload.metadata, filename, user_id: caller.userId, company_id: companyId } };
      } catch (error) {
        throw tusError(error);
      }
    },
    async onIncomingRequest(req, uploadId) {
      const caller = callerOf(req);
      if (req.method === 'POST' || req.method === 'OPTIONS') return;
      // Another user's upload is as unknown as one that never was.
      const upload = await datastore.getUpload(uploadId).catch(() => undefined);
      if (!upload || upload.metadata?.user_id !== caller.userId) throw tusError(new AppError('NOT_FOUND', M.fileNotFound));
    },
    async onUploadFinish(req, upload: Upload) {
      const caller = callerOf(req);
      const path = join(directory, upload.id);
      const filename = upload.metadata?.filename ?? '';
      let key: string | undefined;
      try {
        const target = await uploadTargetOf(clients, 'video', filename, upload.metadata?.company_id ?? '', caller.userId);
        const size = upload.size ?? upload.offset;
        if (size > target.max) throw overLimit(size, target);
        const detected = await fileTypeFromFile(path);
        if (!contentMatches(target.ext, detected?.mime, await headOf(path))) throw AppError.validation('file', CONTENT_MISMATCH);
        key = target.key;
        await storage.put(key, createReadStream(path));
        const contentType = detected?.mime ?? 'application/octet-stream';
        const registered = await clients.project.registerUpload(
          { userId: caller.userId, companyId: target.companyId, kind: 'video', filename, size, contentType, storageKey: key, uploadsLimitBytes: target.uploadsLimitBytes },
          caller.call,
        );
        key = undefined;
        const file = await registerStoredVideo(clients, storage, caller, { id: registered.id, kind: 'video', filename, size, contentType, storageKey: target.key, companyId: target.companyId });
        return { status_code: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(videoFileJson(file)) };
      } catch (error) {
        if (key) await storage.delete(key);
        throw tusError(error);
      } finally {
        await datastore.remove(upload.id).catch(() => undefined);
      }
    },
  });

  /** The request as a web Request (tus's own), its answer sent back; tus's plain-text refusals in the one error shape. */
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = signedIn(request);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    const streamed = request.method === 'PATCH' || request.method === 'POST';
    const web = new Request(new URL(request.url, 'http://gateway'), {
      method: request.method,
      headers,
      ...(streamed ? { body: Readable.toWeb(request.raw) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
    } as RequestInit);
    callers.set(web, { ...caller, requestId: request.id });
    const response = await tus.handleWeb(web);
    response.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'transfer-encoding') void reply.header(name, value);
    });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status >= 400) {
      // Our hooks' refusals are already the one shape (tusError); tus's own are a line of text.
      const ours = parsedError(body);
      if (ours) return reply.status(response.status).header('content-type', 'application/json; charset=utf-8').send(ours);
      const text = body.toString('utf8').trim() || 'The upload request was refused.';
      const code = response.status === 404 ? 'NOT_FOUND' : response.status === 412 ? 'PRECONDITION_FAILED' : response.status === 413 ? 'PAYLOAD_TOO_LARGE' : response.status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED';
      return reply.status(response.status).header('content-type', 'application/json; charset=utf-8').send({ code, message: `${text} (tus 1.0 resumable upload)` });
    }
    return reply.status(response.status).send(body.length > 0 ? body : undefined);
  };

  // Expired partial uploads are swept at start and every hour (the Upload-Expires header says when).
  const sweep = () => void tus.cleanUpExpiredUploads().catch((err: unknown) => app.log.warn({ err }, 'sweeping expired tus uploads failed'));
  sweep();
  const sweeper = setInterval(sweep, SWEEP_EVERY_MS).unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  void app.register(async (scope) => {
    // PATCH bodies are the file's bytes: tus reads them from the raw request, nothing parses them.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const schema = { tags: ['video'], summary: 'Resumable video upload (tus 1.0: POST to create with Upload-Length and filename metadata, HEAD and PATCH to resume, DELETE to end)', hide: false };
    // The protocol's methods only (Fastify's `all` would add PUT, TRACE and the like).
    for (const url of [TUS_PATH, `${TUS_PATH}/*`]) scope.route({ method: TUS_METHODS, url, schema, handler: handle });
  });
}
