// Medium test of the pay-per-use video's status on the project (media-render's
// video.status_changed) against the real PostgreSQL and NATS: applied in the order the events were
// decided (occurred_at, microseconds), only for the current content version or a newer one, reset
// by an edit that makes a new version, and shown by GetProject and the list (video_status,
// video_progress).
import { randomUUID } from 'node:crypto';
import { createDatabase, createLogger, EventBus, subscribeAll } from '@trainwright/platform';
import { createTestInfra, eventually, type TestInfra } from '@trainwright/platform/testing';
import { VideoStatusChanged } from '@trainwright/proto/trainwright/events/v1/events';
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
  infra = await createTestInfra('project_video');
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
  await subscribeAll(bus, [videoStatusSubscription(deps)]);
});

afterAll(async () => {
  await bus?.destroy();
  await db?.destroy();
  await infra?.cleanup();
});

/** An RFC 3339 time with microseconds: `base` plus `micros`. */
function at(base: number, micros: number): string {
  const total = base * 1000 + micros;
  return `${new Date(Math.floor(total / 1000)).toISOString().slice(0, -1)}${String(total % 1000).padStart(3, '0')}Z`;
}

async function publish(projectId: string, status: string, percent: number, contentVersion: number, occurredAt: string, language = ''): Promise<void> {
  const data = VideoStatusChanged.encode({ projectId, companyId: company, status, percent, contentVersion, error: '', paymentId: status === 'payment_required' ? '' : 'pay_1', occurredAt, language }).finish();
  await bus.publish('video.status_changed', data);
}

const shown = async (id: string) => {
  const p = toProtoProject(await getProject(deps, owner, id));
  return `${p.videoStatus} ${p.videoProgress}`;
};

/**
 * A barrier on the video.status_changed consumer, which handles its events one at a time in the
 * order they were published: a later event about a project of its own is published and waited
 * for; once it shows, every event published before it has been handled.
 */
async function handledSoFar(): Promise<void> {
  const probe = await storeProject(deps.projects, newProject(company, owner, { visualFormat: 'mp4', status: 'completed' }));
  await publish(probe, 'queued', 0, 1, at(Date.now(), 1));
  await eventually(async () => (await shown(probe)) === 'queued 0');
}

describe('video.status_changed on the project', () => {
  it('should apply the events in the order they were decided, whatever order they arrive in', async () => {
    const id = await storeProject(deps.projects, newProject(company, owner, { visualFormat: 'mp4', status: 'completed' }));
    expect(await shown(id)).toBe(' 0');
    const base = Date.now();
    await publish(id, 'payment_required', 0, 1, at(base, 1));
    await eventually(async () => (await shown(id)) === 'payment_required 0');
    // 'rendering 40' was decided one microsecond after 'queued' but arrives first: 'queued' is older.
    await publish(id, 'rendering', 40, 1, at(base, 3));
    await eventually(async () => (await shown(id)) === 'rendering 40');
    await publish(id, 'queued', 0, 1, at(base, 2));
    await publish(id, 'rendering', 70, 1, at(base, 5));
    await eventually(async () => (await shown(id)) === 'rendering 70');
    await publish(id, 'ready', 100, 1, at(base, 7));
    await eventually(async () => (await shown(id)) === 'ready 100');
    // A late duplicate of an older event, and one of an unknown status, change nothing.
    await publish(id, 'rendering', 90, 1, at(base, 6));
    await publish(id, 'exploded', 0, 1, at(base, 8));
    await handledSoFar();
    expect(await shown(id)).toBe('ready 100');

    // The list's summaries carry the same fields.
    const page = await listProjects(deps, owner, {});
    const summary = toProtoProject(page.projects.find((p) => p.id === id)!);
    expect([summary.videoStatus, summary.videoProgress]).toEqual(['ready', 100]);
  });

  it("should reset the status on an edit that makes a new version and ignore the older version's events", async () => {
    const id = await storeProject(deps.projects, newProject(company, owner, { visualFormat: 'mp4', status: 'completed', generatedContent: null }));
    const base = Date.now();
    await publish(id, 'ready', 100, 1, at(base, 1));
    await eventually(async () => (await shown(id)) === 'ready 100');
    await updateProject(deps, owner, id, { visualFormat: 'mov' });
    const edited = toProtoProject(await getProject(deps, owner, id));
    expect([edited.contentVersion, edited.videoStatus, edited.videoProgress]).toEqual([2, '', 0]);
    // A late event of version 1 is not about the version the project has now.
    await publish(id, 'failed', 0, 1, at(base, 2));
    await publish(id, 'payment_required', 0, 2, at(base, 3));
    await eventually(async () => (await shown(id)) === 'payment_required 0');
    await publish(id, 'failed', 0, 1, at(base, 4));
    await handledSoFar();
    expect(await shown(id)).toBe('payment_required 0');
  });

  it("should show the project's own video only: a translation's video events change nothing", async () => {
    const id = await storeProject(deps.projects, newProject(company, owner, { visualFormat: 'mp4', status: 'completed' }));
    const base = Date.now();
    await publish(id, 'payment_required', 0, 1, at(base, 1));
    await eventually(async () => (await shown(id)) === 'payment_required 0');
    // The Spanish video is paid and renders; then the project's own video is queued (decided before
    // the Spanish events): were those applied, this older event would be ignored.
    await publish(id, 'queued', 0, 1, at(base, 3), 'es');
    await publish(id, 'ready', 100, 1, at(base, 4), 'es');
    await publish(id, 'queued', 0, 1, at(base, 2));
    await eventually(async () => (await shown(id)) === 'queued 0');
    await handledSoFar();
    expect(await shown(id)).toBe('queued 0');
  });
});
