// The outcome of a paid render, from media-render's video.status_changed: 'ready' marks the
// payment rendered; 'failed' with its payment_id (failed for good) refunds it once.
import type { Subscription } from '@trainwright/platform';
import { VideoStatusChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { BillingDeps } from '../services/billing/deps.js';
import { applyVideoStatus } from '../services/billing/videos.js';

export function videoStatusSubscription(deps: BillingDeps): Subscription {
  return {
    name: 'billing-video-status',
    subject: 'video.status_changed',
    handle: async (event) => {
      const e = VideoStatusChanged.decode(event.data);
      if (!e.paymentId || (e.status !== 'ready' && e.status !== 'failed')) return;
      await applyVideoStatus(deps, { eventId: event.id, paymentId: e.paymentId, status: e.status });
    },
  };
}
