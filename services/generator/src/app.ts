// Builds the generator service from its config: used by main.ts and tests.
import {
  LocalFileStorage,
  connectServiceInfra,
  createGrpcClient,
  createGrpcServer,
  createLogger,
  migrateSchema,
  type GrpcServer,
  type Logger,
} from '@trainwright/platform';
import { AuthServiceClient, AuthServiceService } from '@trainwright/proto/trainwright/auth/v1/auth';
import { GeneratorServiceService } from '@trainwright/proto/trainwright/generator/v1/generator';
import { ProjectServiceClient, ProjectServiceService } from '@trainwright/proto/trainwright/project/v1/project';
import type { Worker } from 'bullmq';
import { migrations } from '../migrations/index.js';
import type { GeneratorConfig } from './config.js';
import { deckToSource } from './domain/source.js';
import type { GeneratorEngine, ScorableContent } from './domain/types.js';
import { OfflineEngine } from './engine/offline-engine.js';
import { generateQuestions } from './engine/questions.js';
import { createGeneratorHandlers } from './grpc/generator.handler.js';
import { startGenerateWorker } from './jobs/generate.job.js';
import { OpenAiEngine } from './providers/openai-engine.js';
import { AssessmentRepository } from './repositories/assessment.repository.js';
import type { GeneratorDatabase } from './repositories/database.js';
import { ProjectDirectory } from './repositories/project-directory.js';
import { StorageSourceReader } from './repositories/source-reader.js';
import { GenerationService } from './services/generation.service.js';
import { QualityService } from './services/quality.service.js';

export const GENERATOR_SCHEMA = 'generator';

export function migrateGenerator(config: Pick<GeneratorConfig, 'DATABASE_URL'>): Promise<string[]> {
  return migrateSchema(config.DATABASE_URL, GENERATOR_SCHEMA, migrations);
}

/** The configured engine: an OpenAI-compatible model when LLM_BASE_URL is set, else the offline engine. */
export function engineFor(config: GeneratorConfig): GeneratorEngine {
  if (!config.LLM_BASE_URL) return new OfflineEngine();
  return new OpenAiEngine({
    baseURL: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY,
    model: config.LLM_MODEL,
    timeoutMs: config.LLM_TIMEOUT_MS,
    maxOutputTokens: config.LLM_MAX_OUTPUT_TOKENS,
    maxSourceChars: config.LLM_MAX_SOURCE_CHARS,
    attempts: config.LLM_ATTEMPTS,
    jsonMode: config.LLM_JSON_MODE,
  });
}

/** Review questions for an improved deck, from its own sentences (the offline engine's method). */
export function questionsFromContent(content: ScorableContent, count: number): ScorableContent['questions'] {
  return generateQuestions(deckToSource(content.deck), { count, types: ['multiple_choice', 'true_false'], difficulty: 'intermediate', includeExplanations: true });
}

export interface GeneratorServer {
  port: number;
  grpc: GrpcServer;
  worker: Worker | null;
  close(): Promise<void>;
}

export async function startGeneratorServer(config: GeneratorConfig, logger: Logger = createLogger('generator', config.LOG_LEVEL)): Promise<GeneratorServer> {
  const infra = await connectServiceInfra<GeneratorDatabase>({
    databaseUrl: config.DATABASE_URL,
    schema: GENERATOR_SCHEMA,
    natsUrl: config.NATS_URL,
    namespace: config.NAMESPACE,
    logger,
  });
  const deadline = { deadlineMs: config.GRPC_DEADLINE_MS };
  const auth = createGrpcClient(AuthServiceClient as never, AuthServiceService, config.AUTH_SERVICE_ADDR, deadline);
  const projectClient = createGrpcClient(ProjectServiceClient as never, ProjectServiceService, config.PROJECT_SERVICE_ADDR, deadline);
  const projects = new ProjectDirectory(projectClient);
  const assessments = new AssessmentRepository(infra.db);
  const engine = engineFor(config);
  const sources = new StorageSourceReader(new LocalFileStorage(config.STORAGE_DIR), {
    libreOfficePath: config.LIBREOFFICE_PATH || null,
    allowOrigins: config.URL_FETCH_ALLOW_ORIGINS,
    fetchTimeoutMs: config.URL_FETCH_TIMEOUT_MS,
    fetchMaxBytes: config.URL_FETCH_MAX_BYTES,
  });
  const quality = new QualityService({
    projects,
    assessments,
    makeQuestions: questionsFromContent,
    capabilities: {
      capabilitiesOf: async (userId, companyId) => (await auth.getMembership({ userId, companyId }, { userId })).capabilities,
    },
  });

  const worker = config.GENERATE_WORKER
    ? startGenerateWorker(
        { redisUrl: config.REDIS_URL, namespace: config.NAMESPACE },
        (events) =>
          new GenerationService({
            projects,
            sources,
            engine,
            assessments,
            events,
            makeQuestions: questionsFromContent,
            onUnexpected: (err, projectId) => logger.error({ err, projectId }, 'generation failed unexpectedly'),
          }),
        infra.bus,
        config.GENERATE_CONCURRENCY,
      )
    : null;
  worker?.on('error', (err) => logger.error({ err }, 'generate worker error'));
  logger.info({ engine: engine.name, worker: Boolean(worker) }, 'generator engine');

  const grpc = createGrpcServer(logger);
  grpc.addService('trainwright.generator.v1.GeneratorService', GeneratorServiceService, createGeneratorHandlers(quality));
  const port = await grpc.listen(`${config.GENERATOR_GRPC_HOST}:${config.GENERATOR_GRPC_PORT}`);
  grpc.setServing('SERVING');
  return {
    port,
    grpc,
    worker,
    async close() {
      await grpc.shutdown();
      await worker?.close();
      auth.close();
      projectClient.close();
      await infra.close();
    },
  };
}
