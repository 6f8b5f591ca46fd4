// BullMQ queues and workers on Redis. Jobs carry ids, not documents; a deterministic jobId makes
// enqueueing idempotent; attempts back off exponentially.
import { Queue, Worker, type ConnectionOptions, type JobsOptions, type Processor, type WorkerOptions } from 'bullmq';
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

/** Connection settings (not a client) so each queue and worker owns, and closes, its connection. */
export function redisOptions(url: string): ConnectionOptions {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    maxRetriesPerRequest: null,
  };
}

/** How long finished jobs are kept; attempts and backoff come from each job's definition (jobs.ts). */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  removeOnComplete: { age: 86_400, count: 1000 },
  removeOnFail: { age: 7 * 86_400 },
};

export function createQueue<Data>(ctx: QueueContext, name: string): Queue<Data> {
  return new Queue<Data>(name, { connection: redisOptions(ctx.redisUrl), prefix: `${ctx.namespace}:bull`, defaultJobOptions: DEFAULT_JOB_OPTIONS });
}

export function createWorker<Data, Result = unknown>(
  ctx: QueueContext,
  name: string,
  processor: Processor<Data, Result>,
  options: Omit<WorkerOptions, 'connection' | 'prefix'> = {},
): Worker<Data, Result> {
  return new Worker<Data, Result>(name, processor, {
    ...options,
    connection: redisOptions(ctx.redisUrl),
    prefix: `${ctx.namespace}:bull`,
  });
}
