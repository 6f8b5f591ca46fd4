// Downloads (part 1 sections 5, 7, 8): the last complete set of files (while an edit is
// regenerated or re-rendered, the files of the version before it), the formats the project has,
// the plan's download limit counted per owner and month. The project comes from media-render's
// own view of it (kept from the project service's events), so a download asks no other service;
// tenancy is the caller's membership of the project's company.
import { TIERS, statusLabel, isProjectStatus } from '@trainwright/catalogue';
import { AppError, isUuid } from '@trainwright/platform';
import type { Project } from '@trainwright/proto/trainwright/project/v1/project';
import { CONTENT_TYPES, DOWNLOAD_FORMATS, type DownloadFormat } from '../domain/types.js';
import type { Memberships, ProjectDirectory, ProjectView, ProjectViewChange, ProjectViews, RenderedFiles } from './ports.js';

export const DOWNLOAD_MESSAGES = {
  unknownFormat: `Unknown download format. Choose one of ${DOWNLOAD_FORMATS.join(', ')}.`,
  notReady: (title: string, status: string) => `Project "${title}" is not ready for download yet (status: ${status}).`,
  noContent: (title: string) => `No generated content available for ${title}. Try refreshing the page.`,
  noVideo: 'This project has no video: choose MP4 or MOV as its visual format, then regenerate it.',
  videoNotInPlan: (plan: string) => `Video requires the Professional plan or higher. Your ${plan} plan includes slides and documents.`,
  limit: (plan: string, limit: number, trial: boolean) =>
    `Your ${plan} plan allows ${limit} downloads ${trial ? 'during the trial' : 'per month'}. Upgrade to download more.`,
  notRendered: 'The files of this project are still being prepared. Please try again in a moment.',
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

/** How long after a counted download a byte range of the same file continues it for free. */
export const RANGE_CONTINUATION_MS = 24 * 60 * 60 * 1000;

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
}

export class DownloadService {
  constructor(
    private readonly deps: {
      views: ProjectViews;
      /** Asked only on a view miss (a project from before the views, or whose event is not applied yet). */
      projects: Pick<ProjectDirectory, 'project'>;
      memberships: Memberships;
      files: Pick<RenderedFiles, 'currentFile'>;
      downloads: DownloadCounter;
      clock?: () => Date;
    },
  ) {}

  /**
   * `mode`: 'download' (a whole file) is always counted; 'range' (a byte range) is free only when
   * it continues a download of the same file (project, format and files version) the caller had
   * counted within RANGE_CONTINUATION_MS, else counted like a download, so ranges cannot pass the
   * plan's limit; 'preview' (the preview player) is never counted. Every other check (tenancy,
   * status, the plan's video gate) applies to all three.
   */
  async open(userId: string, projectId: string, format: string, mode: DownloadMode): Promise<DownloadTarget> {
    if (!(DOWNLOAD_FORMATS as readonly string[]).includes(format)) throw AppError.validation('format', DOWNLOAD_MESSAGES.unknownFormat);
    const f = format as DownloadFormat;
    const project = await this.project(userId, projectId);
    // Tenancy: only a member of the project's company learns anything about it.
    const owner = await this.deps.memberships.find(userId, project.companyId);
    if (!owner) throw AppError.notFound(DOWNLOAD_MESSAGES.notFound);
    const file = await this.deps.files.currentFile(projectId, f);
    // The last complete set is served whatever runs meanwhile; without one the project is not ready
    // (a completed project missing the format is explained below).
    if (!file && project.status !== 'completed') {
      const label = isProjectStatus(project.status) ? statusLabel(project.status) : project.status;
      throw new AppError('CONFLICT', DOWNLOAD_MESSAGES.notReady(project.title, label), { status: project.status });
    }
    if (!project.hasContent) throw new AppError('CONFLICT', DOWNLOAD_MESSAGES.noContent(project.title));
    const tier = TIERS[owner.ownerTier];
    if ((f === 'mp4' || f === 'mov') && !tier.capabilities.videoGeneration) throw new AppError('FEATURE_NOT_AVAILABLE', DOWNLOAD_MESSAGES.videoNotInPlan(tier.name));
    if (!file) {
      if ((f === 'mp4' || f === 'mov') && project.visualFormat === 'powerpoint') throw new AppError('CONFLICT', DOWNLOAD_MESSAGES.noVideo);
      throw new AppError('CONFLICT', DOWNLOAD_MESSAGES.notRendered);
    }
    if (mode !== 'preview') {
      const limit = tier.limits.downloadLimit;
      const trial = owner.ownerTier === 'free-trial';
      const now = (this.deps.clock ?? (() => new Date()))();
      // The trial counts all its downloads; paid plans count per calendar month.
      const since = trial ? new Date(0) : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const continuesSince = mode === 'range' ? new Date(now.getTime() - RANGE_CONTINUATION_MS) : undefined;
      const record = { ownerUserId: owner.ownerUserId, companyId: project.companyId, projectId, userId, format: f, storageKey: file.storage_key };
      const result = await this.deps.downloads.countDownload(record, limit, since, continuesSince);
      if (result === 'refused') throw new AppError('PLAN_LIMIT_REACHED', DOWNLOAD_MESSAGES.limit(tier.name, limit, trial));
    }
    return { storageKey: file.storage_key, filename: `${downloadName(project.title)}.${f}`, contentType: CONTENT_TYPES[f], size: file.size };
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
