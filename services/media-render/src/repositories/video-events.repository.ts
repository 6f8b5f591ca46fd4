// The narrated video's facts on the bus: video.status_changed (payment_required, queued,
// rendering with its percent, ready, failed with the payment billing refunds), each with
// occurred_at in microseconds, strictly increasing in this process, as the project events carry
// it: the project service applies them per project in that order.
import { occurredNow, type EventBus } from '@trainwright/platform';
import { VideoStatusChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { VideoEvents, VideoStatusChange } from '../services/ports.js';

export const VIDEO_STATUS_SUBJECT = 'video.status_changed';

export class VideoEventsRepository implements VideoEvents {
  constructor(private readonly bus: EventBus) {}

  async changed(change: VideoStatusChange, id?: string): Promise<void> {
    const message = VideoStatusChanged.encode({
      projectId: change.projectId,
      companyId: change.companyId,
      status: change.status,
      percent: change.percent ?? (change.status === 'ready' ? 100 : 0),
      contentVersion: change.contentVersion,
      error: change.error ?? '',
      paymentId: change.paymentId ?? '',
      occurredAt: occurredNow(),
      language: change.language ?? '',
    }).finish();
    await this.bus.publish(VIDEO_STATUS_SUBJECT, message, id);
  }
}
