// The narrated video's facts on the bus: video.status_changed (payment_required, queued,
// rendering with its percent, published here; ready, and failed with the payment billing refunds,
// written to the outbox with the payment's state by the entitlement repository), each with
// occurred_at in microseconds, strictly increasing in this process, as the project events carry
// it: the project service applies them per project in that order.
import { messageToProto, occurredNow, type EventBus, type OutboxEvent } from '@trainwright/platform';
import { VideoStatusChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { VideoEvents, VideoStatusChange } from '../services/videos/deps.js';

export const VIDEO_STATUS_SUBJECT = 'video.status_changed';

/** The fact as it goes on the bus, straight (progress) or through the outbox (ready, failed). */
export function videoStatusEvent(change: VideoStatusChange): OutboxEvent {
  const payload = VideoStatusChanged.encode({
    projectId: change.projectId,
    companyId: change.companyId,
    status: change.status,
    percent: change.percent ?? (change.status === 'ready' ? 100 : 0),
    contentVersion: change.contentVersion,
    error: change.error ?? '',
    errorMessage: messageToProto(change.errorMessage),
    paymentId: change.paymentId ?? '',
    occurredAt: occurredNow(),
    language: change.language ?? '',
  }).finish();
  return { subject: VIDEO_STATUS_SUBJECT, payload };
}

export class VideoEventsRepository implements VideoEvents {
  constructor(private readonly bus: EventBus) {}

  async changed(change: VideoStatusChange, id?: string): Promise<void> {
    await this.bus.publish(VIDEO_STATUS_SUBJECT, videoStatusEvent(change).payload, id);
  }
}
