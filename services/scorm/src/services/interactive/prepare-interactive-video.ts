import { INTERACTIVE_VIDEO_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError, failureOf } from '@trainwright/platform';
import { BuildError } from '../build-error.js';
import type { InteractiveDeps } from './deps.js';

/**
 * The job: the project's current narrated video and captions copied to the version's own keys
 * (with the rights of the user who created it), then the version is published. A video deleted
 * meanwhile, or a version already pinned, ends quietly. Throws a BuildError (retryable while a
 * service is away).
 */
export async function prepareInteractiveVideo(
  deps: Pick<InteractiveDeps, 'store' | 'videos' | 'media' | 'progressEvents' | 'logger'>,
  videoId: string,
  version: number,
  attempt: { last: boolean },
): Promise<'prepared' | 'gone'> {
  const found = await deps.store.findVersion(videoId, version);
  if (!found || found.version.videoKey) return 'gone';
  const { video, version: v } = found;
  try {
    let reported = 0;
    const report = async (percent: number) => {
      const p = Math.min(99, Math.max(1, Math.round(percent)));
      if (p < reported + 5 && reported !== 0) return;
      reported = p;
      const moved = await deps.store.progress(videoId, version, p);
      if (moved) await deps.progressEvents.progress(moved);
    };
    await report(1);
    const files = await deps.videos.videoFiles(v.createdBy, video.projectId);
    if (!files.mp4) throw new BuildError(catalogueMessage(INTERACTIVE_VIDEO_MESSAGES, 'noVideo'), false);
    const base = `interactive/${video.companyId}/${video.id}/${version}`;
    const pinned = await deps.media.pin(
      { videoKey: files.mp4.storageKey, captionsKey: files.vttStorageKey || null },
      { videoKey: `${base}.mp4`, captionsKey: `${base}.vtt` },
      (percent) => report(5 + (percent * 90) / 100),
    );
    const done = await deps.store.pin(videoId, version, {
      videoKey: `${base}.mp4`,
      captionsKey: pinned.captionsKey,
      videoSize: pinned.videoSize,
      captionsSize: pinned.captionsSize,
      videoSeconds: pinned.videoSeconds,
    });
    if (!done) {
      // Deleted while it was copied: its copies go too.
      await deps.media.delete(`${base}.mp4`);
      if (pinned.captionsKey) await deps.media.delete(pinned.captionsKey);
      return 'gone';
    }
    return 'prepared';
  } catch (error) {
    // A service away (an AppError of 500 and over) is expected too: tried again, not logged.
    const known = error instanceof BuildError || error instanceof AppError;
    const retryable = error instanceof BuildError ? error.retryable : !(error instanceof AppError && error.status < 500);
    if (!known) deps.logger.error({ err: error, videoId, version }, 'interactive video preparation failed unexpectedly');
    // The preparation's own reason or a service's refusal, with its catalogue id; else the generic one.
    if (!retryable || attempt.last) await deps.store.fail(videoId, version, failureOf(error, catalogueMessage(INTERACTIVE_VIDEO_MESSAGES, 'createFailed')));
    throw error instanceof BuildError ? error : new BuildError(error instanceof Error ? error.message : String(error), retryable);
  }
}
