// The `scorm` queue's job for interactive video: one version's video and captions pinned. A service
// away is retried with backoff; a BuildError that is not retryable (the last attempt's failure, or a
// refusal) ends it at once and is the version's.
import { handleJob, PREPARE_INTERACTIVE_VIDEO_JOB } from '@trainwright/platform';
import { abandonInteractiveVideo } from '../services/interactive/abandon-interactive-video.js';
import type { InteractiveDeps } from '../services/interactive/deps.js';
import { prepareInteractiveVideo } from '../services/interactive/prepare-interactive-video.js';

export function prepareInteractiveVideoJob(deps: InteractiveDeps) {
  return handleJob(PREPARE_INTERACTIVE_VIDEO_JOB, async ({ videoId, version }, job) => prepareInteractiveVideo(deps, videoId, version, { last: job.attempt >= job.maxAttempts }), {
    abandoned: async ({ videoId, version }) => abandonInteractiveVideo(deps, videoId, version),
  });
}
