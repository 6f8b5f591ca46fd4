// POST /api/uploads: one file for a project, streamed and checked by the upload receiver.
import { Type } from 'typebox';
import { UPLOAD_KINDS, isUploadKind, type UploadKindName } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import type { GatewayContext } from '../../context.js';
import { uploadTimeouts, type UploadReceiver } from '../../lib/upload-receiver.js';
import { errorResponses } from '../../schemas/common.js';

// Library documents go through POST /api/library/documents, which indexes them; videos through
// POST /api/video/uploads, which probes them.
const UPLOAD_KIND_NAMES = (Object.keys(UPLOAD_KINDS) as UploadKindName[]).filter((kind) => kind !== 'library' && kind !== 'video');
const Upload = Type.Object({ id: Type.String(), kind: Type.String(), filename: Type.String(), size: Type.Integer(), content_type: Type.String() });

export function uploadRoutes({ app, config }: GatewayContext, receive: UploadReceiver) {
  app.post(
    '/api/uploads',
    {
      schema: {
        tags: ['projects'],
        summary: 'Upload a file for a project (multipart: kind, optional company_id and file, in any order)',
        consumes: ['multipart/form-data'],
        response: { 201: Upload, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { file } = await receive(request, reply, {
        timeouts: uploadTimeouts(config),
        maxFields: 5,
        fieldSize: 200,
        kindField: 'kind',
        kindOf: (kind) => {
          if (!isUploadKind(kind) || !(UPLOAD_KIND_NAMES as readonly string[]).includes(kind)) throw AppError.validation('kind', `kind must be one of ${UPLOAD_KIND_NAMES.join(', ')}`);
          return kind;
        },
        kinds: UPLOAD_KIND_NAMES,
      });
      if (!file) throw AppError.validation('file', 'Please choose a file to upload.');
      return reply.status(201).send({ id: file.id, kind: file.kind, filename: file.filename, size: file.size, content_type: file.contentType });
    },
  );
}
