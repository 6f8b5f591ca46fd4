// The project service's composition root: repositories, the project operations' deps, the gRPC
// API and the event consumers, built from the config. Run as a process (`node dist/src/main.js`);
// the gateway's harness and the benchmarks import it and start the service in-process.
import {
  GENERATE_PROJECT_JOB,
  JobQueue,
  LocalFileStorage,
  RENDER_PROJECT_JOB,
  createLogger,
  isEntryPoint,
  listenGrpc,
  migrateSchema,
  openAuthMemberships,
  openServiceInfra,
  Opened,
  runServiceProcess,
  subscribeAll,
  type EventBus,
  type GrpcServer,
  type Logger,
  type RunningService,
} from '@trainwright/platform';
import { ProjectServiceService } from '@trainwright/proto/trainwright/project/v1/project';
import { migrations } from '../migrations/index.js';
import { loadProjectConfig, type ProjectConfig } from './config.js';
import { projectAccess, createProjectHandlers } from './grpc/project.handler.js';
import { CommentRepository } from './repositories/comment.repository.js';
import { LibraryReaderRepository } from './repositories/library-reader.repository.js';
import { LibraryRepository } from './repositories/library.repository.js';
import { PROJECT_SCHEMA, type ProjectDatabase } from './repositories/database.js';
import { MediaVoicesRepository } from './repositories/media-voices.repository.js';
import { PipelineJobsRepository } from './repositories/pipeline-jobs.repository.js';
import { ProjectRepository } from './repositories/project.repository.js';
import type { ProjectDeps } from './services/projects/deps.js';
import { generationProgressSubscription, renderProgressSubscription } from './subscriptions/pipeline-progress.subscription.js';
import { welcomeSampleSubscription } from './subscriptions/welcome-sample.subscription.js';
import { accountDataExpiredSubscription } from './subscriptions/account-data-expired.subscription.js';
import { translationLanguagesSubscription } from './subscriptions/translation-languages.subscription.js';
import { videoStatusSubscription } from './subscriptions/video-status.subscription.js';

export { PROJECT_SCHEMA };

export function migrateProject(config: Pick<ProjectConfig, 'DATABASE_URL'>): Promise<string[]> {
  return migrateSchema(config.DATABASE_URL, PROJECT_SCHEMA, migrations);
}

export interface ProjectServer extends RunningService {
  grpc: GrpcServer;
  bus: EventBus;
  repository: ProjectRepository;
  /** The generate queue (GENERATE_PROJECT_JOB). */
  queue: JobQueue;
  /** The render queue (RENDER_PROJECT_JOB). */
  renderQueue: JobQueue;
}

/** Starts the gRPC API (port 0 picks a free one), the outbox relay and the event consumers. */
export async function startProjectServer(config: ProjectConfig, logger: Logger = createLogger('project', config.LOG_LEVEL)): Promise<ProjectServer> {
  // What this process opens, closed in reverse order by close().
  const opened = new Opened();
  const infra = await openServiceInfra<ProjectDatabase>(opened, config, PROJECT_SCHEMA, logger);
  const { db, bus, relay } = infra;
  const { queues } = infra;
  const queue = opened.own(new JobQueue(queues, GENERATE_PROJECT_JOB.queue));
  const renderQueue = opened.own(new JobQueue(queues, RENDER_PROJECT_JOB.queue));
  const storage = new LocalFileStorage(config.STORAGE_DIR);
  const repository = new ProjectRepository(db);
  const memberships = await openAuthMemberships(opened, config, bus);
  const library = new LibraryRepository(db);
  const deps: ProjectDeps = {
    projects: repository,
    memberships,
    library,
    voices: opened.own(new MediaVoicesRepository(config.MEDIA_SERVICE_ADDR, { deadlineMs: config.GRPC_DEADLINE_MS })),
    templates: repository,
    jobs: new PipelineJobsRepository({ generate: queue, render: renderQueue }),
    clock: () => new Date(),
    afterWrite: () => void relay.flush(),
    urlAllowOrigins: config.URL_FETCH_ALLOW_ORIGINS,
  };

  const removeFiles = async (keys: string[]) => {
    await Promise.all(keys.map((key) => storage.delete(key)));
  };
  await subscribeAll(bus, [
    generationProgressSubscription(deps),
    renderProgressSubscription(deps),
    welcomeSampleSubscription(deps, logger),
    accountDataExpiredSubscription(deps, removeFiles),
    videoStatusSubscription(deps),
    translationLanguagesSubscription(deps),
  ]);

  const { grpc, port } = await listenGrpc(
    opened,
    logger,
    { name: 'trainwright.project.v1.ProjectService', definition: ProjectServiceService, handlers: createProjectHandlers(deps, removeFiles, { ...deps, comments: new CommentRepository(db), members: memberships }, {
      library,
      memberships,
      projects: repository,
      reader: opened.own(new LibraryReaderRepository(config.GENERATOR_SERVICE_ADDR, { deadlineMs: config.LIBRARY_READ_DEADLINE_MS })),
    }), access: projectAccess },
    `${config.PROJECT_GRPC_HOST}:${config.PROJECT_GRPC_PORT}`,
  );
  relay.start();
  grpc.setServing('SERVING');
  return {
    port,
    grpc,
    bus,
    repository,
    queue,
    renderQueue,
    close: () => opened.close(),
  };
}

if (isEntryPoint(import.meta.url)) {
  await runServiceProcess({ name: 'project', loadConfig: loadProjectConfig, migrate: migrateProject, start: startProjectServer });
}
