// The `render` queue's paid-video job: one per payment (billing's payment.succeeded of kind
// 'video', or a render that found a payment not used yet). A RenderError that is not retryable
// ends it at once; anything else is retried with backoff; when every attempt's worker died the
// payment fails (and billing refunds it).
import { handleJob, RENDER_VIDEO_JOB } from '@trainwright/platform';
import type { VideoRenderService } from '../services/video-render.service.js';

export function renderVideoJob(deps: { videos: Pick<VideoRenderService, 'run' | 'abandoned'> }) {
  return handleJob(RENDER_VIDEO_JOB, async ({ projectId, paymentId }, job) => deps.videos.run({ projectId, paymentId }, job), {
    abandoned: async ({ projectId, paymentId }) => deps.videos.abandoned({ projectId, paymentId }),
  });
}
