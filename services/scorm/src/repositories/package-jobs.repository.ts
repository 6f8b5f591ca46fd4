// The `scorm` queue, as the package operations send to it.
import { BUILD_SCORM_PACKAGE_JOB, type JobQueue } from '@trainwright/platform';
import type { PackageJobs } from '../services/packages/deps.js';

/** Given its queue by main.ts, which opens it once and closes it after the workers. */
export class PackageJobsRepository implements PackageJobs {
  constructor(private readonly queue: JobQueue) {}

  enqueue(packageId: string): Promise<void> {
    return this.queue.enqueue(BUILD_SCORM_PACKAGE_JOB, { packageId });
  }
}
