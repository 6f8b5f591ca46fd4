import type { ProcessingDeps } from './deps.js';
import { openVideoFile } from './open-video-file.js';

/**
 * Forgets a video file of a company the caller may process videos in. Jobs keep their rows (a
 * job's result no longer lists it; a queued job that needed it fails with 'Video not found').
 * An output's or a project copy's bytes are removed here; an upload's are the project service's
 * upload, whose id and company are answered for the gateway to discard it (its storage given back,
 * whether or not its uploader is still a member).
 */
export async function deleteVideoFile(deps: Pick<ProcessingDeps, 'memberships' | 'files' | 'storage'>, userId: string, fileId: string): Promise<{ uploadId: string; companyId: string }> {
  const file = await openVideoFile(deps, userId, fileId, 'video.process');
  await deps.files.deleteFile(file.id);
  if (file.origin !== 'upload') await deps.storage.delete(file.storageKey);
  return { uploadId: file.uploadId ?? '', companyId: file.companyId };
}
