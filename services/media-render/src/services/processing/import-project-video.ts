import { join } from 'node:path';
import { VIDEO_PROCESSING_MESSAGES as M } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import type { DownloadDeps } from '../downloads/deps.js';
import { getVideoFiles } from '../downloads/get-video-files.js';
import { requireVideoProcessing } from './access.js';
import type { ProcessingDeps, VideoFileRow } from './deps.js';

/**
 * A project's current narrated video (or a translation's) taken in as a video file to process:
 * the caller must read the project (as a download, never counted) and process videos in its
 * company. The file is copied, so the project's next render, which replaces its own, leaves it be.
 */
export async function importProjectVideo(
  deps: Pick<ProcessingDeps, 'memberships' | 'storage' | 'workDirs' | 'probe' | 'files' | 'newId'> & { downloads: Pick<DownloadDeps, 'views' | 'projects' | 'memberships' | 'files'> },
  userId: string,
  projectId: string,
  language: string,
): Promise<VideoFileRow> {
  const { project, mp4 } = await getVideoFiles(deps.downloads, userId, projectId, language);
  await requireVideoProcessing(deps, userId, project.companyId, 'video.process', M.fileNotFound);
  if (!mp4) throw AppError.validation('project_id', M.noProjectVideo);
  const id = deps.newId();
  const key = `companies/${project.companyId}/video-processing/projects/${id}.mp4`;
  const { size, probed } = await deps.workDirs.use(async (dir) => {
    const path = join(dir, 'video.mp4');
    await deps.storage.copyTo(mp4.storage_key, path);
    return { size: await deps.storage.save(key, { path }), probed: await deps.probe.probe(path) };
  });
  if (!probed) {
    await deps.storage.delete(key);
    throw new AppError('INTERNAL', M.failed);
  }
  const name = `${project.title.replace(/[\\/:*?"<>|\x00-\x1f]/g, ' ').trim().slice(0, 80) || 'video'}${language ? ` (${language})` : ''}.mp4`;
  return deps.files.insertFile({ id, companyId: project.companyId, createdBy: userId, origin: 'project', uploadId: null, projectId, jobId: null, storageKey: key, filename: name, contentType: 'video/mp4', size, ...probed });
}
