// The `scorm` queue, as the interactive video operations send to it.
import { PREPARE_INTERACTIVE_VIDEO_JOB, type JobQueue } from '@trainwright/platform';
import type { InteractiveJobs } from '../services/interactive/deps.js';

/** Given its queue by main.ts, which opens it once and closes it after the workers. */
export class InteractiveJobsRepository implements InteractiveJobs {
  constructor(private readonly queue: JobQueue) {}

  enqueue(videoId: string, version: number): Promise<void> {
    return this.queue.enqueue(PREPARE_INTERACTIVE_VIDEO_JOB, { videoId, version });
  }
}
