// POST /api/ai-content-generator/upload-projects: a generator project from a multipart body (fields
// and file in any order) whose file is streamed into storage first, and removed if the create is
// refused.
import { GENERATOR_UPLOAD_KIND, isGeneratorType } from '@trainwright/catalogue';
import { AppError, type ObjectStorage } from '@trainwright/platform';
import type { GatewayContext } from '../../context.js';
import { errorResponses } from '../../schemas/common.js';
import { signedIn } from '../../lib/signed-in.js';
import { uploadTimeouts, type UploadReceiver } from '../../lib/upload-receiver.js';
import { Created, createGeneratorProject, type GeneratorInput } from './generator-project.js';

const GENERATOR_FILE_KINDS = [...new Set(Object.values(GENERATOR_UPLOAD_KIND))];

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

/** The body the JSON create takes, from the multipart text fields. */
function generatorInput(fields: Record<string, string>): GeneratorInput {
  return {
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
}

export function uploadCreateRoute({ app, clients, config }: GatewayContext, receiveUpload: UploadReceiver, storage: ObjectStorage) {
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
      const caller = signedIn(request);
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
      const body = generatorInput(fields);
      try {
        if (body.request_data !== undefined && (typeof body.request_data !== 'object' || Array.isArray(body.request_data))) {
          throw AppError.validation('request_data', 'request_data must be a JSON object');
        }
        const created = await createGeneratorProject(clients, caller, body, file ? [file.id] : []);
        return reply
          .status(201)
          .send({ project_id: created.id, title: created.title, ...(file && { file: { id: file.id, filename: file.filename, size: file.size } }) });
      } catch (error) {
        // The create was refused: the file it brought is not kept.
        if (file) {
          const { storageKey } = await clients.project.discardUpload({ userId: caller.userId, fileId: file.id, companyId: '' }, caller.call);
          if (storageKey) await storage.delete(storageKey);
        }
        throw error;
      }
    },
  );
}
