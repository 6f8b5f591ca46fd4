// Medium test of failures kept by message id on the project, against the real PostgreSQL and
// NATS: a failed generation's or render's PipelineProgress (generation.failed, render.failed) is
// stored with its catalogue message beside the text (error, error_message), answered by GetProject
// and said on project.status_changed, and cleared when an edit starts a new run; the paid video's
// failure (video.status_changed 'failed') is kept as video_error and video_error_message until any
// other video status replaces it.
import { randomUUID } from 'node:crypto';
import { TRIAL_MESSAGES, VIDEO_MESSAGES } from '@trainwright/catalogue';
import { createDatabase, createLogger, EventBus, subscribeAll } from '@trainwright/platform';
import { createTestInfra, eventually, type TestInfra } from '@trainwright/platform/testing';
import { PipelineProgress, ProjectStatusChanged, VideoStatusChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { MessageRef } from '@trainwright/proto/trainwright/messages/v1/messages';
import type { Kysely } from 'kysely';
import { toProtoProject } from '../src/grpc/project.handler.js';
import { PROJECT_SCHEMA, migrateProject } from '../src/main.js';
import type { ProjectDatabase } from '../src/repositories/database.js';
import { LibraryRepository } from '../src/repositories/library.repository.js';
import { ProjectRepository } from '../src/repositories/project.repository.js';
import type { ProjectDeps } from '../src/services/projects/deps.js';
import { getProject } from '../src/services/projects/get-project.js';
import { listProjects } from '../src/services/projects/list-projects.js';
import { updateProject } from '../src/services/projects/update-project.js';
import { generationProgressSubscription, renderProgressSubscription } from '../src/subscriptions/pipeline-progress.subscription.js';
import { videoStatusSubscription } from '../src/subscriptions/video-status.subscription.js';
import { FakeMemberships, FakePipelineJobs, FakeVoiceLibrary } from './fakes/project-deps.fake.js';
import { newProject, storeProject } from './fixtures/new-project.fixture.js';

let infra: TestInfra;
let db: Kysely<ProjectDatabase>;
let bus: EventBus;
let deps: ProjectDeps;
const owner = randomUUID();
const company = randomUUID();

beforeAll(async () => {
  infra = await createTestInfra('project_failures');
  await migrateProject({ DATABASE_URL: infra.databaseUrl });
  db = createDatabase<ProjectDatabase>({ url: infra.databaseUrl, schema: PROJECT_SCHEMA });
  bus = await EventBus.connect({ url: infra.natsUrl, namespace: infra.namespace, logger: createLogger('test', 'silent') });
  const repository = new ProjectRepository(db);
  const memberships = new FakeMemberships();
  memberships.join(owner, { companyId: company, ownerTier: 'professional', ownerTrialState: 'active' });
  deps = {
    projects: repository,
    memberships,
    library: new LibraryRepository(db),
    voices: new FakeVoiceLibrary(),
    templates: repository,
    jobs: new FakePipelineJobs(),
    clock: () => new Date(),
    afterWrite: () => undefined,
    urlAllowOrigins: [],
  };
  await subscribeAll(bus, [generationProgressSubscription(deps), renderProgressSubscription(deps), videoStatusSubscription(deps)]);
}, 30_000);

afterAll(async () => {
  await bus?.destroy();
  await db?.destroy();
  await infra?.cleanup();
});

const TRIAL_ENDED: MessageRef = { id: 'trial.ended', params: [] };

async function pipelineFailed(subject: 'generation.failed' | 'render.failed', projectId: string, error: string, errorMessage?: MessageRef): Promise<void> {
  const data = PipelineProgress.encode({ projectId, status: 'failed', stage: '', percent: 0, error, errorMessage, occurredAt: new Date().toISOString(), contentVersion: 1 }).finish();
  await bus.publish(subject, data);
}

async function videoStatus(projectId: string, status: string, occurredAt: string, error = '', errorMessage?: MessageRef): Promise<void> {
  const data = VideoStatusChanged.encode({ projectId, companyId: company, status, percent: 0, contentVersion: 1, error, errorMessage, paymentId: 'pay_1', occurredAt, language: '' }).finish();
  await bus.publish('video.status_changed', data);
}

const rowOf = (id: string) => db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const shown = async (id: string) => toProtoProject(await getProject(deps, owner, id));

/** project.status_changed of the project as written to the outbox (no relay here), oldest first. */
async function statusEvents(projectId: string): Promise<ProjectStatusChanged[]> {
  const rows = await db.selectFrom('outbox').select('payload').where('subject', '=', 'project.status_changed').orderBy('created_at').execute();
  return rows.map((r) => ProjectStatusChanged.decode(r.payload)).filter((e) => e.projectId === projectId);
}

/** An RFC 3339 time with microseconds: now plus `micros`. */
function at(base: number, micros: number): string {
  return `${new Date(base).toISOString().slice(0, -1)}${String(micros).padStart(3, '0')}Z`;
}

describe('failures by message id on the project', () => {
  it("should keep a failed generation's catalogue message beside its text, answer it on GetProject and say it, and clear it when an edit starts a new run", async () => {
    const id = await storeProject(deps.projects, newProject(company, owner, { status: 'generating_content' }));
    await pipelineFailed('generation.failed', id, TRIAL_MESSAGES.ended, TRIAL_ENDED);
    const failed = await eventually(async () => {
      const row = await rowOf(id);
      return row.status === 'failed' ? row : undefined;
    }, 10_000);
    expect(failed).toMatchObject({ error: TRIAL_MESSAGES.ended, error_message: { id: 'trial.ended', params: [] } });
    expect(await shown(id)).toMatchObject({ status: 'failed', error: TRIAL_MESSAGES.ended, errorMessage: TRIAL_ENDED });
    expect((await statusEvents(id)).at(-1)).toMatchObject({ status: 'failed', error: TRIAL_MESSAGES.ended, errorMessage: TRIAL_ENDED });

    // The script is edited: its generation starts again, the failure is gone with its message.
    await updateProject(deps, owner, id, { scriptContent: '## A\n\nThe exits are marked in green.' });
    expect(await rowOf(id)).toMatchObject({ status: 'pending', error: '', error_message: null });
    const again = await shown(id);
    expect([again.status, again.error, again.errorMessage]).toEqual(['pending', '', undefined]);
    const pending = (await statusEvents(id)).at(-1)!;
    expect([pending.status, pending.error, pending.errorMessage]).toEqual(['pending', '', undefined]);
  }, 30_000);

  it("should keep a render's failure of its own words with no catalogue message, in GetProject and the list alike", async () => {
    const id = await storeProject(deps.projects, newProject(company, owner, { status: 'creating_slides' }));
    await pipelineFailed('render.failed', id, 'Could not render the PDF guide: the font is missing.');
    const failed = await eventually(async () => {
      const row = await rowOf(id);
      return row.status === 'failed' ? row : undefined;
    }, 10_000);
    expect(failed).toMatchObject({ error: 'Could not render the PDF guide: the font is missing.', error_message: null });
    expect((await shown(id)).errorMessage).toBeUndefined();
    expect((await statusEvents(id)).at(-1)?.errorMessage).toBeUndefined();
    const summary = (await listProjects(deps, owner, {})).projects.find((p) => p.id === id)!;
    expect(toProtoProject(summary)).toMatchObject({ error: 'Could not render the PDF guide: the font is missing.', errorMessage: undefined });
  }, 30_000);

  it("should keep the paid video's failure reason with its catalogue message until another video status replaces it", async () => {
    const id = await storeProject(deps.projects, newProject(company, owner, { visualFormat: 'mp4', status: 'completed' }));
    const base = Date.now();
    const changed: MessageRef = { id: 'video.changed', params: [] };
    await videoStatus(id, 'failed', at(base, 1), VIDEO_MESSAGES.changed, changed);
    const failed = await eventually(async () => {
      const row = await rowOf(id);
      return row.video_status === 'failed' ? row : undefined;
    }, 10_000);
    expect(failed).toMatchObject({ video_error: VIDEO_MESSAGES.changed, video_error_message: { id: 'video.changed', params: [] } });
    expect(await shown(id)).toMatchObject({ videoStatus: 'failed', videoError: VIDEO_MESSAGES.changed, videoErrorMessage: changed });
    // The project's own status and error are not the video's.
    expect(await shown(id)).toMatchObject({ status: 'completed', error: '' });
    const summary = (await listProjects(deps, owner, {})).projects.find((p) => p.id === id)!;
    expect(toProtoProject(summary)).toMatchObject({ videoError: VIDEO_MESSAGES.changed, videoErrorMessage: changed });

    // A new payment's video is queued: the old failure goes.
    await videoStatus(id, 'queued', at(base, 2));
    const queued = await eventually(async () => {
      const row = await rowOf(id);
      return row.video_status === 'queued' ? row : undefined;
    }, 10_000);
    expect(queued).toMatchObject({ video_error: '', video_error_message: null });
    const shownQueued = await shown(id);
    expect([shownQueued.videoError, shownQueued.videoErrorMessage]).toEqual(['', undefined]);

    // A failure of its own words keeps its text only; an edit making a new version clears it.
    await videoStatus(id, 'failed', at(base, 3), 'The narration could not be spoken.');
    await eventually(async () => (await rowOf(id)).video_status === 'failed', 10_000);
    expect(await rowOf(id)).toMatchObject({ video_error: 'The narration could not be spoken.', video_error_message: null });
    await updateProject(deps, owner, id, { visualFormat: 'mov' });
    expect(await rowOf(id)).toMatchObject({ video_status: '', video_error: '', video_error_message: null });
  }, 30_000);
});
