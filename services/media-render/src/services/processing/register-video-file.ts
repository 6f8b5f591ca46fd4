import { join } from 'node:path';
import { VIDEO_PROCESSING_MESSAGES as M } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { requireVideoProcessing } from './access.js';
import type { ProcessingDeps, VideoFileRow } from './deps.js';

export interface UploadedFile {
  uploadId: string;
  storageKey: string;
  filename: string;
  size: number;
  contentType: string;
}

/**
 * Records a file the gateway stored for the company, once ffprobe has read it: a video (any
 * container and codec ffmpeg decodes) or a still image. A file it cannot read is refused (the
 * gateway then discards the upload).
 */
export async function registerVideoFile(deps: Pick<ProcessingDeps, 'memberships' | 'storage' | 'workDirs' | 'probe' | 'files' | 'newId'>, userId: string, companyId: string, file: UploadedFile): Promise<VideoFileRow> {
  await requireVideoProcessing(deps, userId, companyId, 'video.process', M.fileNotFound);
  const probed = await deps.workDirs.use(async (dir) => {
    const path = join(dir, 'probe');
    await deps.storage.copyTo(file.storageKey, path);
    return deps.probe.probe(path);
  });
  if (!probed) throw AppError.validation('file', M.notReadable);
  return deps.files.insertFile({
    id: deps.newId(),
    companyId,
    createdBy: userId,
    origin: 'upload',
    uploadId: file.uploadId,
    projectId: null,
    jobId: null,
    storageKey: file.storageKey,
    filename: file.filename,
    contentType: file.contentType,
    size: file.size,
    ...probed,
  });
}
