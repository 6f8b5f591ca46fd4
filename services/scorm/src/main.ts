// The scorm service's composition root: repositories, the deps of the package and interactive video
// operations, the gRPC API, the project.deleted consumer and the `scorm` worker, built from the config. Run as a process (`node dist/src/main.js`);
// tests and the gateway's harness import it and start it in-process.
import { lrsEndpoint } from '@trainwright/catalogue';
import { LrsKeyRepository } from './repositories/lrs-key.repository.js';
import { XapiDocumentRepository } from './repositories/xapi-document.repository.js';
import { XapiStatementRepository } from './repositories/xapi-statement.repository.js';
import { LrsAuthenticator } from './services/xapi/credentials.js';
import type { XapiDeps } from './services/xapi/deps.js';
import { senderCredentials } from './services/xapi/sender-credentials.js';
import {
  BUILD_SCORM_PACKAGE_JOB,
  JobQueue,
  ROLLUP_LEARNER_STATEMENTS_JOB,
  XAPI_PARTITIONS_JOB,
  LocalFileStorage,
  Opened,
  isEntryPoint,
  listenGrpc,
  migrateSchema,
  openAuthMemberships,
  openServiceInfra,
  runServiceProcess,
  startJobWorker,
  subscribeAll,
  type GrpcServer,
  type Logger,
  type RunningService,
} from '@trainwright/platform';
import { ScormServiceService } from '@trainwright/proto/trainwright/scorm/v1/scorm';
import type { Kysely } from 'kysely';
import { migrations } from '../migrations/index.js';
import { loadScormConfig, type ScormConfig } from './config.js';
import { scormAccess, createScormHandlers } from './grpc/scorm.handler.js';
import { buildPackageJob } from './jobs/build-package.job.js';
import { rollupLearnerStatementsJob } from './jobs/rollup-learner-statements.job.js';
import { xapiPartitionsJob } from './jobs/xapi-partitions.job.js';
import { LearnerRollupRepository } from './repositories/learner-rollup.repository.js';
import { LearnerAnalyticsRepository } from './repositories/learner-analytics.repository.js';
import { FiguresCache } from './services/analytics/figures-cache.js';
import { RollupJobsRepository } from './repositories/rollup-jobs.repository.js';
import { prepareInteractiveVideoJob } from './jobs/prepare-interactive-video.job.js';
import { SCORM_SCHEMA, type ScormDatabase } from './repositories/database.js';
import { InteractiveJobsRepository } from './repositories/interactive-jobs.repository.js';
import { InteractiveMediaRepository } from './repositories/interactive-media.repository.js';
import { InteractiveVideoRepository } from './repositories/interactive-video.repository.js';
import { PackageAssemblerRepository } from './repositories/package-assembler.repository.js';
import { PackageJobsRepository } from './repositories/package-jobs.repository.js';
import { PackageRepository } from './repositories/package.repository.js';
import { ProgressEventsRepository } from './repositories/progress-events.repository.js';
import { ProjectDirectoryRepository } from './repositories/project-directory.repository.js';
import { TranslationDirectoryRepository } from './repositories/translation-directory.repository.js';
import { VideoDirectoryRepository } from './repositories/video-directory.repository.js';
import type { InteractiveDeps } from './services/interactive/deps.js';
import type { PackageDeps } from './services/packages/deps.js';
import { projectDeletedSubscription } from './subscriptions/project-deleted.subscription.js';
import { shareLinksRevokedSubscription } from './subscriptions/share-links-revoked.subscription.js';

export { SCORM_SCHEMA };

export function migrateScorm(config: Pick<ScormConfig, 'DATABASE_URL'>): Promise<string[]> {
  return migrateSchema(config.DATABASE_URL, SCORM_SCHEMA, migrations);
}

/** The learning record store's parts, as configured. */
export function createXapiDeps(
  db: Kysely<ScormDatabase>,
  lrsKeys: LrsKeyRepository,
  rollups: XapiDeps['rollups'],
  config: Pick<ScormConfig, 'PUBLIC_WEB_URL' | 'XAPI_MAX_BATCH' | 'XAPI_MAX_FUTURE_HOURS' | 'XAPI_PAGE_SIZE' | 'XAPI_MAX_DOCUMENT_BYTES'>,
): XapiDeps & { auth: LrsAuthenticator } {
  return {
    auth: new LrsAuthenticator(lrsKeys),
    statements: new XapiStatementRepository(db),
    documents: new XapiDocumentRepository(db),
    rollups,
    options: {
      homePage: lrsEndpoint(config.PUBLIC_WEB_URL),
      maxBatch: config.XAPI_MAX_BATCH,
      maxFutureMs: config.XAPI_MAX_FUTURE_HOURS * 3_600_000,
      pageSize: config.XAPI_PAGE_SIZE,
      maxDocumentBytes: config.XAPI_MAX_DOCUMENT_BYTES,
    },
  };
}

export interface ScormServer extends RunningService {
  grpc: GrpcServer;
}

/** Starts the gRPC API (port 0 picks a free one), the outbox relay, the consumer and the scorm worker. */
export async function startScormServer(config: ScormConfig, logger: Logger): Promise<ScormServer> {
  // What this process opens, closed in reverse order by close().
  const opened = new Opened();
  const infra = await openServiceInfra<ScormDatabase>(opened, config, SCORM_SCHEMA, logger);
  const { queues } = infra;
  const grpcOptions = { deadlineMs: config.GRPC_DEADLINE_MS };
  const memberships = await openAuthMemberships(opened, config, infra.bus);
  const projects = opened.own(new ProjectDirectoryRepository(config.PROJECT_SERVICE_ADDR, grpcOptions));
  const videos = opened.own(new VideoDirectoryRepository(config.MEDIA_SERVICE_ADDR, grpcOptions));
  const translations = opened.own(new TranslationDirectoryRepository(config.TRANSLATION_SERVICE_ADDR, grpcOptions));
  // Packages and interactive videos share the `scorm` queue.
  const scormQueue = opened.own(new JobQueue(queues, BUILD_SCORM_PACKAGE_JOB.queue));
  const jobs = new PackageJobsRepository(scormQueue);
  const interactiveJobs = new InteractiveJobsRepository(scormQueue);
  const storage = new LocalFileStorage(config.STORAGE_DIR);
  const progressEvents = new ProgressEventsRepository(infra.bus);
  const afterWrite = () => void infra.relay.flush();
  const interactiveVideos = new InteractiveVideoRepository(infra.db, afterWrite);
  const media = new InteractiveMediaRepository(storage);
  const lrsKeys = new LrsKeyRepository(infra.db);
  const analyticsQueue = opened.own(new JobQueue(queues, ROLLUP_LEARNER_STATEMENTS_JOB.queue));
  const xapi = createXapiDeps(infra.db, lrsKeys, new RollupJobsRepository(analyticsQueue), config);
  await xapi.statements.ensurePartitions(new Date());
  // Packages and interactive videos report to the LRS with credentials of their own.
  const senders = senderCredentials(lrsKeys, xapi.options.homePage, xapi.auth);
  const packages: PackageDeps = {
    store: new PackageRepository(infra.db, afterWrite),
    projects,
    videos,
    translations,
    memberships,
    jobs,
    assembler: new PackageAssemblerRepository(storage, config.SCORM_WORK_DIR),
    progressEvents,
    interactive: interactiveVideos,
    media,
    senders,
    logger,
  };
  const interactive: InteractiveDeps = {
    store: interactiveVideos,
    projects,
    videos,
    memberships,
    jobs: interactiveJobs,
    media,
    progressEvents: progressEvents.interactive,
    senders,
    logger,
  };
  await subscribeAll(infra.bus, [projectDeletedSubscription({ packages, interactive, senders }), shareLinksRevokedSubscription({ senders })]);
  // A build holds the job while it zips a long video: a generous lock.
  const worker = config.SCORM_WORKER
    ? opened.own(
        startJobWorker(queues, BUILD_SCORM_PACKAGE_JOB.queue, [buildPackageJob(packages), prepareInteractiveVideoJob(interactive)], {
          concurrency: config.SCORM_CONCURRENCY,
          lockMs: 120_000,
        }),
      )
    : null;
  worker?.on('error', (err) => logger.error({ err }, 'scorm worker error'));
  // The dashboards' rollups on a queue of their own: a long package build never holds them up.
  const analyticsWorker = config.SCORM_WORKER
    ? opened.own(
        startJobWorker(queues, ROLLUP_LEARNER_STATEMENTS_JOB.queue, [rollupLearnerStatementsJob({ rollups: new LearnerRollupRepository(infra.db), homePage: xapi.options.homePage }), xapiPartitionsJob(xapi.statements)], { concurrency: 1 }),
      )
    : null;
  await analyticsQueue.schedule(XAPI_PARTITIONS_JOB, {}, 24 * 3_600_000);
  analyticsWorker?.on('error', (err) => logger.error({ err }, 'analytics worker error'));
  const { grpc, port } = await listenGrpc(
    opened,
    logger,
    { name: 'trainwright.scorm.v1.ScormService', definition: ScormServiceService, handlers: createScormHandlers({
        packages,
        interactive,
        lrsKeys: { memberships, keys: lrsKeys, verified: xapi.auth },
        xapi,
        shareLinks: { senders, projects, plans: memberships },
        analytics: { memberships, projects, interactive: interactiveVideos, analytics: new LearnerAnalyticsRepository(infra.db), figures: new FiguresCache() },
      }), access: scormAccess },
    `${config.SCORM_GRPC_HOST}:${config.SCORM_GRPC_PORT}`,
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
  await runServiceProcess({ name: 'scorm', loadConfig: loadScormConfig, migrate: migrateScorm, start: startScormServer });
}
