import { VIDEO_PROCESSING_MESSAGES as M } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { requireVideoProcessing } from './access.js';
import type { ProcessingDeps, VideoFileRow } from './deps.js';

/** A file of a company the caller may read videos of; NOT_FOUND 'Video not found' for anything else. */
export async function openVideoFile(deps: Pick<ProcessingDeps, 'memberships' | 'files'>, userId: string, fileId: string, action: 'video.process' | 'company.read' = 'company.read'): Promise<VideoFileRow> {
  const file = await deps.files.findFile(fileId);
  if (!file) throw new AppError('NOT_FOUND', M.fileNotFound);
  await requireVideoProcessing(deps, userId, file.companyId, action, M.fileNotFound);
  return file;
}
