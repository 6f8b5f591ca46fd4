// Transport only: proto <-> domain.
import type { AccessTable, UnaryHandlers } from '@trainwright/platform';
import { VoiceSettings, type MediaServiceService, type Voice as ProtoVoice } from '@trainwright/proto/trainwright/media/v1/media';
import type { DownloadService } from '../services/download.service.js';
import type { LogoService } from '../services/logo.service.js';
import type { NarrationEstimateService } from '../services/narration-estimate.service.js';
import type { PreviewCaller, PreviewService } from '../services/preview.service.js';
import type { RenderedFiles } from '../services/ports.js';
import type { VoiceService, VoiceView } from '../services/voice.service.js';

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
};

export function createMediaHandlers(deps: {
  downloads: DownloadService;
  voices: VoiceService;
  files: Pick<RenderedFiles, 'bytesOf'>;
  logos: Pick<LogoService, 'forMember' | 'forShareToken'>;
  previews: Pick<PreviewService, 'slides' | 'slide'>;
  estimates: Pick<NarrationEstimateService, 'estimate'>;
}): UnaryHandlers<typeof MediaServiceService> {
  const { downloads, voices, files, logos, previews, estimates } = deps;
  const callerOf = (req: { userId: string; projectId: string; shareToken: string; language: string }): PreviewCaller =>
    req.shareToken ? { shareToken: req.shareToken, language: req.language } : { userId: req.userId, projectId: req.projectId, language: req.language };
  return {
    openDownload: async (req) => {
      const t = await downloads.open(req.userId, req.projectId, req.format, !req.count ? 'preview' : req.range ? 'range' : 'download', req.language);
      return { storageKey: t.storageKey, filename: t.filename, contentType: t.contentType, size: t.size };
    },
    listVoices: async (req) => {
      const { voices: list, categories } = await voices.available(req.userId, req.companyId);
      return { voices: list.map(toProtoVoice), categories };
    },
    listCustomVoices: async (req) => ({ voices: (await voices.custom(req.userId, req.companyId)).map(toProtoVoice), categories: {} }),
    previewVoice: async (req) => voices.preview(req.userId, req.companyId, req.voiceId, req.sampleText),
    openVoicePreview: async (req) => voices.previewFile(req.userId, req.audioId),
    cloneVoice: async (req) =>
      toProtoVoice(
        await voices.clone(req.userId, req.companyId, {
          name: req.name,
          description: req.description,
          samples: req.samples.map((s) => ({ filename: s.filename, storageKey: s.storageKey, size: s.size })),
        }),
      ),
    checkVoice: async (req) => toProtoVoice(await voices.check(req.userId, req.companyId, req.voiceId)),
    getDownloadUsage: async (req) => {
      const u = await downloads.usage(req.userId);
      return { used: u.used, limit: u.limit, since: u.since.toISOString() };
    },
    getRenderedBytes: async (req) => ({ bytes: await files.bytesOf(req.companyIds.slice(0, 1000)) }),
    getLogo: async (req) => {
      const t = req.shareToken ? await logos.forShareToken(req.shareToken) : await logos.forMember(req.userId, req.projectId);
      return { storageKey: t.storageKey, contentType: t.contentType, size: t.size };
    },
    listPreviewSlides: async (req) => previews.slides(callerOf(req)),
    previewSlide: async (req) => {
      const image = await previews.slide(callerOf(req), req.position);
      return { png: image.png, slideCount: image.slideCount, title: image.title, version: image.version };
    },
    estimateNarration: (req) => estimates.estimate(req.userId, req.projectId, req.language),
    getVideoFiles: async (req) => {
      const { mp4, vtt } = await downloads.videoFiles(req.userId, req.projectId, req.language);
      return { mp4StorageKey: mp4?.storage_key ?? '', mp4Size: mp4?.size ?? 0, vttStorageKey: vtt?.storage_key ?? '' };
    },
  };
}
