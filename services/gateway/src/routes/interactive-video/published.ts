// The public side a share token opens without an account: the published version, its video (byte
// ranges) and captions, and where learners' statements go.
import { Type } from 'typebox';
import { interactiveMetadataFromMessage, type ObjectStorage } from '@trainwright/platform';
import type { GatewayContext } from '../../context.js';
import { ErrorBody, Str } from '../../schemas/common.js';
import { InteractiveVideoMetadataJson } from '../../schemas/interactive-video.js';
import { LearnerTrackingJson, learnerTrackingJson } from '../../schemas/learner-tracking.js';
import { sendFile } from '../../plugins/send-file.js';
import { shareLimit } from '../../lib/share-limit.js';

const TokenParams = Type.Object({ token: Str(200) });

const PublishedJson = Type.Object({
  title: Type.String(),
  version: Type.Integer(),
  video_metadata: InteractiveVideoMetadataJson,
  video_url: Type.String(),
  captions_url: Type.Union([Type.String(), Type.Null()]),
  branch_targets: Type.Object({}, { additionalProperties: Type.String() }),
  /** Where the player reports learners' statements (docs/analytics.md, "Senders"); null when the version's analytics are off. */
  tracking: LearnerTrackingJson,
});
const publicErrors = { 400: ErrorBody, 404: ErrorBody, 429: ErrorBody, 503: ErrorBody };

const publicPath = (token: string) => `/api/interactive/${encodeURIComponent(token)}`;

export function publishedRoutes({ app, clients, config }: GatewayContext, storage: ObjectStorage) {
  const sharedLimit = shareLimit(config);

  app.get(
    '/api/interactive/:token',
    {
      config: { public: true, rateLimit: sharedLimit },
      schema: { tags: ['interactive-video'], summary: 'A published interactive video (public, by its share token)', params: TokenParams, response: { 200: PublishedJson, ...publicErrors } },
    },
    async (request, reply) => {
      const { token } = request.params as Type.Static<typeof TokenParams>;
      const p = await clients.scorm.getPublishedInteractiveVideo({ token }, { requestId: request.id });
      void reply.header('cache-control', 'no-store');
      return {
        title: p.title,
        version: p.version,
        video_metadata: interactiveMetadataFromMessage(p.videoMetadata!),
        video_url: `${publicPath(token)}/video`,
        captions_url: p.hasCaptions ? `${publicPath(token)}/captions` : null,
        branch_targets: p.branchTargets,
        tracking: learnerTrackingJson(p.tracking),
      };
    },
  );

  for (const kind of ['video', 'captions'] as const) {
    app.get(
      `/api/interactive/:token/${kind}`,
      {
        config: { public: true, rateLimit: sharedLimit },
        schema: {
          tags: ['interactive-video'],
          summary: kind === 'video' ? "A published interactive video's mp4 (public; byte ranges supported)" : "A published interactive video's WebVTT captions (public)",
          params: TokenParams,
          response: publicErrors,
        },
      },
      async (request, reply) => {
        const { token } = request.params as Type.Static<typeof TokenParams>;
        const media = await clients.scorm.openInteractiveMedia({ token, kind }, { requestId: request.id });
        const target = { storageKey: media.storageKey, size: Number(media.size), contentType: media.contentType, filename: kind === 'video' ? 'interactive-video.mp4' : 'captions.vtt' };
        return sendFile(storage, request.headers.range, target, 'inline', reply);
      },
    );
  }
}
