// Stored failures by message id, against the real PostgreSQL (schema scorm, its migrations), Redis
// (the scorm queue's worker runs the build and prepare jobs), NATS (failure and readiness through
// the outbox) and object storage (a real mp4 made by ffmpeg). Only the other services are fakes:
// the project service, auth (memberships), media-render (where the narrated video is) and the
// translation service (a translation's content). A failure that is a catalogue message keeps its
// id and params in `error_message` beside its text, on the gRPC answer and on the failure event; a
// text of its own (another service's words) has none; a new version or a later build clears it.
import { LearnerAnalyticsRepository } from '../../src/repositories/learner-analytics.repository.js';
import { FiguresCache } from '../../src/services/analytics/figures-cache.js';
import { RollupJobsRepository } from '../../src/repositories/rollup-jobs.repository.js';
import { senderCredentials } from '../../src/services/xapi/sender-credentials.js';
import { LrsKeyRepository } from '../../src/repositories/lrs-key.repository.js';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_SCORM_TRACKING, INTERACTIVE_VIDEO_MESSAGES, SCORM_MESSAGES, interactiveElementCount, type InteractiveVideoMetadata } from '@trainwright/catalogue';
import {
  AppError,
  BUILD_SCORM_PACKAGE_JOB,
  connectServiceInfra,
  createLogger,
  JobQueue,
  LocalFileStorage,
  ROLLUP_LEARNER_STATEMENTS_JOB,
  startJobWorker,
  type Membership,
  type ServiceInfra,
  type UnaryHandlers,
} from '@trainwright/platform';
import { createTestInfra, eventually, type TestInfra } from '@trainwright/platform/testing';
import { InteractiveVideoChanged, PackageChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { MessageRef } from '@trainwright/proto/trainwright/messages/v1/messages';
import { InteractiveVideo, Package, type ScormServiceService } from '@trainwright/proto/trainwright/scorm/v1/scorm';
import type { Worker } from 'bullmq';
import { createScormHandlers } from '../../src/grpc/scorm.handler.js';
import { buildPackageJob } from '../../src/jobs/build-package.job.js';
import { prepareInteractiveVideoJob } from '../../src/jobs/prepare-interactive-video.job.js';
import { createXapiDeps, migrateScorm } from '../../src/main.js';
import { SCORM_SCHEMA, type ScormDatabase } from '../../src/repositories/database.js';
import { InteractiveJobsRepository } from '../../src/repositories/interactive-jobs.repository.js';
import { InteractiveMediaRepository } from '../../src/repositories/interactive-media.repository.js';
import { InteractiveVideoRepository } from '../../src/repositories/interactive-video.repository.js';
import { PackageAssemblerRepository } from '../../src/repositories/package-assembler.repository.js';
import { PackageJobsRepository } from '../../src/repositories/package-jobs.repository.js';
import { PackageRepository } from '../../src/repositories/package.repository.js';
import { ProgressEventsRepository } from '../../src/repositories/progress-events.repository.js';
import { abandonInteractiveVideo } from '../../src/services/interactive/abandon-interactive-video.js';
import { createInteractiveVideo } from '../../src/services/interactive/create-interactive-video.js';
import type { InteractiveDeps } from '../../src/services/interactive/deps.js';
import { getInteractiveVideo } from '../../src/services/interactive/get-interactive-video.js';
import { abandonPackage } from '../../src/services/packages/abandon-package.js';
import { buildQueuedPackage } from '../../src/services/packages/build-queued-package.js';
import type { PackageDeps } from '../../src/services/packages/deps.js';
import { exportPackage } from '../../src/services/packages/export-package.js';
import { getPackage } from '../../src/services/packages/get-package.js';
import type { ExportSettings } from '../../src/services/packages/settings.js';
import type { ProjectSource, TranslatedContent } from '../../src/services/types.js';

const COMPANY = randomUUID();
const OWNER = randomUUID();
/** Packages: translated into Spanish, or refused by media-render in its own words. */
const PACKAGED = randomUUID();
const REFUSED_PACKAGE = randomUUID();
/** Interactive videos: whose narrated video goes, or which media-render refuses in its own words. */
const INTERACTIVE = randomUUID();
const REFUSED_INTERACTIVE = randomUUID();
const ABANDONED_INTERACTIVE = randomUUID();
/** media-render's own words: no catalogue message. */
const MEDIA_RENDER_REFUSAL = 'The narrated video is being replaced right now.';

const settings: ExportSettings = { packageName: 'Forklift safety', scormVersion: '1.2', includeTracking: true, tracking: {}, objectives: [], activities: [] };

function project(id: string): ProjectSource {
  return {
    id, companyId: COMPANY, title: 'Forklift safety', description: '', language: 'en', contentVersion: 2, hasContent: true,
    slidesContent: '# Forklift safety\n\n## Daily checks\n- Inspect the forks and chains\n', scriptContent: '', generatedContent: null,
    colors: null, fonts: null, fontStyle: 'modern', website: '',
  };
}

const spanish: TranslatedContent = {
  language: 'es', title: 'Seguridad de carretillas', description: '', slidesContent: '# Seguridad de carretillas\n\n## Controles diarios\n- Inspecciona las horquillas\n', scriptContent: '', generatedContent: null,
};

function metadata(projectId: string): InteractiveVideoMetadata {
  return {
    project_id: projectId, video_duration: 30, analytics_enabled: false, completion_threshold: 85,
    hotspots: [], quizzes: [], call_to_actions: [], branching_scenarios: [],
    chapters: [{ id: 'c1', title: 'Daily checks', description: '', start_time: 0, is_skippable: true }],
  };
}

const membership: Membership = {
  companyId: COMPANY, companyName: 'Acme', role: 'owner', ownerTier: 'enterprise', ownerUserId: OWNER,
  capabilities: ['scormCompliance', 'videoGeneration'], ownerTrialState: 'active', ownerTrialStateUntilMs: 0,
};

let infra: TestInfra;
let service: ServiceInfra<ScormDatabase>;
let storageDir: string;
let jobQueue: JobQueue;
let analyticsQueue: JobQueue;
let worker: Worker;
let packages: PackageDeps;
let interactive: InteractiveDeps;
let handlers: UnaryHandlers<typeof ScormServiceService>;
const ctx = {} as never;
/** The narrated video media-render has (every project shares one); answers left before it is gone (absent: no limit). */
let videoKey = '';
const videoAnswersLeft = new Map<string, number>();
/** The completed translations the translation service has; answers left before one is gone (absent: no limit). */
const translations = new Map<string, TranslatedContent>();
const translationAnswersLeft = new Map<string, number>();
const events: { subject: string; id: string; version: number; error: string; errorMessage: MessageRef | undefined }[] = [];

/** One answer of a fake service that runs out after `left` answers (a map entry of 0: gone). */
function answer(left: Map<string, number>, key: string): boolean {
  const n = left.get(key);
  if (n === undefined) return true;
  if (n <= 0) return false;
  left.set(key, n - 1);
  return true;
}

beforeAll(async () => {
  infra = await createTestInfra('scorm_failure_messages');
  await migrateScorm({ DATABASE_URL: infra.databaseUrl });
  const logger = createLogger('test', 'silent');
  service = await connectServiceInfra<ScormDatabase>({ databaseUrl: infra.databaseUrl, schema: SCORM_SCHEMA, natsUrl: infra.natsUrl, namespace: infra.namespace, redisUrl: infra.redisUrl, logger });
  storageDir = mkdtempSync(join(tmpdir(), 'tw-failure-messages-'));
  const storage = new LocalFileStorage(storageDir);
  // A real 4 s mp4 with sound (the interactive video's job pins it and reads its length).
  const file = join(storageDir, 'made.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=blue:s=160x90:d=4:r=5', '-f', 'lavfi', '-i', 'sine=d=4', '-shortest', '-pix_fmt', 'yuv420p', file]);
  videoKey = 'renders/video.mp4';
  await storage.put(videoKey, Readable.from(readFileSync(file)));
  rmSync(file);

  const queues = { redisUrl: infra.redisUrl, namespace: infra.namespace };
  jobQueue = new JobQueue(queues, BUILD_SCORM_PACKAGE_JOB.queue);
  analyticsQueue = new JobQueue(queues, ROLLUP_LEARNER_STATEMENTS_JOB.queue);
  const afterWrite = () => void service.relay.flush();
  const interactiveVideos = new InteractiveVideoRepository(service.db, afterWrite);
  const media = new InteractiveMediaRepository(storage);
  const progressEvents = new ProgressEventsRepository(service.bus);
  const projects: PackageDeps['projects'] = {
    project: async (userId, id) => {
      if (userId !== OWNER || !([PACKAGED, REFUSED_PACKAGE, INTERACTIVE, REFUSED_INTERACTIVE, ABANDONED_INTERACTIVE] as string[]).includes(id)) throw AppError.notFound('Project not found');
      return project(id);
    },
    source: async (id) => ({ project: project(id) }),
  };
  const videos: PackageDeps['videos'] = {
    videoFiles: async (_userId, projectId, language = '') => {
      if (projectId === REFUSED_PACKAGE) throw new AppError('CONFLICT', MEDIA_RENDER_REFUSAL);
      const there = answer(videoAnswersLeft, projectId);
      if (!there && projectId === REFUSED_INTERACTIVE) throw new AppError('CONFLICT', MEDIA_RENDER_REFUSAL);
      // The packages are built without a video (no translation has one either).
      if (!there || language || projectId === PACKAGED) return { mp4: null, vttStorageKey: '' };
      return { mp4: { storageKey: videoKey, size: await storage.size(videoKey) }, vttStorageKey: '' };
    },
  };
  const memberships: PackageDeps['memberships'] = {
    find: async (userId, companyId) => (userId === OWNER && companyId === COMPANY ? membership : null),
    companiesOf: async () => ({ currentCompanyId: COMPANY, companies: [] }),
  };
  packages = {
    store: new PackageRepository(service.db, afterWrite),
    projects,
    videos,
    translations: {
      renderContent: async (projectId, language) => {
        const key = `${projectId}:${language}`;
        return answer(translationAnswersLeft, key) ? translations.get(key) ?? null : null;
      },
      translateTexts: async () => ({ untranslatable: 'Not asked in this test.' }),
    },
    memberships,
    jobs: new PackageJobsRepository(jobQueue),
    assembler: new PackageAssemblerRepository(storage, ''),
    progressEvents,
    interactive: interactiveVideos,
    media,
    senders: senderCredentials(new LrsKeyRepository(service.db), 'http://localhost:3000/api/xapi/'),
    logger: { warn: () => undefined, error: () => undefined },
  };
  interactive = {
    store: interactiveVideos,
    projects,
    videos,
    memberships,
    jobs: new InteractiveJobsRepository(jobQueue),
    media,
    progressEvents: progressEvents.interactive,
    senders: senderCredentials(new LrsKeyRepository(service.db), 'http://localhost:3000/api/xapi/'),
    logger: packages.logger,
  };
  const lrsKeys = new LrsKeyRepository(service.db);
  const xapi = createXapiDeps(service.db, lrsKeys, new RollupJobsRepository(analyticsQueue), { PUBLIC_WEB_URL: 'http://localhost:3000', XAPI_MAX_BATCH: 1000, XAPI_MAX_FUTURE_HOURS: 24, XAPI_PAGE_SIZE: 100, XAPI_MAX_DOCUMENT_BYTES: 1_048_576 });
  handlers = createScormHandlers({
    packages,
    interactive,
    lrsKeys: { memberships, keys: lrsKeys, verified: xapi.auth },
    xapi,
    analytics: { memberships, projects, interactive: interactiveVideos, analytics: new LearnerAnalyticsRepository(service.db), figures: new FiguresCache() },
    shareLinks: { senders: interactive.senders, projects, plans: { companyCapabilities: async () => [] } },
  });
  const since = new Date(Date.now() - 1000);
  await service.bus.subscribeFrom(since, 'scorm.*', async (event) => {
    const e = PackageChanged.decode(event.data);
    events.push({ subject: event.subject, id: e.packageId, version: 0, error: e.error, errorMessage: e.errorMessage });
  });
  await service.bus.subscribeFrom(since, 'interactive_video.*', async (event) => {
    const e = InteractiveVideoChanged.decode(event.data);
    events.push({ subject: event.subject, id: e.interactiveVideoId, version: e.version, error: e.error, errorMessage: e.errorMessage });
  });
  worker = startJobWorker(queues, 'scorm', [buildPackageJob(packages), prepareInteractiveVideoJob(interactive)], { concurrency: 1 });
  service.relay.start();
}, 60_000);

afterAll(async () => {
  await worker?.close();
  await jobQueue?.close();
  await analyticsQueue?.close();
  await service?.bus.destroy();
  await service?.close();
  if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  await infra?.cleanup();
});

/** The package as GetPackage answers it, through the wire's encoding. */
async function packageAnswer(packageId: string): Promise<Package> {
  return Package.decode(Package.encode(await handlers.getPackage({ userId: OWNER, packageId }, ctx)).finish());
}

/** The interactive video as GetInteractiveVideo answers it, through the wire's encoding. */
async function interactiveAnswer(projectId: string): Promise<InteractiveVideo> {
  return InteractiveVideo.decode(InteractiveVideo.encode(await handlers.getInteractiveVideo({ userId: OWNER, projectId }, ctx)).finish());
}

/** The package once its build ended (ready or failed). */
function ended(packageId: string) {
  return eventually(async () => {
    const p = await getPackage(packages, OWNER, packageId);
    return p.status === 'ready' || p.status === 'failed' ? p : undefined;
  }, 30_000);
}

/** The interactive video once its current version ended (ready or failed). */
function prepared(projectId: string, version: number) {
  return eventually(async () => {
    const v = await getInteractiveVideo(interactive, OWNER, projectId);
    return v.version.version === version && v.video.status !== 'processing' ? v : undefined;
  }, 30_000);
}

/** The event of `subject` about `id` (and version), once the outbox sent it. */
const eventOf = (subject: string, id: string, version = 0) => eventually(() => events.find((e) => e.subject === subject && e.id === id && e.version === version), 10_000);

const storedPackage = (id: string) => service.db.selectFrom('packages').select(['error', 'error_message']).where('id', '=', id).executeTakeFirstOrThrow();
const storedVideo = (id: string) => service.db.selectFrom('interactive_videos').select(['error', 'error_message']).where('id', '=', id).executeTakeFirstOrThrow();

describe('a failed package keeps the catalogue message it failed with', () => {
  it('should store the message id and params of a catalogue failure, answer and publish them, and clear them once a later build is ready', async () => {
    // The translation is there when the package is asked for, gone when the job runs.
    translations.set(`${PACKAGED}:es`, spanish);
    translationAnswersLeft.set(`${PACKAGED}:es`, 1);
    const created = await exportPackage(packages, OWNER, PACKAGED, settings, 'es');
    const failed = await ended(created.id);
    const text = SCORM_MESSAGES.noTranslation('es');
    expect(failed).toMatchObject({ status: 'failed', error: text, errorMessage: { id: 'scorm.noTranslation', params: ['es'] } });
    expect(await storedPackage(created.id)).toEqual({ error: text, error_message: { id: 'scorm.noTranslation', params: ['es'] } });
    expect(await packageAnswer(created.id)).toMatchObject({ status: 'failed', error: text, errorMessage: { id: 'scorm.noTranslation', params: [{ text: 'es' }] } });
    expect(await eventOf('scorm.failed', created.id)).toEqual({ subject: 'scorm.failed', id: created.id, version: 0, error: text, errorMessage: { id: 'scorm.noTranslation', params: [{ text: 'es' }] } });

    // The translation is back and a later attempt builds it: no failure is left on it.
    translationAnswersLeft.delete(`${PACKAGED}:es`);
    expect(await buildQueuedPackage(packages, created.id, { last: true })).toBe('built');
    expect(await storedPackage(created.id)).toEqual({ error: '', error_message: null });
    expect(await getPackage(packages, OWNER, created.id)).toMatchObject({ status: 'ready', error: '', errorMessage: null });
    expect((await packageAnswer(created.id)).errorMessage).toBeUndefined();
    expect((await eventOf('scorm.ready', created.id)).errorMessage).toBeUndefined();
  }, 60_000);

  it("should keep another service's own words as text with no message", async () => {
    const created = await exportPackage(packages, OWNER, REFUSED_PACKAGE, settings);
    const failed = await ended(created.id);
    expect(failed).toMatchObject({ status: 'failed', error: MEDIA_RENDER_REFUSAL, errorMessage: null });
    expect(await storedPackage(created.id)).toEqual({ error: MEDIA_RENDER_REFUSAL, error_message: null });
    const answered = await packageAnswer(created.id);
    expect(answered.error).toBe(MEDIA_RENDER_REFUSAL);
    expect(answered.errorMessage).toBeUndefined();
    const event = await eventOf('scorm.failed', created.id);
    expect(event).toMatchObject({ error: MEDIA_RENDER_REFUSAL });
    expect(event.errorMessage).toBeUndefined();
  }, 60_000);

  it('should fail a package given up on with the generic message, by id', async () => {
    // Stored without a job: every attempt's worker died.
    const created = await packages.store.create({ projectId: PACKAGED, companyId: COMPANY, createdBy: OWNER, language: 'en', settings: { ...settings, tracking: DEFAULT_SCORM_TRACKING } });
    await abandonPackage(packages, created.id);
    expect(await storedPackage(created.id)).toEqual({ error: SCORM_MESSAGES.failed, error_message: { id: 'scorm.failed', params: [] } });
    expect((await eventOf('scorm.failed', created.id)).errorMessage).toEqual({ id: 'scorm.failed', params: [] });
  });
});

describe('a failed interactive video version keeps the catalogue message it failed with', () => {
  it('should store the message id of a catalogue failure, answer and publish it, and clear it with a new version', async () => {
    // The narrated video is there when the version is made, gone when its job runs.
    videoAnswersLeft.set(INTERACTIVE, 1);
    const first = await createInteractiveVideo(interactive, OWNER, INTERACTIVE, metadata(INTERACTIVE), false);
    const failed = await prepared(INTERACTIVE, 1);
    const noVideo = { id: 'interactiveVideo.noVideo', params: [] };
    expect(failed.video).toMatchObject({ status: 'failed', error: INTERACTIVE_VIDEO_MESSAGES.noVideo, errorMessage: noVideo });
    expect(await storedVideo(first.video.id)).toEqual({ error: INTERACTIVE_VIDEO_MESSAGES.noVideo, error_message: noVideo });
    expect(await interactiveAnswer(INTERACTIVE)).toMatchObject({ status: 'failed', error: INTERACTIVE_VIDEO_MESSAGES.noVideo, errorMessage: noVideo });
    expect(await eventOf('interactive_video.failed', first.video.id, 1)).toMatchObject({ error: INTERACTIVE_VIDEO_MESSAGES.noVideo, errorMessage: noVideo });

    // The video is back: a new version starts with no failure, and becomes ready.
    videoAnswersLeft.delete(INTERACTIVE);
    const second = await createInteractiveVideo(interactive, OWNER, INTERACTIVE, metadata(INTERACTIVE), false);
    expect(second.video).toMatchObject({ currentVersion: 2, status: 'processing', error: '', errorMessage: null });
    expect(await storedVideo(first.video.id)).toEqual({ error: '', error_message: null });
    const ready = await prepared(INTERACTIVE, 2);
    expect(ready.video).toMatchObject({ status: 'ready', error: '', errorMessage: null });
    expect((await interactiveAnswer(INTERACTIVE)).errorMessage).toBeUndefined();
    expect((await eventOf('interactive_video.ready', first.video.id, 2)).errorMessage).toBeUndefined();
  }, 60_000);

  it("should keep another service's own words as text with no message", async () => {
    // media-render answers while the version is made, then refuses in its own words.
    videoAnswersLeft.set(REFUSED_INTERACTIVE, 1);
    const created = await createInteractiveVideo(interactive, OWNER, REFUSED_INTERACTIVE, metadata(REFUSED_INTERACTIVE), false);
    const failed = await prepared(REFUSED_INTERACTIVE, 1);
    expect(failed.video).toMatchObject({ status: 'failed', error: MEDIA_RENDER_REFUSAL, errorMessage: null });
    expect(await storedVideo(created.video.id)).toEqual({ error: MEDIA_RENDER_REFUSAL, error_message: null });
    expect((await interactiveAnswer(REFUSED_INTERACTIVE)).errorMessage).toBeUndefined();
    const event = await eventOf('interactive_video.failed', created.video.id, 1);
    expect(event.error).toBe(MEDIA_RENDER_REFUSAL);
    expect(event.errorMessage).toBeUndefined();
  }, 60_000);

  it('should fail a version given up on with the generic message, by id', async () => {
    // Stored without a job: every attempt's worker died.
    const m = metadata(ABANDONED_INTERACTIVE);
    const created = await interactive.store.createVersion({ projectId: ABANDONED_INTERACTIVE, companyId: COMPANY, createdBy: OWNER, title: 'Forklift safety', metadata: m, elementCount: interactiveElementCount(m), generateAnalytics: false, contentVersion: 2 });
    await abandonInteractiveVideo(interactive, created.video.id, 1);
    const createFailed = { id: 'interactiveVideo.createFailed', params: [] };
    expect(await storedVideo(created.video.id)).toEqual({ error: INTERACTIVE_VIDEO_MESSAGES.createFailed, error_message: createFailed });
    expect((await eventOf('interactive_video.failed', created.video.id, 1)).errorMessage).toEqual(createFailed);
  });
});
