// The media-render service's composition root: repositories, the deps of each domain's
// operations (renders, paid videos, downloads, voices, logos, previews), the gRPC API (downloads,
// voices, logos, previews, the narration estimate), the project.* consumers (deleted projects'
// files, the project views downloads read, projects' logos), billing's payment.succeeded (paid
// narrated videos), translation.completed / translation.deleted and media-render's own
// render.completed / video.status_changed 'ready' (a project's files per language), the education
// centre's library, advanced video processing (docs/video-processing.md) and, with the worker
// role, the `render` queue's worker (the documents' render, a translation's, the paid video's and
// the education centre's); with the videoWorker role, the `video` queue's worker.
// Run as a process (`node dist/src/main.js`, the worker role per RENDER_WORKER); worker.ts runs
// the worker alone; tests and the gateway's harness import it and start the service in-process.
import {
  isEntryPoint,
  listenGrpc,
  JobQueue,
  LocalFileStorage,
  migrateSchema,
  openAuthMemberships,
  openServiceInfra,
  Opened,
  PROCESS_VIDEO_JOB,
  RENDER_PROJECT_JOB,
  runServiceProcess,
  startJobWorker,
  subscribeAll,
  type GrpcServer,
  type Logger,
  type RunningService,
} from '@trainwright/platform';
import { MediaServiceService } from '@trainwright/proto/trainwright/media/v1/media';
import type { Worker } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { migrations } from '../migrations/index.js';
import { loadMediaConfig, type MediaConfig } from './config.js';
import { mediaAccess, createMediaHandlers } from './grpc/media.handler.js';
import { renderEducationJob } from './jobs/render-education.job.js';
import { renderProjectJob } from './jobs/render-project.job.js';
import { renderTranslationJob } from './jobs/render-translation.job.js';
import { renderVideoJob } from './jobs/render-video.job.js';
import { helpVideoBatchJob, processVideoJob } from './jobs/process-video.job.js';
import { CustomVoiceRepository } from './repositories/custom-voice.repository.js';
import { MEDIA_SCHEMA, type MediaDatabase } from './repositories/database.js';
import { DownloadRepository } from './repositories/download.repository.js';
import { EducationJobsRepository } from './repositories/education-jobs.repository.js';
import { EducationRepository } from './repositories/education.repository.js';
import { KeptLogoRepository } from './repositories/kept-logo.repository.js';
import { LogoRepository } from './repositories/logo.repository.js';
import { MediaStorageRepository } from './repositories/media-storage.repository.js';
import { PreviewCacheRepository } from './repositories/preview-cache.repository.js';
import { ProjectDirectoryRepository } from './repositories/project-directory.repository.js';
import { ProjectLogoRepository } from './repositories/project-logo.repository.js';
import { ProjectViewRepository } from './repositories/project-view.repository.js';
import { RenderEventsRepository } from './repositories/render-events.repository.js';
import { RenderedFileRepository } from './repositories/rendered-file.repository.js';
import { RendererRepository } from './repositories/renderer.repository.js';
import { SlideDrawerRepository } from './repositories/slide-drawer.repository.js';
import { TranslationDirectoryRepository } from './repositories/translation-directory.repository.js';
import { TranslationJobsRepository } from './repositories/translation-jobs.repository.js';
import { VideoEntitlementRepository } from './repositories/video-entitlement.repository.js';
import { VideoEventsRepository } from './repositories/video-events.repository.js';
import { VideoJobsRepository } from './repositories/video-jobs.repository.js';
import { VideoJobEventsRepository } from './repositories/video-job-events.repository.js';
import { VideoOperationsRepository } from './repositories/video-operations.repository.js';
import { VideoProbeRepository } from './repositories/video-probe.repository.js';
import { VideoProcessingQueueRepository } from './repositories/video-processing-queue.repository.js';
import { VideoBatchChunksRepository } from './repositories/video-batch-chunks.repository.js';
import { VideoProcessingRepository } from './repositories/video-processing.repository.js';
import { VoiceCatalogueRepository } from './repositories/voice-catalogue.repository.js';
import { WorkDirRepository } from './repositories/work-dir.repository.js';
import type { DownloadDeps } from './services/downloads/deps.js';
import { loadEducationLibrary } from './services/education/courses.js';
import type { EducationDeps } from './services/education/deps.js';
import { getEducationLibrary } from './services/education/library.js';
import type { LogoDeps } from './services/logos/deps.js';
import type { PreviewDeps } from './services/previews/deps.js';
import type { RenderDeps } from './services/renders/deps.js';
import { VIDEO_STALE_MS, VIDEO_WAIT_MS } from './services/renders/render-video.js';
import type { VideoDeps } from './services/videos/deps.js';
import type { ProcessingDeps } from './services/processing/deps.js';
import type { VoiceDeps } from './services/voices/deps.js';
import { createSpeechProvider } from './adapters/speech/index.js';
import { KeptFrames } from './video/kept-frames.js';
import { projectDeletedSubscription } from './subscriptions/project-deleted.subscription.js';
import { projectLogosSubscription } from './subscriptions/project-logos.subscription.js';
import { projectViewsSubscription } from './subscriptions/project-views.subscription.js';
import { projectRenderedSubscription, translationCompletedSubscription, translationDeletedSubscription } from './subscriptions/translations.subscription.js';
import { videoPaymentsSubscription } from './subscriptions/video-payments.subscription.js';
import { createVoiceCloner } from './voices/cloner.js';
import { GOOGLE_SPEECH_INLINE_MAX_SECONDS, googleSpeechFromConfig } from './adapters/transcription/google-speech.js';
import { detectPocketsphinxVersion, installedPocketsphinxModels, PocketsphinxTranscriber } from './adapters/transcription/pocketsphinx.js';
import { SpeakerChangeDiarizer } from './adapters/transcription/speaker-change-diarizer.js';
import type { TranscriptionEngines } from './processing/transcribe/transcribe-video.js';
import { WorkerSupervisor } from '@trainwright/platform/worker-sandbox';

export { MEDIA_SCHEMA };

/** `make`'s answer, made on the first call only. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/**
 * The recognisers of video transcription: pocketsphinx offline (a missing install answers every
 * language as unsupported, naming it), Google Cloud Speech-to-Text when its key is configured.
 */
async function transcriptionEngines(config: MediaConfig, opened: Opened): Promise<TranscriptionEngines> {
  const supervisor = new WorkerSupervisor();
  opened.onClose(() => supervisor.closeAll());
  const diarizer = new SpeakerChangeDiarizer({ supervisor });
  const version = await detectPocketsphinxVersion().catch(() => 'not installed');
  const offline = new PocketsphinxTranscriber({ version, models: version === 'not installed' ? {} : installedPocketsphinxModels(), diarizer });
  const google = googleSpeechFromConfig({
    keyFile: config.GOOGLE_SPEECH_CREDENTIALS_FILE,
    credentialsJson: config.GOOGLE_SPEECH_CREDENTIALS_JSON,
    apiEndpoint: config.GOOGLE_SPEECH_ENDPOINT,
    port: config.GOOGLE_SPEECH_PORT || undefined,
    insecure: config.GOOGLE_SPEECH_INSECURE,
    model: config.GOOGLE_SPEECH_MODEL,
  });
  if (google) opened.own(google);
  return { offline, diarizer, ...(google ? { cloud: { transcriber: google, maxSeconds: GOOGLE_SPEECH_INLINE_MAX_SECONDS } } : {}) };
}

export function migrateMedia(config: Pick<MediaConfig, 'DATABASE_URL'>): Promise<string[]> {
  return migrateSchema(config.DATABASE_URL, MEDIA_SCHEMA, migrations);
}

export interface MediaServer extends RunningService {
  grpc: GrpcServer | null;
  worker: Worker | null;
  videoWorker: Worker | null;
}

/**
 * `api`: serve gRPC and consume project.*; `worker`: drain the render queue (per RENDER_WORKER
 * unless given); `videoWorker`: drain the video queue (per VIDEO_WORKER unless given).
 */
export async function startMediaServer(
  config: MediaConfig,
  logger: Logger,
  given: { api: boolean; worker: boolean; videoWorker?: boolean } = { api: true, worker: config.RENDER_WORKER },
): Promise<MediaServer> {
  const roles = { ...given, videoWorker: given.videoWorker ?? (given.api && config.VIDEO_WORKER) };
  // What this process opens, closed in reverse order by close().
  const opened = new Opened();
  const infra = await openServiceInfra<MediaDatabase>(opened, config, MEDIA_SCHEMA, logger);
  const deadline = { deadlineMs: config.GRPC_DEADLINE_MS };
  const memberships = await openAuthMemberships(opened, config, infra.bus);
  const projects = opened.own(new ProjectDirectoryRepository(config.PROJECT_SERVICE_ADDR, deadline));
  const storage = new MediaStorageRepository(new LocalFileStorage(config.STORAGE_DIR));
  const files = new RenderedFileRepository(infra.db, () => void infra.relay.flush());
  const elevenlabs = { baseURL: config.ELEVENLABS_BASE_URL, apiKey: config.ELEVENLABS_API_KEY, modelId: config.ELEVENLABS_MODEL_ID };
  const speech = createSpeechProvider({
    provider: config.SPEECH_PROVIDER,
    keptClipsBytes: config.NARRATION_CACHE_MB * 1024 * 1024,
    openai: { baseURL: config.OPENAI_TTS_BASE_URL, apiKey: config.OPENAI_TTS_API_KEY, model: config.OPENAI_TTS_MODEL },
    elevenlabs,
  });
  const customVoices = new CustomVoiceRepository(infra.db);
  // The voices renders narrate with and the voice library answers from.
  const catalogue = new VoiceCatalogueRepository(speech, customVoices);
  const logos = new ProjectLogoRepository(new LogoRepository(config.URL_FETCH_ALLOW_ORIGINS), new KeptLogoRepository(infra.db), storage);
  const renderers = new RendererRepository({
    speech,
    size: { width: config.VIDEO_WIDTH, height: config.VIDEO_HEIGHT },
    keptFrames: new KeptFrames(config.VIDEO_FRAME_CACHE_MB * 1024 * 1024),
  });
  // Pay-per-use video: the paid videos, their jobs (on the render queue) and their facts (ready and
  // failed through the outbox with the payment's end; the relay of every media-render process
  // publishes what a killed one left).
  const entitlements = new VideoEntitlementRepository(infra.db, () => void infra.relay.flush());
  const renderQueue = opened.own(new JobQueue(infra.queues, RENDER_PROJECT_JOB.queue));
  const videoJobs = new VideoJobsRepository(renderQueue);
  const videoEvents = new VideoEventsRepository(infra.bus);
  const translationDirectory = opened.own(new TranslationDirectoryRepository(config.TRANSLATION_SERVICE_ADDR, deadline));
  const translationJobs = new TranslationJobsRepository(renderQueue);
  const renders: RenderDeps = {
    projects,
    translations: translationDirectory,
    translationJobs,
    companyPlans: memberships,
    logos,
    voices: catalogue,
    renderers,
    files,
    storage,
    workDirs: new WorkDirRepository(config.RENDER_WORK_DIR, 'tw-render-'),
    entitlements,
    videoJobs,
    videoEvents,
    logger,
    clock: () => new Date(),
    sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    videoWaitMs: VIDEO_WAIT_MS,
    videoStaleMs: VIDEO_STALE_MS,
  };
  // The education centre's training videos and manuals, rendered like a project's files.
  const education: EducationDeps = {
    library: await loadEducationLibrary({ width: config.VIDEO_WIDTH, height: config.VIDEO_HEIGHT }),
    store: new EducationRepository(infra.db),
    jobs: new EducationJobsRepository(renderQueue),
    renderers,
    voices: catalogue,
    storage,
    workDirs: new WorkDirRepository(config.RENDER_WORK_DIR, 'tw-education-'),
    clock: () => new Date(),
  };

  // Advanced video processing: a company's videos and the jobs on the `video` queue.
  const videoStore = new VideoProcessingRepository(infra.db);
  const processing: ProcessingDeps = {
    memberships,
    files: videoStore,
    jobs: videoStore,
    probe: new VideoProbeRepository(),
    queue: new VideoProcessingQueueRepository(opened.own(new JobQueue(infra.queues, PROCESS_VIDEO_JOB.queue))),
    events: new VideoJobEventsRepository(infra.bus),
    storage,
    workDirs: new WorkDirRepository(config.VIDEO_WORK_DIR, 'tw-video-'),
    operations: new VideoOperationsRepository(once(() => transcriptionEngines(config, opened))),
    chunks: new VideoBatchChunksRepository(infra.db),
    batchSharing: { helpers: config.VIDEO_BATCH_HELPERS, beatMs: config.VIDEO_BATCH_BEAT_MS, staleMs: config.VIDEO_BATCH_STALE_MS },
    newId: randomUUID,
  };
  let videoWorker: Worker | null = null;
  if (roles.videoWorker) {
    videoWorker = opened.own(startJobWorker(infra.queues, PROCESS_VIDEO_JOB.queue, [processVideoJob(processing), helpVideoBatchJob(processing)], { concurrency: config.VIDEO_CONCURRENCY, lockMs: config.RENDER_LOCK_MS, logger }));
    videoWorker.on('error', (err) => logger.error({ err }, 'video worker error'));
  }

  let worker: Worker | null = null;
  if (roles.worker) {
    worker = opened.own(
      startJobWorker(
        infra.queues,
        RENDER_PROJECT_JOB.queue,
        [renderProjectJob(renders, new RenderEventsRepository(infra.bus)), renderVideoJob(renders), renderTranslationJob(renders), renderEducationJob(education)],
        // A video may take minutes: the lock is renewed while the worker lives.
        { concurrency: config.RENDER_CONCURRENCY, lockMs: config.RENDER_LOCK_MS, logger },
      ),
    );
    worker.on('error', (err) => logger.error({ err }, 'render worker error'));
  }

  infra.relay.start();
  let grpc: GrpcServer | null = null;
  let port = 0;
  if (roles.api) {
    const views = new ProjectViewRepository(infra.db);
    const downloads: DownloadDeps = { views, projects, memberships, files, downloads: new DownloadRepository(infra.db), plans: memberships, entitlements, clock: () => new Date() };
    const voices: VoiceDeps = {
      catalogue,
      speech,
      cloner: createVoiceCloner(config.SPEECH_PROVIDER === 'elevenlabs' ? { kind: 'elevenlabs', elevenlabs } : { kind: 'matching' }),
      voices: customVoices,
      storage,
      workDirs: new WorkDirRepository('', 'tw-preview-'),
      memberships,
    };
    const logoDeps: LogoDeps = { logos, projects, memberships };
    const previews: PreviewDeps = {
      views,
      projects,
      translations: translationDirectory,
      memberships,
      logos,
      drawer: new SlideDrawerRepository(),
      cache: new PreviewCacheRepository(),
      voices: catalogue,
      timing: renderers,
    };
    const payments: VideoDeps = { entitlements, jobs: videoJobs, translationJobs, translations: translationDirectory, events: videoEvents, views, projects, companyPlans: memberships };
    await subscribeAll(infra.bus, [
      projectDeletedSubscription(renders, logoDeps),
      projectViewsSubscription(downloads),
      projectLogosSubscription(logoDeps),
      videoPaymentsSubscription(payments),
      translationCompletedSubscription(renders),
      translationDeletedSubscription(renders),
      projectRenderedSubscription(renders),
    ]);
    ({ grpc, port } = await listenGrpc(
      opened,
      logger,
      { name: 'trainwright.media.v1.MediaService', definition: MediaServiceService, handlers: createMediaHandlers({ downloads, voices, files, logos: logoDeps, previews, education, processing }), access: mediaAccess },
      `${config.MEDIA_GRPC_HOST}:${config.MEDIA_GRPC_PORT}`,
    ));
    grpc.setServing('SERVING');
    if (config.EDUCATION_AT_START) await getEducationLibrary(education);
  }
  logger.info({ speech: speech.name, worker: Boolean(worker), videoWorker: Boolean(videoWorker), api: Boolean(grpc) }, 'media-render started');
  return {
    port,
    grpc,
    worker,
    videoWorker,
    close: () => opened.close(),
  };
}

if (isEntryPoint(import.meta.url)) {
  await runServiceProcess({ name: 'media-render', loadConfig: loadMediaConfig, migrate: migrateMedia, start: startMediaServer });
}
