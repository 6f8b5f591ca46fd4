// Untrusted documents on the real queue (Redis): parsing runs in worker threads within the
// configured limits. A document past a limit fails its project at once with a message naming the
// limit and is not retried; a worker that dies (out of memory) is retried with backoff and fails
// after its attempts; while a huge PDF is parsed, the service answers its health check and another
// company's project generates. How fast the event loop and the health check answer meanwhile,
// and how fast shutdown stops the workers, is measured in untrusted-documents.timed.test.ts.
import { checkGrpcHealth, createGrpcServer, createLogger, createQueue, GENERATE_PROJECT_JOB } from '@trainwright/platform';
import { eventually } from '@trainwright/platform/testing';
import { GLOVES_SCRIPT, manyPagesPdf } from './fixtures.js';
import { untrustedHarness } from './untrusted-fixtures.js';

const SCRIPT = GLOVES_SCRIPT;

describe('untrusted documents: parsing bounded and apart from the event loop', () => {
  const h = untrustedHarness('untrusted');
  const { startWorker, queueProject, finishedJob, ctx } = h;

  it('should fail a 30,000-page PDF at once with the page limit in the message, without retrying it', async () => {
    startWorker({ maxPages: 1000 });
    const pdf = manyPagesPdf(30_000);
    expect(pdf.length).toBeGreaterThan(9_000_000);
    const jobId = await queueProject('p-pages', 'company-a', { bytes: pdf, filename: 'manual.pdf', kind: 'slides' });
    const job = await finishedJob(jobId, 20_000);
    const message = 'The document has 30,000 pages, more than the limit of 1,000 pages. Please upload a shorter document or split it into parts.';
    expect(job).toEqual({ state: 'failed', attemptsMade: 1, failedReason: message });
    // Thrown in the reader's worker, it keeps its catalogue message across the boundary.
    expect(h.outcome.failed).toEqual([{ projectId: 'p-pages', message, id: 'generation.tooManyPages', params: [30_000, 1000] }]);
    expect(h.supervisor.size).toBe(0);
  });

  it("should answer on its event loop and generate another company's project while a huge PDF is parsed", async () => {
    // A one-second lock: it is renewed on this loop while the worker thread parses, so the job
    // is never taken for stalled and run twice. The huge PDF's parse outlasts the test by far
    // (still parsing at 200 s on a slow 2-core machine); afterEach stops it (closeAll).
    startWorker({ maxPages: 100_000 }, 1000);
    // The service's gRPC server with its health service, on this process's event loop.
    const grpc = createGrpcServer(createLogger('test', 'silent'));
    const port = await grpc.listen('127.0.0.1:0');
    grpc.setServing('SERVING');
    await queueProject('p-slow', 'company-a', { bytes: manyPagesPdf(20_000), filename: 'huge.pdf', kind: 'slides' });
    // The huge PDF is being parsed in its worker thread...
    // An event wait: on a loaded 2-core machine the worker thread has taken over 10 s to start.
    await eventually(() => h.supervisor.size > 0 && h.outcome.progress.includes('p-slow analyzing 0'), 30_000);
    // ...while the health check answers (within its own one-second deadline)...
    expect(await checkGrpcHealth(`127.0.0.1:${port}`, '', 1000)).toBe('SERVING');
    // ...and another company's project is read (in a worker of its own) and generated.
    const small = await queueProject('p-small', 'company-b', { bytes: Buffer.from(SCRIPT), filename: 'script.txt', kind: 'script' });
    expect(await finishedJob(small, 22_000)).toMatchObject({ state: 'completed', attemptsMade: 1 });
    expect(h.outcome.completed).toEqual(['p-small']);
    expect(h.supervisor.size).toBe(1); // the huge PDF is still being parsed, by its first run only
    expect(h.stalled).toEqual([]);
    expect(h.outcome.progress.filter((p) => p === 'p-slow analyzing 0')).toHaveLength(1);
    await grpc.shutdown();
  }, 70_000);

  it('should stop a parse at the time limit and fail the project with the limit in the message, without retrying it', async () => {
    startWorker({ maxPages: 100_000, timeoutMs: 2_000 });
    const big = await queueProject('p-timeout', 'company-a', { bytes: manyPagesPdf(20_000), filename: 'huge.pdf', kind: 'slides' });
    await eventually(() => h.supervisor.size > 0, 10_000);
    const job = await finishedJob(big, 20_000);
    const message = 'Reading the document took longer than the time limit of 2 seconds. Please upload a shorter or simpler document, or split it into parts.';
    expect(job).toEqual({ state: 'failed', attemptsMade: 1, failedReason: message });
    expect(h.outcome.failed).toEqual([{ projectId: 'p-timeout', message, id: 'generation.readTimeLimit', params: [2] }]);
    expect(h.supervisor.size).toBe(0);
  }, 30_000);

  it('should retry a document whose worker ran out of memory, with backoff, and fail it after its attempts naming the memory limit', async () => {
    startWorker({ maxPages: 100_000, maxMemoryMb: 16 });
    const jobId = await queueProject('p-memory', 'company-a', { bytes: manyPagesPdf(5000), filename: 'big.pdf', kind: 'slides' });
    const started = Date.now();
    const job = await finishedJob(jobId, 30_000);
    const message = 'Reading the document needed more than the memory limit of 16 MB. Please upload a smaller or simpler document, or split it into parts.';
    expect(job).toEqual({ state: 'failed', attemptsMade: GENERATE_PROJECT_JOB.attempts, failedReason: message });
    // Backoff: 3 s, then 6 s between the attempts.
    expect(Date.now() - started).toBeGreaterThanOrEqual(9000);
    // The failure is published once, on the last attempt.
    expect(h.outcome.failed).toEqual([{ projectId: 'p-memory', message, id: 'generation.readMemoryLimit', params: [16] }]);
    expect(h.supervisor.size).toBe(0);
  }, 40_000);

  it("should fail a file over the owner's plan limit without reading it", async () => {
    startWorker({ maxBytes: 2048 });
    const jobId = await queueProject('p-size', 'company-a', { bytes: Buffer.from(SCRIPT.repeat(30)), filename: 'script.txt', kind: 'script' });
    const job = await finishedJob(jobId, 10_000);
    expect(job.state).toBe('failed');
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toMatch(/^File size \(.+\) exceeds maximum allowed size \(2 KB\)\. Please upload a smaller file\.$/);
  });

  it('should stop running workers at shutdown (closeAll) and retry their jobs', async () => {
    startWorker({ maxPages: 100_000 });
    await queueProject('p-shutdown', 'company-a', { bytes: manyPagesPdf(20_000), filename: 'huge.pdf', kind: 'slides' });
    await eventually(() => h.supervisor.size > 0, 10_000);
    await h.supervisor.closeAll();
    expect(h.supervisor.size).toBe(0);
    // The attempt ends retryable (the job runs again after the restart), without a failure published.
    const queue = createQueue(ctx(), GENERATE_PROJECT_JOB.queue);
    const job = await eventually(async () => {
      const found = await queue.getJob('p-shutdown-generate-1');
      return found && found.attemptsMade === 1 ? found : undefined;
    }, 5000);
    expect(['delayed', 'waiting', 'active']).toContain(await job.getState());
    expect(h.outcome.failed).toEqual([]);
    await queue.close();
  });
});
