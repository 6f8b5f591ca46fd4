import { VIDEO_PROCESSING_MESSAGES as M } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { requireVideoProcessing } from './access.js';
import type { ProcessingDeps, VideoFileRow, VideoJobRow } from './deps.js';

/** A job of a company the caller may read videos of, with the files it made. */
export async function getVideoJob(deps: Pick<ProcessingDeps, 'memberships' | 'files' | 'jobs'>, userId: string, jobId: string): Promise<{ job: VideoJobRow; outputs: VideoFileRow[] }> {
  const job = await deps.jobs.findJob(jobId);
  if (!job) throw new AppError('NOT_FOUND', M.jobNotFound);
  await requireVideoProcessing(deps, userId, job.companyId, 'company.read', M.jobNotFound);
  return { job, outputs: job.status === 'completed' ? await deps.files.outputsOf(job.id) : [] };
}
