// The translation service's composition root: repositories, the engine, the operations' deps
// (built once), the gRPC API, the project.deleted and account.data_expired consumers and the
// `translate` worker, built from the config. Run as a process (`node dist/src/main.js`); tests
// and the gateway's harness import it and start it in-process.
import {
  JobQueue,
  TRANSLATE_PROJECT_JOB,
  isEntryPoint,
  listenGrpc,
  migrateSchema,
  openAuthMemberships,
  openServiceInfra,
  Opened,
  runServiceProcess,
  startJobWorker,
  subscribeAll,
  WorkerSupervisor,
  type GrpcServer,
  type Logger,
  type RunningService,
} from '@trainwright/platform';
import { TranslationServiceService } from '@trainwright/proto/trainwright/translation/v1/translation';
import { randomUUID } from 'node:crypto';
import { migrations } from '../migrations/index.js';
import { loadTranslationConfig, type TranslationConfig } from './config.js';
import { translationAccess, createTranslationHandlers } from './grpc/translation.handler.js';
import { translateProjectJob } from './jobs/translate-project.job.js';
import { TRANSLATION_SCHEMA, type TranslationDatabase } from './repositories/database.js';
import { createEngine } from './adapters/index.js';
import { CompanyDataRepository } from './repositories/company-data.repository.js';
import { contentTranslator } from './repositories/content-translator.js';
import { GlossaryRepository } from './repositories/glossary.repository.js';
import { TranslationMemoryRepository } from './repositories/memory.repository.js';
import { ProgressEventsRepository } from './repositories/progress-events.repository.js';
import { ProjectDirectoryRepository } from './repositories/project-directory.repository.js';
import { TranslationJobsRepository } from './repositories/translation-jobs.repository.js';
import { TranslationRepository } from './repositories/translation.repository.js';
import type { GlossaryDeps } from './services/glossary/deps.js';
import type { TranslationDeps } from './services/translations/deps.js';
import { toXliff } from './text/xliff.js';
import { XliffReaderRepository } from './repositories/xliff-reader.js';
import { accountDataExpiredSubscription } from './subscriptions/account-data-expired.subscription.js';
import { projectDeletedSubscription } from './subscriptions/project-deleted.subscription.js';

export { TRANSLATION_SCHEMA };

export function migrateTranslation(config: Pick<TranslationConfig, 'DATABASE_URL'>): Promise<string[]> {
  return migrateSchema(config.DATABASE_URL, TRANSLATION_SCHEMA, migrations);
}

export interface TranslationServer extends RunningService {
  grpc: GrpcServer;
}

/** Starts the gRPC API (port 0 picks a free one), the outbox relay, the consumers and the translate worker. */
export async function startTranslationServer(config: TranslationConfig, logger: Logger): Promise<TranslationServer> {
  // What this process opens, closed in reverse order by close().
  const opened = new Opened();
  const infra = await openServiceInfra<TranslationDatabase>(opened, config, TRANSLATION_SCHEMA, logger);
  const { queues } = infra;
  const memberships = await openAuthMemberships(opened, config, infra.bus);
  const projects = opened.own(new ProjectDirectoryRepository(config.PROJECT_SERVICE_ADDR, { deadlineMs: config.GRPC_DEADLINE_MS }));
  const translateQueue = opened.own(new JobQueue(queues, TRANSLATE_PROJECT_JOB.queue));
  const jobs = new TranslationJobsRepository(translateQueue);
  const glossaryStore = new GlossaryRepository(infra.db);
  const engine = await createEngine({
    engine: config.TRANSLATION_ENGINE,
    openai: { apiKey: config.LLM_API_KEY, baseUrl: config.LLM_BASE_URL, model: config.TRANSLATION_MODEL || config.LLM_MODEL },
    deepl: { authKey: config.DEEPL_AUTH_KEY, serverUrl: config.DEEPL_SERVER_URL },
  });
  const store = new TranslationRepository(infra.db, () => void infra.relay.flush());
  const translator = contentTranslator(engine, new TranslationMemoryRepository(infra.db));
  const sandbox = new WorkerSupervisor();
  opened.onClose(() => sandbox.closeAll());
  const xliffReader = new XliffReaderRepository(sandbox);
  const translations: TranslationDeps = {
    store,
    glossary: glossaryStore,
    projects,
    memberships,
    jobs,
    translator,
    progressEvents: new ProgressEventsRepository(infra.bus),
    companyData: new CompanyDataRepository(infra.db),
    xliff: { read: (xml, expected) => xliffReader.read(xml, expected), write: toXliff },
    logger,
    maxChars: config.TRANSLATION_MAX_CHARS,
    newRunId: randomUUID,
  };
  const glossary: GlossaryDeps = { glossary: glossaryStore, memberships };
  await subscribeAll(infra.bus, [projectDeletedSubscription(translations), accountDataExpiredSubscription(translations)]);
  const worker = config.TRANSLATE_WORKER
    ? opened.own(startJobWorker(queues, TRANSLATE_PROJECT_JOB.queue, [translateProjectJob(translations)], { concurrency: config.TRANSLATE_CONCURRENCY }))
    : null;
  worker?.on('error', (err) => logger.error({ err }, 'translate worker error'));
  const { grpc, port } = await listenGrpc(
    opened,
    logger,
    { name: 'trainwright.translation.v1.TranslationService', definition: TranslationServiceService, handlers: createTranslationHandlers({ translations, glossary }), access: translationAccess },
    `${config.TRANSLATION_GRPC_HOST}:${config.TRANSLATION_GRPC_PORT}`,
  );
  infra.relay.start();
  grpc.setServing('SERVING');
  return {
    grpc,
    port,
    close: () => opened.close(),
  };
}

if (isEntryPoint(import.meta.url)) {
  await runServiceProcess({ name: 'translation', loadConfig: loadTranslationConfig, migrate: migrateTranslation, start: startTranslationServer });
}
