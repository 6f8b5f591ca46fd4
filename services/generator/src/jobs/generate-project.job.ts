// The `generate` queue's job: one per project and content version (the project service enqueues
// it). A GenerationError that is not retryable ends the job at once; anything else is retried
// with backoff. The timings returned are the job's return value (the generate benchmark reads it).
import { GENERATE_PROJECT_JOB, handleJob } from '@trainwright/platform';
import { ABANDONED_GENERATION, type GenerationEventChannel, type GenerationService } from '../services/generation.service.js';

export function generateProjectJob(deps: { generations: GenerationService; events: GenerationEventChannel }) {
  return handleJob(
    GENERATE_PROJECT_JOB,
    async ({ projectId, contentVersion }, job) => {
      const run = { id: `${job.jobId}:${job.attempt}`, contentVersion: Number(contentVersion) };
      const events = deps.events.forRun(run, (stage, percent) => job.progress({ stage, percent }));
      return deps.generations.run(projectId, job, events);
    },
    {
      // Every attempt's worker died: the project fails instead of waiting for ever.
      abandoned: async ({ projectId, contentVersion }, { jobId }) => {
        const events = deps.events.forRun({ id: `${jobId}:abandoned`, contentVersion: Number(contentVersion) }, async () => undefined);
        await events.failed(projectId, ABANDONED_GENERATION);
      },
    },
  );
}
