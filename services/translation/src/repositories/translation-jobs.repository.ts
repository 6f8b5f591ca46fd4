// The `translate` queue, as the operations send to it.
import { TRANSLATE_PROJECT_JOB, type JobQueue } from '@trainwright/platform';
import type { TranslationJobs } from '../services/translations/deps.js';

/** Given its queue by main.ts, which opens it once and closes it after the workers. */
export class TranslationJobsRepository implements TranslationJobs {
  constructor(private readonly queue: JobQueue) {}

  enqueue(translationId: string, runId: string): Promise<void> {
    return this.queue.enqueue(TRANSLATE_PROJECT_JOB, { translationId, runId });
  }
}
