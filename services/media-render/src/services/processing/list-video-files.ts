import { VIDEO_PROCESSING_MESSAGES as M } from '@trainwright/catalogue';
import { requireVideoProcessing } from './access.js';
import type { ProcessingDeps, VideoFileRow } from './deps.js';

/** The files shown in the dialog at most (the newest). */
const LISTED = 200;

/** The company's videos and images for processing, newest first. */
export async function listVideoFiles(deps: Pick<ProcessingDeps, 'memberships' | 'files'>, userId: string, companyId: string): Promise<VideoFileRow[]> {
  await requireVideoProcessing(deps, userId, companyId, 'company.read', M.fileNotFound);
  return deps.files.listFiles(companyId, LISTED);
}
