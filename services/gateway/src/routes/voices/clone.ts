// POST /api/voices/clone: a voice made from uploaded samples (matched by default, cloned with
// ElevenLabs). The samples are read once, to make the voice, and not kept.
import { AppError, type ObjectStorage } from '@trainwright/platform';
import type { GatewayContext } from '../../context.js';
import { errorResponses } from '../../schemas/common.js';
import { voiceJson } from '../../schemas/mappers.js';
import { signedIn } from '../../lib/signed-in.js';
import { uploadTimeouts } from '../../lib/upload-receiver.js';
import { companyOf } from '../../lib/company-of.js';
import { Voice } from './shapes.js';
import { receiveVoiceSamples, type VoiceSample } from './voice-samples.js';

export function cloneRoute({ app, clients, config }: GatewayContext, storage: ObjectStorage) {
  app.post(
    '/api/voices/clone',
    {
      schema: {
        tags: ['voices'],
        summary: 'Make a voice from samples (multipart: name, description, files): matched by default, cloned with ElevenLabs',
        consumes: ['multipart/form-data'],
        response: { 201: Voice, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Please send the samples as multipart/form-data.');
      const companyId = await companyOf(clients, userId, request.id);
      const samples: VoiceSample[] = [];
      try {
        const fields = await receiveVoiceSamples(request, reply, { storage, companyId, timeouts: uploadTimeouts(config) }, samples);
        const voice = await clients.media.cloneVoice(
          { userId, companyId, name: fields.name ?? '', description: fields.description ?? '', samples },
          { ...call, deadlineMs: config.VOICE_CLONE_DEADLINE_MS },
        );
        return reply.status(201).send(voiceJson(voice));
      } finally {
        await Promise.all(samples.map((s) => storage.delete(s.storageKey)));
      }
    },
  );
}
