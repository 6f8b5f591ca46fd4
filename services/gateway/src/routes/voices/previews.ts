// Voice previews: a sample spoken with a voice (media-render synthesises it), then served by us as
// WAV audio.
import { Type } from 'typebox';
import { AppError, type ObjectStorage } from '@trainwright/platform';
import type { GatewayContext } from '../../context.js';
import { errorResponses } from '../../schemas/common.js';
import { signedIn } from '../../lib/signed-in.js';
import { companyOf } from '../../lib/company-of.js';

const PreviewParams = Type.Object({ voice_id: Type.String({ maxLength: 200 }) });
const PreviewBody = Type.Object({ sample_text: Type.Optional(Type.String({ maxLength: 2000 })) }, { additionalProperties: false });
const AudioParams = Type.Object({ audio: Type.String({ maxLength: 80 }) });

export function previewRoutes({ app, clients }: GatewayContext, storage: ObjectStorage) {
  app.post(
    '/api/voices/preview/:voice_id',
    { schema: { tags: ['voices'], summary: 'Speak a sample with a voice', params: PreviewParams, body: PreviewBody, response: { 200: Type.Object({ audio_url: Type.String() }), ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { voice_id } = request.params as Type.Static<typeof PreviewParams>;
      const companyId = await companyOf(clients, userId, request.id);
      const body = (request.body ?? {}) as Type.Static<typeof PreviewBody>;
      const answer = await clients.media.previewVoice({ userId, companyId, voiceId: voice_id, sampleText: body.sample_text ?? '' }, call);
      return { audio_url: `/api/voices/previews/${answer.audioId}.wav` };
    },
  );

  app.get(
    '/api/voices/previews/:audio',
    { schema: { tags: ['voices'], summary: 'A voice preview (WAV)', params: AudioParams } },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      const m = /^([0-9a-f]{32}|[0-9a-f]{64})\.wav$/.exec((request.params as Type.Static<typeof AudioParams>).audio);
      if (!m) throw AppError.notFound('Preview not found');
      // Media-render decides: a company's own voice's preview is its members' only.
      const { storageKey: key } = await clients.media.openVoicePreview({ userId, audioId: m[1]! }, call);
      const size = await storage.size(key).catch(() => -1);
      if (size < 0) throw AppError.notFound('Preview not found');
      reply.header('content-type', 'audio/wav').header('content-length', String(size)).header('cache-control', 'private, max-age=86400');
      return reply.send(storage.get(key));
    },
  );
}
