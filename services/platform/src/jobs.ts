// Jobs on BullMQ queues, declared once: a definition (queue, name, attempts, backoff, job id)
// that the sender and the worker both import. A worker starts only when every job of its queue
// has exactly one handler. Jobs carry ids, not documents; a deterministic job id makes
// enqueueing idempotent.
import { UnrecoverableError, type Job, type Queue, type Worker } from 'bullmq';
import { isCatalogueMessage, type CatalogueMessage } from '@trainwright/catalogue';
import type { MessageRef } from './errors.js';
import { createQueue, createWorker, type QueueContext } from './queues.js';
import type { Logger } from './logger.js';

export interface JobDefinition<Payload> {
  /** The queue that carries it: workers drain, and scale on, one queue. */
  readonly queue: string;
  /** The job's name on its queue; the worker dispatches on it. */
  readonly name: string;
  readonly attempts: number;
  /** First retry delay; each further one doubles. */
  readonly backoffMs: number;
  /** Background work: BullMQ runs a job with a priority (1 first, up to 2^21) only when no job
   * without one waits, so it never delays a user's. Absent: a user's job, first in first out. */
  readonly priority?: number;
  /** The same work always gets the same id, so enqueueing it twice runs it once. */
  jobId(payload: Payload): string;
}

/** Every job the product runs, for the registry check (job-definitions.ts fills it). */
const DEFINITIONS: JobDefinition<never>[] = [];

export function defineJob<Payload>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  if (DEFINITIONS.some((d) => d.queue === definition.queue && d.name === definition.name)) {
    throw new Error(`job ${definition.queue}/${definition.name} is defined twice`);
  }
  DEFINITIONS.push(definition as JobDefinition<never>);
  return definition;
}

/**
 * An expected failure of a job. `retryable: false` ends the job at once (input that can never
 * succeed); a retryable one, like any other thrown error, is tried again with backoff.
 */
export class JobError extends Error {
  /** Set when the message is one of the catalogue's, so the failure a row keeps names it by id. */
  readonly messageRef: MessageRef | undefined;

  constructor(
    message: string | CatalogueMessage,
    readonly retryable = false,
  ) {
    super(isCatalogueMessage(message) ? message.text : message);
    this.name = 'JobError';
    this.messageRef = isCatalogueMessage(message) ? { id: message.id, params: message.params } : undefined;
  }
}

export interface JobContext {
  jobId: string;
  /** 1 for the first try. */
  attempt: number;
  maxAttempts: number;
  /** Records progress on the job itself (visible to queue tooling). */
  progress(data: object): Promise<void>;
}

export interface JobHandler<Payload = never> {
  job: JobDefinition<Payload>;
  run(payload: Payload, context: JobContext): Promise<unknown>;
  /**
   * The job ended without `run` finishing any attempt: its worker died (was killed, ran out of
   * memory) more often than the queue allows, so BullMQ failed it when it was next taken up. What
   * `run` would have reported on its last attempt (a failure event) is reported here.
   */
  abandoned?(payload: Payload, context: { jobId: string; reason: string }): Promise<void>;
}

/** Pairs a definition with its handler (keeps the payload type checked). */
export function handleJob<Payload>(
  job: JobDefinition<Payload>,
  run: JobHandler<Payload>['run'],
  hooks: Pick<JobHandler<Payload>, 'abandoned'> = {},
): JobHandler<Payload> {
  return { job, run, ...hooks };
}

/** BullMQ's reasons for failing a job none of whose attempts ended (its workers kept dying). */
const ABANDONED = /^job (stalled|started) more than allowable limit$/;

/** Sends jobs to one queue. */
export class JobQueue {
  private readonly queue: Queue;

  constructor(
    ctx: QueueContext,
    readonly name: string,
  ) {
    this.queue = createQueue(ctx, name);
  }

  /** Queues the job (once per jobId); `delayMs`: not before that many milliseconds from now. */
  async enqueue<Payload>(job: JobDefinition<Payload>, payload: Payload, options: { delayMs?: number } = {}): Promise<void> {
    if (job.queue !== this.name) throw new Error(`job ${job.name} belongs to queue ${job.queue}, not ${this.name}`);
    await this.queue.add(job.name, payload, {
      jobId: job.jobId(payload),
      attempts: job.attempts,
      backoff: { type: 'exponential', delay: job.backoffMs },
      ...(job.priority ? { priority: job.priority } : {}),
      ...(options.delayMs ? { delay: options.delayMs } : {}),
    });
  }

  /** Runs the job every `everyMs` from now on (one schedule per job, however often this is called). */
  async schedule<Payload>(job: JobDefinition<Payload>, payload: Payload, everyMs: number): Promise<void> {
    if (job.queue !== this.name) throw new Error(`job ${job.name} belongs to queue ${job.queue}, not ${this.name}`);
    await this.queue.upsertJobScheduler(job.jobId(payload), { every: everyMs }, { name: job.name, data: payload, opts: { attempts: job.attempts, backoff: { type: 'exponential', delay: job.backoffMs } } });
  }

  waiting(): Promise<number> {
    return this.queue.getWaitingCount();
  }

  /** Jobs not finished yet: waiting, delayed, being retried or running (0: the queue is idle). */
  async unfinished(): Promise<number> {
    const counts = await this.queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active');
    return Object.values(counts).reduce((sum, n) => sum + n, 0);
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}

/** Throws unless every job defined for `queue` has exactly one handler and no handler is foreign. */
export function checkJobHandlers(queue: string, handlers: readonly JobHandler<never>[]): void {
  const problems: string[] = [];
  for (const handler of handlers) {
    if (handler.job.queue !== queue) problems.push(`${handler.job.name} belongs to queue ${handler.job.queue}`);
  }
  for (const job of DEFINITIONS.filter((d) => d.queue === queue)) {
    const count = handlers.filter((h) => h.job === job).length;
    if (count !== 1) problems.push(`${job.name} has ${count === 0 ? 'no handler' : `${count} handlers`}`);
  }
  if (handlers.length === 0) problems.push('no handlers');
  if (problems.length > 0) throw new Error(`the ${queue} queue's worker cannot start: ${problems.join('; ')}`);
}

export interface JobWorkerOptions {
  concurrency: number;
  /** How long a job stays locked to a worker that stopped renewing it (a dead one), in ms. */
  lockMs?: number;
  /** Where a failing `abandoned` hook is reported. */
  logger?: Pick<Logger, 'error'>;
}

/** Drains one queue, dispatching each job to its handler by name. */
export function startJobWorker(ctx: QueueContext, queue: string, handlers: readonly JobHandler<never>[], options: JobWorkerOptions): Worker {
  checkJobHandlers(queue, handlers);
  const byName = new Map(handlers.map((h) => [h.job.name, h]));
  const lock = options.lockMs ?? 30_000;
  const worker = createWorker(
    ctx,
    queue,
    async (job: Job) => {
      const handler = byName.get(job.name);
      if (!handler) throw new UnrecoverableError(`no handler for job ${job.name} on queue ${queue}`);
      const context: JobContext = {
        jobId: job.id ?? '',
        attempt: job.attemptsMade + 1,
        maxAttempts: job.opts.attempts ?? 1,
        progress: (data) => job.updateProgress(data),
      };
      try {
        return await handler.run(job.data as never, context);
      } catch (error) {
        if (error instanceof JobError && !error.retryable) throw new UnrecoverableError(error.message);
        throw error;
      }
    },
    // The lock is renewed while the worker lives; a dead worker's job is found stalled after the
    // lock expires and is run again.
    { concurrency: options.concurrency, lockDuration: lock, stalledInterval: lock },
  );
  worker.on('failed', (job, error) => {
    if (!job || !ABANDONED.test(error.message)) return;
    const abandoned = byName.get(job.name)?.abandoned;
    abandoned?.(job.data as never, { jobId: job.id ?? '', reason: error.message }).catch((failure: unknown) => {
      options.logger?.error({ err: failure, jobId: job.id, queue }, 'reporting an abandoned job failed');
    });
  });
  return worker;
}
