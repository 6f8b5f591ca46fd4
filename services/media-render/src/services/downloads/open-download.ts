// A download (part 1 sections 5, 7, 8): the last complete set of files (while an edit is
// regenerated or re-rendered, the files of the version before it), the formats the project has,
// the plan's download limit counted per owner and month. The project comes from media-render's
// own view of it (kept from the project service's events), so a download asks no other service;
// tenancy is the caller's membership of the project's company. A translation's files (`language`)
// are served the same way from that language's last complete set (docs/translation.md).
import { CONTENT_LANGUAGES, TIERS, languageNames, statusLabel, isProjectStatus, videoNotInPlanMessage } from '@trainwright/catalogue';
import { Access, AppError } from '@trainwright/platform';
import { CONTENT_TYPES, DOWNLOAD_FORMATS, type DownloadFormat } from '../../domain/types.js';
import { readProjectView } from '../project-views.js';
import { pendingVideos } from '../videos/paid-video.js';
import type { DownloadDeps } from './deps.js';
import { DOWNLOAD_MESSAGES } from './messages.js';
import { downloadPeriod } from './period.js';

export interface DownloadTarget {
  storageKey: string;
  filename: string;
  contentType: string;
  size: number;
}

/**
 * How long after a counted download the same user's byte ranges of the same file resume that
 * transfer for free: long enough for a dropped connection or a player's seeks, short enough that
 * one counted download is not a day of free copies (24 hours let a trial past its limit).
 */
export const RANGE_CONTINUATION_MS = 60 * 60 * 1000;

/** How a download is asked for: a whole file, a byte range, or the preview player (never counted). */
export type DownloadMode = 'download' | 'range' | 'preview';

/**
 * `mode`: 'download' (a whole file) is always counted; 'range' (a byte range) is free only when
 * it continues a download of the same file (project, format and files version) the caller had
 * counted within RANGE_CONTINUATION_MS, else counted like a download, so ranges cannot pass the
 * plan's limit; 'preview' (the preview player) is never counted. Every other check (tenancy,
 * status, the plan's video gate) applies to all three. `language` ('es'): that translation's
 * file, counted like any download; '' the project's own.
 */
export async function openDownload(deps: DownloadDeps, userId: string, projectId: string, format: string, mode: DownloadMode, language = ''): Promise<DownloadTarget> {
  if (!(DOWNLOAD_FORMATS as readonly string[]).includes(format)) throw AppError.validation('format', DOWNLOAD_MESSAGES.unknownFormat);
  if (language && !CONTENT_LANGUAGES.includes(language)) throw AppError.validation('language', DOWNLOAD_MESSAGES.unknownLanguage(language.slice(0, 20)));
  const f = format as DownloadFormat;
  const project = await readProjectView(deps, userId, projectId, DOWNLOAD_MESSAGES.notFound);
  // Tenancy: only a member of the project's company learns anything about it.
  const owner = await new Access(deps.memberships).require({ userId, companyId: project.companyId, action: 'project.read', notFoundMessage: DOWNLOAD_MESSAGES.notFound });
  // A video the plan lacks is refused whatever the project's state: no wait would make it playable.
  const tier = TIERS[owner.ownerTier];
  if ((f === 'mp4' || f === 'mov') && !tier.capabilities.videoGeneration) throw new AppError('FEATURE_NOT_AVAILABLE', videoNotInPlanMessage(tier.id));
  const file = await deps.files.currentFile(projectId, f, language);
  // The project's own language asked for by name: its own files (the project service knows which it is).
  if (!file && language && ((await deps.projects.project(userId, projectId)).primaryLanguage || 'en') === language) {
    return openDownload(deps, userId, projectId, format, mode, '');
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
    // Pay-per-use (videos/paid-video.ts): the video of an mp4/mov project renders once paid for, each
    // language's on its own (the project's own payment pays nothing of a translation's).
    if ((f === 'mp4' || f === 'mov') && (project.visualFormat === 'mp4' || project.visualFormat === 'mov')) {
      if ((await pendingVideos(deps.entitlements, projectId, language)).length > 0) throw new AppError('CONFLICT', DOWNLOAD_MESSAGES.videoRendering);
      throw new AppError('PAYMENT_REQUIRED', language ? DOWNLOAD_MESSAGES.translationVideoNotPaid(languageNames(language).name) : DOWNLOAD_MESSAGES.videoNotPaid);
    }
    throw new AppError('CONFLICT', language ? DOWNLOAD_MESSAGES.translationNotReady(languageNames(language).name) : DOWNLOAD_MESSAGES.notRendered);
  }
  if (mode !== 'preview') {
    const now = deps.clock();
    const { limit, since, trial } = downloadPeriod(owner.ownerTier, now);
    const continuesSince = mode === 'range' ? new Date(now.getTime() - RANGE_CONTINUATION_MS) : undefined;
    const record = { ownerUserId: owner.ownerUserId, companyId: project.companyId, projectId, userId, format: f, storageKey: file.storage_key };
    const result = await deps.downloads.countDownload(record, limit, since, continuesSince);
    if (result === 'refused') throw new AppError('PLAN_LIMIT_REACHED', DOWNLOAD_MESSAGES.limit(tier.name, limit, trial));
  }
  // A translation's file is named after the project with the language ('Fire safety (Spanish).pdf').
  const name = language ? `${downloadName(project.title)} (${languageNames(language).name})` : downloadName(project.title);
  return { storageKey: file.storage_key, filename: `${name}.${f}`, contentType: CONTENT_TYPES[f], size: file.size };
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
