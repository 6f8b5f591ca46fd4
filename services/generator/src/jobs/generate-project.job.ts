// The `generate` queue's job: one per project and content version (the project service enqueues
// it). A GenerationError that is not retryable ends the job at once; anything else is retried
// with backoff. The timings returned are the job's return value (the generate benchmark reads it).
import { GENERATE_PROJECT_JOB, handleJob } from '@trainwright/platform';
import { abandonGeneration } from '../services/generations/abandon-generation.js';
import type { GenerationDeps } from '../services/generations/deps.js';
import { runGeneration } from '../services/generations/run-generation.js';

export function generateProjectJob(deps: GenerationDeps) {
  return handleJob(
    GENERATE_PROJECT_JOB,
    async ({ projectId, contentVersion, plan }, job) => {
      const run = { id: `${job.jobId}:${job.attempt}`, contentVersion: Number(contentVersion) };
      const events = deps.events.forRun(run, (stage, percent) => job.progress({ stage, percent }));
      return runGeneration(deps, { projectId, plan }, job, events);
    },
    {
      // Every attempt's worker died: the project fails instead of waiting for ever.
      abandoned: async ({ projectId, contentVersion }, { jobId }) => abandonGeneration(deps, projectId, { id: `${jobId}:abandoned`, contentVersion: Number(contentVersion) }),
    },
  );
}
