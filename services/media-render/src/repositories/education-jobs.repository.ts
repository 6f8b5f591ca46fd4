// The education library's render jobs on the render queue (RENDER_EDUCATION_JOB): one per course
// and start of an edition, so enqueueing the same start again adds nothing.
import { JobQueue, RENDER_EDUCATION_JOB } from '@trainwright/platform';
import type { EducationJobs } from '../services/education/deps.js';

export class EducationJobsRepository implements EducationJobs {
  constructor(private readonly queue: JobQueue) {}

  async enqueue(libraryKey: string, run: number, slugs: string[]): Promise<void> {
    for (const slug of slugs) await this.queue.enqueue(RENDER_EDUCATION_JOB, { libraryKey, run, slug });
  }
}
