// The paid-video jobs on the render queue (RENDER_VIDEO_JOB): one per payment, so enqueueing the
// same payment again adds nothing.
import { JobQueue, RENDER_VIDEO_JOB, type OwnerPlan } from '@trainwright/platform';
import type { VideoJobs } from '../services/videos/deps.js';

export class VideoJobsRepository implements VideoJobs {
  constructor(private readonly queue: JobQueue) {}

  enqueue(projectId: string, paymentId: string, plan: OwnerPlan): Promise<void> {
    return this.queue.enqueue(RENDER_VIDEO_JOB, { projectId, paymentId, plan });
  }
}
