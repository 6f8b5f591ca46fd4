// The `scorm` queue, as the operations send to it.
import { BUILD_SCORM_PACKAGE_JOB, JobQueue, type QueueContext } from '@trainwright/platform';
import type { PackageJobs } from '../services/ports.js';

export class PackageJobsRepository implements PackageJobs {
  private readonly queue: JobQueue;

  constructor(ctx: QueueContext) {
    this.queue = new JobQueue(ctx, BUILD_SCORM_PACKAGE_JOB.queue);
  }

  enqueue(packageId: string): Promise<void> {
    return this.queue.enqueue(BUILD_SCORM_PACKAGE_JOB, { packageId });
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
