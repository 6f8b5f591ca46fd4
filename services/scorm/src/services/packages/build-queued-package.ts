import { SCORM_MESSAGES, catalogueMessage, type InteractiveVideoMetadata } from '@trainwright/catalogue';
import { AppError, failureOf } from '@trainwright/platform';
import { BuildError } from '../build-error.js';
import type { AssembleRequest, PackageDeps } from './deps.js';
import { packageLrs } from './package-lrs.js';
import { publishedInteractive, translatedInteractiveVideo } from './published-interactive.js';
import { translatedProject, translatedSettings } from './translated-package.js';

/**
 * The job: the project's current content (and its narrated video with captions, when there is
 * one; with a published interactive video, that version's pinned video, captions and elements;
 * in a translated package, the elements translated and retimed over that language's video)
 * made into the package's zip; with tracking, carrying its sender credential for Trainwright's
 * LRS. A package deleted meanwhile ends quietly. Throws a
 * BuildError (retryable while a service is away).
 */
export async function buildQueuedPackage(
  deps: Pick<PackageDeps, 'store' | 'projects' | 'translations' | 'progressEvents' | 'interactive' | 'videos' | 'media' | 'assembler' | 'senders' | 'logger'>,
  packageId: string,
  attempt: { last: boolean },
): Promise<'built' | 'gone'> {
  const record = await deps.store.find(packageId);
  if (!record || record.status === 'ready') return 'gone';
  try {
    const { project: current } = await deps.projects.source(record.projectId);
    if (!current.hasContent) throw new BuildError(catalogueMessage(SCORM_MESSAGES, 'noContent'), false);
    // A translated package: the completed translation's content (a project whose primary
    // language became this one meanwhile is packaged as it is now).
    const language = record.language && record.language !== current.language ? record.language : '';
    const translated = language ? await deps.translations.renderContent(record.projectId, language) : null;
    if (language && !translated) throw new BuildError(catalogueMessage(SCORM_MESSAGES, 'noTranslation', language), false);
    const project = translated ? translatedProject(current, translated) : current;
    const building = await deps.store.update(packageId, { status: 'building', progress: 1, contentVersion: project.contentVersion });
    if (!building) return 'gone';
    await deps.progressEvents.progress(building);
    // A published interactive video: its pinned video and captions (the element times match
    // them) with its elements. Otherwise the current video, with the rights of the user who
    // asked (media-render's tenancy and plan checks).
    // A translated package: that language's video and captions when media-render has them,
    // with the published interactive video's elements translated and retimed to it.
    const published = await publishedInteractive(deps, record.projectId);
    let video: AssembleRequest['video'] = null;
    let interactive: InteractiveVideoMetadata | null = null;
    if (published && !translated) {
      video = { mp4StorageKey: published.videoKey, vttStorageKey: published.captionsKey };
      interactive = published.metadata;
    } else {
      const files = await deps.videos.videoFiles(record.createdBy, record.projectId, language);
      video = files.mp4 ? { mp4StorageKey: files.mp4.storageKey, vttStorageKey: files.vttStorageKey } : null;
      if (published && video) interactive = await translatedInteractiveVideo(deps, published, current, project, video);
    }
    const lrs = await packageLrs(deps, building);
    let reported = 1;
    const packageRecord = translated ? translatedSettings(building, current, translated) : building;
    const built = await deps.assembler.assemble({ packageRecord, project, video, interactive, lrs }, async (percent) => {
      const p = Math.min(99, Math.max(reported, Math.round(percent)));
      if (p < reported + 5) return;
      reported = p;
      const moved = await deps.store.update(packageId, { status: 'building', progress: p });
      if (moved) await deps.progressEvents.progress(moved);
    });
    const ready = await deps.store.update(packageId, { status: 'ready', progress: 100, hasVideo: video !== null, storageKey: built.storageKey, size: built.size });
    // Deleted while it built: its zip goes too.
    if (!ready) await deps.assembler.delete(built.storageKey);
    return ready ? 'built' : 'gone';
  } catch (error) {
    // A service away (an AppError of 500 and over) is expected too: tried again, not logged.
    const known = error instanceof BuildError || error instanceof AppError;
    const retryable = error instanceof BuildError ? error.retryable : !(error instanceof AppError && error.status < 500);
    if (!known) deps.logger.error({ err: error, packageId }, 'package build failed unexpectedly');
    // The build's own reason or a service's refusal, with its catalogue id; else the generic one.
    if (!retryable || attempt.last) await deps.store.update(packageId, { status: 'failed', failure: failureOf(error, catalogueMessage(SCORM_MESSAGES, 'failed')) });
    throw error instanceof BuildError ? error : new BuildError(error instanceof Error ? error.message : String(error), retryable);
  }
}
