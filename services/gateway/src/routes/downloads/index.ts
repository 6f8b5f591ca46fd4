// Downloads of a completed project's files (part 1 sections 5, 7, 8): the media-render service
// decides (tenancy, status, format, plan limit) and says where the file is; the gateway streams
// it from object storage, with byte ranges so video players can seek.
import { Type } from 'typebox';
import type { ObjectStorage } from '@trainwright/platform';
import type { GatewayContext } from '../../context.js';
import { errorResponses } from '../../schemas/common.js';
import { sendFile } from '../../plugins/send-file.js';
import { signedIn } from '../../lib/signed-in.js';

const Params = Type.Object({ id: Type.String({ maxLength: 100 }), format: Type.String({ maxLength: 20 }) });
const PreviewParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
/** `language`: a translation's files ('es'); absent for the project's own. */
const DownloadQuery = Type.Object({ language: Type.Optional(Type.String({ pattern: '^[a-z]{2}$' })) });

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
      const { userId, call } = signedIn(request);
      const { id, format } = request.params as Type.Static<typeof Params>;
      const { language = '' } = request.query as Type.Static<typeof DownloadQuery>;
      // A range (whatever its bytes: `bytes=1-` and `bytes=-N` read a whole file too) is free only
      // when it resumes a download of the same file the caller had counted within the hour;
      // otherwise media-render counts it like a download and refuses it past the plan's limit.
      const range = request.headers.range !== undefined;
      const target = await clients.media.openDownload({ userId, projectId: id, format: format.toLowerCase(), count: true, range, language }, call);
      return sendFile(storage, request.headers.range, target, 'attachment', reply);
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
      const { userId, call } = signedIn(request);
      const { id } = request.params as Type.Static<typeof PreviewParams>;
      const { language = '' } = request.query as Type.Static<typeof DownloadQuery>;
      // The same checks as a download (tenancy, status, the plan's video gate), only never counted.
      const target = await clients.media.openDownload({ userId, projectId: id, format: 'mp4', count: false, range: false, language }, call);
      return sendFile(storage, request.headers.range, target, 'inline', reply);
    },
  );
}
