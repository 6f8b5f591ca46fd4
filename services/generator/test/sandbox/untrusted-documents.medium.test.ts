// Untrusted documents on the real queue (Redis): parsing runs in worker threads within the
// configured limits. A document past a limit fails its project at once with a message naming the
// limit and is not retried; a worker that dies (out of memory) is retried with backoff and fails
// after its attempts; while a huge PDF is parsed, the event loop stays free and another company's
// project generates.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  checkGrpcHealth,
  createGrpcServer,
  createLogger,
  createQueue,
  GENERATE_PROJECT_JOB,
  JobQueue,
  LocalFileStorage,
  startJobWorker,
} from '@trainwright/platform';
import { createTestInfra, eventually, type TestInfra } from '@trainwright/platform/testing';
import { GenerationInput, Project, StoredFile } from '@trainwright/proto/trainwright/project/v1/project';
import type { Worker } from 'bullmq';
import { generateProjectJob } from '../../src/jobs/generate-project.job.js';
import { SourceReaderRepository } from '../../src/repositories/source-reader.repository.js';
import { SandboxedOfflineEngine, WorkerSandbox } from '../../src/sandbox/sandboxed-engine.js';
import type { DocumentLimits } from '../../src/sandbox/sandboxed-reader.js';
import { WorkerSupervisor } from '@trainwright/platform';
import { GenerationService, type GenerationEventChannel } from '../../src/services/generation.service.js';
import { GLOVES_SCRIPT, manyPagesPdf } from './fixtures.js';

const SCRIPT = GLOVES_SCRIPT;

const DEFAULT_LIMITS: DocumentLimits & { maxBytes: number } = {
  maxPages: 1000,
  maxChars: 2_000_000,
  maxBytes: 104_857_600,
  timeoutMs: 60_000,
  maxMemoryMb: 512,
};

interface Outcome {
  completed: string[];
  failed: Array<{ projectId: string; message: string }>;
  /** Progress of each project, to tell when work started. */
  progress: string[];
}

describe('untrusted documents: parsing bounded and apart from the event loop', () => {
  let infra: TestInfra;
  let dir: string;
  let storage: LocalFileStorage;
  const inputs = new Map<string, GenerationInput>();
  let jobs: JobQueue;
  let worker: Worker | null = null;
  let supervisor: WorkerSupervisor;
  let outcome: Outcome;
  let stalled: string[];

  const ctx = () => ({ redisUrl: infra.redisUrl, namespace: infra.namespace });

  beforeAll(async () => {
    infra = await createTestInfra('untrusted');
    dir = await mkdtemp(join(tmpdir(), 'tw-untrusted-'));
    storage = new LocalFileStorage(dir);
    jobs = new JobQueue(ctx(), GENERATE_PROJECT_JOB.queue);
  });

  afterEach(async () => {
    await supervisor?.closeAll();
    await worker?.close();
    worker = null;
  });

  afterAll(async () => {
    await jobs.close();
    await rm(dir, { recursive: true, force: true });
    await infra.cleanup();
  });

  /** Starts the `generate` queue's worker over the real reader (worker threads) with these limits. */
  function startWorker(limits: Partial<DocumentLimits & { maxBytes: number }> = {}, lockMs?: number): void {
    supervisor = new WorkerSupervisor();
    stalled = [];
    // As main.ts wires it: the offline engine and scoring in worker threads too.
    const heavy = new WorkerSandbox(supervisor, { timeoutMs: 60_000, maxMemoryMb: 512 });
    outcome = { completed: [], failed: [], progress: [] };
    const events: GenerationEventChannel = {
      forRun: (_run, onProgress) => ({
        progress: async (projectId, stage, percent) => {
          outcome.progress.push(`${projectId} ${stage} ${percent}`);
          await onProgress(stage, percent);
        },
        completed: async (projectId) => void outcome.completed.push(projectId),
        failed: async (projectId, message) => void outcome.failed.push({ projectId, message }),
      }),
    };
    const generations = new GenerationService({
      projects: {
        generationInput: async (projectId) => {
          const input = inputs.get(projectId);
          if (!input) throw Object.assign(new Error('not found'), { status: 404 });
          return input;
        },
      },
      sources: new SourceReaderRepository(storage, {
        libreOfficePath: null,
        allowOrigins: [],
        fetchTimeoutMs: 1000,
        fetchMaxBytes: 1024 * 1024,
        supervisor,
        limits: { ...DEFAULT_LIMITS, ...limits },
      }),
      engine: new SandboxedOfflineEngine(heavy),
      assessments: { find: async () => undefined },
      quality: heavy,
      onUnexpected: () => undefined,
    });
    worker = startJobWorker(ctx(), GENERATE_PROJECT_JOB.queue, [generateProjectJob({ generations, events })], { concurrency: 2, lockMs });
    worker.on('stalled', (jobId) => stalled.push(jobId));
  }

  /** A project of `company` whose material is `bytes` stored as `filename`, queued for generation. */
  async function queueProject(id: string, company: string, file: { bytes: Buffer; filename: string; kind: 'slides' | 'script' }): Promise<string> {
    const key = `${company}/${id}/${file.filename}`;
    await storage.put(key, Readable.from([file.bytes]));
    const projectType = file.kind === 'slides' ? 'slides_to_script' : 'script_to_slides';
    inputs.set(
      id,
      GenerationInput.fromPartial({
        project: Project.fromPartial({ id, companyId: company, title: `Project ${id}`, status: 'analyzing', projectType, primaryLanguage: 'en' }),
        files: [StoredFile.fromPartial({ id: `${id}-file`, kind: file.kind, filename: file.filename, storageKey: key, size: file.bytes.length })],
        ownerTier: 'free-trial',
        ownerTrialState: 'active_trial',
      }),
    );
    const payload = { projectId: id, contentVersion: '1' };
    await jobs.enqueue(GENERATE_PROJECT_JOB, payload);
    return GENERATE_PROJECT_JOB.jobId(payload);
  }

  async function finishedJob(jobId: string, timeoutMs: number) {
    const queue = createQueue(ctx(), GENERATE_PROJECT_JOB.queue);
    try {
      return await eventually(async () => {
        const state = await queue.getJobState(jobId);
        if (state !== 'failed' && state !== 'completed') return undefined;
        // Read after the state: the job's fields are final by then.
        const job = (await queue.getJob(jobId))!;
        return { state, attemptsMade: job.attemptsMade, failedReason: job.failedReason };
      }, timeoutMs);
    } finally {
      await queue.close();
    }
  }

  it('should fail a 30,000-page PDF at once with the page limit in the message, without retrying it', async () => {
    startWorker({ maxPages: 1000 });
    const pdf = manyPagesPdf(30_000);
    expect(pdf.length).toBeGreaterThan(9_000_000);
    const jobId = await queueProject('p-pages', 'company-a', { bytes: pdf, filename: 'manual.pdf', kind: 'slides' });
    const job = await finishedJob(jobId, 20_000);
    const message = 'The document has 30,000 pages, more than the limit of 1,000 pages. Please upload a shorter document or split it into parts.';
    expect(job).toEqual({ state: 'failed', attemptsMade: 1, failedReason: message });
    expect(outcome.failed).toEqual([{ projectId: 'p-pages', message }]);
    expect(supervisor.size).toBe(0);
  });

  it("should answer on its event loop and generate another company's project while a huge PDF is parsed, then stop the parse at the time limit", async () => {
    // A one-second lock: it is renewed on this loop while the worker thread parses, so the job
    // is never taken for stalled and run twice. The time limit leaves the small project (read and
    // generated in workers of their own on a 2-core machine) the time to finish meanwhile.
    startWorker({ maxPages: 100_000, timeoutMs: 10_000 }, 1000);
    // The service's gRPC server with its health service, on this process's event loop.
    const grpc = createGrpcServer(createLogger('test', 'silent'));
    const port = await grpc.listen('127.0.0.1:0');
    grpc.setServing('SERVING');
    const delay = monitorEventLoopDelay({ resolution: 10 });
    const big = await queueProject('p-slow', 'company-a', { bytes: manyPagesPdf(20_000), filename: 'huge.pdf', kind: 'slides' });
    // The huge PDF is being parsed in its worker thread...
    await eventually(() => supervisor.size > 0 && outcome.progress.includes('p-slow analyzing 0'), 10_000);
    delay.enable();
    // ...while a timer on this loop fires on time...
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(performance.now() - started).toBeLessThan(400);
    // ...the health check answers at once...
    const asked = performance.now();
    expect(await checkGrpcHealth(`127.0.0.1:${port}`, '', 1000)).toBe('SERVING');
    expect(performance.now() - asked).toBeLessThan(500);
    // ...and another company's project is read (in a worker of its own) and generated.
    const small = await queueProject('p-small', 'company-b', { bytes: Buffer.from(SCRIPT), filename: 'script.txt', kind: 'script' });
    expect(await finishedJob(small, 10_000)).toMatchObject({ state: 'completed', attemptsMade: 1 });
    expect(outcome.completed).toEqual(['p-small']);
    expect(supervisor.size).toBe(1); // the huge PDF is still being parsed
    delay.disable();
    expect(delay.max / 1e6).toBeLessThan(1000);

    // At the time limit the worker is terminated: the project fails with the limit's message, once.
    const job = await finishedJob(big, 30_000);
    const message = 'Reading the document took longer than the time limit of 10 seconds. Please upload a shorter or simpler document, or split it into parts.';
    expect(job).toEqual({ state: 'failed', attemptsMade: 1, failedReason: message });
    expect(outcome.failed).toEqual([{ projectId: 'p-slow', message }]);
    expect(supervisor.size).toBe(0);
    expect(stalled).toEqual([]);
    await grpc.shutdown();
    expect(outcome.progress.filter((p) => p === 'p-slow analyzing 0')).toHaveLength(1);
  }, 40_000);

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
    expect(outcome.failed).toEqual([{ projectId: 'p-memory', message }]);
    expect(supervisor.size).toBe(0);
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
    await eventually(() => supervisor.size > 0, 10_000);
    const started = performance.now();
    await supervisor.closeAll();
    expect(performance.now() - started).toBeLessThan(2000);
    expect(supervisor.size).toBe(0);
    // The attempt ends retryable (the job runs again after the restart), without a failure published.
    const queue = createQueue(ctx(), GENERATE_PROJECT_JOB.queue);
    const job = await eventually(async () => {
      const found = await queue.getJob('p-shutdown-generate-1');
      return found && found.attemptsMade === 1 ? found : undefined;
    }, 5000);
    expect(['delayed', 'waiting', 'active']).toContain(await job.getState());
    expect(outcome.failed).toEqual([]);
    await queue.close();
  });
});
