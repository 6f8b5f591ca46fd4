// Medium tests of a project's files per language against the real PostgreSQL, storage and
// renderers: a completed translation rendered into its own set, served for `?language=` while a
// newer version renders, a late older render ignored, its video only when that language's video of
// the version translated was paid for on its own, and its files gone with the translation or the project.
// The translation and project services (other services' gRPC) and auth are answered in memory.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError, createDatabase, createLogger, LocalFileStorage, type OwnerPlan } from '@trainwright/platform';
import { createTestInfra, type TestInfra } from '@trainwright/platform/testing';
import { VideoStatusChanged } from '@trainwright/proto/trainwright/events/v1/events';
import { Project } from '@trainwright/proto/trainwright/project/v1/project';
import { Translation } from '@trainwright/proto/trainwright/translation/v1/translation';
import type { Kysely } from 'kysely';
import { MEDIA_SCHEMA, migrateMedia } from '../../../src/main.js';
import type { MediaDatabase } from '../../../src/repositories/database.js';
import { DownloadRepository } from '../../../src/repositories/download.repository.js';
import { MediaStorageRepository } from '../../../src/repositories/media-storage.repository.js';
import { ProjectViewRepository } from '../../../src/repositories/project-view.repository.js';
import { RenderedFileRepository } from '../../../src/repositories/rendered-file.repository.js';
import { RendererRepository } from '../../../src/repositories/renderer.repository.js';
import { VideoEntitlementRepository } from '../../../src/repositories/video-entitlement.repository.js';
import { WorkDirRepository } from '../../../src/repositories/work-dir.repository.js';
import type { DownloadDeps } from '../../../src/services/downloads/deps.js';
import { getDownloadUsage } from '../../../src/services/downloads/get-download-usage.js';
import { DOWNLOAD_MESSAGES } from '../../../src/services/downloads/messages.js';
import { openDownload } from '../../../src/services/downloads/open-download.js';
import type { TranslationJobs } from '../../../src/services/ports.js';
import { viewOfProject } from '../../../src/services/project-views.js';
import type { RenderDeps } from '../../../src/services/renders/deps.js';
import { forgetTranslationRenders } from '../../../src/services/renders/forget-renders.js';
import { renderTranslation, STRANDED_VIDEO_MESSAGE } from '../../../src/services/renders/render-translation.js';
import { VIDEO_STALE_MS, VIDEO_WAIT_MS } from '../../../src/services/renders/render-video.js';
import { keepRenderedFile } from '../../../src/services/renders/rendered-set.js';
import type { VideoDeps, VideoStatusChange } from '../../../src/services/videos/deps.js';
import { recordVideoPayment } from '../../../src/services/videos/record-video-payment.js';
import { EmbeddedSpeechProvider } from '../../../src/adapters/speech/embedded.js';
import { VoiceCatalogueRepository } from '../../../src/repositories/voice-catalogue.repository.js';
import { ffprobe } from '../../video/helpers.js';

const COMPANY = randomUUID();
const USER = randomUUID();
const JOB = { attempt: 1, maxAttempts: 3 };
/** The owner's plan the jobs carry (read when they were created). */
const BUSINESS: OwnerPlan = { tier: 'business', trialState: 'active' };

let infra: TestInfra;
let db: Kysely<MediaDatabase>;
let storageDir: string;
let files: RenderedFileRepository;
let storage: MediaStorageRepository;
let entitlements: VideoEntitlementRepository;
/** What GetRenderContent answers per project and language (null: deleted). */
const translations = new Map<string, Translation | null>();
/** video.status_changed as published, and the translation jobs queued. */
const videoEvents: VideoStatusChange[] = [];

/** What the paid videos said: the progress published, then the ends written to the outbox with the payments. */
async function said(): Promise<Array<Omit<VideoStatusChange, 'status' | 'errorMessage'> & { status: string; errorMessage?: unknown }>> {
  const rows = await db.selectFrom('outbox').select('payload').where('subject', '=', 'video.status_changed').orderBy('created_at').execute();
  return [...videoEvents, ...rows.map((r) => VideoStatusChanged.decode(r.payload))];
}
const translationJobs: Array<Parameters<TranslationJobs['enqueue']>[0]> = [];

function project(id: string, changes: Partial<Project> = {}): Project {
  return Project.fromPartial({
    id,
    companyId: COMPANY,
    title: 'Forklift safety',
    status: 'completed',
    hasContent: true,
    visualFormat: 'powerpoint',
    slidesContent: '# Forklift safety\n\n## Brakes\n**Content:**\n- Check the brakes\n',
    contentVersion: 3,
    ...changes,
  });
}

function spanish(version: number, sourceVersion = 3): Translation {
  return Translation.fromPartial({
    summary: { targetLanguage: 'es', sourceLanguage: 'en', status: 'completed', version, sourceVersion },
    title: `Seguridad v${version}`,
    slidesContent: `# Seguridad v${version}\n\n## Frenos\n**Content:**\n- Compruebe los frenos\n**Speaker Notes:**\nCompruebe siempre los frenos.\n`,
  });
}

const speech = new EmbeddedSpeechProvider();

function setup(p: Project) {
  const projects = { renderInput: async () => ({ project: p, template: null, renderKey: 'key-3' }) };
  const companyPlans = { companyPlan: async () => BUSINESS };
  const translationDirectory = { renderContent: async (projectId: string, language: string) => translations.get(`${projectId}:${language}`) ?? null };
  const events = { changed: async (change: VideoStatusChange) => void videoEvents.push(change) };
  const ownVideoJob = { enqueue: async () => { throw new Error("a translation's payment must not queue the project's own video job"); } };
  const renders: RenderDeps = {
    projects,
    translations: translationDirectory,
    translationJobs: { enqueue: async (request) => void translationJobs.push(request) },
    companyPlans,
    logos: { logoOf: async () => ({ logo: null, problem: '' }) },
    // The default voice (the project chose none), as main.ts builds it: Flite's rms, which a
    // translation's video speaks with espeak-ng's voice of the language.
    voices: new VoiceCatalogueRepository(speech, { customVoice: async () => undefined }),
    renderers: new RendererRepository({ speech, size: { width: 320, height: 180 } }),
    files,
    storage,
    workDirs: new WorkDirRepository('', 'tw-translation-test-'),
    entitlements,
    videoJobs: ownVideoJob,
    videoEvents: events,
    logger: createLogger('test'),
    clock: () => new Date(),
    sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    videoWaitMs: VIDEO_WAIT_MS,
    videoStaleMs: VIDEO_STALE_MS,
  };
  const views = new ProjectViewRepository(db);
  const payments: VideoDeps = {
    entitlements,
    jobs: ownVideoJob,
    translationJobs: { enqueue: async (request) => void translationJobs.push(request) },
    translations: translationDirectory,
    events,
    views,
    projects,
    companyPlans,
  };
  const membership = { ownerTier: 'business' as const, ownerUserId: USER, capabilities: [], role: 'owner' as const };
  const downloads: DownloadDeps = {
    views,
    projects: { project: async () => p },
    memberships: { find: async () => membership },
    files,
    downloads: new DownloadRepository(db),
    plans: { ownedCompany: async () => ({ ownerTier: 'business' }) },
    entitlements,
    clock: () => new Date(),
  };
  return { renders, downloads, views, payments };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

beforeAll(async () => {
  infra = await createTestInfra('translated_renders');
  await migrateMedia({ DATABASE_URL: infra.databaseUrl });
  db = createDatabase<MediaDatabase>({ url: infra.databaseUrl, schema: MEDIA_SCHEMA });
  storageDir = await mkdtemp(join(tmpdir(), 'tw-translated-storage-'));
  files = new RenderedFileRepository(db);
  storage = new MediaStorageRepository(new LocalFileStorage(storageDir));
  // No bus here: the paid videos' ends stay in the outbox, read by said().
  entitlements = new VideoEntitlementRepository(db, () => undefined);
});

afterAll(async () => {
  await db?.destroy();
  await infra?.cleanup();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

describe('a project\'s files per language', () => {
  it('should serve each language its last complete set, apart from the project\'s own files', async () => {
    const id = randomUUID();
    const p = project(id);
    const { renders, downloads, views } = setup(p);
    await views.keepRead(viewOfProject(p));
    // The project's own set.
    await keepRenderedFile({ storage, files }, { projectId: id, companyId: COMPANY, title: p.title, renderKey: 'key-3', contentVersion: 3 }, 'pdf', Buffer.from('%PDF own'));
    await files.makeCurrent(id, 'key-3', 3);

    // No Spanish files yet: still being prepared (409), named in English.
    expect(await failure(openDownload(downloads, USER, id, 'pdf', 'download', 'es'))).toMatchObject({ code: 'CONFLICT', message: DOWNLOAD_MESSAGES.translationNotReady('Spanish') });
    expect(await failure(openDownload(downloads, USER, id, 'pdf', 'download', 'xx'))).toMatchObject({ status: 400, message: 'Unknown language: xx.' });

    translations.set(`${id}:es`, spanish(1));
    expect((await renderTranslation(renders, { projectId: id, language: 'es', version: 1, plan: BUSINESS }, JOB, async () => undefined)).rendered.sort()).toEqual(['docx', 'pdf', 'pptx', 'txt']);
    const v1 = await openDownload(downloads, USER, id, 'pdf', 'download', 'es');
    expect(v1).toMatchObject({ filename: 'Forklift safety (Spanish).pdf', contentType: 'application/pdf' });
    // Keyed by what it is drawn from (the translation in the project's look), not the project's render key.
    expect(v1.storageKey).toMatch(/\/renders\/[0-9a-f]{24}-es-t1\/Seguridad_v1\.pdf$/);
    expect((await storage.read(v1.storageKey)).subarray(0, 5).toString()).toBe('%PDF-');
    // The project's own file is unchanged, and both downloads were counted.
    expect((await openDownload(downloads, USER, id, 'pdf', 'download')).storageKey).toContain('/renders/key-3/');
    expect((await getDownloadUsage(downloads, USER)).used).toBeGreaterThanOrEqual(2);
    // A powerpoint project's translation has no video.
    expect(await failure(openDownload(downloads, USER, id, 'mp4', 'download', 'es'))).toMatchObject({ code: 'CONFLICT', message: DOWNLOAD_MESSAGES.noVideo });

    // Version 2 replaces version 1 (whose stored files are deleted); a late job of version 1 renders nothing.
    translations.set(`${id}:es`, spanish(2));
    await renderTranslation(renders, { projectId: id, language: 'es', version: 2, plan: BUSINESS }, JOB, async () => undefined);
    expect((await openDownload(downloads, USER, id, 'txt', 'download', 'es')).storageKey).toContain('-es-t2/');
    expect(await storage.has(v1.storageKey)).toBe(false);
    expect(await renderTranslation(renders, { projectId: id, language: 'es', version: 1, plan: BUSINESS }, JOB, async () => undefined)).toEqual({ rendered: [], reused: [] });
    // A retry of version 2 reuses every file.
    expect((await renderTranslation(renders, { projectId: id, language: 'es', version: 2, plan: BUSINESS }, JOB, async () => undefined)).rendered).toEqual([]);

    // translation.deleted: the language's files go, storage too; the project's own stay.
    const v2 = await files.currentFile(id, 'pptx', 'es');
    await forgetTranslationRenders(renders, id, 'es');
    expect(await files.currentFile(id, 'pptx', 'es')).toBeUndefined();
    expect(await storage.has(v2!.storage_key)).toBe(false);
    expect(await files.currentFile(id, 'pdf')).toBeDefined();
  }, 120_000);

  it('should render a translation\'s video only with a payment of its own language and version', async () => {
    const id = randomUUID();
    const p = project(id, { visualFormat: 'mp4' });
    const { renders, downloads, views } = setup(p);
    await views.keepRead(viewOfProject(p));
    // The project's own video of version 3 paid for and made: it pays for no translation's video.
    await entitlements.grant(randomUUID(), { paymentId: `pay_${id}`, projectId: id, companyId: COMPANY, amountCents: 100, paidVersion: 3 });
    await entitlements.claim(`pay_${id}`, new Date(0));
    await entitlements.consume(`pay_${id}`, 3, { projectId: id, companyId: COMPANY, status: 'ready', contentVersion: 3, paymentId: `pay_${id}` });
    translations.set(`${id}:es`, spanish(1));
    expect((await renderTranslation(renders, { projectId: id, language: 'es', version: 1, plan: BUSINESS }, JOB, async () => undefined)).rendered).not.toContain('mp4');
    expect(await files.currentFile(id, 'mp4', 'es')).toBeUndefined();
    expect(await failure(openDownload(downloads, USER, id, 'mp4', 'download', 'es'))).toMatchObject({ code: 'PAYMENT_REQUIRED', message: DOWNLOAD_MESSAGES.translationVideoNotPaid('Spanish') });

    // The Spanish video of version 3 paid for on its own: the translation of version 3 gets its video.
    await entitlements.grant(randomUUID(), { paymentId: `pay_es_${id}`, projectId: id, companyId: COMPANY, amountCents: 100, paidVersion: 3, language: 'es' });
    translations.set(`${id}:es`, spanish(2));
    const stages: string[] = [];
    const { rendered } = await renderTranslation(renders, { projectId: id, language: 'es', version: 2, plan: BUSINESS }, JOB, async (stage) => void stages.push(stage));
    expect(rendered).toEqual(expect.arrayContaining(['mp4', 'mov', 'vtt']));
    expect(stages).toContain('creating_video');
    const video = await openDownload(downloads, USER, id, 'mp4', 'download', 'es');
    expect(video.filename).toBe('Forklift safety (Spanish).mp4');
    // Spoken by espeak-ng (22.05 kHz; Flite, English only, speaks 16 kHz), its track kept at that rate.
    const audio = (await ffprobe(join(storageDir, video.storageKey))).streams.find((s) => s.codec_type === 'audio');
    expect(audio?.sample_rate).toBe('22050');

    // Neither payment pays for French, nor the Spanish one for another version.
    translations.set(`${id}:fr`, Translation.fromPartial({ ...spanish(1), summary: { ...spanish(1).summary!, targetLanguage: 'fr' } }));
    expect((await renderTranslation(renders, { projectId: id, language: 'fr', version: 1, plan: BUSINESS }, JOB, async () => undefined)).rendered).not.toContain('mp4');
    expect(await entitlements.paidFor({ projectId: id, language: 'es', contentVersion: 4 })).toBe(false);

    // The project deleted: every language's files go.
    const keys = await files.forgetProject(id);
    expect(keys.some((k) => k.includes('-es-t2/'))).toBe(true);
    expect(await files.currentFile(id, 'pdf', 'fr')).toBeUndefined();
  }, 240_000);

  it("should render the Spanish video when its payment succeeds, use the payment and say 'ready' with it; a render that cannot succeed fails it (refunded)", async () => {
    const id = randomUUID();
    const p = project(id, { visualFormat: 'mp4' });
    const { renders, downloads, views, payments } = setup(p);
    await views.keepRead(viewOfProject(p));
    translations.set(`${id}:es`, Translation.fromPartial({ ...spanish(1), summary: { ...spanish(1).summary!, id: `tr_${id}` } }));
    await renderTranslation(renders, { projectId: id, language: 'es', version: 1, plan: BUSINESS }, JOB, async () => undefined);
    expect(await failure(openDownload(downloads, USER, id, 'mp4', 'download', 'es'))).toMatchObject({ code: 'PAYMENT_REQUIRED' });

    // billing's payment.succeeded of the Spanish video of version 3: that language's translation renders.
    const paymentId = `pay_es_${id}`;
    expect(await recordVideoPayment(payments, randomUUID(), { paymentId, kind: 'video', projectId: id, amountCents: 100, paidVersion: 3, language: 'es' })).toBe('queued');
    const job = translationJobs.find((j) => j.projectId === id)!;
    expect(job).toMatchObject({ projectId: id, language: 'es', version: 1, translationId: `tr_${id}` });
    expect((await said()).filter((e) => e.projectId === id)).toEqual([expect.objectContaining({ status: 'queued', paymentId, language: 'es', contentVersion: 3 })]);
    // While it renders the download says so (409), not 402.
    expect(await failure(openDownload(downloads, USER, id, 'mp4', 'download', 'es'))).toMatchObject({ code: 'CONFLICT', message: DOWNLOAD_MESSAGES.videoRendering });

    const { rendered } = await renderTranslation(renders, job, JOB, async () => undefined);
    expect(rendered).toEqual(expect.arrayContaining(['mp4', 'mov', 'vtt']));
    expect((await openDownload(downloads, USER, id, 'mp4', 'download', 'es')).filename).toBe('Forklift safety (Spanish).mp4');
    expect((await entitlements.find(paymentId))?.status).toBe('consumed');
    expect((await said()).filter((e) => e.projectId === id).map((e) => [e.status, e.paymentId, e.language])).toEqual([['queued', paymentId, 'es'], ['ready', paymentId, 'es']]);
    // A redelivered payment.succeeded renders nothing again.
    expect(await recordVideoPayment(payments, randomUUID(), { paymentId, kind: 'video', projectId: id, amountCents: 100, paidVersion: 3, language: 'es' })).toBe('started');

    // A French payment whose translation is gone: the payment fails at once and billing refunds it.
    const french = `pay_fr_${id}`;
    translations.set(`${id}:fr`, null);
    expect(await recordVideoPayment(payments, randomUUID(), { paymentId: french, kind: 'video', projectId: id, amountCents: 100, paidVersion: 3, language: 'fr' })).toBe('ignored');
    expect((await entitlements.find(french))?.status).toBe('failed');
    expect((await said()).filter((e) => e.paymentId === french)).toEqual([expect.objectContaining({ status: 'failed', language: 'fr', error: expect.stringContaining('French') })]);
    // By id, with the language's code: the web names the language in the user's own.
    expect((await said()).find((e) => e.paymentId === french)?.errorMessage).toEqual({ id: 'video.noTranslation', params: [{ text: 'fr' }] });
    expect((await entitlements.find(french))?.errorMessage).toEqual({ id: 'video.noTranslation', params: ['fr'] });
  }, 240_000);

  it('should refund a waiting payment of the Spanish video once the translation is made again from a newer project version', async () => {
    const id = randomUUID();
    // A document project: the new version renders its documents only, and quickly.
    const p = project(id, { visualFormat: 'powerpoint' });
    const { renders, views, payments } = setup(p);
    await views.keepRead(viewOfProject(p));
    translations.set(`${id}:es`, Translation.fromPartial({ ...spanish(1, 3), summary: { ...spanish(1, 3).summary!, id: `tr_${id}` } }));
    const paymentId = `pay_es_old_${id}`;
    expect(await recordVideoPayment(payments, randomUUID(), { paymentId, kind: 'video', projectId: id, amountCents: 100, paidVersion: 3, language: 'es' })).toBe('queued');
    // Before that video renders, the project is edited (version 4) and translated again from it.
    translations.set(`${id}:es`, Translation.fromPartial({ ...spanish(2, 4), summary: { ...spanish(2, 4).summary!, id: `tr_${id}` } }));
    await renderTranslation(renders, { projectId: id, language: 'es', version: 2, plan: BUSINESS }, JOB, async () => undefined);
    expect((await entitlements.find(paymentId))?.status).toBe('failed');
    expect((await said()).filter((e) => e.paymentId === paymentId).map((e) => [e.status, e.contentVersion, e.language])).toEqual([
      ['queued', 3, 'es'],
      ['failed', 3, 'es'],
    ]);
    expect((await said()).find((e) => e.paymentId === paymentId && e.status === 'failed')?.error).toBe(STRANDED_VIDEO_MESSAGE.text);
    // By its catalogue id too, on the event and with the payment.
    expect((await said()).find((e) => e.paymentId === paymentId && e.status === 'failed')?.errorMessage).toEqual({ id: 'video.stranded', params: [] });
    expect((await entitlements.find(paymentId))?.errorMessage).toEqual({ id: 'video.stranded', params: [] });
  }, 120_000);
});
