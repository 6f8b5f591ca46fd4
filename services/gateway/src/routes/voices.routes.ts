// The voice library (part 2 section 7): voices with their plan locks, the company's own voices,
// previews we synthesise and serve, and voice matching / cloning from uploaded samples.
import { randomUUID } from 'node:crypto';
import { Type } from 'typebox';
import { VOICE_SAMPLE_UPLOAD, formatBytes } from '@trainwright/catalogue';
import { AppError, ByteLimit, type ObjectStorage } from '@trainwright/platform';
import type { MultipartFile } from '@fastify/multipart';
import type { GatewayContext } from '../context.js';
import { errorResponses } from '../schemas/common.js';
import { voiceJson } from '../schemas/mappers.js';
import { companyOf } from '../lib/voice-access.js';
import { callerOf } from '../plugins/session.js';
import { refuseNul } from '../plugins/request-limits.js';
import { BodyDeadline } from '../lib/body-deadline.js';
import { uploadTimeouts } from '../lib/upload-receiver.js';

const CLONE_MAX_BYTES = VOICE_SAMPLE_UPLOAD.maxBytes;
const CLONE_MAX_FILES = 10;

const Voice = Type.Object(
  {
    voice_id: Type.String(),
    name: Type.String(),
    category: Type.String(),
    description: Type.String(),
    settings: Type.Record(Type.String(), Type.Unknown()),
    is_premium: Type.Boolean(),
    labels: Type.Object({ gender: Type.String(), age: Type.String(), accent: Type.String(), language: Type.String() }),
    tier: Type.String(),
    locked: Type.Boolean(),
    locked_message: Type.String(),
  },
  { $id: 'Voice' },
);

const CompanyQuery = Type.Object({ company_id: Type.Optional(Type.String({ maxLength: 64 })) });
const PreviewParams = Type.Object({ voice_id: Type.String({ maxLength: 200 }) });
const PreviewBody = Type.Object({ sample_text: Type.Optional(Type.String({ maxLength: 2000 })) }, { additionalProperties: false });
const AudioParams = Type.Object({ audio: Type.String({ maxLength: 80 }) });

export function voiceRoutes({ app, clients, config }: GatewayContext, storage: ObjectStorage) {
  const opts = (userId: string, requestId: string) => ({ userId, requestId });

  app.get(
    '/api/voices/available',
    { schema: { tags: ['voices'], summary: 'The voice library with plan locks', querystring: CompanyQuery, response: { 200: Type.Object({ voices: Type.Array(Voice), categories: Type.Record(Type.String(), Type.Integer()) }), ...errorResponses } } },
    async (request) => {
      const { userId } = callerOf(request);
      const companyId = await companyOf(clients, userId, request.id, (request.query as { company_id?: string }).company_id);
      const answer = await clients.media.listVoices({ userId, companyId }, opts(userId, request.id));
      return { voices: answer.voices.map(voiceJson), categories: answer.categories };
    },
  );

  app.get(
    '/api/voices/user/custom',
    { schema: { tags: ['voices'], summary: "The company's own voices", querystring: CompanyQuery, response: { 200: Type.Object({ voices: Type.Array(Voice) }), ...errorResponses } } },
    async (request) => {
      const { userId } = callerOf(request);
      const companyId = await companyOf(clients, userId, request.id, (request.query as { company_id?: string }).company_id);
      const answer = await clients.media.listCustomVoices({ userId, companyId }, opts(userId, request.id));
      return { voices: answer.voices.map(voiceJson) };
    },
  );

  app.post(
    '/api/voices/preview/:voice_id',
    { schema: { tags: ['voices'], summary: 'Speak a sample with a voice', params: PreviewParams, body: PreviewBody, response: { 200: Type.Object({ audio_url: Type.String() }), ...errorResponses } } },
    async (request) => {
      const { userId } = callerOf(request);
      const { voice_id } = request.params as Type.Static<typeof PreviewParams>;
      const companyId = await companyOf(clients, userId, request.id);
      const body = (request.body ?? {}) as Type.Static<typeof PreviewBody>;
      const answer = await clients.media.previewVoice({ userId, companyId, voiceId: voice_id, sampleText: body.sample_text ?? '' }, opts(userId, request.id));
      return { audio_url: `/api/voices/previews/${answer.audioId}.wav` };
    },
  );

  app.get(
    '/api/voices/previews/:audio',
    { schema: { tags: ['voices'], summary: 'A voice preview (WAV)', params: AudioParams } },
    async (request, reply) => {
      const { userId } = callerOf(request);
      const m = /^([0-9a-f]{32}|[0-9a-f]{64})\.wav$/.exec((request.params as { audio: string }).audio);
      if (!m) throw AppError.notFound('Preview not found');
      // Media-render decides: a company's own voice's preview is its members' only.
      const { storageKey: key } = await clients.media.openVoicePreview({ userId, audioId: m[1]! }, opts(userId, request.id));
      const size = await storage.size(key).catch(() => -1);
      if (size < 0) throw AppError.notFound('Preview not found');
      reply.header('content-type', 'audio/wav').header('content-length', String(size)).header('cache-control', 'private, max-age=86400');
      return reply.send(storage.get(key));
    },
  );

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
      const { userId } = callerOf(request);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Please send the samples as multipart/form-data.');
      const companyId = await companyOf(clients, userId, request.id);
      const fields: Record<string, string> = {};
      const samples: Array<{ filename: string; storageKey: string; size: number }> = [];
      // The body's time limits, as for every upload: a timeout ends the sample being read (its
      // write fails) and the samples are removed below.
      const deadline = new BodyDeadline(request.raw, uploadTimeouts(config));
      let reading: MultipartFile | undefined;
      deadline.onExpire((error) => reading?.file.destroy(error));
      const readSamples = async () => {
        for await (const part of request.parts({ limits: { files: CLONE_MAX_FILES, fields: 5, fieldSize: 2000, fileSize: CLONE_MAX_BYTES * 4 } })) {
          deadline.check();
          if (part.type === 'field') {
            fields[part.fieldname] = refuseNul(part.fieldname, String(part.value));
            continue;
          }
          const ext = (/\.[a-z0-9]{1,5}$/i.exec(part.filename)?.[0] ?? '').toLowerCase();
          const storageKey = `companies/${companyId}/voice-samples/${randomUUID()}${ext}`;
          // Samples need no field: name and description may come before or after them.
          const limit = ByteLimit.over(part.file, CLONE_MAX_BYTES);
          reading = part;
          samples.push({ filename: part.filename, storageKey, size: 0 });
          await storage.put(storageKey, limit).catch((error: unknown) => {
            if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE') {
              throw AppError.validation('files', `${part.filename} is larger than ${formatBytes(CLONE_MAX_BYTES)} (${(limit.bytes / 1048576).toFixed(1)} MB).`);
            }
            throw error;
          });
          samples[samples.length - 1]!.size = limit.bytes;
        }
        reading = undefined;
        deadline.check();
        deadline.stop();
      };
      const read = readSamples();
      try {
        try {
          await Promise.race([read, deadline.expired]);
        } catch (error) {
          if (!deadline.error) throw error;
          // Wait a moment for the sample being written to end, then answer (and close).
          await Promise.race([read.catch(() => {}), new Promise((r) => setTimeout(r, 1000).unref())]);
          void reply.header('connection', 'close');
          throw deadline.error;
        }
        const voice = await clients.media.cloneVoice(
          { userId, companyId, name: fields.name ?? '', description: fields.description ?? '', samples },
          { ...opts(userId, request.id), deadlineMs: config.VOICE_CLONE_DEADLINE_MS },
        );
        return reply.status(201).send(voiceJson(voice));
      } finally {
        deadline.stop();
        // Samples are read once, to match (or clone) the voice; they are not kept.
        await Promise.all(samples.map((s) => storage.delete(s.storageKey)));
      }
    },
  );
}
