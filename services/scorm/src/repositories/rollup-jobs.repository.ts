// Queues the rollup of a company's statements (ROLLUP_LEARNER_STATEMENTS_JOB): one job per company
// per window, run when its window ends, so it reads every statement stored in the window (whatever
// is stored later is in a later window, with its own job). This process asks the queue once per
// window, so storing statements costs one Redis call a window rather than one a request.
import { ROLLUP_LEARNER_STATEMENTS_JOB, type JobQueue } from '@trainwright/platform';

export class RollupJobsRepository {
  private readonly asked = new Map<string, number>();

  constructor(
    private readonly queue: JobQueue,
    private readonly windowMs = 1000,
  ) {}

  async schedule(companyId: string, now = Date.now()): Promise<void> {
    const window = Math.floor(now / this.windowMs);
    if (this.asked.get(companyId) === window) return;
    await this.queue.enqueue(ROLLUP_LEARNER_STATEMENTS_JOB, { companyId, window }, { delayMs: (window + 1) * this.windowMs - now });
    if (this.asked.size > 10_000) this.asked.clear();
    this.asked.set(companyId, window);
  }
}
