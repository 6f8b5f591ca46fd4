// Transport only: proto <-> domain.
import { messageToProto, type AccessTable, type UnaryHandlers } from '@trainwright/platform';
import { VoiceSettings, type MediaServiceService, type Voice as ProtoVoice, type VideoFile as ProtoVideoFile, type VideoJob as ProtoVideoJob } from '@trainwright/proto/trainwright/media/v1/media';
import type { DownloadDeps } from '../services/downloads/deps.js';
import { getDownloadUsage } from '../services/downloads/get-download-usage.js';
import { getVideoFiles } from '../services/downloads/get-video-files.js';
import { openDownload } from '../services/downloads/open-download.js';
import type { EducationDeps } from '../services/education/deps.js';
import { getEducationLibrary, openEducationFile } from '../services/education/library.js';
import type { LogoDeps } from '../services/logos/deps.js';
import { openMemberLogo, openSharedLogo } from '../services/logos/open-logo.js';
import type { RenderedFiles } from '../services/ports.js';
import type { PreviewCaller } from '../services/previews/deck.js';
import type { PreviewDeps } from '../services/previews/deps.js';
import { estimateNarration } from '../services/previews/estimate-narration.js';
import { listPreviewSlides } from '../services/previews/list-preview-slides.js';
import { previewSlide } from '../services/previews/preview-slide.js';
import { checkVoice } from '../services/voices/check-voice.js';
import { cloneVoice } from '../services/voices/clone-voice.js';
import type { VoiceDeps, VoiceView } from '../services/voices/deps.js';
import { listCustomVoices } from '../services/voices/list-custom-voices.js';
import { listVoices } from '../services/voices/list-voices.js';
import { openVoicePreview } from '../services/voices/open-voice-preview.js';
import { previewVoice } from '../services/voices/preview-voice.js';
import type { ProcessingDeps, VideoFileRow, VideoJobRow } from '../services/processing/deps.js';
import { deleteVideoFile } from '../services/processing/delete-video-file.js';
import { getVideoJob } from '../services/processing/get-video-job.js';
import { importProjectVideo } from '../services/processing/import-project-video.js';
import { listVideoFiles } from '../services/processing/list-video-files.js';
import { openVideoFile } from '../services/processing/open-video-file.js';
import { prepareVideoUpload } from '../services/processing/prepare-video-upload.js';
import { registerVideoFile } from '../services/processing/register-video-file.js';
import { startVideoJob } from '../services/processing/start-video-job.js';

export function toProtoVoice(v: VoiceView): ProtoVoice {
  return {
    voiceId: v.voice_id,
    name: v.name,
    category: v.category,
    description: v.description,
    settings: VoiceSettings.fromPartial(v.settings),
    isPremium: v.is_premium,
    labels: { gender: v.labels.gender, age: v.labels.age, accent: v.labels.accent ?? '', language: v.labels.language ?? '' },
    tier: v.tier,
    locked: v.locked,
    lockedMessage: v.locked_message,
  };
}

/**
 * How each method reaches company data (platform access.ts): the server refuses to answer a method
 * that names an action unless the access check decided. A new method needs its line here.
 */
export const mediaAccess: AccessTable<typeof MediaServiceService> = {
  openDownload: { action: 'project.read' },
  listVoices: { action: 'company.read' },
  listCustomVoices: { action: 'company.read' },
  previewVoice: { action: 'company.read' },
  openVoicePreview: { action: 'company.read' },
  cloneVoice: { action: 'voice.create' },
  checkVoice: { action: 'company.read' },
  getRenderedBytes: { internal: 'the gateway\'s storage usage, for company ids the project service answered (PrepareUpload, GetStorageUsage)' },
  getDownloadUsage: { self: 'the caller\'s own downloads against their own plan' },
  getLogo: { action: 'project.read' },
  listPreviewSlides: { action: 'project.read' },
  previewSlide: { action: 'project.read' },
  estimateNarration: { action: 'project.update' },
  getVideoFiles: { action: 'project.read' },
  getEducationLibrary: { public: 'the education centre is the same for every signed-in user and holds no company data' },
  openEducationFile: { public: 'a file of the education centre, the same for every signed-in user' },
  prepareVideoUpload: { action: 'video.process' },
  registerVideoFile: { action: 'video.process' },
  listVideoFiles: { action: 'company.read' },
  importProjectVideo: { action: 'video.process' },
  openVideoFile: { action: 'company.read' },
  deleteVideoFile: { action: 'video.process' },
  startVideoJob: { action: 'video.process' },
  getVideoJob: { action: 'company.read' },
};

export function toProtoVideoFile(f: VideoFileRow): ProtoVideoFile {
  return {
    id: f.id,
    companyId: f.companyId,
    kind: f.kind,
    filename: f.filename,
    contentType: f.contentType,
    size: f.size,
    durationSeconds: f.durationMs / 1000,
    width: f.width,
    height: f.height,
    hasAudio: f.hasAudio,
    videoCodec: f.videoCodec,
    origin: f.origin,
    jobId: f.jobId ?? '',
    createdAt: f.createdAt.toISOString(),
  };
}

function toProtoVideoJob(job: VideoJobRow, outputs: VideoFileRow[]): ProtoVideoJob {
  return {
    id: job.id,
    companyId: job.companyId,
    operation: job.operation,
    status: job.status,
    progress: job.progress,
    stage: job.stage,
    fileIds: job.fileIds,
    paramsJson: JSON.stringify(job.params),
    outputs: outputs.map(toProtoVideoFile),
    dataJson: job.data === null || job.data === undefined ? '' : JSON.stringify(job.data),
    error: job.error,
    errorMessage: messageToProto(job.errorMessage),
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
  };
}

/** A JSON object from the gateway (it validated it); anything else is no parameters. */
function paramsOf(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json || '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function createMediaHandlers(deps: {
  downloads: DownloadDeps;
  voices: VoiceDeps;
  files: Pick<RenderedFiles, 'bytesOf'>;
  logos: LogoDeps;
  /** The preview's slides and the narration estimate. */
  previews: PreviewDeps;
  /** The education centre's library. */
  education: EducationDeps;
  /** Advanced video processing. */
  processing: ProcessingDeps;
}): UnaryHandlers<typeof MediaServiceService> {
  const { downloads, voices, files, logos, previews, education, processing } = deps;
  const callerOf = (req: { userId: string; projectId: string; shareToken: string; language: string }): PreviewCaller =>
    req.shareToken ? { shareToken: req.shareToken, language: req.language } : { userId: req.userId, projectId: req.projectId, language: req.language };
  return {
    openDownload: async (req) => {
      const t = await openDownload(downloads, req.userId, req.projectId, req.format, !req.count ? 'preview' : req.range ? 'range' : 'download', req.language);
      return { storageKey: t.storageKey, filename: t.filename, contentType: t.contentType, size: t.size };
    },
    listVoices: async (req) => {
      const { voices: list, categories } = await listVoices(voices, req.userId, req.companyId);
      return { voices: list.map(toProtoVoice), categories };
    },
    listCustomVoices: async (req) => ({ voices: (await listCustomVoices(voices, req.userId, req.companyId)).map(toProtoVoice), categories: {} }),
    previewVoice: async (req) => previewVoice(voices, req.userId, req.companyId, req.voiceId, req.sampleText),
    openVoicePreview: async (req) => openVoicePreview(voices, req.userId, req.audioId),
    cloneVoice: async (req) =>
      toProtoVoice(
        await cloneVoice(voices, req.userId, req.companyId, {
          name: req.name,
          description: req.description,
          samples: req.samples.map((s) => ({ filename: s.filename, storageKey: s.storageKey, size: s.size })),
        }),
      ),
    checkVoice: async (req) => toProtoVoice(await checkVoice(voices, req.userId, req.companyId, req.voiceId)),
    getDownloadUsage: async (req) => {
      const u = await getDownloadUsage(downloads, req.userId);
      return { used: u.used, limit: u.limit, since: u.since.toISOString() };
    },
    getRenderedBytes: async (req) => {
      const companyIds = req.companyIds.slice(0, 1000);
      return { bytes: (await files.bytesOf(companyIds)) + (await processing.files.outputBytesOf(companyIds)) };
    },
    getLogo: async (req) => {
      const t = req.shareToken ? await openSharedLogo(logos, req.shareToken) : await openMemberLogo(logos, req.userId, req.projectId);
      return { storageKey: t.storageKey, contentType: t.contentType, size: t.size };
    },
    listPreviewSlides: async (req) => listPreviewSlides(previews, callerOf(req)),
    previewSlide: async (req) => {
      const image = await previewSlide(previews, callerOf(req), req.position);
      return { png: image.png, slideCount: image.slideCount, title: image.title, version: image.version };
    },
    estimateNarration: (req) => estimateNarration(previews, req.userId, req.projectId, req.language),
    getVideoFiles: async (req) => {
      const { mp4, vtt } = await getVideoFiles(downloads, req.userId, req.projectId, req.language);
      return { mp4StorageKey: mp4?.storage_key ?? '', mp4Size: mp4?.size ?? 0, vttStorageKey: vtt?.storage_key ?? '' };
    },
    getEducationLibrary: async () => {
      const library = await getEducationLibrary(education);
      return { ...library, errorMessage: messageToProto(library.errorMessage) };
    },
    openEducationFile: async (req) => openEducationFile(education, req.slug, req.format),
    prepareVideoUpload: (req) => prepareVideoUpload(processing, req.userId, req.companyId),
    registerVideoFile: async (req) =>
      toProtoVideoFile(await registerVideoFile(processing, req.userId, req.companyId, { uploadId: req.uploadId, storageKey: req.storageKey, filename: req.filename, size: req.size, contentType: req.contentType })),
    listVideoFiles: async (req) => ({ files: (await listVideoFiles(processing, req.userId, req.companyId)).map(toProtoVideoFile) }),
    importProjectVideo: async (req) => toProtoVideoFile(await importProjectVideo({ ...processing, downloads }, req.userId, req.projectId, req.language)),
    openVideoFile: async (req) => {
      const f = await openVideoFile(processing, req.userId, req.videoFileId);
      return { storageKey: f.storageKey, filename: f.filename, contentType: f.contentType, size: f.size };
    },
    deleteVideoFile: (req) => deleteVideoFile(processing, req.userId, req.videoFileId),
    startVideoJob: async (req) =>
      toProtoVideoJob(await startVideoJob(processing, req.userId, { operation: req.operation, fileIds: req.videoFileIds, backgroundFileId: req.backgroundVideoFileId, companyId: req.companyId, params: paramsOf(req.paramsJson) }), []),
    getVideoJob: async (req) => {
      const { job, outputs } = await getVideoJob(processing, req.userId, req.videoJobId);
      return toProtoVideoJob(job, outputs);
    },
  };
}
