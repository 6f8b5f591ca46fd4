// The AI content generator's two calls (part 1 section 7): a JSON create, and a multipart create
// (fields and file in any order) whose file is streamed into storage first. Both make an
// ai_content_generator project whose generation job the project service enqueues; validation and
// plan checks happen there.
import type { ObjectStorage } from '@trainwright/platform';
import type { GatewayContext } from '../../context.js';
import type { UploadReceiver } from '../../lib/upload-receiver.js';
import { createRoute } from './create.js';
import { uploadCreateRoute } from './upload-create.js';

export function generatorRoutes(ctx: GatewayContext, receiveUpload: UploadReceiver, storage: ObjectStorage) {
  createRoute(ctx);
  uploadCreateRoute(ctx, receiveUpload, storage);
}
