// video_job.changed on the bus: a video-processing job's state for the live feed (/api/events).
// The row is the truth (GET /api/video/jobs/{id}); a lost event only delays what a screen shows.
import { messageToProto, type EventBus } from '@trainwright/platform';
import { VideoJobChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { VideoJobEvents, VideoJobRow } from '../services/processing/deps.js';

export const VIDEO_JOB_SUBJECT = 'video_job.changed';

export class VideoJobEventsRepository implements VideoJobEvents {
  constructor(private readonly bus: EventBus) {}

  async changed(job: VideoJobRow): Promise<void> {
    const payload = VideoJobChanged.encode({
      jobId: job.id,
      companyId: job.companyId,
      operation: job.operation,
      status: job.status,
      progress: job.progress,
      stage: job.stage,
      error: job.error,
      errorMessage: messageToProto(job.errorMessage),
      occurredAt: job.updatedAt.toISOString(),
    }).finish();
    await this.bus.publish(VIDEO_JOB_SUBJECT, payload);
  }
}
