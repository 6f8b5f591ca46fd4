// Medium test: BullMQ on the real Redis.
import { createQueue, createRedis, createWorker } from '../src/queues.js';
import { createTestInfra, type TestInfra } from '../src/testing.js';

describe('queues', () => {
  let infra: TestInfra;
  beforeAll(async () => {
    infra = await createTestInfra('queues');
  });
  afterAll(async () => {
    const redis = createRedis(infra.redisUrl);
    const keys = await redis.keys(`${infra.namespace}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await infra.cleanup();
  });

  it('should run each job once per deterministic job id and report progress', async () => {
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
    const done = new Promise<string>((resolve) => worker.on('completed', (_job, result) => resolve(result)));
    await queue.add('render', { projectId: 'p1' }, { jobId: 'p1-render' });
    await queue.add('render', { projectId: 'p1' }, { jobId: 'p1-render' });
    expect(await done).toBe('done p1');
    await new Promise((r) => setTimeout(r, 200));
    expect(processed).toEqual(['p1']);
    expect(progress).toEqual([50]);
    await worker.close();
    await queue.close();
  });
});
