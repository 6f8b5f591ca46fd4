// Stored failures by message id, against the real PostgreSQL (schema translation, its migrations),
// Redis (the translate queue's worker runs the jobs), NATS (the events through the outbox) and
// Apertium; only the project service is a fake. A translation that fails with a catalogue message
// keeps its id and params in `error_message` beside its text, on the gRPC answer and on the
// translation.failed event; an engine's own words have none; starting it again clears it.
import { randomUUID } from 'node:crypto';
import { TRANSLATION_MESSAGES } from '@trainwright/catalogue';
import {
  AppError,
  connectServiceInfra,
  createLogger,
  JobQueue,
  startJobWorker,
  TRANSLATE_PROJECT_JOB,
  WorkerSupervisor,
  type ServiceInfra,
} from '@trainwright/platform';
import { createTestInfra, eventually, type TestInfra } from '@trainwright/platform/testing';
import { TranslationChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { MessageRef } from '@trainwright/proto/trainwright/messages/v1/messages';
import { ListTranslationsResponse, type TranslationSummary } from '@trainwright/proto/trainwright/translation/v1/translation';
import type { Worker } from 'bullmq';
import { createEngine } from '../src/adapters/index.js';
import { createTranslationHandlers } from '../src/grpc/translation.handler.js';
import { translateProjectJob } from '../src/jobs/translate-project.job.js';
import { migrateTranslation, TRANSLATION_SCHEMA } from '../src/main.js';
import { CompanyDataRepository } from '../src/repositories/company-data.repository.js';
import { contentTranslator } from '../src/repositories/content-translator.js';
import type { TranslationDatabase } from '../src/repositories/database.js';
import { GlossaryRepository } from '../src/repositories/glossary.repository.js';
import { TranslationMemoryRepository } from '../src/repositories/memory.repository.js';
import { ProgressEventsRepository } from '../src/repositories/progress-events.repository.js';
import { TranslationJobsRepository } from '../src/repositories/translation-jobs.repository.js';
import { TranslationRepository } from '../src/repositories/translation.repository.js';
import { XliffReaderRepository } from '../src/repositories/xliff-reader.js';
import { sourceHashOf } from '../src/services/staleness.js';
import { abandonTranslation } from '../src/services/translations/abandon-translation.js';
import type { ProjectDirectory, TranslationDeps } from '../src/services/translations/deps.js';
import { startTranslations } from '../src/services/translations/start-translations.js';
import type { ProjectContent, ProjectInfo } from '../src/services/types.js';
import { toXliff } from '../src/text/xliff.js';

const USER = randomUUID();
const COMPANY = randomUUID();
/** Characters one translation may hold here. */
const MAX_CHARS = 200;

const slides = (text: string): ProjectContent => ({ title: 'Warehouse', description: '', slidesContent: `## Safety\n**Content:**\n- ${text}`, scriptContent: '', generatedContent: null });
const SHORT = slides('Check the brakes.');
const LONG = slides('Check the brakes. '.repeat(20));

/** The project service: projects whose content may change between a start and its run. */
class FakeProjectService implements ProjectDirectory {
  readonly contents = new Map<string, ProjectContent>();
  info(id: string): ProjectInfo {
    const content = this.contents.get(id)!;
    return { id, companyId: COMPANY, title: content.title, primaryLanguage: 'en', contentVersion: 1, sourceHash: sourceHashOf(content), hasContent: true };
  }
  async project(_userId: string, projectId: string) {
    if (!this.contents.has(projectId)) throw AppError.notFound('Project not found');
    return this.info(projectId);
  }
  async source(projectId: string) {
    return { project: this.info(projectId), content: this.contents.get(projectId)! };
  }
  async replaceContent(): Promise<ProjectInfo> {
    throw new Error('not used');
  }
}

let infra: TestInfra;
let service: ServiceInfra<TranslationDatabase>;
let jobQueue: JobQueue;
let worker: Worker;
let sandbox: WorkerSupervisor;
let deps: TranslationDeps;
let handlers: ReturnType<typeof createTranslationHandlers>;
const projects = new FakeProjectService();
const ctx = {} as never;
const events: { subject: string; id: string; status: string; error: string; errorMessage: MessageRef | undefined }[] = [];

beforeAll(async () => {
  infra = await createTestInfra('translation_failure_messages');
  await migrateTranslation({ DATABASE_URL: infra.databaseUrl });
  const logger = createLogger('test', 'silent');
  service = await connectServiceInfra<TranslationDatabase>({ databaseUrl: infra.databaseUrl, schema: TRANSLATION_SCHEMA, natsUrl: infra.natsUrl, namespace: infra.namespace, redisUrl: infra.redisUrl, logger });
  const queues = { redisUrl: infra.redisUrl, namespace: infra.namespace };
  jobQueue = new JobQueue(queues, TRANSLATE_PROJECT_JOB.queue);
  sandbox = new WorkerSupervisor();
  const reader = new XliffReaderRepository(sandbox);
  const glossary = new GlossaryRepository(service.db);
  const memberships = {
    find: async () => ({ companyId: COMPANY, companyName: 'Co', role: 'owner' as const, ownerTier: 'enterprise' as const, ownerUserId: USER, capabilities: [], ownerTrialState: 'active' as const, ownerTrialStateUntilMs: 0 }),
  };
  deps = {
    store: new TranslationRepository(service.db, () => void service.relay.flush()),
    glossary,
    projects,
    memberships,
    translator: contentTranslator(await createEngine({ engine: 'apertium' }), new TranslationMemoryRepository(service.db)),
    jobs: new TranslationJobsRepository(jobQueue),
    progressEvents: new ProgressEventsRepository(service.bus),
    companyData: new CompanyDataRepository(service.db),
    xliff: { read: (xml, expected) => reader.read(xml, expected), write: toXliff },
    logger,
    maxChars: MAX_CHARS,
    newRunId: randomUUID,
  };
  handlers = createTranslationHandlers({ translations: deps, glossary: { glossary, memberships } });
  await service.bus.subscribeFrom(new Date(Date.now() - 1000), 'translation.*', async (event) => {
    const e = TranslationChanged.decode(event.data);
    events.push({ subject: event.subject, id: e.translationId, status: e.status, error: e.error, errorMessage: e.errorMessage });
  });
  worker = startJobWorker(queues, TRANSLATE_PROJECT_JOB.queue, [translateProjectJob(deps)], { concurrency: 1 });
  service.relay.start();
}, 30_000);

afterAll(async () => {
  await worker?.close();
  await jobQueue?.close();
  await sandbox?.closeAll();
  await service?.bus.destroy();
  await service?.close();
  await infra?.cleanup();
});

/** The project's translation into `language` as ListTranslations answers it, through the wire's encoding. */
async function answered(projectId: string, language: string): Promise<TranslationSummary> {
  const response = ListTranslationsResponse.decode(ListTranslationsResponse.encode(await handlers.listTranslations({ userId: USER, projectId, language: '' }, ctx)).finish());
  return response.translations.find((t) => t.targetLanguage === language)!;
}

/** The translation once its run ended (completed or failed). */
function ended(projectId: string, language: string) {
  return eventually(async () => {
    const t = await deps.store.find(projectId, language);
    return t && (t.status === 'completed' || t.status === 'failed') ? t : undefined;
  }, 30_000);
}

/** The translation's events of `subject`, once the outbox sent one. */
const eventsOf = (subject: string, id: string) => eventually(() => {
  const found = events.filter((e) => e.subject === subject && e.id === id);
  return found.length ? found : undefined;
}, 10_000);

const stored = (id: string) => service.db.selectFrom('translations').select(['status', 'error', 'error_message']).where('id', '=', id).executeTakeFirstOrThrow();

describe('a failed translation keeps the catalogue message it failed with', () => {
  it('should store the message id and params, answer and publish them, and clear them when it is started again', async () => {
    const projectId = randomUUID();
    projects.contents.set(projectId, LONG);
    await startTranslations(deps, USER, projectId, ['es']);
    const failed = await ended(projectId, 'es');
    const text = TRANSLATION_MESSAGES.tooLong(MAX_CHARS);
    const tooLong = { id: 'translation.tooLong', params: [MAX_CHARS] };
    expect(failed).toMatchObject({ status: 'failed', error: text, errorMessage: tooLong });
    expect(await stored(failed.id)).toEqual({ status: 'failed', error: text, error_message: tooLong });
    expect(await answered(projectId, 'es')).toMatchObject({ status: 'failed', error: text, errorMessage: { id: 'translation.tooLong', params: [{ number: MAX_CHARS }] } });
    const [failedEvent] = await eventsOf('translation.failed', failed.id);
    expect(failedEvent).toEqual({ subject: 'translation.failed', id: failed.id, status: 'failed', error: text, errorMessage: { id: 'translation.tooLong', params: [{ number: MAX_CHARS }] } });

    // Shortened and started again: queued with no failure, then completed.
    projects.contents.set(projectId, SHORT);
    const progressBefore = events.filter((e) => e.subject === 'translation.progress' && e.id === failed.id).length;
    const restarted = await startTranslations(deps, USER, projectId, ['es']);
    // Read back after the job was queued: the worker may have taken it up already.
    const again = restarted.translations.find((t) => t.language === 'es')!;
    expect(again).toMatchObject({ error: '', errorMessage: null });
    expect(['queued', 'translating']).toContain(again.status);
    const requeued = await eventually(() => events.filter((e) => e.subject === 'translation.progress' && e.id === failed.id)[progressBefore], 10_000);
    expect(requeued).toMatchObject({ status: 'queued', error: '' });
    expect(requeued.errorMessage).toBeUndefined();
    const completed = await ended(projectId, 'es');
    expect(completed).toMatchObject({ status: 'completed', error: '', errorMessage: null });
    expect(await stored(failed.id)).toEqual({ status: 'completed', error: '', error_message: null });
    expect((await answered(projectId, 'es')).errorMessage).toBeUndefined();
    const [completedEvent] = await eventsOf('translation.completed', failed.id);
    expect(completedEvent!.errorMessage).toBeUndefined();
  }, 60_000);

  it("should keep the engine's own words as text with no message", async () => {
    const projectId = randomUUID();
    projects.contents.set(projectId, SHORT);
    // Apertium has no English-German pair: its reason is its own.
    await startTranslations(deps, USER, projectId, ['de']);
    const failed = await ended(projectId, 'de');
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/^The offline translation engine \(Apertium\) cannot translate from English into German\./);
    expect(failed.errorMessage).toBeNull();
    expect(await stored(failed.id)).toEqual({ status: 'failed', error: failed.error, error_message: null });
    const summary = await answered(projectId, 'de');
    expect(summary.error).toBe(failed.error);
    expect(summary.errorMessage).toBeUndefined();
    const [failedEvent] = await eventsOf('translation.failed', failed.id);
    expect(failedEvent!.error).toBe(failed.error);
    expect(failedEvent!.errorMessage).toBeUndefined();
  }, 30_000);

  it('should fail a translation given up on with the generic message, by id', async () => {
    const projectId = randomUUID();
    // Queued without a job: every attempt's worker died.
    const [queued] = await deps.store.start([{ projectId, companyId: COMPANY, language: 'fr', sourceLanguage: 'en', sourceVersion: 1, sourceHash: '', runId: randomUUID() }]);
    await abandonTranslation(deps, queued!.id, queued!.runId);
    const generic = { id: 'translation.failed', params: [] };
    expect(await stored(queued!.id)).toEqual({ status: 'failed', error: TRANSLATION_MESSAGES.failed, error_message: generic });
    const [failedEvent] = await eventsOf('translation.failed', queued!.id);
    expect(failedEvent!.errorMessage).toEqual(generic);
  });
});
