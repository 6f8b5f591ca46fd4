// Builds the project service from its config: used by main.ts and tests.
import {
  EventBus,
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
import { PipelineProgress, UserRegistered } from '@trainwright/proto/trainwright/events/v1/events';
import { ProjectServiceService } from '@trainwright/proto/trainwright/project/v1/project';
import { migrations } from '../migrations/index.js';
import type { ProjectConfig } from './config.js';
import { createProjectHandlers } from './grpc/project.handler.js';
import { AuthMemberships } from './repositories/auth-memberships.js';
import type { GeneratedContentJson, ProjectDatabase } from './repositories/database.js';
import { BullGenerationQueue, BullRenderQueue } from './repositories/generation.queue.js';
import { ProjectRepository } from './repositories/project.repository.js';
import { projectEvents } from './services/events.js';
import { ProjectService } from './services/project.service.js';
import { sampleProject } from './services/sample-project.js';
import { TemplateService } from './services/template.service.js';

export const PROJECT_SCHEMA = 'project';

export function migrateProject(config: Pick<ProjectConfig, 'DATABASE_URL'>): Promise<string[]> {
  return migrateSchema(config.DATABASE_URL, PROJECT_SCHEMA, migrations);
}

export interface ProjectServer {
  port: number;
  grpc: GrpcServer;
  bus: EventBus;
  projects: ProjectService;
  repository: ProjectRepository;
  queue: BullGenerationQueue;
  renderQueue: BullRenderQueue;
  close(): Promise<void>;
}

export async function startProjectServer(config: ProjectConfig, logger: Logger = createLogger('project', config.LOG_LEVEL)): Promise<ProjectServer> {
  const infra = await connectServiceInfra<ProjectDatabase>({
    databaseUrl: config.DATABASE_URL,
    schema: PROJECT_SCHEMA,
    natsUrl: config.NATS_URL,
    namespace: config.NAMESPACE,
    logger,
  });
  const { db, bus, relay } = infra;
  const auth = createGrpcClient(AuthServiceClient as never, AuthServiceService, config.AUTH_SERVICE_ADDR, { deadlineMs: config.GRPC_DEADLINE_MS });
  const storage = new LocalFileStorage(config.STORAGE_DIR);
  const queue = new BullGenerationQueue({ redisUrl: config.REDIS_URL, namespace: config.NAMESPACE });
  const renderQueue = new BullRenderQueue({ redisUrl: config.REDIS_URL, namespace: config.NAMESPACE });
  const repository = new ProjectRepository(db);
  const memberships = new AuthMemberships(auth);
  const templates = new TemplateService(repository);
  const projects = new ProjectService(
    repository,
    memberships,
    templates,
    queue,
    () => void relay.flush(),
    undefined,
    { urlAllowOrigins: config.URL_FETCH_ALLOW_ORIGINS },
    renderQueue,
  );

  // Pipeline facts from the generator and media render move the project's status. Finished
  // generation hands the project to rendering: creating_slides, and a render job.
  for (const subject of ['generation.*', 'render.*']) {
    await bus.subscribeDurable(`project-${subject.split('.')[0]}`, subject, async (event) => {
      const e = PipelineProgress.decode(event.data);
      const handOff = event.subject === 'generation.completed';
      await projects.applyPipelineEvent(event.id, {
        projectId: e.projectId,
        status: handOff ? 'creating_slides' : e.status,
        stage: handOff ? 'generating_content' : e.stage,
        percent: handOff ? 100 : e.percent,
        error: e.error,
        generatedContent: e.generatedContentJson ? (JSON.parse(e.generatedContentJson) as GeneratedContentJson) : undefined,
        qualityScore: e.qualityScore,
        engagementPrediction: e.engagementPrediction,
      });
      if (handOff) await projects.handOffToRender(e.projectId);
    });
  }
  // Every new account starts with the completed "Welcome Training" sample in its company.
  await bus.subscribeDurable('project-welcome-sample', 'user.registered', async (event) => {
    const e = UserRegistered.decode(event.data);
    let sampleId = '';
    await repository.onceForEvent(event.id, async () => {
      const companyName = (await memberships.of(e.userId)).companies.find((c) => c.companyId === e.companyId)?.companyName ?? '';
      const created = await repository.insertWithinLimit(sampleProject({ companyId: e.companyId, companyName, userId: e.userId }), -1, [], (id) => [
        projectEvents.changed('project.created', { projectId: id, companyId: e.companyId, ownerUserId: e.userId, countsTowardLimit: false }),
      ]);
      if (created.kind === 'created') sampleId = created.id;
      else logger.warn({ userId: e.userId }, 'welcome sample not created');
      return [];
    });
    // Its files are rendered like any project's, so they can be downloaded. A redelivery (the
    // hand-off failed last time) finds the sample made then; the render job id dedupes.
    if (!sampleId && event.redelivered) {
      sampleId = (await repository.list({ companyIds: [e.companyId], limit: 5, offset: 0 })).rows.find((r) => r.is_sample)?.id ?? '';
    }
    if (sampleId) await projects.handOffToRender(sampleId);
    void relay.flush();
  });

  const grpc = createGrpcServer(logger);
  grpc.addService(
    'trainwright.project.v1.ProjectService',
    ProjectServiceService,
    createProjectHandlers({
      projects,
      templates,
      memberships,
      removeFiles: async (keys) => {
        await Promise.all(keys.map((key) => storage.delete(key)));
      },
    }),
  );
  const port = await grpc.listen(`${config.PROJECT_GRPC_HOST}:${config.PROJECT_GRPC_PORT}`);
  relay.start();
  grpc.setServing('SERVING');
  return {
    port,
    grpc,
    bus,
    projects,
    repository,
    queue,
    renderQueue,
    async close() {
      await grpc.shutdown();
      await queue.close();
      await renderQueue.close();
      auth.close();
      await infra.close();
    },
  };
}
