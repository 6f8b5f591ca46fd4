import { VIDEO_PROCESSING_MESSAGES as M } from '@trainwright/catalogue';
import { requireVideoProcessing } from './access.js';
import type { ProcessingDeps } from './deps.js';

/** Before a video streams in: refuses a caller who may not process videos in the company. */
export async function prepareVideoUpload(deps: Pick<ProcessingDeps, 'memberships'>, userId: string, companyId: string): Promise<{ companyId: string }> {
  await requireVideoProcessing(deps, userId, companyId, 'video.process', M.fileNotFound);
  return { companyId };
}
