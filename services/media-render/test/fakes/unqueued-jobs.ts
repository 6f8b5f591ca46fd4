// Handlers for the render queue's jobs a test never queues: a worker starts only with a handler
// for every job of its queue, and one of these running means the test queued what it should not.
import { handleJob, type JobDefinition, type JobHandler } from '@trainwright/platform';

export function unqueuedJobs(...jobs: Array<JobDefinition<never>>): Array<JobHandler<never>> {
  return jobs.map((job) =>
    handleJob(job, async () => {
      throw new Error(`${job.name} is not queued in this test`);
    }),
  );
}
