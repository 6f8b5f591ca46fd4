// The `translate` queue, as the operations send to it.
import { JobQueue, TRANSLATE_PROJECT_JOB, type QueueContext } from '@trainwright/platform';
import type { TranslationJobs } from '../services/ports.js';

export class TranslationJobsRepository implements TranslationJobs {
  private readonly queue: JobQueue;

  constructor(ctx: QueueContext) {
    this.queue = new JobQueue(ctx, TRANSLATE_PROJECT_JOB.queue);
  }

  enqueue(translationId: string, runId: string): Promise<void> {
    return this.queue.enqueue(TRANSLATE_PROJECT_JOB, { translationId, runId });
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
