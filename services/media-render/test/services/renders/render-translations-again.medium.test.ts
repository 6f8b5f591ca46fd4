// Medium tests of a language's files rendered again, against the real PostgreSQL, storage, NATS
// (the subscriptions) and Redis (BullMQ's render queue and worker): a new look of the project
// renders every completed translation again in it (not a deleted or failed one, and nothing when
// only the project's own text changed); the project's own paid video gives no translation a video
// (each language's is paid on its own).
// The project and translation services (other services' gRPC) are answered in memory; the
// renderers record what they draw and write small files (render-translation.medium.test.ts renders
// real ones).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError, createDatabase, createLogger, EventBus, JobQueue, LocalFileStorage, OutboxRelay, RENDER_EDUCATION_JOB, RENDER_PROJECT_JOB, startJobWorker, subscribeAll, type OwnerPlan } from '@trainwright/platform';
import { unqueuedJobs } from '../../fakes/unqueued-jobs.js';
import { createTestInfra, eventually, type TestInfra } from '@trainwright/platform/testing';
import { PaymentOutcome, TranslationChanged } from '@trainwright/proto/trainwright/events/v1/events';
import { Project } from '@trainwright/proto/trainwright/project/v1/project';
import { Translation } from '@trainwright/proto/trainwright/translation/v1/translation';
import { BUILTIN_TEMPLATES } from '@trainwright/templates';
import type { Worker } from 'bullmq';
import type { Kysely } from 'kysely';
import { renderProjectJob } from '../../../src/jobs/render-project.job.js';
import { renderTranslationJob } from '../../../src/jobs/render-translation.job.js';
import { renderVideoJob } from '../../../src/jobs/render-video.job.js';
import { MEDIA_SCHEMA, migrateMedia } from '../../../src/main.js';
import type { MediaDatabase } from '../../../src/repositories/database.js';
import { MediaStorageRepository } from '../../../src/repositories/media-storage.repository.js';
import { ProjectViewRepository } from '../../../src/repositories/project-view.repository.js';
import { RenderEventsRepository } from '../../../src/repositories/render-events.repository.js';
import { RenderedFileRepository } from '../../../src/repositories/rendered-file.repository.js';
import { TranslationJobsRepository } from '../../../src/repositories/translation-jobs.repository.js';
import { VideoEntitlementRepository } from '../../../src/repositories/video-entitlement.repository.js';
import { VideoEventsRepository } from '../../../src/repositories/video-events.repository.js';
import { VideoJobsRepository } from '../../../src/repositories/video-jobs.repository.js';
import { WorkDirRepository } from '../../../src/repositories/work-dir.repository.js';
import type { TranslationJobs } from '../../../src/services/ports.js';
import type { RenderDeps, Renderers } from '../../../src/services/renders/deps.js';
import type { ProjectRenderInput, RenderTemplate } from '../../../src/services/renders/render-input.js';
import type { TranslationRenderRequest } from '../../../src/services/renders/render-translation.js';
import { VIDEO_STALE_MS, VIDEO_WAIT_MS } from '../../../src/services/renders/render-video.js';
import type { VideoDeps } from '../../../src/services/videos/deps.js';
import { projectRenderedSubscription, translationCompletedSubscription, translationDeletedSubscription } from '../../../src/subscriptions/translations.subscription.js';
import { videoPaymentsSubscription } from '../../../src/subscriptions/video-payments.subscription.js';

const COMPANY = randomUUID();
const [OLD_LOOK, NEW_LOOK] = [BUILTIN_TEMPLATES[0]!, BUILTIN_TEMPLATES[1]!];

let infra: TestInfra;
let db: Kysely<MediaDatabase>;
let bus: EventBus;
let queue: JobQueue;
let worker: Worker;
let storageDir = '';
let files: RenderedFileRepository;
let storage: MediaStorageRepository;

/** The project service: each project as GetGenerationInput answers it now. */
const projects = new Map<string, ProjectRenderInput>();
/** The owner's plan as auth answers it when a job is created; every job carries it. */
const BUSINESS: OwnerPlan = { tier: 'business', trialState: 'active' };
const companyPlans = { companyPlan: async () => BUSINESS };
/** The translation service: each translation by `projectId:language` (null: deleted). */
const translationsOf = new Map<string, Translation | null>();
/** What the renderers drew: one line per file or video. */
const drawn: Array<{ projectId: string; language: string; what: string; templateId: string; text: string }> = [];
/** Called as a document is drawn (a test changes the project meanwhile). */
let whileDrawing: (projectId: string, language: string, format: string) => void = () => undefined;
/** Each translation job that ran, with its job id and result. */
const runs: Array<TranslationRenderRequest & { jobId: string; rendered: string[]; reused: string[] }> = [];
/** Each translation render asked for. */
const queued: Array<Parameters<TranslationJobs['enqueue']>[0]> = [];

function project(id: string, changes: Partial<Project> = {}): Project {
  return Project.fromPartial({
    id,
    companyId: COMPANY,
    title: 'Forklift safety',
    status: 'completed',
    hasContent: true,
    visualFormat: 'powerpoint',
    primaryLanguage: 'en',
    slidesContent: '# Forklift safety\n\n## Brakes\n**Content:**\n- Check the brakes\n',
    contentVersion: 3,
    ...changes,
  });
}

function translation(projectId: string, language: string, version: number, options: { sourceVersion?: number; status?: string; point?: string } = {}): Translation {
  const point = options.point ?? `Compruebe los frenos (${language} v${version})`;
  return Translation.fromPartial({
    summary: { id: `${projectId}-${language}`, targetLanguage: language, sourceLanguage: 'en', status: options.status ?? 'completed', version, sourceVersion: options.sourceVersion ?? 3 },
    title: `Seguridad (${language})`,
    slidesContent: `# Seguridad\n\n## Frenos\n**Content:**\n- ${point}\n**Speaker Notes:**\n${point}.\n`,
  });
}

/** A translation (a new version of it) completed: the translation service's event. */
async function completeTranslation(projectId: string, t: Translation): Promise<void> {
  const s = t.summary!;
  translationsOf.set(`${projectId}:${s.targetLanguage}`, t);
  const data = TranslationChanged.encode({ projectId, companyId: COMPANY, language: s.targetLanguage, translationId: s.id, status: 'completed', progress: 100, version: s.version, engine: 'apertium', error: '', occurredAt: new Date().toISOString() }).finish();
  await bus.publish('translation.completed', data);
}

/** An edit of the project that makes a new version, rendered as the project service does. */
async function editProject(projectId: string, changes: Partial<Project>, template?: RenderTemplate): Promise<number> {
  const current = projects.get(projectId)!;
  const version = current.project.contentVersion + 1;
  const renderKey = `${projectId.slice(0, 8)}-k${version}`;
  projects.set(projectId, { ...current, project: { ...current.project, ...changes, contentVersion: version }, template: template ?? current.template, renderKey });
  await queue.enqueue(RENDER_PROJECT_JOB, { projectId, renderKey, contentVersion: String(version), plan: BUSINESS });
  return version;
}

const currentKey = async (projectId: string, language: string, format = 'pdf') => (await files.currentFile(projectId, format, language))?.storage_key;
const runsOf = (projectId: string, jobIdEnd: string) => runs.filter((r) => r.projectId === projectId && r.jobId.endsWith(jobIdEnd));

let relay: OutboxRelay;

beforeAll(async () => {
  infra = await createTestInfra('translation_rerender');
  await migrateMedia({ DATABASE_URL: infra.databaseUrl });
  db = createDatabase<MediaDatabase>({ url: infra.databaseUrl, schema: MEDIA_SCHEMA });
  const logger = createLogger('test', 'silent');
  bus = await EventBus.connect({ url: infra.natsUrl, namespace: infra.namespace, logger });
  storageDir = mkdtempSync(join(tmpdir(), 'tw-rerender-'));
  storage = new MediaStorageRepository(new LocalFileStorage(storageDir));
  // render.completed and the paid video's ends go out through the outbox, as media-render's relay publishes them.
  relay = new OutboxRelay(db, bus, logger);
  files = new RenderedFileRepository(db, () => void relay.flush());
  const entitlements = new VideoEntitlementRepository(db, () => void relay.flush());
  const ctx = { redisUrl: infra.redisUrl, namespace: infra.namespace };
  queue = new JobQueue(ctx, RENDER_PROJECT_JOB.queue);
  const videoJobs = new VideoJobsRepository(queue);
  const videoEvents = new VideoEventsRepository(bus);
  const jobs = new TranslationJobsRepository(queue);
  const directory = {
    renderInput: async (projectId: string): Promise<ProjectRenderInput> => {
      const input = projects.get(projectId);
      if (!input) throw AppError.notFound('Project not found');
      return input;
    },
    project: async (_userId: string, projectId: string) => (await directory.renderInput(projectId)).project,
  };
  const textOf = (input: Parameters<Renderers['document']>[1]) => input.deck.slides.flatMap((s) => s.points).join(' | ');
  const renderers: Renderers = {
    document: async (format, input) => {
      drawn.push({ projectId: input.projectId, language: input.language, what: format, templateId: input.style.templateId, text: textOf(input) });
      whileDrawing(input.projectId, input.language, format);
      return Buffer.from(`${format} of ${input.language} in ${input.style.templateId}`);
    },
    video: async (input, voice, workDir, progress) => {
      drawn.push({ projectId: input.projectId, language: voice.language ?? '', what: 'video', templateId: input.style.templateId, text: textOf(input) });
      await progress(50);
      for (const name of ['video.mp4', 'video.mov', 'subtitles.vtt']) writeFileSync(join(workDir, name), `${name} of ${input.language}`);
      return { mp4Path: join(workDir, 'video.mp4'), movPath: join(workDir, 'video.mov'), vttPath: join(workDir, 'subtitles.vtt'), durationMs: 1000 };
    },
  };
  const logos = { logoOf: async () => ({ logo: null, problem: '' }) };
  const voices = { settingsFor: async () => ({ provider: 'espeak', voice: 'en-us' }) };
  const workDirs = new WorkDirRepository('', 'tw-rerender-work-');
  // As the repository answers: a translation deleted, or not completed (failed, started again): null.
  const translations0 = { renderContent: async (projectId: string, language: string) => (translationsOf.get(`${projectId}:${language}`)?.summary?.status === 'completed' ? translationsOf.get(`${projectId}:${language}`)! : null) };
  const renders: RenderDeps = {
    projects: directory,
    translations: translations0,
    translationJobs: {
      enqueue: async (request) => {
        queued.push(request);
        await jobs.enqueue(request);
      },
    },
    companyPlans,
    logos,
    voices,
    renderers,
    files,
    storage,
    workDirs,
    entitlements,
    videoJobs,
    videoEvents,
    logger,
    clock: () => new Date(),
    sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    videoWaitMs: VIDEO_WAIT_MS,
    videoStaleMs: VIDEO_STALE_MS,
  };
  // The translation job as the worker runs it, each run recorded.
  const translationJob = renderTranslationJob(renders);
  const recorded: typeof translationJob = {
    ...translationJob,
    run: async (payload, job) => {
      const result = (await translationJob.run(payload, job)) as { rendered: string[]; reused: string[] };
      runs.push({ projectId: payload.projectId, language: payload.language, version: Number(payload.version), plan: payload.plan, jobId: job.jobId, ...result });
      return result;
    },
  };
  worker = startJobWorker(ctx, RENDER_PROJECT_JOB.queue, [renderProjectJob(renders, new RenderEventsRepository(bus)), renderVideoJob(renders), recorded, ...unqueuedJobs(RENDER_EDUCATION_JOB)], { concurrency: 2, logger });
  const payments: VideoDeps = { entitlements, jobs: videoJobs, translationJobs: jobs, translations: translations0, events: videoEvents, views: new ProjectViewRepository(db), projects: directory, companyPlans };
  await subscribeAll(bus, [
    translationCompletedSubscription({ translationJobs: jobs, companyPlans }),
    translationDeletedSubscription(renders),
    projectRenderedSubscription(renders),
    videoPaymentsSubscription(payments),
  ]);
}, 30_000);

afterAll(async () => {
  await worker?.close();
  await queue?.close();
  await relay?.stop();
  await bus?.destroy();
  await db?.destroy();
  await infra?.cleanup();
  if (storageDir) rmSync(storageDir, { recursive: true, force: true });
});

describe("a language's files rendered again", () => {
  it('should render every completed translation again in the project\'s new look, and no deleted or failed one', async () => {
    const id = randomUUID();
    // Languages listed before es and fr, so that once fr is asked for, every other ask is known.
    projects.set(id, { project: project(id, { availableLanguages: ['en', 'de', 'it', 'es', 'fr'] }), template: OLD_LOOK, renderKey: `${id.slice(0, 8)}-k3` });
    for (const t of [translation(id, 'es', 1), translation(id, 'fr', 2), translation(id, 'it', 1), translation(id, 'de', 1)]) await completeTranslation(id, t);
    const before = new Map<string, string>();
    for (const language of ['es', 'fr', 'it', 'de']) before.set(language, await eventually(() => currentKey(id, language), 20_000));
    expect(drawn.filter((d) => d.projectId === id && d.what === 'pdf').every((d) => d.templateId === OLD_LOOK.id)).toBe(true);

    // German deleted (the project's list of languages has not caught up yet); Italian started again and failed.
    translationsOf.set(`${id}:de`, null);
    translationsOf.set(`${id}:it`, translation(id, 'it', 1, { status: 'failed' }));

    // A new template: a new version of the project, rendered; its render.completed renders the translations again.
    await editProject(id, {}, NEW_LOOK);
    const version = 4;
    await eventually(async () => (await currentKey(id, 'es')) !== before.get('es') && (await currentKey(id, 'fr')) !== before.get('fr'), 20_000);
    expect(await currentKey(id, '')).toContain(`-k${version}/`);
    const again = queued.filter((q) => q.projectId === id && q.again === `look-v${version}`);
    expect(again.map((q) => `${q.language} v${q.version}`)).toEqual(['es v1', 'fr v2']);
    // Each in the new look, as a set of the same translation version; the old look's stored files are gone.
    for (const [language, version] of [['es', 1], ['fr', 2]] as const) {
      const now = drawn.filter((d) => d.projectId === id && d.language === language && d.templateId === NEW_LOOK.id).map((d) => d.what);
      expect(now.sort()).toEqual(['docx', 'pdf', 'pptx', 'txt']);
      expect(await currentKey(id, language)).toContain(`-${language}-t${version}/`);
      await eventually(async () => !(await storage.has(before.get(language)!)), 5000);
      expect((await storage.read((await currentKey(id, language))!)).toString()).toContain(NEW_LOOK.id);
    }
    // The failed translation keeps its last files (in the old look); nothing was drawn for either.
    expect(await currentKey(id, 'it')).toBe(before.get('it'));
    expect(drawn.filter((d) => d.projectId === id && (d.language === 'it' || d.language === 'de') && d.templateId === NEW_LOOK.id)).toEqual([]);

    // An edit of the project's own text renders the project, and its translations' sets are found complete.
    const drawnBefore = drawn.length;
    await editProject(id, { slidesContent: '# Forklift safety\n\n## Brakes\n**Content:**\n- Check the brakes twice\n' });
    await eventually(() => runsOf(id, '-look-v5').length === 2, 20_000);
    expect(runsOf(id, '-look-v5').map((r) => r.rendered)).toEqual([[], []]);
    expect(drawn.slice(drawnBefore).filter((d) => d.language !== 'en')).toEqual([]);
    expect(await currentKey(id, 'es')).toContain(`-es-t1/`);
  }, 60_000);

  it('should make current only a set in the look the project has when the render ends', async () => {
    const id = randomUUID();
    projects.set(id, { project: project(id, { availableLanguages: ['en', 'es'] }), template: OLD_LOOK, renderKey: `${id.slice(0, 8)}-k3` });
    // The look changes while the Spanish documents are drawn (as an edit of the company's own template does, with no render of the project).
    whileDrawing = (projectId, language, format) => {
      if (projectId === id && language === 'es' && format === 'pptx') projects.set(id, { ...projects.get(id)!, template: NEW_LOOK });
    };
    try {
      await completeTranslation(id, translation(id, 'es', 1));
      const run = await eventually(() => runs.find((r) => r.projectId === id), 20_000);
      expect(run.rendered).toEqual(['pptx', 'pdf', 'docx', 'txt', 'pptx', 'pdf', 'docx', 'txt']);
    } finally {
      whileDrawing = () => undefined;
    }
    const key = (await currentKey(id, 'es'))!;
    expect((await storage.read(key)).toString()).toContain(NEW_LOOK.id);
    // The old look's set of the same version is forgotten, its stored files too.
    const sets = await db.selectFrom('rendered_files').select(['render_key', 'storage_key']).where('project_id', '=', id).execute();
    expect(new Set(sets.map((f) => f.render_key)).size).toBe(1);
    const old = drawn.filter((d) => d.projectId === id && d.templateId === OLD_LOOK.id);
    expect(old.map((d) => d.what)).toEqual(['pptx', 'pdf', 'docx', 'txt']);
  }, 30_000);

  it('should give no translation a video from the project\'s own payment: each language is paid on its own', async () => {
    const id = randomUUID();
    projects.set(id, { project: project(id, { visualFormat: 'mp4', availableLanguages: ['en', 'es'] }), template: OLD_LOOK, renderKey: `${id.slice(0, 8)}-k3` });
    await completeTranslation(id, translation(id, 'es', 1));
    await eventually(() => currentKey(id, 'es'), 20_000);
    expect(await currentKey(id, 'es', 'mp4')).toBeUndefined();

    // The project's own render, then its video paid for and made.
    await queue.enqueue(RENDER_PROJECT_JOB, { projectId: id, renderKey: `${id.slice(0, 8)}-k3`, contentVersion: '3', plan: BUSINESS });
    await eventually(() => currentKey(id, ''), 20_000);
    await eventually(() => runsOf(id, '-look-v3').length === 1, 20_000);
    const paymentId = `pay_${id}`;
    await bus.publish('payment.succeeded', PaymentOutcome.encode({ userId: randomUUID(), paymentId, kind: 'video', amountCents: 100, projectId: id, occurredAt: new Date().toISOString(), contentVersion: 3, language: '' }).finish());
    await eventually(() => currentKey(id, '', 'mp4'), 20_000);

    // Spanish is neither rendered again for it nor given a video (it used to be, for free).
    const edited = translation(id, 'es', 2, { point: 'Compruebe los frenos dos veces' });
    await completeTranslation(id, edited);
    await eventually(async () => ((await currentKey(id, 'es', 'pdf')) ?? '').includes('-es-t2/'), 20_000);
    expect(queued.filter((q) => q.projectId === id && q.again === `video-${paymentId}`)).toEqual([]);
    expect(await currentKey(id, 'es', 'mp4')).toBeUndefined();
    expect(drawn.filter((d) => d.projectId === id && d.what === 'video' && d.language === 'es')).toEqual([]);
  }, 60_000);
});
