// BullMQ queues and workers on Redis. Jobs carry ids, not documents; a deterministic jobId makes
// enqueueing idempotent; attempts back off exponentially.
import { Queue, Worker, type JobsOptions, type Processor, type WorkerOptions } from 'bullmq';
import { Redis } from 'ioredis';

export interface QueueContext {
  redisUrl: string;
  /** Key prefix, so parallel runs never share queues. */
  namespace: string;
}

export function createRedis(url: string): Redis {
  // BullMQ workers need maxRetriesPerRequest null (blocking commands).
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
}

export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 86_400, count: 1000 },
  removeOnFail: { age: 7 * 86_400 },
};

export function createQueue<Data>(ctx: QueueContext, name: string, connection: Redis = createRedis(ctx.redisUrl)): Queue<Data> {
  return new Queue<Data>(name, { connection, prefix: `${ctx.namespace}:bull`, defaultJobOptions: DEFAULT_JOB_OPTIONS });
}

export function createWorker<Data, Result = unknown>(
  ctx: QueueContext,
  name: string,
  processor: Processor<Data, Result>,
  options: Omit<WorkerOptions, 'connection' | 'prefix'> = {},
): Worker<Data, Result> {
  return new Worker<Data, Result>(name, processor, {
    ...options,
    connection: createRedis(ctx.redisUrl),
    prefix: `${ctx.namespace}:bull`,
  });
}
