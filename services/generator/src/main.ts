// The generator service's composition root: repositories, the operations' deps, the gRPC API
// (quality scoring, improvements, the AI services) and, when GENERATE_WORKER is on, the `generate`
// queue's worker.
// Run as a process (`node dist/src/main.js`); tests, the gateway's harness and the benchmarks
// import it and start the service in-process.
import {
  GENERATE_PROJECT_JOB,
  isEntryPoint,
  listenGrpc,
  LocalFileStorage,
  migrateSchema,
  openAuthMemberships,
  openServiceInfra,
  Opened,
  runServiceProcess,
  startJobWorker,
  WorkerSupervisor,
  type GrpcServer,
  type Logger,
  type RunningService,
} from '@trainwright/platform';
import { GeneratorServiceService } from '@trainwright/proto/trainwright/generator/v1/generator';
import type { Worker } from 'bullmq';
import { migrations } from '../migrations/index.js';
import { loadGeneratorConfig, type GeneratorConfig } from './config.js';
import { generatorAccess, createGeneratorHandlers } from './grpc/generator.handler.js';
import { generateProjectJob } from './jobs/generate-project.job.js';
import { OFFLINE_ENGINE_NAME } from './adapters/offline/offline-engine.js';
import { createEngine } from './adapters/engine.js';
import { FallbackEngine } from './adapters/fallback-engine.js';
import { AssessmentRepository } from './repositories/assessment.repository.js';
import { GENERATOR_SCHEMA, type GeneratorDatabase } from './repositories/database.js';
import { GenerationEventsRepository } from './repositories/generation-events.repository.js';
import { ProjectDirectoryRepository } from './repositories/project-directory.repository.js';
import { SourceReaderRepository } from './repositories/source-reader.repository.js';
import { SandboxedOfflineEngine, WorkerSandbox } from './sandbox/sandboxed-engine.js';
import type { AssessmentDeps } from './services/assessments/deps.js';
import type { GenerationDeps } from './services/generations/deps.js';

export { GENERATOR_SCHEMA };

export function migrateGenerator(config: Pick<GeneratorConfig, 'DATABASE_URL'>): Promise<string[]> {
  return migrateSchema(config.DATABASE_URL, GENERATOR_SCHEMA, migrations);
}

export interface GeneratorServer extends RunningService {
  grpc: GrpcServer;
  worker: Worker | null;
  /** The worker threads that parse documents, generate and score (tests watch them). */
  sandbox: WorkerSupervisor;
}

export async function startGeneratorServer(config: GeneratorConfig, logger: Logger): Promise<GeneratorServer> {
  // What this process opens, closed in reverse order by close().
  const opened = new Opened();
  const infra = await openServiceInfra<GeneratorDatabase>(opened, config, GENERATOR_SCHEMA, logger);
  const deadline = { deadlineMs: config.GRPC_DEADLINE_MS };
  const memberships = await openAuthMemberships(opened, config, infra.bus);
  const projects = opened.own(new ProjectDirectoryRepository(config.PROJECT_SERVICE_ADDR, deadline));
  const assessments = new AssessmentRepository(infra.db);
  const engine = createEngine({
    baseURL: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY,
    model: config.LLM_MODEL,
    timeoutMs: config.LLM_TIMEOUT_MS,
    maxOutputTokens: config.LLM_MAX_OUTPUT_TOKENS,
    maxSourceChars: config.LLM_MAX_SOURCE_CHARS,
    attempts: config.LLM_ATTEMPTS,
    jsonMode: config.LLM_JSON_MODE,
  });
  // Untrusted and CPU-heavy work runs in worker threads, off this event loop.
  const sandbox = new WorkerSupervisor();
  const assessmentDeps: AssessmentDeps = {
    projects,
    assessments,
    memberships,
    quality: new WorkerSandbox(sandbox, { timeoutMs: config.QUALITY_TIMEOUT_MS, maxMemoryMb: config.GENERATE_MAX_MEMORY_MB }, 'call'),
  };
  // Generation sources and the company library's documents are read the same way.
  const sources = new SourceReaderRepository(new LocalFileStorage(config.STORAGE_DIR), {
    libreOfficePath: config.LIBREOFFICE_PATH || null,
    allowOrigins: config.URL_FETCH_ALLOW_ORIGINS,
    fetchTimeoutMs: config.URL_FETCH_TIMEOUT_MS,
    fetchMaxBytes: config.URL_FETCH_MAX_BYTES,
    supervisor: sandbox,
    limits: {
      maxPages: config.INGEST_MAX_PAGES,
      maxChars: config.INGEST_MAX_CHARS,
      maxBytes: config.INGEST_MAX_BYTES,
      timeoutMs: config.INGEST_TIMEOUT_MS,
      maxMemoryMb: config.INGEST_MAX_MEMORY_MB,
    },
  });
  let worker: Worker | null = null;
  if (config.GENERATE_WORKER) {
    const heavy = new WorkerSandbox(sandbox, { timeoutMs: config.GENERATE_TIMEOUT_MS, maxMemoryMb: config.GENERATE_MAX_MEMORY_MB });
    const generationDeps: GenerationDeps = {
      projects,
      sources,
      // The offline engine computes; it runs in a worker. A model endpoint only waits on the network.
      // A model falls back on the offline engine when it fails or its answer fails the quality checks.
      engine: engine.name === OFFLINE_ENGINE_NAME ? new SandboxedOfflineEngine(heavy) : new FallbackEngine(engine, new SandboxedOfflineEngine(heavy)),
      assessments,
      quality: heavy,
      events: new GenerationEventsRepository(infra.bus),
      logger,
    };
    worker = startJobWorker(
      infra.queues,
      GENERATE_PROJECT_JOB.queue,
      [generateProjectJob(generationDeps)],
      { concurrency: config.GENERATE_CONCURRENCY, lockMs: config.GENERATE_LOCK_MS, logger },
    );
    worker.on('error', (err) => logger.error({ err }, 'generate worker error'));
  }

  const { grpc, port } = await listenGrpc(
    opened,
    logger,
    { name: 'trainwright.generator.v1.GeneratorService', definition: GeneratorServiceService, handlers: createGeneratorHandlers(assessmentDeps, { sources }), access: generatorAccess },
    `${config.GENERATOR_GRPC_HOST}:${config.GENERATOR_GRPC_PORT}`,
  );
  // First of all: the queue's worker takes no new job, and the running ones end at once: their
  // worker threads are terminated (the jobs are retried after the restart), so closing does not
  // wait for a document to finish.
  opened.onClose(async () => {
    const closing = worker?.close();
    await sandbox.closeAll();
    await closing;
  });
  grpc.setServing('SERVING');
  logger.info({ engine: engine.name, worker: Boolean(worker) }, 'generator started');
  return {
    port,
    grpc,
    worker,
    sandbox,
    close: () => opened.close(),
  };
}

if (isEntryPoint(import.meta.url)) {
  await runServiceProcess({ name: 'generator', loadConfig: loadGeneratorConfig, migrate: migrateGenerator, start: startGeneratorServer });
}
