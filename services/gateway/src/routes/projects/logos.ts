// Logos come from the copy media-render fetched once and checked (docs/security.md, case 12):
// browsers, the anonymous visitors of a share page too, never contact the URL a user typed.
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { ObjectStorage } from '@trainwright/platform';
import type { LogoTarget } from '@trainwright/proto/trainwright/media/v1/media';
import type { GatewayContext } from '../../context.js';
import { ErrorBody, errorResponses } from '../../schemas/common.js';
import { IdParams } from '../../schemas/projects.js';
import { shareLimit } from '../../lib/share-limit.js';
import { signedIn } from '../../lib/signed-in.js';
import { sendImage } from './send-image.js';
import { TokenParams } from './share-links.js';

function sendLogo(storage: ObjectStorage, target: LogoTarget, cacheControl: string, reply: FastifyReply) {
  return sendImage(reply, target.contentType, target.size, cacheControl, storage.get(target.storageKey));
}

export function logoRoutes({ app, clients, config }: GatewayContext, storage: ObjectStorage) {
  app.get(
    '/api/projects/:id/logo',
    { schema: { tags: ['projects'], summary: "The project's branding logo as we keep it (PNG or JPEG)", params: IdParams, response: { ...errorResponses } } },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      const { id } = request.params as Type.Static<typeof IdParams>;
      const target = await clients.media.getLogo({ userId, projectId: id, shareToken: '' }, call);
      return sendLogo(storage, target, 'private, max-age=300', reply);
    },
  );

  app.get(
    '/api/shared/:token/logo',
    {
      config: { public: true, rateLimit: shareLimit(config) },
      schema: { tags: ['projects'], summary: "A shared project's branding logo (PNG or JPEG)", params: TokenParams, response: { 404: ErrorBody, 503: ErrorBody } },
    },
    async (request, reply) => {
      const { token } = request.params as Type.Static<typeof TokenParams>;
      const target = await clients.media.getLogo({ userId: '', projectId: '', shareToken: token }, { requestId: request.id });
      // Short: a revoked link stops showing it soon.
      return sendLogo(storage, target, 'public, max-age=300', reply);
    },
  );
}
