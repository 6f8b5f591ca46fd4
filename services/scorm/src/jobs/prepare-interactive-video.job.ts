// The `scorm` queue's job for interactive video: one version's video and captions pinned. A service
// away is retried with backoff; a BuildError that is not retryable (the last attempt's failure, or a
// refusal) ends it at once and is the version's.
import { handleJob, PREPARE_INTERACTIVE_VIDEO_JOB } from '@trainwright/platform';
import type { InteractiveOperations } from '../services/interactive/videos.js';

export function prepareInteractiveVideoJob(deps: { interactive: Pick<InteractiveOperations, 'prepare' | 'abandon'> }) {
  return handleJob(PREPARE_INTERACTIVE_VIDEO_JOB, async ({ videoId, version }, job) => deps.interactive.prepare(videoId, version, { last: job.attempt >= job.maxAttempts }), {
    abandoned: async ({ videoId, version }) => deps.interactive.abandon(videoId, version),
  });
}
