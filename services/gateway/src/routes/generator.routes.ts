// The AI content generator's two calls (part 1 section 7): a JSON create, and a multipart create
// (fields and file in any order) whose file is streamed into storage first. Both make an
// ai_content_generator project whose generation job the project service enqueues; validation and
// plan checks happen there.
import { Type } from 'typebox';
import { GENERATOR_UPLOAD_KIND, isGeneratorType } from '@trainwright/catalogue';
import { AppError, type ObjectStorage } from '@trainwright/platform';
import { Branding, VoiceSelection } from '@trainwright/proto/trainwright/project/v1/project';
import type { GatewayContext } from '../context.js';
import { Str, errorResponses } from '../schemas/common.js';
import { BrandingBody, VoiceBody } from '../schemas/projects.js';
import { uploadTimeouts, type UploadReceiver } from '../lib/upload-receiver.js';
import { requireVoiceAllowed } from '../lib/voice-access.js';
import { callerOf } from '../plugins/session.js';

const GeneratorBody = Type.Object(
  {
    generator_type: Str(40),
    request_data: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
    project_name: Str(10_000),
    branding: Type.Optional(Type.Union([BrandingBody, Type.Null()])),
    company_id: Type.Optional(Str(64)),
    description: Type.Optional(Str(20_000)),
    visual_format: Type.Optional(Str(20)),
    document_format: Type.Optional(Str(20)),
    template_id: Type.Optional(Type.Union([Str(100), Type.Null()])),
    font_style: Type.Optional(Str(20)),
    image_style: Type.Optional(Str(20)),
    burn_subtitles: Type.Optional(Type.Boolean()),
    voice_selection: Type.Optional(Type.Union([VoiceBody, Type.Null()])),
    ai_instructions: Type.Optional(Str(20_000)),
  },
  { additionalProperties: false },
);
type GeneratorInput = Type.Static<typeof GeneratorBody>;

const GENERATOR_FILE_KINDS = [...new Set(Object.values(GENERATOR_UPLOAD_KIND))];

const Created = Type.Object({
  project_id: Type.String(),
  title: Type.String(),
  file: Type.Optional(Type.Object({ id: Type.String(), filename: Type.String(), size: Type.Integer() })),
});

/** Multipart text fields that hold JSON (request_data, branding). */
function jsonField(fields: Record<string, string>, name: string): unknown {
  const text = fields[name];
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw AppError.validation(name, `${name} must be JSON text`);
  }
}

/** A multipart text field that holds true or false. */
function booleanField(fields: Record<string, string>, name: string): boolean | undefined {
  const text = fields[name];
  if (text === undefined || text.trim() === '') return undefined;
  if (text === 'true' || text === 'false') return text === 'true';
  throw AppError.validation(name, `${name} must be true or false`);
}

export function generatorRoutes({ app, clients, config }: GatewayContext, receiveUpload: UploadReceiver, storage: ObjectStorage) {
  const create = async (userId: string, requestId: string, b: GeneratorInput, fileIds: string[]) => {
    await requireVoiceAllowed(clients, userId, requestId, b.company_id ?? '', b.voice_selection?.voice_id);
    return clients.project.createProject(
      {
        userId,
        companyId: b.company_id ?? '',
        title: b.project_name,
        description: b.description ?? '',
        projectType: 'ai_content_generator',
        inputMethod: fileIds.length > 0 ? 'file' : 'text',
        scriptContent: '',
        slidesContent: '',
        softwareDetails: '',
        visualFormat: b.visual_format ?? '',
        documentFormat: b.document_format ?? '',
        includeBranding: b.branding !== null,
        branding: Branding.fromJSON(b.branding ?? {}),
        aiInstructions: b.ai_instructions ?? '',
        fontStyle: b.font_style ?? '',
        imageStyle: b.image_style ?? '',
        burnSubtitles: b.burn_subtitles ?? false,
        voiceSelection: b.voice_selection ? VoiceSelection.fromJSON(b.voice_selection) : undefined,
        templateId: b.template_id ?? '',
        fileIds,
        generatorType: b.generator_type,
        requestData: b.request_data ?? {},
        derivedFromProjectId: '',
      },
      { userId, requestId },
    );
  };

  app.post(
    '/api/ai-content-generator/projects',
    {
      schema: {
        tags: ['generator'],
        summary: 'Create a project with an AI generator method',
        body: GeneratorBody,
        response: { 201: Created, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId } = callerOf(request);
      const created = await create(userId, request.id, request.body as GeneratorInput, []);
      return reply.status(201).send({ project_id: created.id, title: created.title });
    },
  );

  app.post(
    '/api/ai-content-generator/upload-projects',
    {
      schema: {
        tags: ['generator'],
        summary: 'Create a project with an AI generator method from an uploaded document',
        description:
          'multipart/form-data with the text fields generator_type, request_data (JSON text), project_name, optional branding (JSON text), company_id, visual_format, document_format, voice_selection (JSON text) and burn_subtitles (true or false), and the file, in any order.',
        consumes: ['multipart/form-data'],
        response: { 201: Created, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId } = callerOf(request);
      const { fields, file } = await receiveUpload(request, reply, {
        timeouts: uploadTimeouts(config),
        maxFields: 12,
        fieldSize: 8_388_608,
        kindField: 'generator_type',
        kindOf: (type) => {
          if (!isGeneratorType(type)) throw AppError.validation('generator_type', 'generator_type is not a generator method');
          const kind = GENERATOR_UPLOAD_KIND[type];
          if (!kind) throw AppError.validation('file', 'This generator method does not take a file.');
          return kind;
        },
        kinds: GENERATOR_FILE_KINDS,
      });
      const body: GeneratorInput = {
        generator_type: fields.generator_type ?? '',
        project_name: fields.project_name ?? '',
        request_data: jsonField(fields, 'request_data') as GeneratorInput['request_data'],
        branding: jsonField(fields, 'branding') as GeneratorInput['branding'],
        company_id: fields.company_id,
        visual_format: fields.visual_format,
        document_format: fields.document_format,
        voice_selection: jsonField(fields, 'voice_selection') as GeneratorInput['voice_selection'],
        burn_subtitles: booleanField(fields, 'burn_subtitles'),
      };
      try {
        if (body.request_data !== undefined && (typeof body.request_data !== 'object' || Array.isArray(body.request_data))) {
          throw AppError.validation('request_data', 'request_data must be a JSON object');
        }
        const created = await create(userId, request.id, body, file ? [file.id] : []);
        return reply
          .status(201)
          .send({ project_id: created.id, title: created.title, ...(file && { file: { id: file.id, filename: file.filename, size: file.size } }) });
      } catch (error) {
        // The create was refused: the file it brought is not kept.
        if (file) {
          const { storageKey } = await clients.project.discardUpload({ userId, fileId: file.id }, { userId, requestId: request.id });
          if (storageKey) await storage.delete(storageKey);
        }
        throw error;
      }
    },
  );
}
