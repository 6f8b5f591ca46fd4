// Builds the media-render service from its config: the gRPC API (downloads, voices) and, when
// RENDER_WORKER is on, the `render` queue's worker. Used by main.ts, worker.ts and tests.
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
import type { TierId } from '@trainwright/catalogue';
import { AuthServiceClient, AuthServiceService } from '@trainwright/proto/trainwright/auth/v1/auth';
import { ProjectChanged } from '@trainwright/proto/trainwright/events/v1/events';
import { MediaServiceService } from '@trainwright/proto/trainwright/media/v1/media';
import { ProjectServiceClient, ProjectServiceService } from '@trainwright/proto/trainwright/project/v1/project';
import type { Worker } from 'bullmq';
import { migrations } from '../migrations/index.js';
import type { MediaConfig } from './config.js';
import { createMediaHandlers } from './grpc/media.handler.js';
import { startRenderWorker } from './jobs/render.job.js';
import type { MediaDatabase } from './repositories/database.js';
import { fetchLogo } from './repositories/logo.js';
import { RenderRepository } from './repositories/render.repository.js';
import { DownloadService } from './services/download.service.js';
import { createRenderers } from './services/renderers.js';
import { RenderService } from './services/render.service.js';
import { VoiceService } from './services/voice.service.js';
import { createSpeechProvider } from './speech/index.js';
import { createVoiceCloner } from './voices/cloner.js';

export const MEDIA_SCHEMA = 'media_render';

export function migrateMedia(config: Pick<MediaConfig, 'DATABASE_URL'>): Promise<string[]> {
  return migrateSchema(config.DATABASE_URL, MEDIA_SCHEMA, migrations);
}

export interface MediaServer {
  port: number;
  grpc: GrpcServer | null;
  worker: Worker | null;
  close(): Promise<void>;
}

/** `api`: serve gRPC; `worker`: drain the render queue (per RENDER_WORKER unless given). */
export async function startMediaServer(
  config: MediaConfig,
  logger: Logger = createLogger('media-render', config.LOG_LEVEL),
  roles: { api: boolean; worker: boolean } = { api: true, worker: config.RENDER_WORKER },
): Promise<MediaServer> {
  const infra = await connectServiceInfra<MediaDatabase>({
    databaseUrl: config.DATABASE_URL,
    schema: MEDIA_SCHEMA,
    natsUrl: config.NATS_URL,
    namespace: config.NAMESPACE,
    logger,
  });
  const deadline = { deadlineMs: config.GRPC_DEADLINE_MS };
  const auth = createGrpcClient(AuthServiceClient as never, AuthServiceService, config.AUTH_SERVICE_ADDR, deadline);
  const projects = createGrpcClient(ProjectServiceClient as never, ProjectServiceService, config.PROJECT_SERVICE_ADDR, deadline);
  const storage = new LocalFileStorage(config.STORAGE_DIR);
  const files = new RenderRepository(infra.db);
  const speech = createSpeechProvider({
    provider: config.SPEECH_PROVIDER,
    openai: { baseURL: config.OPENAI_TTS_BASE_URL, apiKey: config.OPENAI_TTS_API_KEY, model: config.OPENAI_TTS_MODEL },
    elevenlabs: { baseURL: config.ELEVENLABS_BASE_URL, apiKey: config.ELEVENLABS_API_KEY, modelId: config.ELEVENLABS_MODEL_ID },
  });
  const membership = (userId: string, companyId: string) => auth.getMembership({ userId, companyId }, { userId });
  const voices = new VoiceService({
    speech,
    cloner: createVoiceCloner(
      config.SPEECH_PROVIDER === 'elevenlabs'
        ? { kind: 'elevenlabs', elevenlabs: { baseURL: config.ELEVENLABS_BASE_URL, apiKey: config.ELEVENLABS_API_KEY, modelId: config.ELEVENLABS_MODEL_ID } }
        : { kind: 'matching' },
    ),
    files,
    storage,
    capabilities: async (userId, companyId) => {
      const m = await membership(userId, companyId);
      return { capabilities: m.capabilities, ownerTier: m.ownerTier as TierId };
    },
    read: async (key) => {
      const chunks: Buffer[] = [];
      for await (const chunk of storage.get(key)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
  });
  const downloads = new DownloadService({
    files,
    project: (userId, projectId) => projects.getProject({ userId, projectId }, { userId }),
    owner: async (userId, companyId) => {
      const m = await membership(userId, companyId);
      return { tier: m.ownerTier as TierId, ownerUserId: m.ownerUserId };
    },
  });

  let worker: Worker | null = null;
  if (roles.worker) {
    const renderers = createRenderers({
      speech,
      voiceSettings: (voiceId, companyId) => voices.settingsFor(voiceId, companyId),
      size: { width: config.VIDEO_WIDTH, height: config.VIDEO_HEIGHT },
      burnSubtitles: config.BURN_SUBTITLES,
    });
    worker = startRenderWorker(
      { redisUrl: config.REDIS_URL, namespace: config.NAMESPACE },
      (events) =>
        new RenderService({
          load: async (projectId) => {
            const input = await projects.getGenerationInput({ projectId });
            return {
              project: input.project!,
              template: input.templateJson ? (JSON.parse(input.templateJson) as Record<string, unknown>) : null,
              ownerTier: input.ownerTier as TierId,
              renderKey: input.renderKey,
            };
          },
          branding: async (project) => {
            if (!project.branding) return null;
            const { logo, problem } = await fetchLogo(project.branding.logoUrl, { allowOrigins: config.URL_FETCH_ALLOW_ORIGINS });
            if (problem) logger.warn({ projectId: project.id, problem }, 'rendering without the logo');
            return { companyName: project.branding.companyName, website: project.branding.website, logo };
          },
          renderers,
          files,
          storage,
          events,
          workRoot: config.RENDER_WORK_DIR,
          onUnexpected: (err, projectId) => logger.error({ err, projectId }, 'render failed unexpectedly'),
        }),
      infra.bus,
      { concurrency: config.RENDER_CONCURRENCY, lockDurationMs: config.RENDER_LOCK_MS },
    );
    worker.on('error', (err) => logger.error({ err }, 'render worker error'));
  }

  let grpc: GrpcServer | null = null;
  let port = 0;
  if (roles.api) {
    // A deleted project's rendered files go with it.
    await infra.bus.subscribeDurable('media-project-deleted', 'project.deleted', async (event) => {
      const { projectId } = ProjectChanged.decode(event.data);
      for (const key of await files.forgetProject(projectId)) await storage.delete(key);
    });
    grpc = createGrpcServer(logger);
    grpc.addService('trainwright.media.v1.MediaService', MediaServiceService, createMediaHandlers({ downloads, voices }));
    port = await grpc.listen(`${config.MEDIA_GRPC_HOST}:${config.MEDIA_GRPC_PORT}`);
    grpc.setServing('SERVING');
  }
  logger.info({ speech: speech.name, worker: Boolean(worker), api: Boolean(grpc) }, 'media-render started');
  return {
    port,
    grpc,
    worker,
    async close() {
      await grpc?.shutdown();
      await worker?.close();
      auth.close();
      projects.close();
      await infra.close();
    },
  };
}
