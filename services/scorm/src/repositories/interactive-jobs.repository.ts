// The `scorm` queue, as the interactive video operations send to it.
import { JobQueue, PREPARE_INTERACTIVE_VIDEO_JOB, type QueueContext } from '@trainwright/platform';
import type { InteractiveJobs } from '../services/ports.js';

export class InteractiveJobsRepository implements InteractiveJobs {
  private readonly queue: JobQueue;

  constructor(ctx: QueueContext) {
    this.queue = new JobQueue(ctx, PREPARE_INTERACTIVE_VIDEO_JOB.queue);
  }

  enqueue(videoId: string, version: number): Promise<void> {
    return this.queue.enqueue(PREPARE_INTERACTIVE_VIDEO_JOB, { videoId, version });
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
