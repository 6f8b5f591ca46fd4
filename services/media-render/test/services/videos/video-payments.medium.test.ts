// Medium test of pay-per-use video against the real PostgreSQL, NATS and Redis (BullMQ): billing's
// payment.succeeded (kind 'video') becomes an entitlement, whose RENDER_VIDEO_JOB renders the video
// (a fake renderer writes the files; storage, queue, database and bus are real) into the project's
// current set and publishes queued, rendering and ready with the payment; a render that fails for
// good fails the entitlement and publishes 'failed' with the payment (billing refunds it). The
// terminal facts are written with the payment's end (the outbox): a process killed right after
// that transaction loses nothing, its successor's relay publishes the fact once.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VIDEO_MESSAGES } from '@trainwright/catalogue';
import { createDatabase, createLogger, EventBus, JobQueue, LocalFileStorage, OutboxRelay, RENDER_EDUCATION_JOB, RENDER_PROJECT_JOB, startJobWorker, subscribeAll, type OwnerPlan } from '@trainwright/platform';
import { unqueuedJobs } from '../../fakes/unqueued-jobs.js';
import { createTestInfra, eventually, type TestInfra } from '@trainwright/platform/testing';
import { PaymentOutcome, VideoStatusChanged } from '@trainwright/proto/trainwright/events/v1/events';
import { Project } from '@trainwright/proto/trainwright/project/v1/project';
import type { Worker } from 'bullmq';
import type { Kysely } from 'kysely';
import { RenderError } from '../../../src/domain/types.js';
import { renderProjectJob } from '../../../src/jobs/render-project.job.js';
import { renderTranslationJob } from '../../../src/jobs/render-translation.job.js';
import { renderVideoJob } from '../../../src/jobs/render-video.job.js';
import { MEDIA_SCHEMA, migrateMedia } from '../../../src/main.js';
import type { MediaDatabase } from '../../../src/repositories/database.js';
import { MediaStorageRepository } from '../../../src/repositories/media-storage.repository.js';
import { ProjectViewRepository } from '../../../src/repositories/project-view.repository.js';
import { RenderEventsRepository } from '../../../src/repositories/render-events.repository.js';
import { RenderedFileRepository } from '../../../src/repositories/rendered-file.repository.js';
import { VideoEntitlementRepository } from '../../../src/repositories/video-entitlement.repository.js';
import { VideoEventsRepository } from '../../../src/repositories/video-events.repository.js';
import { VideoJobsRepository } from '../../../src/repositories/video-jobs.repository.js';
import { WorkDirRepository } from '../../../src/repositories/work-dir.repository.js';
import type { RenderDeps, Renderers } from '../../../src/services/renders/deps.js';
import { VIDEO_STALE_MS, VIDEO_WAIT_MS } from '../../../src/services/renders/render-video.js';
import type { VideoDeps } from '../../../src/services/videos/deps.js';
import { videoPaymentsSubscription } from '../../../src/subscriptions/video-payments.subscription.js';

const COMPANY = randomUUID();
const GOOD = randomUUID();
const BROKEN = randomUUID();
const KEY = 'key-7';
/** The owner's plan a job carries (read when it was created). */
const PROFESSIONAL: OwnerPlan = { tier: 'professional', trialState: 'active' };

let infra: TestInfra;
let db: Kysely<MediaDatabase>;
let bus: EventBus;
let queue: JobQueue;
let worker: Worker;
let storageDir = '';
const videoEvents: VideoStatusChanged[] = [];
const renderedVideos: string[] = [];

function project(id: string): Project {
  return Project.fromPartial({ id, companyId: COMPANY, title: 'Fire Drill', status: 'completed', slidesContent: '# Fire Drill\n\n## Exits\n**Content:**\n- Walk, do not run\n', visualFormat: 'mp4', contentVersion: 3 });
}

let relay: OutboxRelay;

beforeAll(async () => {
  infra = await createTestInfra('video_payments');
  await migrateMedia({ DATABASE_URL: infra.databaseUrl });
  db = createDatabase<MediaDatabase>({ url: infra.databaseUrl, schema: MEDIA_SCHEMA });
  const logger = createLogger('test', 'silent');
  bus = await EventBus.connect({ url: infra.natsUrl, namespace: infra.namespace, logger });
  storageDir = mkdtempSync(join(tmpdir(), 'tw-video-pay-'));
  const storage = new MediaStorageRepository(new LocalFileStorage(storageDir));
  const files = new RenderedFileRepository(db, () => void relay.flush());
  // The paid video's ends go out through the outbox, as media-render's relay publishes them.
  relay = new OutboxRelay(db, bus, logger);
  const entitlements = new VideoEntitlementRepository(db, () => void relay.flush());
  const ctx = { redisUrl: infra.redisUrl, namespace: infra.namespace };
  queue = new JobQueue(ctx, RENDER_PROJECT_JOB.queue);
  const videoJobs = new VideoJobsRepository(queue);
  const events = new VideoEventsRepository(bus);
  const projects = {
    renderInput: async (projectId: string) => ({ project: project(projectId), template: null, renderKey: KEY }),
    project: async (_userId: string, projectId: string) => project(projectId),
  };
  const renderers: Renderers = {
    document: async (format) => Buffer.from(`${format} bytes`),
    video: async (input, _voice, workDir, progress) => {
      if (input.projectId === BROKEN) throw new RenderError('The narration could not be spoken.');
      renderedVideos.push(input.projectId);
      await progress(50);
      for (const name of ['video.mp4', 'video.mov', 'subtitles.vtt']) writeFileSync(join(workDir, name), `${name} of ${input.projectId}`);
      return { mp4Path: join(workDir, 'video.mp4'), movPath: join(workDir, 'video.mov'), vttPath: join(workDir, 'subtitles.vtt'), durationMs: 1000 };
    },
  };
  const logos = { logoOf: async () => ({ logo: null, problem: '' }) };
  const companyPlans = { companyPlan: async () => PROFESSIONAL };
  const renders: RenderDeps = {
    projects,
    // No translation here: a translation's job renders nothing.
    translations: { renderContent: async () => null },
    translationJobs: { enqueue: async () => undefined },
    companyPlans,
    logos,
    voices: { settingsFor: async () => ({ provider: 'espeak', voice: 'en-us' }) },
    renderers,
    files,
    storage,
    workDirs: new WorkDirRepository('', 'tw-video-pay-work-'),
    entitlements,
    videoJobs,
    videoEvents: events,
    logger,
    clock: () => new Date(),
    sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    videoWaitMs: VIDEO_WAIT_MS,
    videoStaleMs: VIDEO_STALE_MS,
  };
  worker = startJobWorker(ctx, RENDER_PROJECT_JOB.queue, [renderProjectJob(renders, new RenderEventsRepository(bus)), renderVideoJob(renders), renderTranslationJob(renders), ...unqueuedJobs(RENDER_EDUCATION_JOB)], { concurrency: 2, logger });
  const payments: VideoDeps = { entitlements, jobs: videoJobs, translationJobs: { enqueue: async () => undefined }, translations: { renderContent: async () => null }, events, views: new ProjectViewRepository(db), projects, companyPlans };
  await bus.subscribeFrom(new Date(Date.now() - 1000), 'video.status_changed', async (event) => void videoEvents.push(VideoStatusChanged.decode(event.data)));
  await subscribeAll(bus, [videoPaymentsSubscription(payments)]);
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

async function pay(projectId: string, paymentId: string, kind = 'video', contentVersion = 0): Promise<void> {
  const data = PaymentOutcome.encode({ userId: randomUUID(), paymentId, kind, amountCents: 100, projectId, occurredAt: new Date().toISOString(), contentVersion, language: '' }).finish();
  await bus.publish('payment.succeeded', data);
}

const entitlementOf = (paymentId: string) => db.selectFrom('video_entitlements').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
/**
 * Once no job is left and every event is handled, a marker through the same ordered stream: any
 * later copy of an event (a second render, a republished status) would have arrived before it.
 */
async function everythingPublishedSeen(): Promise<void> {
  await eventually(async () => (await queue.unfinished()) === 0 && (await bus.backlog()) === 0, 10_000);
  const marker = `marker_${randomUUID()}`;
  await bus.publish('video.status_changed', VideoStatusChanged.encode(VideoStatusChanged.fromPartial({ paymentId: marker })).finish());
  await eventually(() => videoEvents.some((e) => e.paymentId === marker), 5000);
}

const eventsOf = (paymentId: string) => videoEvents.filter((e) => e.paymentId === paymentId);

describe('pay-per-use video (payment.succeeded -> entitlement -> RENDER_VIDEO_JOB)', () => {
  it('should render the paid video into the current set once, publishing queued, rendering and ready with the payment', async () => {
    // The documents' render made the set current and asked for a payment.
    await db.insertInto('current_renders').values({ project_id: GOOD, render_key: KEY, content_version: 3 }).execute();
    await db.insertInto('rendered_files').values({ project_id: GOOD, render_key: KEY, content_version: 3, format: 'pdf', company_id: COMPANY, storage_key: 'k/Fire_Drill.pdf', size: 9 }).execute();
    await pay(GOOD, 'pay_good');
    // The same payment in a second event (billing republished it) and another kind change nothing.
    await pay(GOOD, 'pay_good');
    await pay(GOOD, 'pay_plan', 'subscription');

    const consumed = await eventually(async () => {
      const row = await entitlementOf('pay_good');
      return row?.status === 'consumed' ? row : undefined;
    }, 20_000);
    expect(consumed).toMatchObject({ project_id: GOOD, company_id: COMPANY, content_version: 3, render_key: KEY });
    expect(Number(consumed.amount_cents)).toBe(100);
    expect(await entitlementOf('pay_plan')).toBeUndefined();

    const files = new RenderedFileRepository(db);
    for (const format of ['mp4', 'mov']) {
      const file = await files.currentFile(GOOD, format);
      expect(file?.storage_key).toBe(`companies/${COMPANY}/projects/${GOOD}/renders/${KEY}/Fire_Drill.${format}`);
      expect(existsSync(join(storageDir, file!.storage_key))).toBe(true);
    }
    expect((await files.currentFile(GOOD, 'pdf'))?.storage_key).toBe('k/Fire_Drill.pdf');

    await eventually(() => eventsOf('pay_good').some((e) => e.status === 'ready'), 5000);
    await everythingPublishedSeen();
    const steps = eventsOf('pay_good').map((e) => (e.status === 'rendering' ? `rendering ${e.percent}` : e.status));
    expect(steps).toEqual(['queued', 'rendering 0', 'rendering 50', 'ready']);
    expect(eventsOf('pay_good').every((e) => e.projectId === GOOD && e.companyId === COMPANY && e.contentVersion === 3)).toBe(true);
    // Ordered by occurred_at (microseconds): strictly increasing.
    const times = eventsOf('pay_good').map((e) => e.occurredAt);
    expect([...times].sort()).toEqual(times);
    expect(times.every((t) => /\.\d{6}Z$/.test(t))).toBe(true);
    expect(renderedVideos.filter((p) => p === GOOD)).toHaveLength(1);
  }, 30_000);

  it('should keep the paid video of version 2 downloadable while version 3 waits for its own payment, and drop it once that one is ready', async () => {
    const project = randomUUID();
    const files = new RenderedFileRepository(db);
    const storage = new MediaStorageRepository(new LocalFileStorage(storageDir));
    // Version 2 with its paid video, then version 3's documents: the video of version 2 is kept.
    for (const format of ['pdf', 'mp4', 'mov', 'vtt']) {
      const storageKey = `v2/${project}.${format}`;
      await storage.save(storageKey, Buffer.from(`${format} of v2`));
      await files.recordFile({ projectId: project, renderKey: 'key-v2', contentVersion: 2, format, companyId: COMPANY, storageKey, size: 8 });
    }
    await files.makeCurrent(project, 'key-v2', 2);
    await files.recordFile({ projectId: project, renderKey: KEY, contentVersion: 3, format: 'pdf', companyId: COMPANY, storageKey: `v3/${project}.pdf`, size: 8 });
    await files.makeCurrent(project, KEY, 3);
    expect((await files.currentFile(project, 'mp4'))?.storage_key).toBe(`v2/${project}.mp4`);

    // Version 3 is paid for on its own; once its video is ready it is served and version 2's goes.
    await pay(project, `pay_v3_${project}`);
    // 'ready' is published once the payment is used and the kept video deleted.
    await eventually(async () => eventsOf(`pay_v3_${project}`).some((e) => e.status === 'ready'), 20_000);
    expect((await files.currentFile(project, 'mp4'))?.storage_key).toContain(`/renders/${KEY}/`);
    for (const format of ['mp4', 'mov', 'vtt']) expect(existsSync(join(storageDir, `v2/${project}.${format}`))).toBe(false);
  }, 30_000);

  it("should fail the payment and publish 'failed' with it when the render cannot succeed", async () => {
    await pay(BROKEN, 'pay_broken');
    const failed = await eventually(async () => {
      const row = await entitlementOf('pay_broken');
      return row?.status === 'failed' ? row : undefined;
    }, 20_000);
    expect(failed.error).toBe('The narration could not be spoken.');
    // A renderer's own words: no catalogue message beside them.
    expect(failed.error_message).toBeNull();
    const last = await eventually(() => eventsOf('pay_broken').find((e) => e.status === 'failed'), 5000);
    expect(last).toMatchObject({ projectId: BROKEN, companyId: COMPANY, status: 'failed', error: 'The narration could not be spoken.', paymentId: 'pay_broken' });
    expect(last.errorMessage).toBeUndefined();
    expect(await new RenderedFileRepository(db).filesOf(BROKEN, KEY)).toEqual([]);
  }, 30_000);

  it("should keep the catalogue message of a payment that fails by the rules (video.changed) with it and on 'failed'", async () => {
    const projectId = randomUUID();
    // Priced for version 2; the project is at version 3 when its render starts.
    await pay(projectId, `pay_stale_${projectId}`, 'video', 2);
    const failed = await eventually(async () => {
      const row = await entitlementOf(`pay_stale_${projectId}`);
      return row?.status === 'failed' ? row : undefined;
    }, 20_000);
    expect(failed).toMatchObject({ error: VIDEO_MESSAGES.changed, error_message: { id: 'video.changed', params: [] } });
    const event = await eventually(() => eventsOf(`pay_stale_${projectId}`).find((e) => e.status === 'failed'), 5000);
    expect(event).toMatchObject({ projectId, status: 'failed', error: VIDEO_MESSAGES.changed, errorMessage: { id: 'video.changed', params: [] } });
    expect(renderedVideos).not.toContain(projectId);
  }, 30_000);

  it("should not lose a failed payment's fact when the process dies before publishing it: it goes out once after restart", async () => {
    const paymentId = `pay_killed_${randomUUID()}`;
    const quiet = new VideoEntitlementRepository(db, () => undefined);
    await quiet.grant(randomUUID(), { paymentId, projectId: BROKEN, companyId: COMPANY, amountCents: 100, paidVersion: 3 });
    await quiet.claim(paymentId, new Date(0));
    // A media-render process fails the payment and is SIGKILLed the moment its transaction has
    // committed, before its relay can publish.
    const fact = { projectId: BROKEN, companyId: COMPANY, status: 'failed', contentVersion: 3, error: 'The narration could not be spoken.', paymentId };
    const reason = { text: fact.error, message: null };
    const child = spawn(process.execPath, ['--input-type=module', '-e', [
      "import { createDatabase } from '@trainwright/platform';",
      "import { VideoEntitlementRepository } from './dist/src/repositories/video-entitlement.repository.js';",
      `const db = createDatabase({ url: ${JSON.stringify(infra.databaseUrl)}, schema: ${JSON.stringify(MEDIA_SCHEMA)} });`,
      "const entitlements = new VideoEntitlementRepository(db, () => process.kill(process.pid, 'SIGKILL'));",
      `await entitlements.fail(${JSON.stringify(paymentId)}, ${JSON.stringify(reason)}, ${JSON.stringify(fact)});`,
    ].join('\n')], { cwd: fileURLToPath(new URL('../../..', import.meta.url)), stdio: ['ignore', 'ignore', 'inherit'] });
    const signal = await new Promise((resolve) => child.once('exit', (_code, s) => resolve(s)));
    expect(signal).toBe('SIGKILL');
    expect(await entitlementOf(paymentId)).toMatchObject({ status: 'failed', error: fact.error });
    const waiting = await db.selectFrom('outbox').select(['subject', 'published_at']).where('published_at', 'is', null).execute();
    expect(waiting).toEqual([{ subject: 'video.status_changed', published_at: null }]);
    expect(eventsOf(paymentId)).toEqual([]);

    // The process comes back: its relay publishes what the killed one left (billing refunds on that fact: billing's videos.medium.test).
    const restarted = new OutboxRelay(db, bus, createLogger('test', 'silent'));
    await restarted.flush();
    const failed = await eventually(() => eventsOf(paymentId).find((e) => e.status === 'failed'), 5000);
    expect(failed).toMatchObject({ projectId: BROKEN, companyId: COMPANY, status: 'failed', error: fact.error, paymentId });
    // A redelivered job failing it again writes nothing more.
    await quiet.fail(paymentId, reason, { ...fact, status: 'failed' });
    expect(await db.selectFrom('outbox').select('id').where('published_at', 'is', null).execute()).toEqual([]);
    expect(eventsOf(paymentId)).toHaveLength(1);
  }, 30_000);

  it('should render no video in the main render but ask for a payment, then release the next payment to its job', async () => {
    const projectId = randomUUID();
    await queue.enqueue(RENDER_PROJECT_JOB, { projectId, renderKey: KEY, contentVersion: '3', plan: PROFESSIONAL });
    const required = await eventually(() => videoEvents.find((e) => e.projectId === projectId && e.status === 'payment_required'), 20_000);
    expect(required).toMatchObject({ companyId: COMPANY, contentVersion: 3, paymentId: '' });
    const files = new RenderedFileRepository(db);
    expect((await files.filesOf(projectId, KEY)).map((f) => f.format).sort()).toEqual(['docx', 'pdf', 'pptx', 'txt']);
    await pay(projectId, 'pay_later');
    await eventually(async () => (await entitlementOf('pay_later'))?.status === 'consumed', 20_000);
    expect(await files.currentFile(projectId, 'mp4')).toBeDefined();
  }, 40_000);
});
