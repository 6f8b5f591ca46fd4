// Video-processing jobs on the `video` queue (PROCESS_VIDEO_JOB), apart from the narration renders
// so neither starves the other; the job's row is its state, the queue only runs it.
import { HELP_VIDEO_BATCH_JOB, JobQueue, PROCESS_VIDEO_JOB } from '@trainwright/platform';
import type { VideoQueue } from '../services/processing/deps.js';

export class VideoProcessingQueueRepository implements VideoQueue {
  constructor(private readonly queue: JobQueue) {}

  enqueue(jobId: string): Promise<void> {
    return this.queue.enqueue(PROCESS_VIDEO_JOB, { jobId });
  }

  async enqueueHelpers(jobId: string, count: number): Promise<void> {
    for (let helper = 1; helper <= count; helper++) await this.queue.enqueue(HELP_VIDEO_BATCH_JOB, { jobId, helper });
  }
}
