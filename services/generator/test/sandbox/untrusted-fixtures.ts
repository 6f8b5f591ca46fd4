// Shared by untrusted-documents.medium.test.ts and untrusted-documents.timed.test.ts: the
// `generate` queue's worker on the real Redis over the real reader (worker threads) with given
// limits, projects queued with their material, and a job's final state. untrustedHarness()
// registers the hooks that set the infrastructure up and take it down.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createQueue, GENERATE_PROJECT_JOB, JobQueue, LocalFileStorage, startJobWorker, WorkerSupervisor } from '@trainwright/platform';
import { createTestInfra, eventually, type TestInfra } from '@trainwright/platform/testing';
import { GenerationInput, Project, StoredFile } from '@trainwright/proto/trainwright/project/v1/project';
import type { Worker } from 'bullmq';
import { generateProjectJob } from '../../src/jobs/generate-project.job.js';
import { SourceReaderRepository } from '../../src/repositories/source-reader.repository.js';
import { SandboxedOfflineEngine, WorkerSandbox } from '../../src/sandbox/sandboxed-engine.js';
import type { DocumentLimits } from '../../src/sandbox/sandboxed-reader.js';
import type { GenerationDeps, GenerationEventChannel } from '../../src/services/generations/deps.js';

export const DEFAULT_LIMITS: DocumentLimits & { maxBytes: number } = {
  maxPages: 1000,
  maxChars: 2_000_000,
  maxBytes: 104_857_600,
  timeoutMs: 60_000,
  maxMemoryMb: 512,
};

export interface Outcome {
  completed: string[];
  /** `id`: the failure's catalogue message (null for a text of its own). */
  failed: Array<{ projectId: string; message: string; id: string | null; params?: Array<string | number> }>;
  /** Progress of each project, to tell when work started. */
  progress: string[];
}

export interface UntrustedHarness {
  /** The worker's supervisor, outcome and stalled jobs: those of the last startWorker. */
  readonly supervisor: WorkerSupervisor;
  readonly outcome: Outcome;
  readonly stalled: string[];
  ctx(): { redisUrl: string; namespace: string };
  startWorker(limits?: Partial<DocumentLimits & { maxBytes: number }>, lockMs?: number): void;
  queueProject(id: string, company: string, file: { bytes: Buffer; filename: string; kind: 'slides' | 'script' }): Promise<string>;
  finishedJob(jobId: string, timeoutMs: number): Promise<{ state: 'failed' | 'completed'; attemptsMade: number; failedReason: string }>;
}

/** Call at the top of a describe: its beforeAll, afterEach and afterAll set up and take down a test infrastructure named `label`. */
export function untrustedHarness(label: string): UntrustedHarness {
  let infra: TestInfra;
  let dir: string;
  let storage: LocalFileStorage;
  const inputs = new Map<string, GenerationInput>();
  let jobs: JobQueue;
  /** The queue read directly: job states, and what a test left behind. */
  let queue: ReturnType<typeof createQueue>;
  let worker: Worker | null = null;
  let supervisor: WorkerSupervisor | undefined;
  let outcome: Outcome = { completed: [], failed: [], progress: [] };
  let stalled: string[] = [];

  const ctx = () => ({ redisUrl: infra.redisUrl, namespace: infra.namespace });

  beforeAll(async () => {
    infra = await createTestInfra(label);
    dir = await mkdtemp(join(tmpdir(), 'tw-untrusted-'));
    storage = new LocalFileStorage(dir);
    jobs = new JobQueue(ctx(), GENERATE_PROJECT_JOB.queue);
    queue = createQueue(ctx(), GENERATE_PROJECT_JOB.queue);
  });

  afterEach(async () => {
    await supervisor?.closeAll();
    await worker?.close();
    worker = null;
    // A test that failed half-way leaves jobs behind: the next test's worker must not take them.
    await queue.obliterate({ force: true });
  });

  afterAll(async () => {
    await jobs.close();
    await queue.close();
    await rm(dir, { recursive: true, force: true });
    await infra.cleanup();
  });

  /** Starts the `generate` queue's worker over the real reader (worker threads) with these limits. */
  function startWorker(limits: Partial<DocumentLimits & { maxBytes: number }> = {}, lockMs?: number): void {
    const started = new WorkerSupervisor();
    supervisor = started;
    stalled = [];
    // As main.ts wires it: the offline engine and scoring in worker threads too.
    const heavy = new WorkerSandbox(started, { timeoutMs: 60_000, maxMemoryMb: 512 });
    const seen: Outcome = { completed: [], failed: [], progress: [] };
    outcome = seen;
    const events: GenerationEventChannel = {
      forRun: (_run, onProgress) => ({
        progress: async (projectId, stage, percent) => {
          seen.progress.push(`${projectId} ${stage} ${percent}`);
          await onProgress(stage, percent);
        },
        completed: async (projectId) => void seen.completed.push(projectId),
        failed: async (projectId, failure) => void seen.failed.push({ projectId, message: failure.text, id: failure.message?.id ?? null, params: failure.message?.params }),
      }),
    };
    const deps: GenerationDeps = {
      projects: {
        generationInput: async (projectId) => {
          const input = inputs.get(projectId);
          if (!input) throw Object.assign(new Error('not found'), { status: 404 });
          return input;
        },
        indexSource: async () => undefined,
      },
      sources: new SourceReaderRepository(storage, {
        libreOfficePath: null,
        allowOrigins: [],
        fetchTimeoutMs: 1000,
        fetchMaxBytes: 1024 * 1024,
        supervisor: started,
        limits: { ...DEFAULT_LIMITS, ...limits },
      }),
      engine: new SandboxedOfflineEngine(heavy),
      assessments: { find: async () => undefined },
      quality: heavy,
      events,
      logger: { error: () => undefined },
    };
    const stalledHere = stalled;
    worker = startJobWorker(ctx(), GENERATE_PROJECT_JOB.queue, [generateProjectJob(deps)], { concurrency: 2, lockMs });
    worker.on('stalled', (jobId) => stalledHere.push(jobId));
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
      }),
    );
    const payload = { projectId: id, contentVersion: '1', plan: { tier: 'free-trial', trialState: 'active_trial' } } as const;
    await jobs.enqueue(GENERATE_PROJECT_JOB, payload);
    return GENERATE_PROJECT_JOB.jobId(payload);
  }

  async function finishedJob(jobId: string, timeoutMs: number) {
    return eventually(async () => {
      const state = await queue.getJobState(jobId);
      if (state !== 'failed' && state !== 'completed') return undefined;
      // Read after the state: the job's fields are final by then.
      const job = (await queue.getJob(jobId))!;
      return { state: state as 'failed' | 'completed', attemptsMade: job.attemptsMade, failedReason: job.failedReason };
    }, timeoutMs);
  }

  return {
    get supervisor() {
      if (!supervisor) throw new Error('startWorker first');
      return supervisor;
    },
    get outcome() {
      return outcome;
    },
    get stalled() {
      return stalled;
    },
    ctx,
    startWorker,
    queueProject,
    finishedJob,
  };
}
