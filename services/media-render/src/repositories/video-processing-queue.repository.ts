// Video-processing jobs on the `video` queue (PROCESS_VIDEO_JOB), apart from the narration renders
// so neither starves the other; the job's row is its state, the queue only runs it.
import { JobQueue, PROCESS_VIDEO_JOB } from '@trainwright/platform';
import type { VideoQueue } from '../services/processing/deps.js';

export class VideoProcessingQueueRepository implements VideoQueue {
  constructor(private readonly queue: JobQueue) {}

  enqueue(jobId: string): Promise<void> {
    return this.queue.enqueue(PROCESS_VIDEO_JOB, { jobId });
  }
}
