// The `render` queue's translation job: one per project, language and translation version
// (media-render enqueues it on translation.completed). A RenderError that is not retryable ends it
// at once; anything else is retried with backoff. A job whose workers all died leaves the
// language's last complete files served: the next version (or a retranslation) renders again.
import { handleJob, RENDER_TRANSLATION_JOB } from '@trainwright/platform';
import type { RenderDeps } from '../services/renders/deps.js';
import { renderTranslation } from '../services/renders/render-translation.js';

export function renderTranslationJob(deps: RenderDeps) {
  return handleJob(RENDER_TRANSLATION_JOB, async ({ projectId, language, version, plan }, job) =>
    renderTranslation(deps, { projectId, language, version: Number(version), plan }, job, (stage, percent) => job.progress({ stage, percent })),
  );
}
