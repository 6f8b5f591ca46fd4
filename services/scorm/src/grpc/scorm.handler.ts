// Transport only: proto <-> domain for the package and interactive video operations.
import { createLrsKeyHandlers, lrsKeyAccess } from './lrs-keys.handler.js';
import type { LrsKeyDeps } from '../services/analytics/lrs-keys.js';
import { createXapiHandlers, xapiAccess } from './xapi.handler.js';
import { createShareLinkTrackingHandlers, shareLinkTrackingAccess } from './share-link-tracking.handler.js';
import type { ShareLinkTrackingDeps } from '../services/xapi/share-link-tracking.js';
import type { XapiDeps } from '../services/xapi/deps.js';
import { exportLearnerViews, getLearnerAnalytics, getLearnerRealtime, type LearnerAnalyticsDeps } from '../services/analytics/learner-analytics.js';
import { interactiveElementsToMessage, interactiveMetadataFromMessage, interactiveMetadataToMessage, messageToProto, type AccessTable, type UnaryHandlers } from '@trainwright/platform';
import { ScormServiceService, type InteractiveVideo, type Package } from '@trainwright/proto/trainwright/scorm/v1/scorm';
import { createInteractiveVideo } from '../services/interactive/create-interactive-video.js';
import type { InteractiveDeps } from '../services/interactive/deps.js';
import { getInteractiveTemplate } from '../services/interactive/get-interactive-template.js';
import { getInteractiveVideo } from '../services/interactive/get-interactive-video.js';
import { getPublishedInteractiveVideo } from '../services/interactive/get-published-interactive-video.js';
import { listInteractiveVideoVersions } from '../services/interactive/list-interactive-video-versions.js';
import { openInteractiveMedia } from '../services/interactive/open-interactive-media.js';
import type { InteractiveVideoView } from '../services/interactive/types.js';
import type { PackageDeps } from '../services/packages/deps.js';
import { exportPackage } from '../services/packages/export-package.js';
import { getPackage } from '../services/packages/get-package.js';
import { listPackages } from '../services/packages/list-packages.js';
import { openPackage } from '../services/packages/open-package.js';
import { packageSettings } from '../services/packages/settings.js';
import type { PackageRecord } from '../services/types.js';
import type { DropOff } from '../services/analytics/metrics.js';

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
    errorMessage: messageToProto(p.errorMessage),
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
    errorMessage: messageToProto(video.errorMessage),
    token: video.shareToken,
    videoMetadata: interactiveMetadataToMessage(version.metadata),
    createdAt: video.createdAt.toISOString(),
    updatedAt: video.updatedAt.toISOString(),
    publishedVersion: video.publishedVersion ?? 0,
    generateAnalytics: version.generateAnalytics,
  };
}

const dropOffToProto = (d: DropOff) => ({ second: d.second, loss: d.loss, slide: d.slide?.title ?? '' });

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
  ...lrsKeyAccess,
  ...xapiAccess,
  ...shareLinkTrackingAccess,
  // The company's (company.read) or one project's (project.read), on a plan with analytics.
  getLearnerAnalytics: { action: 'company.read' },
  getLearnerRealtime: { action: 'company.read' },
  exportLearnerViews: { action: 'company.read' },
};

export function createScormHandlers(deps: { packages: PackageDeps; interactive: InteractiveDeps; lrsKeys: LrsKeyDeps; xapi: XapiDeps; analytics: LearnerAnalyticsDeps; shareLinks: ShareLinkTrackingDeps }): UnaryHandlers<typeof ScormServiceService> {
  const { packages, interactive } = deps;
  return {
    getLearnerAnalytics: async (req) => {
      const a = await getLearnerAnalytics(deps.analytics, req.userId, { companyId: req.companyId, projectId: req.projectId, days: req.days, language: req.language, channel: req.channel, projectDropOffs: req.projectDropOffs });
      return {
        companyId: a.companyId,
        views: a.views,
        uniqueLearners: a.uniqueLearners,
        completedViews: a.completedViews,
        watchSeconds: a.watchSeconds,
        averageWatchedRatio: a.averageWatchedRatio,
        days: a.days.map((d) => ({ day: d.key, views: d.views, completed: d.completed })),
        languages: a.languages,
        channels: a.channels,
        projects: a.projects,
        questions: a.questions.map((q) => ({ questionId: q.question, question: q.name, answers: q.answers, correctRate: q.correctRate ?? -1, responses: q.responses })),
        recommendations: a.recommendations.map((r) =>
          r.kind === 'drop_off'
            ? { kind: r.kind, second: r.second, slide: r.slide ?? '', rate: r.loss, question: '' }
            : r.kind === 'hard_question'
              ? { kind: r.kind, second: 0, slide: '', rate: r.missRate, question: r.question }
              : { kind: r.kind, second: 0, slide: '', rate: r.completionRate, question: '' },
        ),
        lengthSeconds: a.lengthSeconds,
        retention: a.retention,
        dropOffs: a.dropOffs.map(dropOffToProto),
        averageSessionSeconds: a.averageSessionSeconds,
        reachedQuarter: a.reached.quarter,
        reachedHalf: a.reached.half,
        reachedThreeQuarters: a.reached.threeQuarters,
        videoViews: a.videoViews,
        completedVideoViews: a.completedVideoViews,
        completionSecondsAverage: a.completionSeconds.average ?? undefined,
        completionSecondsMedian: a.completionSeconds.median ?? undefined,
        returningLearners: a.returningLearners,
        answers: a.answers,
        answeredViews: a.answeredViews,
        engagementScore: a.engagementScore,
        projectDropOffs: a.projectDropOffs.map((d) => ({ projectId: d.projectId, dropOff: dropOffToProto(d) })),
        asOf: a.asOf.toISOString(),
      };
    },
    getLearnerRealtime: async (req) => getLearnerRealtime(deps.analytics, req.userId, req.companyId),
    exportLearnerViews: async (req) => {
      const page = await exportLearnerViews(deps.analytics, req.userId, { companyId: req.companyId, projectId: req.projectId, days: req.days, language: req.language, channel: req.channel }, req.cursor);
      return {
        next: page.next,
        companyId: page.companyId,
        views: page.views.map((v) => ({
          sessionId: v.sessionId,
          projectId: v.projectId ?? '',
          activityId: v.activityId,
          learner: v.learner,
          channel: v.channel ?? '',
          language: v.language ?? '',
          startedAt: v.startedAt.toISOString(),
          lastAt: v.lastAt.toISOString(),
          lengthSeconds: v.length,
          watchedSeconds: v.watchedSeconds,
          progress: v.progress,
          completed: v.completed,
        })),
      };
    },
    ...createLrsKeyHandlers(deps.lrsKeys),
    ...createXapiHandlers(deps.xapi),
    ...createShareLinkTrackingHandlers(deps.shareLinks),
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
      return toProto(await exportPackage(packages, req.userId, req.projectId, settings, req.language));
    },
    listPackages: async (req) => ({ packages: (await listPackages(packages, req.userId, req.projectId || null)).map(toProto) }),
    getPackage: async (req) => toProto(await getPackage(packages, req.userId, req.packageId)),
    openPackage: async (req) => openPackage(packages, req.userId, req.packageId),

    getInteractiveTemplate: async (req) => {
      const t = await getInteractiveTemplate(interactive, req.userId, req.durationOrId, req.projectId);
      return { template: interactiveElementsToMessage(t.template), videoDuration: t.videoDuration, hasVideo: t.hasVideo };
    },
    createInteractiveVideo: async (req) => {
      // An absent video_metadata reaches the catalogue's validation as an empty one.
      const metadata = interactiveMetadataFromMessage(req.videoMetadata ?? interactiveMetadataToMessage({} as never));
      return interactiveToProto(await createInteractiveVideo(interactive, req.userId, req.projectId, metadata, req.generateAnalytics));
    },
    getInteractiveVideo: async (req) => interactiveToProto(await getInteractiveVideo(interactive, req.userId, req.projectId)),
    listInteractiveVideoVersions: async (req) => ({
      versions: (await listInteractiveVideoVersions(interactive, req.userId, req.projectId)).map((v) => ({ version: v.version, createdAt: v.createdAt.toISOString(), elementCount: v.elementCount })),
    }),
    getPublishedInteractiveVideo: async (req) => {
      const p = await getPublishedInteractiveVideo(interactive, req.token);
      return { title: p.title, version: p.version, videoMetadata: interactiveMetadataToMessage(p.metadata), hasCaptions: p.hasCaptions, branchTargets: p.branchTargets, tracking: p.tracking ?? undefined };
    },
    openInteractiveMedia: async (req) => openInteractiveMedia(interactive, req.token, req.kind),
  };
}
