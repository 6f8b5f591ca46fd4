// Downloads of a completed project's files (part 1 sections 5, 7, 8): the media-render service
// decides (tenancy, status, format, plan limit) and says where the file is; the gateway streams
// it from object storage, with byte ranges so video players can seek.
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { ObjectStorage } from '@trainwright/platform';
import type { DownloadTarget } from '@trainwright/proto/trainwright/media/v1/media';
import type { GatewayContext } from '../context.js';
import { errorResponses } from '../schemas/common.js';
import { callerOf } from '../plugins/session.js';

const Params = Type.Object({ id: Type.String({ maxLength: 100 }), format: Type.String({ maxLength: 20 }) });
const PreviewParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
/** `language`: a translation's files ('es'); absent for the project's own. */
const DownloadQuery = Type.Object({ language: Type.Optional(Type.String({ pattern: '^[a-z]{2}$' })) });

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

export function downloadRoutes({ app, clients }: GatewayContext, storage: ObjectStorage) {
  app.get(
    '/api/projects/:id/download/:format',
    {
      schema: {
        tags: ['projects'],
        summary: "Download a completed project's file: pptx, pdf, docx, txt, mp4 or mov (byte ranges supported), or a translation's with ?language=",
        params: Params,
        querystring: DownloadQuery,
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId } = callerOf(request);
      const { id, format } = request.params as Type.Static<typeof Params>;
      const { language = '' } = request.query as Type.Static<typeof DownloadQuery>;
      // A range (whatever its bytes: `bytes=1-` and `bytes=-N` read a whole file too) is free only
      // when it continues a download of the same file the caller had counted within 24 hours;
      // otherwise media-render counts it like a download and refuses it past the plan's limit.
      const range = request.headers.range !== undefined;
      const target = await clients.media.openDownload({ userId, projectId: id, format: format.toLowerCase(), count: true, range, language }, { userId, requestId: request.id });
      return sendFile(request.headers.range, target, 'attachment', reply);
    },
  );

  app.get(
    '/api/projects/:id/preview/video',
    {
      schema: {
        tags: ['projects'],
        summary: "Play a video project's current mp4 in the preview (byte ranges supported; not counted as a download), a translation's with ?language=",
        params: PreviewParams,
        querystring: DownloadQuery,
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId } = callerOf(request);
      const { id } = request.params as Type.Static<typeof PreviewParams>;
      const { language = '' } = request.query as Type.Static<typeof DownloadQuery>;
      // The same checks as a download (tenancy, status, the plan's video gate), only never counted.
      const target = await clients.media.openDownload({ userId, projectId: id, format: 'mp4', count: false, range: false, language }, { userId, requestId: request.id });
      return sendFile(request.headers.range, target, 'inline', reply);
    },
  );

  /** The whole file (200) or one byte range of it (206; 416 when unsatisfiable). */
  function sendFile(rangeHeader: string | undefined, target: DownloadTarget, disposition: 'attachment' | 'inline', reply: FastifyReply) {
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
}
