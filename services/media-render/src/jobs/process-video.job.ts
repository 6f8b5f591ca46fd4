// The `video` queue's job: one advanced video-processing job (services/processing/run-video-job.ts).
import { handleJob, PROCESS_VIDEO_JOB } from '@trainwright/platform';
import type { ProcessingDeps } from '../services/processing/deps.js';
import { abandonVideoJob, runVideoJob } from '../services/processing/run-video-job.js';

export function processVideoJob(deps: ProcessingDeps) {
  return handleJob(PROCESS_VIDEO_JOB, async ({ jobId }, context) => runVideoJob(deps, jobId, { number: context.attempt, of: context.maxAttempts }), {
    abandoned: async ({ jobId }) => abandonVideoJob(deps, jobId),
  });
}
