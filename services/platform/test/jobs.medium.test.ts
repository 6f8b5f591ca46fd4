// Declared jobs on the real Redis: the sender and the worker share one definition, the registry
// refuses a queue whose jobs lack handlers, and a permanent JobError is not retried.
import { checkJobHandlers, defineJob, handleJob, JobError, JobQueue, startJobWorker } from '../src/jobs.js';
import { GENERATE_PROJECT_JOB, RENDER_PROJECT_JOB } from '../src/job-definitions.js';
import { createQueue, createWorker } from '../src/queues.js';
import { createTestInfra, eventually, type TestInfra } from '../src/testing.js';

const ECHO_JOB = defineJob<{ id: string; fail?: 'permanent' | 'once' }>({ queue: 'jobs-test', name: 'echo', attempts: 3, backoffMs: 10, jobId: (p) => `echo-${p.id}` });
const OTHER_JOB = defineJob<{ id: string }>({ queue: 'jobs-test', name: 'other', attempts: 1, backoffMs: 10, jobId: (p) => `other-${p.id}` });
// Background work and a user's job, on a queue of their own.
const BACKGROUND_JOB = defineJob<{ id: string }>({ queue: 'jobs-priority-test', name: 'background', attempts: 1, backoffMs: 10, priority: 10, jobId: (p) => `background-${p.id}` });
const USER_JOB = defineJob<{ id: string }>({ queue: 'jobs-priority-test', name: 'user', attempts: 1, backoffMs: 10, jobId: (p) => `user-${p.id}` });
// On a queue of its own: the stalled-job checks must see no other test's jobs.
const DYING_JOB = defineJob<{ id: string }>({ queue: 'jobs-dying-test', name: 'dying', attempts: 3, backoffMs: 10, jobId: (p) => `dying-${p.id}` });

describe('checkJobHandlers', () => {
  const noop = async () => undefined;

  it('should pass when every job of the queue has one handler', () => {
    expect(() => checkJobHandlers('jobs-test', [handleJob(ECHO_JOB, noop), handleJob(OTHER_JOB, noop)] as never)).not.toThrow();
    expect(() => checkJobHandlers('generate', [handleJob(GENERATE_PROJECT_JOB, noop)] as never)).not.toThrow();
  });

  it('should refuse a job with no handler, two handlers, or a handler from another queue', () => {
    expect(() => checkJobHandlers('jobs-test', [handleJob(ECHO_JOB, noop)] as never)).toThrow('other has no handler');
    expect(() => checkJobHandlers('jobs-test', [handleJob(ECHO_JOB, noop), handleJob(ECHO_JOB, noop), handleJob(OTHER_JOB, noop)] as never)).toThrow('echo has 2 handlers');
    expect(() => checkJobHandlers('generate', [handleJob(GENERATE_PROJECT_JOB, noop), handleJob(RENDER_PROJECT_JOB, noop)] as never)).toThrow('render belongs to queue render');
    expect(() => checkJobHandlers('render', [])).toThrow('render has no handler');
  });

  it('should refuse a second definition of the same job', () => {
    expect(() => defineJob({ queue: 'jobs-test', name: 'echo', attempts: 1, backoffMs: 1, jobId: () => 'x' })).toThrow('defined twice');
  });
});

describe('queues: JobQueue and startJobWorker over createQueue and createWorker', () => {
  let infra: TestInfra;
  beforeAll(async () => {
    infra = await createTestInfra('jobs');
  });
  afterAll(async () => {
    await infra.cleanup();
  });

  it('should run each BullMQ job once per deterministic job id and report progress (createQueue, createWorker)', async () => {
    const ctx = { redisUrl: infra.redisUrl, namespace: infra.namespace };
    const queue = createQueue<{ projectId: string }>(ctx, 'render.test');
    const processed: string[] = [];
    const progress: unknown[] = [];
    const worker = createWorker<{ projectId: string }, string>(ctx, 'render.test', async (job) => {
      await job.updateProgress(50);
      processed.push(job.data.projectId);
      return `done ${job.data.projectId}`;
    });
    worker.on('progress', (_job, p) => progress.push(p));
    const completed: string[] = [];
    worker.on('completed', (_job, result) => void completed.push(result));
    await queue.add('render', { projectId: 'p1' }, { jobId: 'p1-render' });
    await queue.add('render', { projectId: 'p1' }, { jobId: 'p1-render' });
    // A barrier: a later job on the same worker (one job at a time, first in first out). Once it
    // has completed, a second run of p1 would have come before it.
    await queue.add('render', { projectId: 'p2' }, { jobId: 'p2-render' });
    await eventually(() => completed.includes('done p2'), 10_000);
    expect(completed).toEqual(['done p1', 'done p2']);
    expect(processed).toEqual(['p1', 'p2']);
    expect(progress).toEqual([50, 50]);
    await worker.close();
    await queue.close();
  });

  it('should run background jobs only when no user job waits, each kind first in first out', async () => {
    const ctx = { redisUrl: infra.redisUrl, namespace: infra.namespace };
    const queue = new JobQueue(ctx, 'jobs-priority-test');
    // Queued before any worker runs: three courses of background work, then two users' renders.
    for (const id of ['b1', 'b2', 'b3']) await queue.enqueue(BACKGROUND_JOB, { id });
    for (const id of ['u1', 'u2']) await queue.enqueue(USER_JOB, { id });
    const order: string[] = [];
    const run = async (p: { id: string }) => void order.push(p.id);
    const worker = startJobWorker(ctx, 'jobs-priority-test', [handleJob(BACKGROUND_JOB, run), handleJob(USER_JOB, run)], { concurrency: 1 });
    await eventually(() => order.length === 5, 10_000);
    expect(order).toEqual(['u1', 'u2', 'b1', 'b2', 'b3']);
    await worker.close();
    await queue.close();
  });

  it('should run each job once per id, retry a transient failure and end a permanent one at once', async () => {
    const ctx = { redisUrl: infra.redisUrl, namespace: infra.namespace };
    const queue = new JobQueue(ctx, 'jobs-test');
    const runs: string[] = [];
    const worker = startJobWorker(
      ctx,
      'jobs-test',
      [
        handleJob(ECHO_JOB, async (p, job) => {
          runs.push(`${p.id}#${job.attempt}`);
          await job.progress({ percent: 50 });
          if (p.fail === 'permanent') throw new JobError('cannot ever work');
          if (p.fail === 'once' && job.attempt === 1) throw new JobError('try again', true);
          return p.id;
        }),
        handleJob(OTHER_JOB, async () => undefined),
      ] as never,
      { concurrency: 1 },
    );
    const settled = new Map<string, string>();
    const allSettled = new Promise<void>((resolve) => {
      const note = (id: string | undefined, outcome: string) => {
        settled.set(id ?? '', outcome);
        if (settled.size === 3) resolve();
      };
      worker.on('completed', (job) => note(job.id, 'completed'));
      worker.on('failed', (job, err) => {
        if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) note(job.id, `failed: ${err.message}`);
        else if (job?.data.fail === 'permanent') note(job.id, `failed: ${err.message}`);
      });
    });
    await queue.enqueue(ECHO_JOB, { id: 'a' });
    await queue.enqueue(ECHO_JOB, { id: 'a' });
    await queue.enqueue(ECHO_JOB, { id: 'b', fail: 'permanent' });
    await queue.enqueue(ECHO_JOB, { id: 'c', fail: 'once' });
    await expect(queue.enqueue(GENERATE_PROJECT_JOB, { projectId: 'p', contentVersion: '1', plan: { tier: 'starter', trialState: 'none' } })).rejects.toThrow('belongs to queue generate');
    await allSettled;
    expect(Object.fromEntries(settled)).toEqual({ 'echo-a': 'completed', 'echo-b': 'failed: cannot ever work', 'echo-c': 'completed' });
    expect(runs.sort()).toEqual(['a#1', 'b#1', 'c#1', 'c#2']);
    await worker.close();
    await queue.close();
  });

  it("should report a job whose worker died on every attempt through its handler's abandoned hook, once", async () => {
    const ctx = { redisUrl: infra.redisUrl, namespace: infra.namespace };
    const queue = new JobQueue(ctx, 'jobs-dying-test');
    const started: number[] = [];
    const abandoned: Array<{ id: string; jobId: string; reason: string }> = [];
    const handlers = () =>
      [
        // Never finishes: the worker running it is then closed by force, as a killed process would stop.
        handleJob(DYING_JOB, async (_p, job) => {
          started.push(job.attempt);
          await new Promise(() => undefined);
        }, { abandoned: async (p, context) => void abandoned.push({ id: p.id, ...context }) }),
      ] as never;
    const lockMs = 400;
    await queue.enqueue(DYING_JOB, { id: 'dies' });
    // Each worker dies (force-closed, its lock left to expire) once it has taken the job up;
    // BullMQ allows one stall, so the third worker to take it up fails it at once.
    for (let death = 0; death < 2; death++) {
      const worker = startJobWorker(ctx, 'jobs-dying-test', handlers(), { concurrency: 1, lockMs });
      const before = started.length;
      await eventually(() => started.length > before, 10_000);
      await worker.close(true);
    }
    const last = startJobWorker(ctx, 'jobs-dying-test', handlers(), { concurrency: 1, lockMs });
    await eventually(() => abandoned.length > 0, 15_000);
    expect(abandoned).toEqual([{ id: 'dies', jobId: 'dying-dies', reason: 'job stalled more than allowable limit' }]);
    expect(started).toHaveLength(2);
    // Only time shows that no second abandonment comes: two rounds of BullMQ's stalled check.
    await new Promise((r) => setTimeout(r, lockMs * 2));
    expect(abandoned).toHaveLength(1);
    await last.close();
    await queue.close();
  });
});
