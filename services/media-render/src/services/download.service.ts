// Downloads (part 1 sections 5, 7, 8): the last complete set of files (while an edit is
// regenerated or re-rendered, the files of the version before it), the formats the project has,
// the plan's download limit counted per owner and month. The project comes from media-render's
// own view of it (kept from the project service's events), so a download asks no other service;
// tenancy is the caller's membership of the project's company. A translation's files (`language`)
// are served the same way from that language's last complete set (docs/translation.md).
import { CONTENT_LANGUAGES, TIERS, languageNames, statusLabel, isProjectStatus, videoNotInPlanMessage, type TierId } from '@trainwright/catalogue';
import { Access, AppError, isUuid } from '@trainwright/platform';
import type { Project } from '@trainwright/proto/trainwright/project/v1/project';
import { CONTENT_TYPES, DOWNLOAD_FORMATS, type DownloadFormat } from '../domain/types.js';
import { pendingVideos } from './paid-video.js';
import type { CompanyMembership, Memberships, OwnedPlans, ProjectDirectory, ProjectView, ProjectViewChange, ProjectViews, RenderedFile, RenderedFiles, VideoEntitlements } from './ports.js';

export const DOWNLOAD_MESSAGES = {
  unknownFormat: `Unknown download format. Choose one of ${DOWNLOAD_FORMATS.join(', ')}.`,
  notReady: (title: string, status: string) => `Project "${title}" is not ready for download yet (status: ${status}).`,
  noContent: (title: string) => `No generated content available for ${title}. Try refreshing the page.`,
  noVideo: 'This project has no video: choose MP4 or MOV as its visual format, then regenerate it.',
  limit: (plan: string, limit: number, trial: boolean) =>
    `Your ${plan} plan allows ${limit} downloads ${trial ? 'during the trial' : 'per month'}. Upgrade to download more.`,
  notRendered: 'The files of this project are still being prepared. Please try again in a moment.',
  /** A translation whose files are not rendered yet (the language's English name). */
  translationNotReady: (language: string) => `The files in ${language} are still being prepared. Please try again in a moment.`,
  unknownLanguage: (code: string) => `Unknown language: ${code}.`,
  /** Pay-per-use: an mp4/mov project's video renders once paid for (402). */
  videoNotPaid: 'This narrated video renders once it is paid for. Pay for it from the project.',
  /** Each language's video is paid on its own (the language's English name). */
  translationVideoNotPaid: (language: string) => `The narrated video in ${language} is paid for on its own, like every language's video. Pay for it from the project.`,
  videoRendering: 'The narrated video is still rendering. Try again when it is ready.',
  /** As the project service answers for a project the caller may not see. */
  notFound: 'Project not found',
} as const;

/** The view of a project as the project service answers it (a view miss). */
export function viewOfProject(project: Project): ProjectView {
  return {
    projectId: project.id,
    companyId: project.companyId,
    title: project.title,
    status: project.status,
    visualFormat: project.visualFormat,
    hasContent: project.hasContent,
    contentVersion: project.contentVersion,
  };
}

export interface DownloadTarget {
  storageKey: string;
  filename: string;
  contentType: string;
  size: number;
}

/** One counted download: whose plan, who, and which file (storage key: project, format and files version). */
export interface DownloadRecord {
  ownerUserId: string;
  companyId: string;
  projectId: string;
  userId: string;
  format: string;
  storageKey: string;
}

/** 'counted' (a new download), 'continued' (continues one counted recently: free) or 'refused' (the plan's limit). */
export type CountResult = 'counted' | 'continued' | 'refused';

/**
 * How long after a counted download the same user's byte ranges of the same file resume that
 * transfer for free: long enough for a dropped connection or a player's seeks, short enough that
 * one counted download is not a day of free copies (24 hours let a trial past its limit).
 */
export const RANGE_CONTINUATION_MS = 60 * 60 * 1000;

/** How a download is asked for: a whole file, a byte range, or the preview player (never counted). */
export type DownloadMode = 'download' | 'range' | 'preview';

/** The downloads counted against the owner's plan. */
export interface DownloadCounter {
  /**
   * Counts a download unless the owner already has `limit` since `since` (-1: no limit): 'refused'
   * when the limit is reached. With `continuesSince`, a download of the same file by the same user
   * counted since then makes this one 'continued' (not counted). Parallel downloads cannot both
   * pass the limit.
   */
  countDownload(d: DownloadRecord, limit: number, since: Date, continuesSince?: Date): Promise<CountResult>;
  /** The downloads counted against the owner since `since` (what countDownload holds against the limit). */
  countedSince(ownerUserId: string, since: Date): Promise<number>;
}

/** The period a plan's downloads are counted in, and its limit (-1: none). */
export interface DownloadPeriod {
  limit: number;
  since: Date;
  trial: boolean;
}

/** The trial counts all its downloads; paid plans count per calendar month (UTC). */
export function downloadPeriod(ownerTier: TierId, now: Date): DownloadPeriod {
  const trial = ownerTier === 'free-trial';
  const since = trial ? new Date(0) : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { limit: TIERS[ownerTier].limits.downloadLimit, since, trial };
}

/** The downloads counted against a plan in its current period (the billing page's usage). */
export interface DownloadUsage {
  used: number;
  limit: number;
  since: Date;
}

export class DownloadService {
  /** The one access check, on the memberships the service is given. */
  private readonly access: Access<CompanyMembership>;

  constructor(
    private readonly deps: {
      views: ProjectViews;
      /** Asked only on a view miss (a project from before the views, or whose event is not applied yet). */
      projects: Pick<ProjectDirectory, 'project'>;
      memberships: Memberships;
      files: Pick<RenderedFiles, 'currentFile'>;
      downloads: DownloadCounter;
      /** The plan a user owns (for their usage). */
      plans: OwnedPlans;
      /** Paid narrated videos: whether the video of a project without one is paid for and rendering. */
      entitlements: Pick<VideoEntitlements, 'pending'>;
      clock?: () => Date;
    },
  ) {
    this.access = new Access(deps.memberships);
  }

  /**
   * `mode`: 'download' (a whole file) is always counted; 'range' (a byte range) is free only when
   * it continues a download of the same file (project, format and files version) the caller had
   * counted within RANGE_CONTINUATION_MS, else counted like a download, so ranges cannot pass the
   * plan's limit; 'preview' (the preview player) is never counted. Every other check (tenancy,
   * status, the plan's video gate) applies to all three. `language` ('es'): that translation's
   * file, counted like any download; '' the project's own.
   */
  async open(userId: string, projectId: string, format: string, mode: DownloadMode, language = ''): Promise<DownloadTarget> {
    if (!(DOWNLOAD_FORMATS as readonly string[]).includes(format)) throw AppError.validation('format', DOWNLOAD_MESSAGES.unknownFormat);
    if (language && !CONTENT_LANGUAGES.includes(language)) throw AppError.validation('language', DOWNLOAD_MESSAGES.unknownLanguage(language.slice(0, 20)));
    const f = format as DownloadFormat;
    const project = await this.project(userId, projectId);
    // Tenancy: only a member of the project's company learns anything about it.
    const owner = await this.access.require({ userId, companyId: project.companyId, action: 'project.read', notFoundMessage: DOWNLOAD_MESSAGES.notFound });
    // A video the plan lacks is refused whatever the project's state: no wait would make it playable.
    const tier = TIERS[owner.ownerTier];
    if ((f === 'mp4' || f === 'mov') && !tier.capabilities.videoGeneration) throw new AppError('FEATURE_NOT_AVAILABLE', videoNotInPlanMessage(tier.id));
    const file = await this.deps.files.currentFile(projectId, f, language);
    // The project's own language asked for by name: its own files (the project service knows which it is).
    if (!file && language && ((await this.deps.projects.project(userId, projectId)).primaryLanguage || 'en') === language) {
      return this.open(userId, projectId, format, mode, '');
    }
    // The last complete set is served whatever runs meanwhile; without one the project is not ready
    // (a completed project missing the format is explained below).
    if (!file && !language && project.status !== 'completed') {
      const label = isProjectStatus(project.status) ? statusLabel(project.status) : project.status;
      throw new AppError('CONFLICT', DOWNLOAD_MESSAGES.notReady(project.title, label), { status: project.status });
    }
    if (!project.hasContent) throw new AppError('CONFLICT', DOWNLOAD_MESSAGES.noContent(project.title));
    if (!file) {
      if ((f === 'mp4' || f === 'mov') && project.visualFormat === 'powerpoint') throw new AppError('CONFLICT', DOWNLOAD_MESSAGES.noVideo);
      // Pay-per-use (paid-video.ts): the video of an mp4/mov project renders once paid for, each
      // language's on its own (the project's own payment pays nothing of a translation's).
      if ((f === 'mp4' || f === 'mov') && (project.visualFormat === 'mp4' || project.visualFormat === 'mov')) {
        if ((await pendingVideos(this.deps.entitlements, projectId, language)).length > 0) throw new AppError('CONFLICT', DOWNLOAD_MESSAGES.videoRendering);
        throw new AppError('PAYMENT_REQUIRED', language ? DOWNLOAD_MESSAGES.translationVideoNotPaid(languageNames(language).name) : DOWNLOAD_MESSAGES.videoNotPaid);
      }
      throw new AppError('CONFLICT', language ? DOWNLOAD_MESSAGES.translationNotReady(languageNames(language).name) : DOWNLOAD_MESSAGES.notRendered);
    }
    if (mode !== 'preview') {
      const now = this.now();
      const { limit, since, trial } = downloadPeriod(owner.ownerTier, now);
      const continuesSince = mode === 'range' ? new Date(now.getTime() - RANGE_CONTINUATION_MS) : undefined;
      const record = { ownerUserId: owner.ownerUserId, companyId: project.companyId, projectId, userId, format: f, storageKey: file.storage_key };
      const result = await this.deps.downloads.countDownload(record, limit, since, continuesSince);
      if (result === 'refused') throw new AppError('PLAN_LIMIT_REACHED', DOWNLOAD_MESSAGES.limit(tier.name, limit, trial));
    }
    // A translation's file is named after the project with the language ('Fire safety (Spanish).pdf').
    const name = language ? `${downloadName(project.title)} (${languageNames(language).name})` : downloadName(project.title);
    return { storageKey: file.storage_key, filename: `${name}.${f}`, contentType: CONTENT_TYPES[f], size: file.size };
  }

  /**
   * A project's current narrated video and its captions, for a package the scorm service builds:
   * tenancy as a download, never counted (the package counts its own downloads). Each part is
   * absent when there is none (a slides project, a video not paid for or not rendered yet, a plan
   * without video). `language`: a translation's, as downloads.
   */
  async videoFiles(userId: string, projectId: string, language = ''): Promise<{ mp4?: RenderedFile; vtt?: RenderedFile }> {
    if (language && !CONTENT_LANGUAGES.includes(language)) throw AppError.validation('language', DOWNLOAD_MESSAGES.unknownLanguage(language.slice(0, 20)));
    const project = await this.project(userId, projectId);
    const owner = await this.access.require({ userId, companyId: project.companyId, action: 'project.read', notFoundMessage: DOWNLOAD_MESSAGES.notFound });
    if (!TIERS[owner.ownerTier].capabilities.videoGeneration) return {};
    const mp4 = await this.deps.files.currentFile(projectId, 'mp4', language);
    if (!mp4) return {};
    return { mp4, vtt: await this.deps.files.currentFile(projectId, 'vtt', language) };
  }

  /**
   * The downloads counted against the caller's own plan (the plan of the companies they own) in
   * its current period, as open counts them against the limit. NOT_FOUND when they own no company.
   */
  async usage(userId: string): Promise<DownloadUsage> {
    const tier = (await this.deps.plans.ownedCompany(userId))?.ownerTier;
    if (!tier) throw AppError.notFound('Company not found');
    const { limit, since } = downloadPeriod(tier, this.now());
    return { used: await this.deps.downloads.countedSince(userId, since), limit, since };
  }

  private now(): Date {
    return (this.deps.clock ?? (() => new Date()))();
  }

  /** A project event (subscriptions/project-views.subscription.ts) applied to the view. */
  projectChanged(change: ProjectViewChange): Promise<void> {
    return this.deps.views.apply(change);
  }

  projectDeleted(projectId: string, companyId: string): Promise<void> {
    return this.deps.views.markDeleted(projectId, companyId);
  }

  /**
   * The project's view. On a miss the project service answers once (with the caller's rights:
   * NOT_FOUND for another company's project) and its answer is kept; events keep it from then on.
   */
  private async project(userId: string, projectId: string): Promise<ProjectView> {
    if (!isUuid(projectId)) throw AppError.notFound(DOWNLOAD_MESSAGES.notFound);
    const kept = await this.deps.views.find(projectId);
    if (kept === 'deleted') throw AppError.notFound(DOWNLOAD_MESSAGES.notFound);
    if (kept) return kept;
    const view = viewOfProject(await this.deps.projects.project(userId, projectId));
    await this.deps.views.keepRead(view);
    return view;
  }
}

/** The download's file name: the title as written, without characters file systems refuse. */
export function downloadName(title: string): string {
  const name = title
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 150)
    .trim();
  return name || 'training';
}
