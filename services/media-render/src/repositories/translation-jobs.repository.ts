// A translation's render on the render queue (RENDER_TRANSLATION_JOB): its job id follows from the
// translation and its version, so announcing the same version twice renders it once.
import { JobQueue, RENDER_TRANSLATION_JOB } from '@trainwright/platform';
import type { TranslationJobs } from '../services/ports.js';

export class TranslationJobsRepository implements TranslationJobs {
  constructor(private readonly queue: JobQueue) {}

  enqueue(request: Parameters<TranslationJobs['enqueue']>[0]): Promise<void> {
    return this.queue.enqueue(RENDER_TRANSLATION_JOB, request);
  }
}
