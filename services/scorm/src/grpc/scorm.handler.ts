// Transport only: proto <-> domain for the package and interactive video operations.
import { interactiveElementsToMessage, interactiveMetadataFromMessage, interactiveMetadataToMessage, type AccessTable, type UnaryHandlers } from '@trainwright/platform';
import { ScormServiceService, type InteractiveVideo, type Package } from '@trainwright/proto/trainwright/scorm/v1/scorm';
import type { InteractiveVideoView } from '../services/interactive/types.js';
import type { InteractiveOperations } from '../services/interactive/videos.js';
import type { PackageOperations } from '../services/packages.js';
import { packageSettings } from '../services/settings.js';
import type { PackageRecord } from '../services/types.js';

function toProto(p: PackageRecord): Package {
  return {
    id: p.id,
    projectId: p.projectId,
    companyId: p.companyId,
    packageName: p.packageName,
    scormVersion: p.scormVersion,
    status: p.status,
    progress: p.progress,
    error: p.error,
    downloadCount: p.downloadCount,
    size: p.size,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    includeTracking: p.includeTracking,
    tracking: {
      completionRule: p.tracking.completion_rule,
      completionThreshold: p.tracking.completion_threshold,
      passingScore: p.tracking.passing_score,
      statusPair: p.tracking.status_pair,
    },
    learningObjectives: p.objectives,
    activities: p.activities.map((a) => ({ id: a.id, title: a.title, type: a.type, estimatedDuration: a.estimatedDuration })),
    contentVersion: p.contentVersion,
    hasVideo: p.hasVideo,
    language: p.language,
  };
}

function interactiveToProto({ video, version }: InteractiveVideoView): InteractiveVideo {
  return {
    id: video.id,
    projectId: video.projectId,
    companyId: video.companyId,
    version: version.version,
    status: video.status,
    progress: video.progress,
    error: video.error,
    token: video.shareToken,
    videoMetadata: interactiveMetadataToMessage(version.metadata),
    createdAt: video.createdAt.toISOString(),
    updatedAt: video.updatedAt.toISOString(),
    publishedVersion: video.publishedVersion ?? 0,
    generateAnalytics: version.generateAnalytics,
  };
}

/**
 * How each method reaches company data (platform access.ts): the server refuses to answer a method
 * that names an action unless the access check decided. A new method needs its line here.
 */
export const scormAccess: AccessTable<typeof ScormServiceService> = {
  exportPackage: { action: 'scorm.export' },
  listPackages: { action: 'project.read' },
  getPackage: { action: 'project.read' },
  openPackage: { action: 'project.read' },
  getInteractiveTemplate: { action: 'project.read' },
  createInteractiveVideo: { action: 'project.update' },
  getInteractiveVideo: { action: 'project.read' },
  listInteractiveVideoVersions: { action: 'project.read' },
  getPublishedInteractiveVideo: { public: 'the published video\'s token is the credential' },
  openInteractiveMedia: { public: 'the published video\'s token is the credential' },
  recordInteractiveEvent: { public: 'the published video\'s token is the credential' },
};

export function createScormHandlers(deps: { packages: PackageOperations; interactive: InteractiveOperations }): UnaryHandlers<typeof ScormServiceService> {
  const { packages, interactive } = deps;
  return {
    exportPackage: async (req) => {
      const t = req.tracking;
      const settings = packageSettings({
        packageName: req.packageName,
        scormVersion: req.scormVersion,
        includeTracking: req.includeTracking,
        objectives: req.learningObjectives,
        activities: req.activities,
        // Parts not given (empty, 0 threshold, negative score): the defaults.
        tracking: t
          ? { completion_rule: t.completionRule, completion_threshold: t.completionThreshold || undefined, passing_score: t.passingScore >= 0 ? t.passingScore : undefined, status_pair: t.statusPair }
          : null,
      });
      return toProto(await packages.exportPackage(req.userId, req.projectId, settings, req.language));
    },
    listPackages: async (req) => ({ packages: (await packages.list(req.userId, req.projectId || null)).map(toProto) }),
    getPackage: async (req) => toProto(await packages.get(req.userId, req.packageId)),
    openPackage: async (req) => packages.open(req.userId, req.packageId),

    getInteractiveTemplate: async (req) => {
      const t = await interactive.template(req.userId, req.durationOrId, req.projectId);
      return { template: interactiveElementsToMessage(t.template), videoDuration: t.videoDuration, hasVideo: t.hasVideo };
    },
    createInteractiveVideo: async (req) => {
      // An absent video_metadata reaches the catalogue's validation as an empty one.
      const metadata = interactiveMetadataFromMessage(req.videoMetadata ?? interactiveMetadataToMessage({} as never));
      return interactiveToProto(await interactive.create(req.userId, req.projectId, metadata, req.generateAnalytics));
    },
    getInteractiveVideo: async (req) => interactiveToProto(await interactive.get(req.userId, req.projectId)),
    listInteractiveVideoVersions: async (req) => ({
      versions: (await interactive.versions(req.userId, req.projectId)).map((v) => ({ version: v.version, createdAt: v.createdAt.toISOString(), elementCount: v.elementCount })),
    }),
    getPublishedInteractiveVideo: async (req) => {
      const p = await interactive.published(req.token);
      return { title: p.title, version: p.version, videoMetadata: interactiveMetadataToMessage(p.metadata), hasCaptions: p.hasCaptions, branchTargets: p.branchTargets };
    },
    openInteractiveMedia: async (req) => interactive.openMedia(req.token, req.kind),
    recordInteractiveEvent: async (req) => {
      await interactive.recordEvent(req.token, { sessionId: req.sessionId, type: req.type, elementId: req.elementId, value: req.value, mediaTime: req.mediaTime });
      return {};
    },
  };
}
