// The `render` queue's job: one per project and render key (the project service enqueues it). A
// RenderError that is not retryable ends the job at once; anything else is retried with backoff,
// and a worker that dies mid-job leaves a stalled job that another worker runs again.
import { failure, handleJob, RENDER_PROJECT_JOB } from '@trainwright/platform';
import type { RenderDeps, RenderEventChannel } from '../services/renders/deps.js';
import { ABANDONED_RENDER, renderProject } from '../services/renders/render-project.js';

export function renderProjectJob(deps: RenderDeps, events: RenderEventChannel) {
  return handleJob(
    RENDER_PROJECT_JOB,
    async ({ projectId, renderKey, contentVersion, plan }, job) => {
      // A job queued before versions has none (0): its set is made current as before.
      const version = Number(contentVersion) || 0;
      const run = events.forRun({ id: `${job.jobId}:${job.attempt}`, contentVersion: version }, (stage, percent) => job.progress({ stage, percent }));
      return renderProject(deps, { projectId, renderKey, contentVersion: version, plan }, job, run);
    },
    {
      // Every attempt's worker died: the project fails instead of waiting for ever.
      abandoned: async ({ projectId, contentVersion }, { jobId }) => {
        const run = events.forRun({ id: `${jobId}:abandoned`, contentVersion: Number(contentVersion) || 0 }, async () => undefined);
        await run.failed(projectId, failure(ABANDONED_RENDER));
      },
    },
  );
}
