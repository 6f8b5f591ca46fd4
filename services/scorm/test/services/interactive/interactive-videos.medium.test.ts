// Interactive video against the real PostgreSQL (schema scorm, its migrations), Redis (the scorm
// queue's worker runs the prepare job), NATS (progress on the bus, readiness and failure through the
// outbox, project.deleted through the durable consumer) and object storage (a real mp4 made by
// ffmpeg). Only the other services are fakes: the project service (a project and its rights), auth
// (memberships) and media-render (where the narrated video is). Every bad input is its own test and
// stores nothing.
import { LrsKeyRepository } from '../../../src/repositories/lrs-key.repository.js';
import { senderCredentials } from '../../../src/services/xapi/sender-credentials.js';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  INTERACTIVE_VIDEO_MESSAGES,
  TRIAL_MESSAGES,
  upgradeRequiredMessage,
  type InteractiveVideoMetadata,
  type Role,
  type TrialState,
} from '@trainwright/catalogue';
import type { GeneratedContent } from '@trainwright/formats';
import {
  AppError,
  connectServiceInfra,
  createLogger,
  JobQueue,
  LocalFileStorage,
  PREPARE_INTERACTIVE_VIDEO_JOB,
  startJobWorker,
  subscribeAll,
  type Membership,
  type ServiceInfra,
} from '@trainwright/platform';
import { createTestInfra, eventually, type TestInfra } from '@trainwright/platform/testing';
import { InteractiveVideoChanged, ProjectChanged } from '@trainwright/proto/trainwright/events/v1/events';
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
import { createInteractiveVideo } from '../../../src/services/interactive/create-interactive-video.js';
import type { InteractiveDeps } from '../../../src/services/interactive/deps.js';
import { getInteractiveTemplate } from '../../../src/services/interactive/get-interactive-template.js';
import { getInteractiveVideo } from '../../../src/services/interactive/get-interactive-video.js';
import { getPublishedInteractiveVideo } from '../../../src/services/interactive/get-published-interactive-video.js';
import { listInteractiveVideoVersions } from '../../../src/services/interactive/list-interactive-video-versions.js';
import { openInteractiveMedia } from '../../../src/services/interactive/open-interactive-media.js';
import type { PackageDeps } from '../../../src/services/packages/deps.js';
import type { ProjectSource } from '../../../src/services/types.js';
import { projectDeletedSubscription } from '../../../src/subscriptions/project-deleted.subscription.js';

const COMPANY = randomUUID();
const OTHER_COMPANY = randomUUID();
const OWNER = randomUUID();
const VIEWER = randomUUID();
const STRANGER = randomUUID();
const TRIAL = randomUUID();
const ENDED = randomUUID();
const PROJECT = randomUUID();
const NO_VIDEO_PROJECT = randomUUID();
const SECOND_PROJECT = randomUUID();
const CAPTIONS = 'WEBVTT\n\n1\n00:00:00.000 --> 00:00:03.000\nForklift safety\n\n2\n00:00:03.600 --> 00:00:18.000\nWalk around the truck.\n\n3\n00:00:18.600 --> 00:00:39.000\nNever lift more than the plate allows.\n';
const HTML_TITLE = '<img src=x onerror="alert(1)"> & <b>bold</b> “quotes” 🚜';

const content: GeneratedContent = {
  script: '',
  slides: { slide_content: '# Forklift safety\n\n## Daily checks\n- Inspect the forks and chains\n\n## Load limits\n- The load plate shows the maximum weight\n', quality_assessment: null },
  engine: 'offline',
  summary: '',
  objectives: [],
  questions: [
    {
      id: 'q1',
      type: 'multiple_choice',
      difficulty: 'basic',
      prompt: 'What does the load plate show?',
      options: [
        { id: 'a', text: 'The colour', is_correct: false },
        { id: 'b', text: 'The maximum weight', is_correct: true },
      ],
      explanation: 'The plate shows the maximum weight.',
      source: '',
    },
  ],
  glossary: [],
  modules: [],
  notices: [],
  citations: [],
};

function project(id: string, companyId: string): ProjectSource {
  return {
    id,
    companyId,
    title: 'Forklift <b>safety</b>',
    description: '',
    language: 'en',
    contentVersion: 3,
    hasContent: true,
    slidesContent: '',
    scriptContent: '',
    generatedContent: content,
    colors: null,
    fonts: null,
    fontStyle: 'modern',
    website: '',
  };
}

const PROFESSIONAL = ['videoGeneration', 'audioGeneration', 'wordDocuments'];
const members: Record<string, { role: Role; capabilities: string[]; trial: TrialState }> = {
  [OWNER]: { role: 'owner', capabilities: PROFESSIONAL, trial: 'active' },
  [VIEWER]: { role: 'viewer', capabilities: PROFESSIONAL, trial: 'active' },
  [TRIAL]: { role: 'owner', capabilities: ['wordDocuments'], trial: 'active_trial' },
  [ENDED]: { role: 'owner', capabilities: PROFESSIONAL, trial: 'expired' },
};

function membership(userId: string, companyId: string): Membership | null {
  const m = members[userId];
  if (!m || companyId !== COMPANY) return null;
  return { companyId, companyName: 'Acme', role: m.role, ownerTier: 'professional', ownerUserId: OWNER, capabilities: m.capabilities, ownerTrialState: m.trial, ownerTrialStateUntilMs: 0 };
}

function metadata(changes: Partial<InteractiveVideoMetadata> = {}): InteractiveVideoMetadata {
  return {
    project_id: PROJECT,
    video_duration: 40,
    hotspots: [
      {
        id: 'h1',
        title: HTML_TITLE,
        description: 'Look here',
        start_time: 2,
        end_time: 6,
        x_position: 20,
        y_position: 30,
        width: 10,
        height: 10,
        action: 'show_info',
        action_data: { info_text: 'The forks' },
        style: { background_color: '#2563eb', text_color: '#ffffff', border_color: '#ffffff', opacity: 0.8 },
        is_active: true,
      },
    ],
    quizzes: [
      {
        id: 'q1',
        question: 'What does the load plate show?',
        question_type: 'multiple_choice',
        options: [
          { id: 'q1-a', text: 'The colour', is_correct: false },
          { id: 'q1-b', text: 'The maximum weight', is_correct: true, feedback: 'Yes' },
        ],
        correct_feedback: 'Correct!',
        incorrect_feedback: 'Not quite.',
        show_time: 20,
        points: 10,
        auto_advance: true,
        required: true,
      },
    ],
    call_to_actions: [
      {
        id: 'cta',
        text: 'Learn more',
        url: 'https://acme.example/forklifts',
        show_time: 36,
        duration: 10,
        position: 'bottom-right',
        style: { background_color: '#2563eb', text_color: '#ffffff', border_radius: 8, padding: 12 },
        track_clicks: true,
      },
    ],
    chapters: [
      { id: 'c1', title: 'Daily checks', description: '', start_time: 0, is_skippable: true },
      { id: 'c2', title: 'Load limits', description: '', start_time: 18.6, is_skippable: false },
    ],
    branching_scenarios: [
      {
        id: 'b1',
        title: 'Your score',
        prompt: '',
        show_time: 39,
        type: 'score',
        branches: [
          { id: 'b1-pass', label: 'Passed', min_score: 80, target_type: 'time', target_time: 40 },
          { id: 'b1-review', label: 'Review', min_score: 0, target_type: 'chapter', target_chapter_id: 'c1' },
          { id: 'b1-next', label: 'Next course', min_score: 90, target_type: 'project', target_project_id: SECOND_PROJECT },
        ],
      },
    ],
    analytics_enabled: true,
    completion_threshold: 85,
    ...changes,
  };
}

let infra: TestInfra;
let service: ServiceInfra<ScormDatabase>;
let storageDir: string;
let storage: LocalFileStorage;
let deps: InteractiveDeps;
let worker: Worker;
let jobs: InteractiveJobsRepository;
let jobQueue: JobQueue;
const videoKeys = new Map<string, { mp4: string; vtt: string }>();
const busEvents: { subject: string; version: number; status: string; progress: number; error: string; projectId: string }[] = [];

/** A real mp4 of `seconds` with sound (moov at the end, as ffmpeg writes it without +faststart). */
function makeVideo(path: string, seconds: number, faststart = false): void {
  execFileSync('ffmpeg', [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=blue:s=160x90:d=${seconds}:r=5`, '-f', 'lavfi', '-i', `sine=d=${seconds}`,
    '-shortest', '-pix_fmt', 'yuv420p', ...(faststart ? ['-movflags', '+faststart'] : []), path,
  ]);
}

async function putVideo(projectId: string, seconds = 40): Promise<void> {
  const file = join(tmpdir(), `tw-interactive-${randomUUID()}.mp4`);
  makeVideo(file, seconds);
  const mp4 = `renders/${projectId}/video.mp4`;
  const vtt = `renders/${projectId}/video.vtt`;
  await storage.put(mp4, Readable.from(readFileSync(file)));
  await storage.put(vtt, Readable.from([CAPTIONS]));
  rmSync(file);
  videoKeys.set(projectId, { mp4, vtt });
}

const versionCount = async () => Number((await service.db.selectFrom('interactive_video_versions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  infra = await createTestInfra('scorm_interactive');
  await migrateScorm({ DATABASE_URL: infra.databaseUrl });
  const logger = createLogger('test', 'silent');
  service = await connectServiceInfra<ScormDatabase>({ databaseUrl: infra.databaseUrl, schema: SCORM_SCHEMA, natsUrl: infra.natsUrl, namespace: infra.namespace, redisUrl: infra.redisUrl, logger });
  storageDir = mkdtempSync(join(tmpdir(), 'tw-interactive-storage-'));
  storage = new LocalFileStorage(storageDir);
  await putVideo(PROJECT);
  await putVideo(SECOND_PROJECT);
  const queues = { redisUrl: infra.redisUrl, namespace: infra.namespace };
  jobQueue = new JobQueue(queues, PREPARE_INTERACTIVE_VIDEO_JOB.queue);
  jobs = new InteractiveJobsRepository(jobQueue);
  const projects = new Map<string, ProjectSource>([PROJECT, NO_VIDEO_PROJECT, SECOND_PROJECT].map((id) => [id, project(id, COMPANY)]));
  const afterWrite = () => void service.relay.flush();
  const interactiveVideos = new InteractiveVideoRepository(service.db, afterWrite);
  const media = new InteractiveMediaRepository(storage);
  const progressEvents = new ProgressEventsRepository(service.bus);
  const senders = senderCredentials(new LrsKeyRepository(service.db), 'http://localhost:3000/api/xapi/');
  deps = {
    store: interactiveVideos,
    projects: {
      project: async (userId, id) => {
        const p = projects.get(id);
        if (!p || !membership(userId, p.companyId)) throw AppError.notFound('Project not found');
        return p;
      },
      source: async (id) => ({ project: projects.get(id)! }),
    },
    videos: {
      videoFiles: async (_userId, projectId) => {
        const keys = videoKeys.get(projectId);
        return keys ? { mp4: { storageKey: keys.mp4, size: await storage.size(keys.mp4) }, vttStorageKey: keys.vtt } : { mp4: null, vttStorageKey: '' };
      },
    },
    memberships: {
      find: async (userId, companyId) => membership(userId, companyId),
      companiesOf: async (userId) => ({
        currentCompanyId: members[userId] ? COMPANY : '',
        companies: members[userId]
          ? [{ companyId: COMPANY, companyName: 'Acme', role: members[userId]!.role, ownerTier: 'professional', ownerUserId: OWNER, members: 3, ownerTrialState: 'active', ownerTrialStateUntilMs: 0, website: 'https://acme.example' }]
          : [],
      }),
    },
    jobs,
    media,
    progressEvents: progressEvents.interactive,
    senders,
    logger: { warn: () => undefined, error: () => undefined },
  };
  // The packages' side of the shared queue and of project.deleted, over the same fakes (no package is exported here).
  const packages: PackageDeps = {
    store: new PackageRepository(service.db, afterWrite),
    projects: deps.projects,
    videos: deps.videos,
    translations: { renderContent: async () => null, translateTexts: async () => ({ untranslatable: 'Not translated in this test.' }) },
    memberships: deps.memberships,
    jobs: new PackageJobsRepository(jobQueue),
    assembler: new PackageAssemblerRepository(storage, ''),
    progressEvents,
    interactive: interactiveVideos,
    media,
    senders: deps.senders,
    logger: deps.logger,
  };
  await service.bus.subscribeFrom(new Date(Date.now() - 1000), 'interactive_video.*', async (event) => {
    const e = InteractiveVideoChanged.decode(event.data);
    busEvents.push({ subject: event.subject, version: e.version, status: e.status, progress: e.progress, error: e.error, projectId: e.projectId });
  });
  await subscribeAll(service.bus, [projectDeletedSubscription({ packages, interactive: deps, senders })]);
  worker = startJobWorker(queues, 'scorm', [buildPackageJob(packages), prepareInteractiveVideoJob(deps)], { concurrency: 1 });
  service.relay.start();
}, 60_000);

afterAll(async () => {
  await worker?.close();
  await jobQueue?.close();
  await service?.bus.destroy();
  await service?.close();
  if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  await infra?.cleanup();
});

async function ready(projectId: string, version: number) {
  return eventually(async () => {
    const v = await getInteractiveVideo(deps, OWNER, projectId);
    if (v.video.status === 'failed') throw new Error(v.video.error);
    return v.video.status === 'ready' && v.version.version === version ? v : undefined;
  }, 20_000);
}

describe('interactive video: create, prepare, publish', () => {
  it('should store a version, pin the narrated video and captions in the job with progress, and publish it', async () => {
    const created = await createInteractiveVideo(deps, OWNER, PROJECT, metadata(), true);
    expect(created.video).toMatchObject({ projectId: PROJECT, companyId: COMPANY, currentVersion: 1, publishedVersion: null, status: 'processing', progress: 0 });
    expect(created.video.shareToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.version).toMatchObject({ version: 1, elementCount: 6, generateAnalytics: true, createdBy: OWNER, contentVersion: 3, title: 'Forklift <b>safety</b>', videoKey: null });

    const done = await ready(PROJECT, 1);
    expect(done.video).toMatchObject({ publishedVersion: 1, progress: 100, error: '', errorMessage: null });
    const base = `interactive/${COMPANY}/${created.video.id}/1`;
    expect(done.version).toMatchObject({ videoKey: `${base}.mp4`, captionsKey: `${base}.vtt`, captionsSize: CAPTIONS.length });
    expect(done.version.videoSeconds).toBeCloseTo(40, 0);
    // The pinned copies are the project's video and captions, byte for byte.
    expect(readFileSync(join(storageDir, `${base}.mp4`)).equals(readFileSync(join(storageDir, videoKeys.get(PROJECT)!.mp4)))).toBe(true);
    expect(done.version.videoSize).toBe(readFileSync(join(storageDir, `${base}.mp4`)).length);
    expect(readFileSync(join(storageDir, `${base}.vtt`), 'utf8')).toBe(CAPTIONS);

    // Progress on the bus, then readiness through the outbox.
    const mine = await eventually(() => {
      const list = busEvents.filter((e) => e.projectId === PROJECT && e.version === 1);
      return list.some((e) => e.subject === 'interactive_video.ready') ? list : undefined;
    });
    const progress = mine.filter((e) => e.subject === 'interactive_video.progress').map((e) => e.progress);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((p) => p > 0 && p < 100)).toBe(true);
    expect(mine.at(-1)).toMatchObject({ subject: 'interactive_video.ready', status: 'ready', progress: 100 });

    // The element texts come back exactly as written (HTML is text).
    expect(done.version.metadata).toEqual(metadata());
    expect(done.version.metadata.hotspots[0]!.title).toBe(HTML_TITLE);
  }, 60_000);

  it('should number a second version, list the versions newest first and publish the new one once it is ready', async () => {
    const before = await getInteractiveVideo(deps, OWNER, PROJECT);
    const second = await createInteractiveVideo(deps, OWNER, PROJECT, metadata({ chapters: [{ id: 'c1', title: 'Only chapter', description: '', start_time: 0, is_skippable: true }], branching_scenarios: [] }), false);
    expect(second.video).toMatchObject({ id: before.video.id, shareToken: before.video.shareToken, currentVersion: 2, status: 'processing' });
    // Until the new one is ready, learners keep the published one.
    expect(second.video.publishedVersion).toBe(1);
    const versions = await listInteractiveVideoVersions(deps, OWNER, PROJECT);
    expect(versions.map((v) => [v.version, v.elementCount])).toEqual([
      [2, 4],
      [1, 6],
    ]);
    await ready(PROJECT, 2);
    expect((await getPublishedInteractiveVideo(deps, before.video.shareToken)).version).toBe(2);
  }, 60_000);

  it("should serve the published version by its token with its media and branch targets of the company's published videos", async () => {
    const { video } = await getInteractiveVideo(deps, OWNER, PROJECT);
    // A branch to SECOND_PROJECT is offered once that project has a published interactive video.
    await createInteractiveVideo(deps, OWNER, PROJECT, metadata(), true);
    await ready(PROJECT, 3);
    expect((await getPublishedInteractiveVideo(deps, video.shareToken)).branchTargets).toEqual({});
    const second = await createInteractiveVideo(deps, OWNER, SECOND_PROJECT, metadata({ project_id: SECOND_PROJECT, branching_scenarios: [] }), false);
    await ready(SECOND_PROJECT, 1);
    const published = await getPublishedInteractiveVideo(deps, video.shareToken);
    expect(published).toMatchObject({ title: 'Forklift <b>safety</b>', version: 3, hasCaptions: true, branchTargets: { [SECOND_PROJECT]: second.video.shareToken } });
    expect(published.metadata).toEqual(metadata());

    const mp4 = await openInteractiveMedia(deps, video.shareToken, 'video');
    expect(mp4).toMatchObject({ contentType: 'video/mp4', storageKey: `interactive/${COMPANY}/${video.id}/3.mp4` });
    expect(mp4.size).toBeGreaterThan(1000);
    expect(await openInteractiveMedia(deps, video.shareToken, 'captions')).toEqual({ storageKey: `interactive/${COMPANY}/${video.id}/3.vtt`, size: CAPTIONS.length, contentType: 'text/vtt; charset=utf-8' });
    await expect(openInteractiveMedia(deps, video.shareToken, 'poster')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  }, 60_000);

  it('should read the length of an mp4 from its movie header, wherever ffmpeg put it', async () => {
    const media = new InteractiveMediaRepository(storage);
    for (const faststart of [false, true]) {
      const file = join(storageDir, `probe-${faststart}.mp4`);
      makeVideo(file, 7, faststart);
      const probed = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]).toString());
      expect(await media.durationOf(`probe-${faststart}.mp4`)).toBeCloseTo(probed, 1);
    }
    await storage.put('not-a-video.mp4', Readable.from(['hello, this is no video at all']));
    await expect(media.durationOf('not-a-video.mp4')).rejects.toThrow();
  });
});

describe('interactive video: the template', () => {
  it("should build chapters from the project's slides timed by its narrated video, and a quiz from its assessment", async () => {
    const t = await getInteractiveTemplate(deps, OWNER, PROJECT, '');
    expect(t).toMatchObject({ hasVideo: true, videoDuration: 40 });
    expect(t.template.chapters.map((c) => [c.title, c.start_time])).toEqual([
      ['Daily checks', 0],
      ['Load limits', 18.6],
    ]);
    expect(t.template.quizzes).toEqual([expect.objectContaining({ question: 'What does the load plate show?', show_time: expect.any(Number) })]);
    expect(t.template.quizzes[0]!.show_time).toBeGreaterThan(18.6);
    // The company's website (the project has none) gives the call to action at 90 %.
    expect(t.template.call_to_actions).toEqual([expect.objectContaining({ url: 'https://acme.example', show_time: 36 })]);
    expect(t.template.branching_scenarios).toHaveLength(1);
    expect(t.template.hotspots).toEqual([]);
    // The same through the duration path with ?project_id.
    expect(await getInteractiveTemplate(deps, OWNER, '120', PROJECT)).toEqual(t);
  });

  it('should spread the chapters evenly over the asked duration for a project without a video', async () => {
    const t = await getInteractiveTemplate(deps, OWNER, '120', NO_VIDEO_PROJECT);
    expect(t).toMatchObject({ hasVideo: false, videoDuration: 120 });
    expect(t.template.chapters.map((c) => c.start_time)).toEqual([0, 60]);
  });

  it('should give one chapter at 0 without a project', async () => {
    expect(await getInteractiveTemplate(deps, OWNER, '90', '')).toEqual({
      template: { hotspots: [], quizzes: [], call_to_actions: [], chapters: [{ id: 'chapter-1', title: 'Introduction', description: '', start_time: 0, is_skippable: true }], branching_scenarios: [] },
      videoDuration: 90,
      hasVideo: false,
    });
  });

  it.each([
    ['a duration under 30 s', '10', '', 'VALIDATION_FAILED', INTERACTIVE_VIDEO_MESSAGES.duration],
    ['a duration over 3600 s', '5000', '', 'VALIDATION_FAILED', INTERACTIVE_VIDEO_MESSAGES.duration],
    ['a path that is neither', 'abc', '', 'VALIDATION_FAILED', 'Give a duration in seconds (30-3600) or a project id.'],
    ['a project_id other than the path', PROJECT, SECOND_PROJECT, 'VALIDATION_FAILED', 'project_id must name the project of the path.'],
    ['an unknown project', randomUUID(), '', 'NOT_FOUND', 'Project not found'],
  ])('should refuse %s', async (_name, path, query, code, message) => {
    await expect(getInteractiveTemplate(deps, OWNER, path, query)).rejects.toMatchObject({ code, message });
  });

  it("should refuse another company's project (404) and a plan without videoGeneration (403)", async () => {
    await expect(getInteractiveTemplate(deps, STRANGER, PROJECT, '')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(getInteractiveTemplate(deps, TRIAL, PROJECT, '')).rejects.toMatchObject({ code: 'FEATURE_NOT_AVAILABLE', message: upgradeRequiredMessage('videoGeneration') });
    await expect(getInteractiveTemplate(deps, TRIAL, '60', '')).rejects.toMatchObject({ code: 'FEATURE_NOT_AVAILABLE' });
  });
});

describe('interactive video: refusals store nothing', () => {
  const refusals: [string, () => Promise<unknown>, string, string | RegExp][] = [
    ['a blank hotspot title', () => createInteractiveVideo(deps, OWNER, PROJECT, metadata({ hotspots: [{ ...metadata().hotspots[0]!, title: '   ' }] }), true), 'VALIDATION_FAILED', 'A hotspot title is required.'],
    ['an oversized chapter title', () => createInteractiveVideo(deps, OWNER, PROJECT, metadata({ chapters: [{ ...metadata().chapters[0]!, title: 'x'.repeat(201) }, metadata().chapters[1]!] }), true), 'VALIDATION_FAILED', 'A chapter title may hold at most 200 characters.'],
    ['a hotspot at x 150', () => createInteractiveVideo(deps, OWNER, PROJECT, metadata({ hotspots: [{ ...metadata().hotspots[0]!, x_position: 150 }] }), true), 'VALIDATION_FAILED', 'Hotspot positions must be between 0 and 100.'],
    [
      'a quiz with two correct options',
      () => createInteractiveVideo(deps, OWNER, PROJECT, metadata({ quizzes: [{ ...metadata().quizzes[0]!, options: metadata().quizzes[0]!.options.map((o) => ({ ...o, is_correct: true })) }] }), true),
      'VALIDATION_FAILED',
      'Exactly one option must be correct.',
    ],
    ['a javascript: call to action', () => createInteractiveVideo(deps, OWNER, PROJECT, metadata({ call_to_actions: [{ ...metadata().call_to_actions[0]!, url: 'javascript:alert(1)' }] }), true), 'VALIDATION_FAILED', 'A call to action URL must be an http or https address.'],
    [
      '10,000 elements',
      () => createInteractiveVideo(deps, OWNER, PROJECT, metadata({ chapters: Array.from({ length: 10_000 }, (_, i) => ({ id: `c${i}`, title: 'C', description: '', start_time: 0, is_skippable: true })) }), true),
      'VALIDATION_FAILED',
      INTERACTIVE_VIDEO_MESSAGES.tooMany,
    ],
    ['a NUL character in a text', () => createInteractiveVideo(deps, OWNER, PROJECT, metadata({ chapters: [{ ...metadata().chapters[0]!, title: 'Daily\u0000checks' }] }), true), 'VALIDATION_FAILED', 'Texts may not contain NUL characters.'],
    ['an infinite number where nothing else checks it', () => createInteractiveVideo(deps, OWNER, PROJECT, metadata({ hotspots: [{ ...metadata().hotspots[0]!, action_data: { info_text: 'x', time: Infinity } }] }), true), 'VALIDATION_FAILED', 'Numbers must be finite.'],
    ['no elements', () => createInteractiveVideo(deps, OWNER, PROJECT, metadata({ hotspots: [], quizzes: [], call_to_actions: [], chapters: [], branching_scenarios: [] }), true), 'VALIDATION_FAILED', INTERACTIVE_VIDEO_MESSAGES.noElements],
    ['a duration of 10 s', () => createInteractiveVideo(deps, OWNER, PROJECT, metadata({ video_duration: 10 }), true), 'VALIDATION_FAILED', INTERACTIVE_VIDEO_MESSAGES.duration],
    ['a duration of 5000 s', () => createInteractiveVideo(deps, OWNER, PROJECT, metadata({ video_duration: 5000 }), true), 'VALIDATION_FAILED', INTERACTIVE_VIDEO_MESSAGES.duration],
    ["a time past the narrated video's end (40 s, 2 s allowed)", () => createInteractiveVideo(deps, OWNER, PROJECT, metadata({ video_duration: 60, quizzes: [{ ...metadata().quizzes[0]!, show_time: 43 }] }), true), 'VALIDATION_FAILED', "Element times must lie within the project's narrated video (40 seconds)."],
    ['a video_metadata of another project', () => createInteractiveVideo(deps, OWNER, PROJECT, metadata({ project_id: SECOND_PROJECT }), true), 'VALIDATION_FAILED', 'video_metadata.project_id must name the project of the path.'],
    ["another company's project", () => createInteractiveVideo(deps, STRANGER, PROJECT, metadata(), true), 'NOT_FOUND', 'Project not found'],
    ['an id that is no project', () => createInteractiveVideo(deps, OWNER, 'not-a-uuid', metadata(), true), 'NOT_FOUND', 'Project not found'],
    ['a viewer', () => createInteractiveVideo(deps, VIEWER, PROJECT, metadata(), true), 'FORBIDDEN', "You don't have permission to perform this action."],
    ['the trial (no videoGeneration)', () => createInteractiveVideo(deps, TRIAL, PROJECT, metadata(), true), 'FEATURE_NOT_AVAILABLE', upgradeRequiredMessage('videoGeneration')],
    ['an ended trial', () => createInteractiveVideo(deps, ENDED, PROJECT, metadata(), true), 'TRIAL_ENDED', TRIAL_MESSAGES.expired],
    ['a project without a narrated video', () => createInteractiveVideo(deps, OWNER, NO_VIDEO_PROJECT, metadata({ project_id: NO_VIDEO_PROJECT }), true), 'CONFLICT', INTERACTIVE_VIDEO_MESSAGES.noVideo],
  ];

  it.each(refusals)('should refuse %s', async (_name, attempt, code, message) => {
    const before = await versionCount();
    await expect(attempt()).rejects.toMatchObject({ code, message });
    expect(await versionCount()).toBe(before);
  });

  it('should name the field of a refused element', async () => {
    await expect(createInteractiveVideo(deps, OWNER, PROJECT, metadata({ hotspots: [{ ...metadata().hotspots[0]!, x_position: 150 }] }), true)).rejects.toMatchObject({ detail: { field: 'video_metadata.hotspots[0].x_position' } });
  });

  it("should answer NOT_FOUND for another company's video, a viewer may read it, and NOT_FOUND for a project without one", async () => {
    await expect(getInteractiveVideo(deps, STRANGER, PROJECT)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(listInteractiveVideoVersions(deps, STRANGER, PROJECT)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await getInteractiveVideo(deps, VIEWER, PROJECT)).video.projectId).toBe(PROJECT);
    await expect(getInteractiveVideo(deps, OWNER, NO_VIDEO_PROJECT)).rejects.toMatchObject({ code: 'NOT_FOUND', message: INTERACTIVE_VIDEO_MESSAGES.notFound });
  });
});

describe("interactive video: where learners report", () => {
  it("should give the published player a sender credential of its own, for the project's activity", async () => {
    const { video } = await getInteractiveVideo(deps, OWNER, PROJECT);
    const published = await getPublishedInteractiveVideo(deps, video.shareToken);
    expect(published.tracking).toMatchObject({ activityId: `http://localhost:3000/api/xapi/activities/projects/${PROJECT}`, homePage: 'http://localhost:3000/api/xapi/', language: 'en' });
    expect(published.tracking!.secret).toMatch(/^[\w-]{43}$/);
    // The same credential on every visit, made once.
    expect((await getPublishedInteractiveVideo(deps, video.shareToken)).tracking!.key).toBe(published.tracking!.key);
    const row = await service.db.selectFrom('lrs_keys').selectAll().where('key', '=', published.tracking!.key).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ source: 'interactive', source_id: video.id, scopes: ['statements/write'], company_id: COMPANY, created_by: null });
    expect(row.secret_hash).not.toContain(published.tracking!.secret);
  });

  it('should answer NOT_FOUND for an unknown token, everywhere', async () => {
    const unknown = 'A'.repeat(43);
    await expect(getPublishedInteractiveVideo(deps, unknown)).rejects.toMatchObject({ code: 'NOT_FOUND', message: INTERACTIVE_VIDEO_MESSAGES.notFound });
    await expect(openInteractiveMedia(deps, unknown, 'video')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(getPublishedInteractiveVideo(deps, '../../etc/passwd')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('interactive video: failure and deletion', () => {
  it("should fail a version whose project's video is gone by the time the job runs, saying why", async () => {
    const keys = { ...videoKeys.get(PROJECT)! };
    videoKeys.set(NO_VIDEO_PROJECT, keys);
    // The video is there when the version is created, gone when the job asks for it.
    const created = await createInteractiveVideo(deps, OWNER, NO_VIDEO_PROJECT, metadata({ project_id: NO_VIDEO_PROJECT }), false);
    videoKeys.delete(NO_VIDEO_PROJECT);
    const failed = await eventually(async () => {
      const v = await getInteractiveVideo(deps, OWNER, NO_VIDEO_PROJECT);
      return v.video.status === 'failed' ? v : undefined;
    }, 20_000);
    expect(failed.video).toMatchObject({ id: created.video.id, error: INTERACTIVE_VIDEO_MESSAGES.noVideo, errorMessage: { id: 'interactiveVideo.noVideo', params: [] }, publishedVersion: null });
    await eventually(() => busEvents.some((e) => e.projectId === NO_VIDEO_PROJECT && e.subject === 'interactive_video.failed' && e.error === INTERACTIVE_VIDEO_MESSAGES.noVideo));
    await expect(getPublishedInteractiveVideo(deps, created.video.shareToken)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  }, 30_000);

  it("should remove a deleted project's interactive video, its versions and pinned media (project.deleted)", async () => {
    const { video } = await getInteractiveVideo(deps, OWNER, PROJECT);
    const dir = join(storageDir, 'interactive', COMPANY, video.id);
    expect(existsSync(join(dir, '1.mp4'))).toBe(true);
    await service.bus.publish('project.deleted', ProjectChanged.encode(ProjectChanged.fromPartial({ projectId: PROJECT, companyId: COMPANY, occurredAt: new Date().toISOString() })).finish());
    // The rows go first, then the pinned files (forgetProjectInteractiveVideo deletes the keys the rows named).
    const pinned = [1, 2, 3].flatMap((v) => [join(dir, `${v}.mp4`), join(dir, `${v}.vtt`)]);
    await eventually(async () => !(await service.db.selectFrom('interactive_videos').select('id').where('id', '=', video.id).executeTakeFirst()) && !pinned.some((f) => existsSync(f)), 10_000);
    const versions = await service.db.selectFrom('interactive_video_versions').select('version').where('video_id', '=', video.id).execute();
    expect(versions).toEqual([]);
    for (const v of [1, 2, 3]) {
      expect(existsSync(join(dir, `${v}.mp4`))).toBe(false);
      expect(existsSync(join(dir, `${v}.vtt`))).toBe(false);
    }
    // The project's own video is media-render's: untouched.
    expect(existsSync(join(storageDir, videoKeys.get(PROJECT)!.mp4))).toBe(true);
    await expect(getPublishedInteractiveVideo(deps, video.shareToken)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // Its players' LRS credential stops working (the handler's last step, after the files); the other project's stays.
    const senders = await eventually(async () => {
      const keys = await service.db.selectFrom('lrs_keys').select(['activity_id', 'revoked_at']).where('source', '<>', 'owner').execute();
      return keys.find((k) => k.activity_id!.endsWith(PROJECT))?.revoked_at ? keys : undefined;
    }, 10_000);
    expect(senders.find((k) => k.activity_id!.endsWith(PROJECT))?.revoked_at).toBeInstanceOf(Date);
    expect(senders.filter((k) => !k.activity_id!.endsWith(PROJECT)).every((k) => k.revoked_at === null)).toBe(true);
    // The other project's video stays.
    expect((await getInteractiveVideo(deps, OWNER, SECOND_PROJECT)).video.status).toBe('ready');
  }, 30_000);
});
