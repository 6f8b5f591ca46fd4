// The `render` queue's paid-video job: one per payment (billing's payment.succeeded of kind
// 'video', or a render that found a payment not used yet). A RenderError that is not retryable
// ends it at once; anything else is retried with backoff; when every attempt's worker died the
// payment fails (and billing refunds it).
import { handleJob, RENDER_VIDEO_JOB } from '@trainwright/platform';
import type { RenderDeps } from '../services/renders/deps.js';
import { abandonPaidVideo, renderPaidVideo } from '../services/renders/render-video.js';

export function renderVideoJob(deps: RenderDeps) {
  return handleJob(RENDER_VIDEO_JOB, async ({ projectId, paymentId, plan }, job) => renderPaidVideo(deps, { projectId, paymentId, plan }, job), {
    abandoned: async ({ projectId, paymentId }) => abandonPaidVideo(deps, { projectId, paymentId }),
  });
}
