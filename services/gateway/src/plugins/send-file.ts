// Streaming a file from object storage as a response, with byte ranges so video players can seek:
// the project downloads and previews (routes/downloads/) and the public interactive video
// (routes/interactive-video/).
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import type { ObjectStorage } from '@trainwright/platform';

/** What is sent: where the file is kept, its size, type and the name it is saved under. */
export interface FileTarget {
  storageKey: string;
  size: number;
  contentType: string;
  filename: string;
}

/** One `bytes=a-b` range (or `a-` / `-n`) of a file of `size` bytes; null when absent, 'invalid' when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

/** The whole file (200) or one byte range of it (206; 416 when unsatisfiable). */
export function sendFile(storage: ObjectStorage, rangeHeader: string | undefined, target: FileTarget, disposition: 'attachment' | 'inline', reply: FastifyReply) {
  const range = parseRange(rangeHeader, target.size);
  reply.header('accept-ranges', 'bytes');
  if (range === 'invalid') {
    reply.header('content-range', `bytes */${target.size}`);
    return reply.status(416).send({ code: 'RANGE_NOT_SATISFIABLE', message: 'The requested byte range is not satisfiable.' });
  }
  reply.header('content-type', target.contentType);
  reply.header('content-disposition', contentDisposition(target.filename, { type: disposition }));
  reply.header('cache-control', 'private, no-store');
  if (range) {
    reply.status(206);
    reply.header('content-range', `bytes ${range.start}-${range.end}/${target.size}`);
    reply.header('content-length', String(range.end - range.start + 1));
    return reply.send(storage.get(target.storageKey, range));
  }
  reply.header('content-length', String(target.size));
  return reply.send(storage.get(target.storageKey));
}
