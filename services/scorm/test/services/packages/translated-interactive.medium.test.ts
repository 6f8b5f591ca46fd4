// A translated package of a project with a published interactive video, against the real
// PostgreSQL (schema scorm: the package and the interactive video's pinned version), Redis (the
// scorm queue's worker builds it), NATS and object storage (real mp4s made by ffmpeg, the zip read
// back). The translation service is a real gRPC server answering from memory, reached through the
// real TranslationDirectoryRepository (GetRenderContent, TranslateTexts); the project service, auth
// and media-render are fakes, as in the other medium tests. The Spanish package carries the Spanish
// video and captions, and the published elements with Spanish texts and times moved to the Spanish
// narration slide by slide; a language the engine cannot reach fails the package, saying why.
import { LrsKeyRepository } from '../../../src/repositories/lrs-key.repository.js';
import { senderCredentials } from '../../../src/services/xapi/sender-credentials.js';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SCORM_MESSAGES, interactiveElementCount, type InteractiveVideoMetadata } from '@trainwright/catalogue';
import {
  AppError,
  BUILD_SCORM_PACKAGE_JOB,
  connectServiceInfra,
  createGrpcServer,
  createLogger,
  JobQueue,
  LocalFileStorage,
  startJobWorker,
  type AccessTable,
  type GrpcServer,
  type Membership,
  type ServiceInfra,
  type UnaryHandlers,
} from '@trainwright/platform';
import { createTestInfra, eventually, type TestInfra } from '@trainwright/platform/testing';
import { Translation, TranslationServiceService } from '@trainwright/proto/trainwright/translation/v1/translation';
import type { Worker } from 'bullmq';
import { buildPackageJob } from '../../../src/jobs/build-package.job.js';
import { prepareInteractiveVideoJob } from '../../../src/jobs/prepare-interactive-video.job.js';
import { migrateScorm } from '../../../src/main.js';
import { SCORM_SCHEMA, type ScormDatabase } from '../../../src/repositories/database.js';
import { InteractiveJobsRepository } from '../../../src/repositories/interactive-jobs.repository.js';
import { InteractiveMediaRepository } from '../../../src/repositories/interactive-media.repository.js';
import { InteractiveVideoRepository } from '../../../src/repositories/interactive-video.repository.js';
import { PackageAssemblerRepository } from '../../../src/repositories/package-assembler.repository.js';
import { PackageJobsRepository } from '../../../src/repositories/package-jobs.repository.js';
import { PackageRepository } from '../../../src/repositories/package.repository.js';
import { ProgressEventsRepository } from '../../../src/repositories/progress-events.repository.js';
import { TranslationDirectoryRepository } from '../../../src/repositories/translation-directory.repository.js';
import type { InteractiveDeps } from '../../../src/services/interactive/deps.js';
import type { PackageDeps } from '../../../src/services/packages/deps.js';
import { exportPackage } from '../../../src/services/packages/export-package.js';
import { getPackage } from '../../../src/services/packages/get-package.js';
import type { ExportSettings } from '../../../src/services/packages/settings.js';
import type { ProjectSource } from '../../../src/services/types.js';
import { readZip } from '../../package/fixtures.js';

const COMPANY = randomUUID();
const OWNER = randomUUID();
const PROJECT = randomUUID();
const NEXT_PROJECT = randomUUID();
const GERMAN_REFUSAL = 'The offline translation engine (Apertium) cannot translate from English into German. Configure an OpenAI-compatible model or DeepL for this language.';

/** Captions as media-render writes them: a slide's cues one after another, a pause after each slide. */
function captions(slides: [number, number, string][]): string {
  const stamp = (s: number) => `00:${String(Math.floor(s / 60)).padStart(2, '0')}:${(s % 60).toFixed(3).padStart(6, '0')}`;
  return ['WEBVTT', '', ...slides.flatMap(([from, to, text], i) => [`${i + 1}`, `${stamp(from)} --> ${stamp(to)}`, text, ''])].join('\n');
}

// The project's own narrated video: the title card, then its two slides from 10 s and 25 s (40 s).
const ENGLISH_CAPTIONS = captions([[0.2, 9.4, 'Forklift safety'], [10, 24.4, 'Inspect the forks and chains.'], [25, 39, 'Never lift more than the plate allows.']]);
// The Spanish narration runs longer: the slides from 12 s and 33 s (50 s).
const SPANISH_CAPTIONS = captions([[0.1, 11.4, 'Seguridad de carretillas'], [12, 32.4, 'Inspecciona las horquillas y las cadenas.'], [33, 49, 'Nunca levantes más de lo que permite la placa.']]);

const project: ProjectSource = {
  id: PROJECT, companyId: COMPANY, title: 'Forklift safety', description: '', language: 'en', contentVersion: 3, hasContent: true,
  slidesContent: '# Forklift safety\n\n## Daily checks\n- Inspect the forks and chains\n\n## Load limits\n- The load plate shows the maximum weight\n',
  scriptContent: '', generatedContent: null, colors: null, fonts: null, fontStyle: 'modern', website: '',
};

/** The completed translations GetRenderContent answers (German too: only its interactive video's texts cannot be translated). */
const translations: Record<string, Translation> = Object.fromEntries(
  ['es', 'de'].map((language) => [
    language,
    Translation.fromPartial({
      summary: { targetLanguage: language, sourceLanguage: 'en', status: 'completed', version: 1, sourceVersion: 3 },
      title: 'Seguridad de carretillas',
      slidesContent: '# Seguridad de carretillas\n\n## Controles diarios\n- Inspecciona las horquillas y las cadenas\n\n## Límites de carga\n- La placa de carga muestra el peso máximo\n',
    }),
  ]),
);

/** What the translation engine answers for English -> Spanish (the translation service's own test runs the real one). */
const SPANISH: Record<string, string> = {
  'The forks': 'Las horquillas',
  'Check the forks and chains': 'Comprueba las horquillas y las cadenas',
  'What does the load plate show?': '¿Qué muestra la placa de carga?',
  'The colour': 'El color',
  'The maximum weight': 'El peso máximo',
  'Correct!': '¡Correcto!',
  'Not quite.': 'No exactamente.',
  'Learn more': 'Más información',
  'Daily checks': 'Controles diarios',
  'Load limits': 'Límites de carga',
  'Your score': 'Tu puntuación',
  'Where next?': '¿Adónde ahora?',
  'Watch the end': 'Ver el final',
  'Review': 'Repasar',
  'Next course': 'Siguiente curso',
};

const STYLE = { background_color: '#2563eb', text_color: '#ffffff', border_color: '#ffffff', opacity: 0.8 };
/** The published version's elements, timed against the project's own video. */
const METADATA: InteractiveVideoMetadata = {
  project_id: PROJECT,
  video_duration: 40,
  analytics_enabled: true,
  completion_threshold: 85,
  hotspots: [
    {
      id: 'h1', title: 'The forks', description: '', start_time: 5, end_time: 17.5, x_position: 20, y_position: 30, width: 10, height: 10,
      action: 'show_info', action_data: { info_text: 'Check the forks and chains' }, style: STYLE, is_active: true,
    },
  ],
  quizzes: [
    {
      id: 'q1', question: 'What does the load plate show?', question_type: 'multiple_choice',
      options: [{ id: 'q1-a', text: 'The colour', is_correct: false }, { id: 'q1-b', text: 'The maximum weight', is_correct: true }],
      correct_feedback: 'Correct!', incorrect_feedback: 'Not quite.', show_time: 24, points: 10, auto_advance: true, required: true,
    },
  ],
  call_to_actions: [
    { id: 'cta', text: 'Learn more', url: 'https://acme.example/forklifts', show_time: 36, duration: 3, position: 'bottom-right', style: { background_color: '#2563eb', text_color: '#ffffff', border_radius: 8, padding: 12 }, track_clicks: true },
  ],
  chapters: [
    { id: 'c1', title: 'Daily checks', description: '', start_time: 0, is_skippable: true },
    { id: 'c2', title: 'Load limits', description: '', start_time: 25, is_skippable: false },
  ],
  branching_scenarios: [
    {
      id: 'b1', title: 'Your score', prompt: 'Where next?', show_time: 39, type: 'choice',
      branches: [
        { id: 'b1-end', label: 'Watch the end', min_score: 0, target_type: 'time', target_time: 17.5 },
        { id: 'b1-review', label: 'Review', min_score: 0, target_type: 'chapter', target_chapter_id: 'c1' },
        { id: 'b1-next', label: 'Next course', min_score: 0, target_type: 'project', target_project_id: NEXT_PROJECT },
      ],
    },
  ],
};

const settings: ExportSettings = { packageName: 'Forklift safety', scormVersion: '1.2', includeTracking: true, tracking: {}, objectives: [], activities: [] };

let infra: TestInfra;
let service: ServiceInfra<ScormDatabase>;
let storageDir: string;
let storage: LocalFileStorage;
let translationServer: GrpcServer;
let translationDirectory: TranslationDirectoryRepository;
let jobs: PackageJobsRepository;
let jobQueue: JobQueue;
let worker: Worker;
let packages: PackageDeps;
const textRequests: { companyId: string; projectId: string; sourceLanguage: string; targetLanguage: string; texts: string[] }[] = [];
/** media-render's renders: the project's own and the translations' (German shares the Spanish files). */
const renders: Record<string, { mp4: string; vtt: string }> = {};

/** A real mp4 of `seconds` with sound, in storage under `key`. */
async function putVideo(key: string, seconds: number): Promise<void> {
  const file = join(storageDir, `made-${randomUUID()}.mp4`);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=blue:s=160x90:d=${seconds}:r=5`, '-f', 'lavfi', '-i', `sine=d=${seconds}`, '-shortest', '-pix_fmt', 'yuv420p', file]);
  await storage.put(key, Readable.from(readFileSync(file)));
  rmSync(file);
}

/** The translation service, answering from memory over real gRPC (every other method is not called here). */
async function startTranslationService(): Promise<number> {
  const notCalled = Object.fromEntries(
    Object.keys(TranslationServiceService).map((method) => [method, async () => Promise.reject(new AppError('INTERNAL', `${method} is not called here`))]),
  );
  const handlers: Partial<UnaryHandlers<typeof TranslationServiceService>> = {
    getRenderContent: async (r) => {
      const t = r.projectId === PROJECT ? translations[r.language] : undefined;
      if (!t) throw AppError.notFound('Translation not found');
      return t;
    },
    translateTexts: async (r) => {
      textRequests.push({ companyId: r.companyId, projectId: r.projectId, sourceLanguage: r.sourceLanguage, targetLanguage: r.targetLanguage, texts: r.texts });
      if (r.targetLanguage !== 'es') throw new AppError('CONFLICT', GERMAN_REFUSAL);
      return { texts: r.texts.map((t) => SPANISH[t] ?? `[untranslated] ${t}`), engine: 'apertium' };
    },
  };
  // Only scorm calls this stand-in, as it calls the real service's internal methods.
  const standInAccess = Object.fromEntries(Object.keys(TranslationServiceService).map((m) => [m, { internal: 'scorm, in this test' }])) as AccessTable<typeof TranslationServiceService>;
  translationServer = createGrpcServer(createLogger('test', 'silent'));
  translationServer.addService('trainwright.translation.v1.TranslationService', TranslationServiceService, { ...notCalled, ...handlers } as UnaryHandlers<typeof TranslationServiceService>, standInAccess);
  const port = await translationServer.listen('127.0.0.1:0');
  translationServer.setServing('SERVING');
  return port;
}

beforeAll(async () => {
  infra = await createTestInfra('scorm_translated_interactive');
  await migrateScorm({ DATABASE_URL: infra.databaseUrl });
  const logger = createLogger('test', 'silent');
  service = await connectServiceInfra<ScormDatabase>({ databaseUrl: infra.databaseUrl, schema: SCORM_SCHEMA, natsUrl: infra.natsUrl, namespace: infra.namespace, redisUrl: infra.redisUrl, logger });
  storageDir = mkdtempSync(join(tmpdir(), 'tw-translated-interactive-'));
  storage = new LocalFileStorage(storageDir);
  const media = new InteractiveMediaRepository(storage);

  // The renders media-render keeps: the project's own (40 s) and the Spanish one (50 s).
  renders[''] = { mp4: `renders/${PROJECT}/video.mp4`, vtt: `renders/${PROJECT}/video.vtt` };
  renders.es = { mp4: `renders/${PROJECT}/es/video.mp4`, vtt: `renders/${PROJECT}/es/video.vtt` };
  renders.de = renders.es;
  await putVideo(renders['']!.mp4, 40);
  await storage.put(renders['']!.vtt, Readable.from([ENGLISH_CAPTIONS]));
  await putVideo(renders.es.mp4, 50);
  await storage.put(renders.es.vtt, Readable.from([SPANISH_CAPTIONS]));

  // The published interactive video: a version whose copies of the project's own video and captions are pinned.
  const afterWrite = () => void service.relay.flush();
  const interactive = new InteractiveVideoRepository(service.db, afterWrite);
  const created = await interactive.createVersion({
    projectId: PROJECT, companyId: COMPANY, createdBy: OWNER, title: project.title, metadata: METADATA,
    elementCount: interactiveElementCount(METADATA), generateAnalytics: true, contentVersion: 3,
  });
  const base = `interactive/${COMPANY}/${created.video.id}/1`;
  const copies = await media.pin({ videoKey: renders['']!.mp4, captionsKey: renders['']!.vtt }, { videoKey: `${base}.mp4`, captionsKey: `${base}.vtt` }, async () => undefined);
  await interactive.pin(created.video.id, 1, { videoKey: `${base}.mp4`, ...copies });

  translationDirectory = new TranslationDirectoryRepository(`127.0.0.1:${await startTranslationService()}`, { deadlineMs: 5000 });
  const queues = { redisUrl: infra.redisUrl, namespace: infra.namespace };
  jobQueue = new JobQueue(queues, BUILD_SCORM_PACKAGE_JOB.queue);
  jobs = new PackageJobsRepository(jobQueue);
  const membership: Membership = {
    companyId: COMPANY, companyName: 'Acme', role: 'owner', ownerTier: 'enterprise', ownerUserId: OWNER,
    capabilities: ['scormCompliance', 'videoGeneration'], ownerTrialState: 'active', ownerTrialStateUntilMs: 0,
  };
  const progressEvents = new ProgressEventsRepository(service.bus);
  packages = {
    store: new PackageRepository(service.db, afterWrite),
    projects: {
      project: async (userId, id) => {
        if (id !== PROJECT || userId !== OWNER) throw AppError.notFound('Project not found');
        return project;
      },
      source: async () => ({ project }),
    },
    videos: {
      videoFiles: async (_userId, _projectId, language = '') => {
        const keys = renders[language];
        return keys ? { mp4: { storageKey: keys.mp4, size: await storage.size(keys.mp4) }, vttStorageKey: keys.vtt } : { mp4: null, vttStorageKey: '' };
      },
    },
    translations: translationDirectory,
    memberships: {
      find: async (userId, companyId) => (userId === OWNER && companyId === COMPANY ? membership : null),
      companiesOf: async () => ({ currentCompanyId: COMPANY, companies: [] }),
    },
    jobs,
    assembler: new PackageAssemblerRepository(storage, ''),
    progressEvents,
    interactive,
    media,
    senders: senderCredentials(new LrsKeyRepository(service.db), 'http://localhost:3000/api/xapi/'),
    logger: { warn: () => undefined, error: () => undefined },
  };
  // The interactive videos' side of the shared queue, over the same fakes (the published version is pinned above).
  const interactiveVideos: InteractiveDeps = {
    store: interactive,
    projects: packages.projects,
    videos: packages.videos,
    memberships: packages.memberships,
    jobs: new InteractiveJobsRepository(jobQueue),
    media,
    progressEvents: progressEvents.interactive,
    senders: senderCredentials(new LrsKeyRepository(service.db), 'http://localhost:3000/api/xapi/'),
    logger: packages.logger,
  };
  worker = startJobWorker(queues, 'scorm', [buildPackageJob(packages), prepareInteractiveVideoJob(interactiveVideos)], { concurrency: 1 });
  service.relay.start();
}, 60_000);

afterAll(async () => {
  await worker?.close();
  await jobQueue?.close();
  translationDirectory?.close();
  await translationServer?.shutdown();
  await service?.close();
  if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  await infra?.cleanup();
});

/** The course data of a package's course.js. */
const courseData = (courseJs: Buffer) => JSON.parse(courseJs.toString('utf8').replace(/^window\.__TW_COURSE__ = /, '').replace(/;\s*$/, ''));

/** The package once its build ended (ready or failed). */
function built(packageId: string) {
  return eventually(async () => {
    const p = await getPackage(packages, OWNER, packageId);
    return p.status === 'ready' || p.status === 'failed' ? p : undefined;
  }, 30_000);
}

describe('a translated package of a project with a published interactive video', () => {
  it('should carry the Spanish video and captions with the elements in Spanish, their times moved to the Spanish narration', async () => {
    const created = await exportPackage(packages, OWNER, PROJECT, settings, 'es');
    const done = await built(created.id);
    expect(done).toMatchObject({ status: 'ready', language: 'es', hasVideo: true, error: '', errorMessage: null });

    // The texts went to the translation service once each, with the company and both languages.
    expect(textRequests).toEqual([{ companyId: COMPANY, projectId: PROJECT, sourceLanguage: 'en', targetLanguage: 'es', texts: Object.keys(SPANISH) }]);

    const zip = await readZip(join(storageDir, done.storageKey!));
    // The Spanish render, not the pinned English copy.
    expect(zip.get('media/video.mp4')!.data.equals(readFileSync(join(storageDir, renders.es!.mp4)))).toBe(true);
    expect(zip.get('media/captions.vtt')!.data.toString('utf8')).toBe(SPANISH_CAPTIONS);

    const course = courseData(zip.get('course.js')!.data);
    expect(course).toMatchObject({ language: 'es', title: 'Seguridad de carretillas' });
    const m: InteractiveVideoMetadata = course.interactive.metadata;
    expect(m.video_duration).toBeCloseTo(50, 1);
    expect(course.video.durationSeconds).toBeCloseTo(50, 1);

    // Texts in Spanish; ids, addresses, positions and kinds as published.
    expect(m.hotspots[0]).toMatchObject({ id: 'h1', title: 'Las horquillas', action: 'show_info', action_data: { info_text: 'Comprueba las horquillas y las cadenas' }, x_position: 20 });
    expect(m.quizzes[0]).toMatchObject({
      id: 'q1', question: '¿Qué muestra la placa de carga?', correct_feedback: '¡Correcto!', incorrect_feedback: 'No exactamente.',
      options: [{ id: 'q1-a', text: 'El color', is_correct: false }, { id: 'q1-b', text: 'El peso máximo', is_correct: true }],
    });
    expect(m.call_to_actions[0]).toMatchObject({ id: 'cta', text: 'Más información', url: 'https://acme.example/forklifts' });
    expect(m.chapters.map((c) => [c.id, c.title])).toEqual([['c1', 'Controles diarios'], ['c2', 'Límites de carga']]);
    expect(m.branching_scenarios[0]).toMatchObject({ id: 'b1', title: 'Tu puntuación', prompt: '¿Adónde ahora?' });
    expect(m.branching_scenarios[0]!.branches.map((b) => [b.id, b.label, b.target_chapter_id ?? b.target_project_id ?? b.target_time])).toEqual([
      ['b1-end', 'Ver el final', 22.5],
      ['b1-review', 'Repasar', 'c1'],
      ['b1-next', 'Siguiente curso', NEXT_PROJECT],
    ]);
    // The LMS sees the Spanish quiz.
    expect(course.interactive.questions.q1).toMatchObject({ prompt: '¿Qué muestra la placa de carga?', options: ['El color', 'El peso máximo'], correctIndex: 1 });

    // Times on the Spanish narration: the same share of the same slide (slides from 10 s and 25 s
    // in English, from 12 s and 33 s in Spanish; the last one to each video's end).
    expect([m.hotspots[0]!.start_time, m.hotspots[0]!.end_time]).toEqual([6, 22.5]);
    expect(m.quizzes[0]!.show_time).toBe(31.6);
    expect(m.chapters.map((c) => c.start_time)).toEqual([0, 33]);
    const lastSlide = (t: number) => 33 + ((t - 25) / 15) * 17;
    expect(m.call_to_actions[0]!.show_time).toBeCloseTo(lastSlide(36), 1);
    expect(m.call_to_actions[0]!.duration).toBeCloseTo(lastSlide(39) - lastSlide(36), 1);
    expect(m.branching_scenarios[0]!.show_time).toBeCloseTo(lastSlide(39), 1);
  }, 60_000);

  it('should fail the package, saying why, when the engine cannot translate the interactive video into the language', async () => {
    const created = await exportPackage(packages, OWNER, PROJECT, settings, 'de');
    const done = await built(created.id);
    expect(done).toMatchObject({
      status: 'failed',
      error: SCORM_MESSAGES.interactiveNotTranslated('de', GERMAN_REFUSAL),
      errorMessage: { id: 'scorm.interactiveNotTranslated', params: ['de', GERMAN_REFUSAL] },
      storageKey: null,
    });
    expect(textRequests.at(-1)).toMatchObject({ targetLanguage: 'de' });
  }, 60_000);

  it("should package the project's own language with the pinned video and the elements as published", async () => {
    const created = await exportPackage(packages, OWNER, PROJECT, settings);
    const done = await built(created.id);
    expect(done).toMatchObject({ status: 'ready', language: 'en', hasVideo: true });
    const zip = await readZip(join(storageDir, done.storageKey!));
    const course = courseData(zip.get('course.js')!.data);
    expect(course.interactive.metadata).toEqual(METADATA);
    expect(zip.get('media/captions.vtt')!.data.toString('utf8')).toBe(ENGLISH_CAPTIONS);
  }, 60_000);
});
