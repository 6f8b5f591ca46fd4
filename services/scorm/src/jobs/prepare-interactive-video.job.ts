// The `scorm` queue's job for interactive video: one version's video and captions pinned. A service
// away is retried with backoff; the last attempt's failure (or any refusal) is the version's.
import { handleJob, JobError, PREPARE_INTERACTIVE_VIDEO_JOB } from '@trainwright/platform';
import type { InteractiveOperations } from '../services/interactive/videos.js';
import { BuildError } from '../services/packages.js';

export function prepareInteractiveVideoJob(deps: { interactive: Pick<InteractiveOperations, 'prepare' | 'abandon'> }) {
  return handleJob(
    PREPARE_INTERACTIVE_VIDEO_JOB,
    async ({ videoId, version }, job) => {
      try {
        return await deps.interactive.prepare(videoId, version, { last: job.attempt >= job.maxAttempts });
      } catch (error) {
        if (error instanceof BuildError && !error.retryable) throw new JobError(error.message);
        throw error;
      }
    },
    { abandoned: async ({ videoId, version }) => deps.interactive.abandon(videoId, version) },
  );
}
