// Advanced video processing (docs/video-processing.md; part 2 section 7): uploads of a company's
// videos (and the still images a chroma key puts behind them), the jobs run on them by
// media-render's `video` workers, each answered at once with its id and followed on /api/events
// (video_job.changed) or GET /api/video/jobs/{id}, and the files streamed with byte ranges.
// media-render decides every access (video.process or company.read, advancedVideoProcessing).
import { Type, type TSchema } from 'typebox';
import { VIDEO_PROCESSING_MESSAGES as M, type VideoOperationName } from '@trainwright/catalogue';
import { AppError, messageFromProto, type ObjectStorage } from '@trainwright/platform';
import type { VideoFile, VideoJob } from '@trainwright/proto/trainwright/media/v1/media';
import type { GatewayContext } from '../../context.js';
import { companyOf } from '../../lib/company-of.js';
import type { ServiceClients } from '../../clients.js';
import { signedIn, type SignedIn } from '../../lib/signed-in.js';
import { uploadTimeouts, type StoredUpload, type UploadReceiver } from '../../lib/upload-receiver.js';
import { sendFile } from '../../plugins/send-file.js';
import { Str, errorResponses } from '../../schemas/common.js';
import { AnalyzeBody, BatchBody, ChromaKeyBody, ColorCorrectionBody, JobStarted, QualityBody, SceneDetectionBody, SmartCropBody, SubtitlesBody, TranscribeBody, VideoFileJson, VideoJobJson } from './shapes.js';

const CompanyQuery = Type.Object({ company_id: Type.Optional(Str(100)) }, { additionalProperties: false });
const IdParams = Type.Object({ id: Str(100) });

export const downloadUrlOf = (fileId: string) => `/api/video/files/${encodeURIComponent(fileId)}/download`;

export function videoFileJson(f: VideoFile) {
  return {
    video_path: f.id,
    kind: f.kind,
    origin: f.origin,
    filename: f.filename,
    content_type: f.contentType,
    size: f.size,
    duration: Math.round(f.durationSeconds * 1000) / 1000,
    width: f.width,
    height: f.height,
    has_audio: f.hasAudio,
    video_codec: f.videoCodec,
    job_id: f.jobId || null,
    created_at: f.createdAt,
    download_url: downloadUrlOf(f.id),
  };
}

function parsed(json: string): unknown {
  return json ? JSON.parse(json) : null;
}

export function videoJobJson(j: VideoJob) {
  const files = j.outputs.map(videoFileJson);
  const video = files.find((f) => f.kind === 'video');
  const ref = messageFromProto(j.errorMessage);
  return {
    job_id: j.id,
    operation: j.operation,
    status: j.status as 'queued' | 'running' | 'completed' | 'failed',
    progress: j.progress,
    stage: j.stage,
    video_files: j.fileIds,
    parameters: (parsed(j.paramsJson) ?? {}) as Record<string, unknown>,
    result: j.status === 'completed' ? { output: video ? { video_path: video.video_path, download_url: video.download_url, metadata: video } : null, files, data: parsed(j.dataJson) } : null,
    error: j.error || null,
    ...(ref ? { message_id: ref.id, params: ref.params } : {}),
    created_at: j.createdAt,
    updated_at: j.updatedAt,
  };
}

/** One operation's route: its body checked against the catalogue's ranges, then queued. */
interface OperationRoute {
  path: string;
  operation: VideoOperationName;
  body: TSchema;
  summary: string;
  /** The body's largest size when above the gateway's default (a transcript). */
  bodyLimit?: number;
}

const OPERATIONS: OperationRoute[] = [
  { path: '/api/video/effects/chroma-key', operation: 'chroma_key', body: ChromaKeyBody, summary: 'Key out a colour (a green screen) onto a background image' },
  { path: '/api/video/effects/color-correction', operation: 'color_correction', body: ColorCorrectionBody, summary: 'Correct brightness, contrast, saturation, hue and gamma' },
  { path: '/api/video/enhance/scene-detection', operation: 'scene_detection', body: SceneDetectionBody, summary: 'Find the scenes (times and a thumbnail each)' },
  { path: '/api/video/enhance/smart-crop', operation: 'smart_crop', body: SmartCropBody, summary: 'Crop to 16:9, 4:3, 1:1 or 9:16 following the action' },
  { path: '/api/video/enhance/quality', operation: 'quality', body: QualityBody, summary: 'Denoise, sharpen, upscale, enhance contrast and stabilise' },
  { path: '/api/video/transcribe', operation: 'transcribe', body: TranscribeBody, summary: 'Transcribe the speech with word timings and speakers' },
  { path: '/api/video/subtitles', operation: 'subtitles', body: SubtitlesBody, summary: 'Subtitles (srt, vtt or ass) from a transcript, burned into a video on request', bodyLimit: 8 * 1024 * 1024 },
  { path: '/api/video/analyze', operation: 'analyze', body: AnalyzeBody, summary: 'Analyse quality, loudness, scenes, speech rate and predicted engagement' },
  { path: '/api/video/batch-process', operation: 'batch', body: BatchBody, summary: 'Run several operations over several files, long ones in chunks' },
];

/** A batch's background image, flat or under chroma_key in processing_parameters: a file id, taken out (media-render puts the file's place back). */
function batchBackground(parameters: Record<string, unknown> | undefined): { background: string; parameters?: Record<string, unknown> } {
  if (!parameters) return { background: '' };
  const { background_image: flat, ...rest } = parameters;
  const nested = typeof rest.chroma_key === 'object' && rest.chroma_key !== null ? (rest.chroma_key as Record<string, unknown>) : undefined;
  const { background_image: inner, ...chromaKey } = nested ?? {};
  const background = [flat, inner].find((v): v is string => typeof v === 'string' && v !== '') ?? '';
  return { background, parameters: nested ? { ...rest, chroma_key: chromaKey } : rest };
}

/** The files a body names (a batch's list, else its one video) and the rest: the operation's parameters. */
function splitBody(body: Record<string, unknown>): { fileIds: string[]; background: string; companyId: string; params: Record<string, unknown> } {
  const { video_path, video_files, background_image, company_id, ...params } = body as { video_path?: string; video_files?: string[]; background_image?: string | null; company_id?: string; processing_parameters?: Record<string, unknown> };
  if (video_files) {
    const { background, parameters } = batchBackground(params.processing_parameters);
    return { fileIds: video_files, background, companyId: company_id ?? '', params: { ...params, ...(parameters ? { processing_parameters: parameters } : {}) } };
  }
  return { fileIds: video_path ? [video_path] : [], background: background_image ?? '', companyId: company_id ?? '', params };
}

/**
 * A stored upload made a video file: registered with the project service (it counts against the
 * plan's storage) and with media-render (ffprobe reads it). A file either refuses is not kept.
 */
export async function registerStoredVideo(clients: ServiceClients, storage: ObjectStorage, caller: SignedIn, file: StoredUpload): Promise<VideoFile> {
  try {
    return await clients.media.registerVideoFile(
      { userId: caller.userId, companyId: file.companyId, uploadId: file.id, storageKey: file.storageKey, filename: file.filename, size: file.size, contentType: file.contentType },
      caller.call,
    );
  } catch (error) {
    const { storageKey } = await clients.project.discardUpload({ userId: caller.userId, fileId: file.id, companyId: '' }, caller.call);
    if (storageKey) await storage.delete(storageKey);
    throw error;
  }
}

export function videoRoutes({ app, clients, config }: GatewayContext, receive: UploadReceiver, storage: ObjectStorage) {
  app.post(
    '/api/video/uploads',
    {
      schema: {
        tags: ['video'],
        summary: 'Upload a video (or a background image) for processing: multipart `file`; probed with ffprobe',
        consumes: ['multipart/form-data'],
        querystring: CompanyQuery,
        response: { 201: VideoFileJson, ...errorResponses },
      },
    },
    async (request, reply) => {
      const caller = signedIn(request);
      const asked = (request.query as Type.Static<typeof CompanyQuery>).company_id;
      // Refused before a byte is stored when the caller may not process videos there.
      const { companyId } = await clients.media.prepareVideoUpload({ userId: caller.userId, companyId: await companyOf(clients, caller.userId, request.id, asked) }, caller.call);
      const { file } = await receive(request, reply, { timeouts: uploadTimeouts(config), maxFields: 2, fieldSize: 200, kindField: 'kind', kindOf: () => 'video', kinds: ['video'], companyId });
      if (!file) throw AppError.validation('file', M.uploadFirst);
      return reply.status(201).send(videoFileJson(await registerStoredVideo(clients, storage, caller, file)));
    },
  );

  app.get(
    '/api/video/files',
    { schema: { tags: ['video'], summary: "The company's videos and images for processing, newest first", querystring: CompanyQuery, response: { 200: Type.Object({ files: Type.Array(VideoFileJson) }), ...errorResponses } } },
    async (request) => {
      const caller = signedIn(request);
      const companyId = await companyOf(clients, caller.userId, request.id, (request.query as Type.Static<typeof CompanyQuery>).company_id);
      const { files } = await clients.media.listVideoFiles({ userId: caller.userId, companyId }, caller.call);
      return { files: files.map(videoFileJson) };
    },
  );

  app.post(
    '/api/video/files/from-project',
    {
      schema: {
        tags: ['video'],
        summary: "Take a project's rendered narrated video (or a translation's) in as a video to process",
        body: Type.Object({ project_id: Str(100), language: Type.Optional(Type.String({ pattern: '^[a-z]{2}$' })) }, { additionalProperties: false }),
        response: { 201: VideoFileJson, ...errorResponses },
      },
    },
    async (request, reply) => {
      const caller = signedIn(request);
      const body = request.body as { project_id: string; language?: string };
      const file = await clients.media.importProjectVideo({ userId: caller.userId, projectId: body.project_id, language: body.language ?? '' }, caller.call);
      return reply.status(201).send(videoFileJson(file));
    },
  );

  app.delete(
    '/api/video/files/:id',
    { schema: { tags: ['video'], summary: "Delete a video file (an upload gives its storage back); jobs keep their rows", params: IdParams, response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      const caller = signedIn(request);
      const { id } = request.params as Type.Static<typeof IdParams>;
      const { uploadId, companyId } = await clients.media.deleteVideoFile({ userId: caller.userId, videoFileId: id }, caller.call);
      if (uploadId) {
        // The upload's bytes and their count against the plan: the project service's, which checks the caller too.
        const { storageKey } = await clients.project.discardUpload({ userId: caller.userId, fileId: uploadId, companyId }, caller.call);
        if (storageKey) await storage.delete(storageKey);
      }
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/video/files/:id/download',
    { schema: { tags: ['video'], summary: 'Download (or play: byte ranges) a video file or image', params: IdParams, response: { ...errorResponses } } },
    async (request, reply) => {
      const caller = signedIn(request);
      const { id } = request.params as Type.Static<typeof IdParams>;
      const target = await clients.media.openVideoFile({ userId: caller.userId, videoFileId: id }, caller.call);
      return sendFile(storage, request.headers.range, target, (request.query as { inline?: string }).inline === '1' ? 'inline' : 'attachment', reply);
    },
  );

  for (const route of OPERATIONS) {
    app.post(
      route.path,
      { ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}), schema: { tags: ['video'], summary: `${route.summary} (a job: 202 with its id)`, body: route.body, response: { 202: JobStarted, ...errorResponses } } },
      async (request, reply) => {
        const caller = signedIn(request);
        const { fileIds, background, companyId, params } = splitBody(request.body as Record<string, unknown>);
        // A job without files (subtitles from a transcript) belongs to the company named, else the current one.
        const company = fileIds.length === 0 ? await companyOf(clients, caller.userId, request.id, companyId) : '';
        const job = await clients.media.startVideoJob(
          { userId: caller.userId, operation: route.operation, videoFileIds: fileIds, backgroundVideoFileId: background, companyId: company, paramsJson: JSON.stringify(params) },
          caller.call,
        );
        return reply.status(202).send({ job_id: job.id, status: job.status as 'queued' });
      },
    );
  }

  app.get(
    '/api/video/jobs/:id',
    { schema: { tags: ['video'], summary: "A video job's status, progress and result", params: IdParams, response: { 200: VideoJobJson, ...errorResponses } } },
    async (request) => {
      const caller = signedIn(request);
      const { id } = request.params as Type.Static<typeof IdParams>;
      return videoJobJson(await clients.media.getVideoJob({ userId: caller.userId, videoJobId: id }, caller.call));
    },
  );
}
