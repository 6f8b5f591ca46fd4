// The `video` queue's jobs: one advanced video-processing job (services/processing/run-video-job.ts),
// and a helper of a batch's chunks (services/processing/help-batch.ts).
import { handleJob, HELP_VIDEO_BATCH_JOB, PROCESS_VIDEO_JOB } from '@trainwright/platform';
import type { ProcessingDeps } from '../services/processing/deps.js';
import { helpVideoBatch } from '../services/processing/help-batch.js';
import { abandonVideoJob, runVideoJob } from '../services/processing/run-video-job.js';

export function processVideoJob(deps: ProcessingDeps) {
  return handleJob(PROCESS_VIDEO_JOB, async ({ jobId }, context) => runVideoJob(deps, jobId, { number: context.attempt, of: context.maxAttempts }), {
    abandoned: async ({ jobId }) => abandonVideoJob(deps, jobId),
  });
}

export function helpVideoBatchJob(deps: ProcessingDeps) {
  return handleJob(HELP_VIDEO_BATCH_JOB, async ({ jobId, helper }) => helpVideoBatch(deps, jobId, helper));
}
