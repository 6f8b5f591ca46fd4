// Medium tests of the project views downloads read, against the real PostgreSQL and NATS: the
// project service's events (as it encodes them) go through the durable consumer into the table,
// in order, out of order, twice, and mixed with views read from the project service on a miss.
import { randomUUID } from 'node:crypto';
import { createDatabase, createLogger, EventBus, subscribeAll } from '@trainwright/platform';
import { createTestInfra, eventually, type TestInfra } from '@trainwright/platform/testing';
import { ProjectChanged, ProjectStatusChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { Kysely } from 'kysely';
import { MEDIA_SCHEMA, migrateMedia } from '../../src/main.js';
import type { MediaDatabase } from '../../src/repositories/database.js';
import { ProjectViewRepository } from '../../src/repositories/project-view.repository.js';
import type { ProjectView } from '../../src/services/ports.js';
import { microsOf, projectViewsSubscription } from '../../src/subscriptions/project-views.subscription.js';

let infra: TestInfra;
let db: Kysely<MediaDatabase>;
let bus: EventBus;
let views: ProjectViewRepository;
const COMPANY = randomUUID();
const OWNER = randomUUID();

beforeAll(async () => {
  infra = await createTestInfra('project_views');
  await migrateMedia({ DATABASE_URL: infra.databaseUrl });
  db = createDatabase<MediaDatabase>({ url: infra.databaseUrl, schema: MEDIA_SCHEMA });
  views = new ProjectViewRepository(db);
  bus = await EventBus.connect({ url: infra.natsUrl, namespace: infra.namespace, logger: createLogger('test', 'silent') });
  // Events reach the views alone.
  await subscribeAll(bus, [projectViewsSubscription({ views })]);
});

afterAll(async () => {
  await bus?.destroy();
  await bus?.close();
  await db?.destroy();
  await infra?.cleanup();
});

/** Microseconds since the epoch as the project service writes occurred_at. */
let clock = Date.parse('2026-03-17T10:00:00Z') * 1000;
function at(): string {
  clock += 1234;
  const ms = Math.floor(clock / 1000);
  return `${new Date(ms).toISOString().slice(0, -1)}${String(clock % 1000).padStart(3, '0')}Z`;
}

interface State {
  status: string;
  visualFormat?: string;
  hasContent?: boolean;
  contentVersion: number;
  title?: string;
}

function changed(subject: 'project.created' | 'project.updated' | 'project.deleted', projectId: string, state: State, occurredAt = at()) {
  const message = ProjectChanged.fromPartial({
    projectId,
    companyId: COMPANY,
    ownerUserId: OWNER,
    countsTowardLimit: true,
    occurredAt,
    status: state.status,
    visualFormat: state.visualFormat ?? 'powerpoint',
    hasContent: state.hasContent ?? true,
    contentVersion: state.contentVersion,
    title: state.title,
  });
  return { subject, data: ProjectChanged.encode(message).finish() };
}

function statusChanged(projectId: string, status: string, occurredAt = at()) {
  return { subject: 'project.status_changed', data: ProjectStatusChanged.encode({ projectId, companyId: COMPANY, status, progress: {}, error: '', occurredAt }).finish() };
}

async function publish(...events: Array<{ subject: string; data: Uint8Array }>): Promise<void> {
  for (const e of events) await bus.publish(e.subject, e.data);
}

/** Publishes a marker project's creation and waits for it: every event published before it has been applied. */
async function settled(): Promise<void> {
  const marker = randomUUID();
  await publish(changed('project.created', marker, { status: 'pending', contentVersion: 1, title: 'marker' }));
  await eventually(async () => (await views.find(marker)) !== null, 10_000);
}

function view(projectId: string, fields: Partial<ProjectView>): ProjectView {
  return { projectId, companyId: COMPANY, title: 'Forklift Safety', status: 'pending', visualFormat: 'powerpoint', hasContent: true, contentVersion: 1, ...fields };
}

describe(ProjectViewRepository.name, () => {
  it('should keep a project from its creation, updates, status changes and deletion', async () => {
    const id = randomUUID();
    await publish(changed('project.created', id, { status: 'pending', contentVersion: 1, title: 'Forklift Safety', hasContent: false }));
    await eventually(async () => (await views.find(id)) !== null, 10_000);
    expect(await views.find(id)).toEqual(view(id, { hasContent: false }));

    await publish(
      statusChanged(id, 'analyzing'),
      changed('project.updated', id, { status: 'creating_slides', contentVersion: 1, hasContent: true }),
      statusChanged(id, 'creating_slides'),
      statusChanged(id, 'completed'),
      changed('project.updated', id, { status: 'completed', contentVersion: 1, title: 'Forklift Safety – Level 2' }),
    );
    await settled();
    expect(await views.find(id)).toEqual(view(id, { title: 'Forklift Safety – Level 2', status: 'completed' }));

    // An edit of the format makes version 2, generated again.
    await publish(changed('project.updated', id, { status: 'pending', contentVersion: 2, visualFormat: 'mp4' }), statusChanged(id, 'pending'));
    await settled();
    expect(await views.find(id)).toEqual(view(id, { title: 'Forklift Safety – Level 2', status: 'pending', visualFormat: 'mp4', contentVersion: 2 }));

    await publish(changed('project.deleted', id, { status: 'pending', contentVersion: 2 }));
    await eventually(async () => (await views.find(id)) === 'deleted', 10_000);
  });

  it('should ignore an older event arriving after a newer one', async () => {
    const id = randomUUID();
    const created = changed('project.created', id, { status: 'pending', contentVersion: 1, title: 'First Title', hasContent: false });
    const generated = changed('project.updated', id, { status: 'creating_slides', contentVersion: 1 });
    const renamed = changed('project.updated', id, { status: 'creating_slides', contentVersion: 1, title: 'Second Title' });
    const completed = statusChanged(id, 'completed');
    const edited = changed('project.updated', id, { status: 'pending', contentVersion: 2, visualFormat: 'mp4' });
    // Published newest first: each older one arrives after what supersedes it.
    await publish(edited, completed, renamed, generated, created);
    await settled();
    expect(await views.find(id)).toEqual(view(id, { title: 'Second Title', status: 'pending', visualFormat: 'mp4', contentVersion: 2 }));

    // The same events again (a redelivery) change nothing; a status change of the new version does.
    await publish(created, generated, renamed, completed, edited);
    await settled();
    expect(await views.find(id)).toMatchObject({ title: 'Second Title', status: 'pending', contentVersion: 2 });
    await publish(statusChanged(id, 'analyzing'));
    await settled();
    expect(await views.find(id)).toMatchObject({ status: 'analyzing', contentVersion: 2 });
  });

  it('should keep a status that arrived before the creation it follows', async () => {
    const id = randomUUID();
    const created = changed('project.created', id, { status: 'pending', contentVersion: 1, title: 'Early Bird', hasContent: false });
    await publish(statusChanged(id, 'analyzing'));
    await settled();
    // Only the status is known: not a view yet (a download would ask the project service).
    expect(await views.find(id)).toBeNull();
    await publish(created);
    await settled();
    expect(await views.find(id)).toEqual(view(id, { title: 'Early Bird', status: 'analyzing', hasContent: false }));
  });

  it('should not bring a deleted project back with a late event', async () => {
    const id = randomUUID();
    const created = changed('project.created', id, { status: 'pending', contentVersion: 1, title: 'Gone Soon' });
    const renamed = changed('project.updated', id, { status: 'pending', contentVersion: 1, title: 'Renamed' });
    await publish(changed('project.deleted', id, { status: 'pending', contentVersion: 1 }), created, renamed, statusChanged(id, 'analyzing'));
    await settled();
    expect(await views.find(id)).toBe('deleted');
  });

  it('should ignore events from before the view fields, and let a view read from the project service be replaced by events', async () => {
    const old = randomUUID();
    const legacy = ProjectChanged.encode({ projectId: old, companyId: COMPANY, ownerUserId: OWNER, occurredAt: '2026-03-17T09:00:00.000Z', countsTowardLimit: true, status: '', visualFormat: '', hasContent: false, contentVersion: 0 }).finish();
    await publish({ subject: 'project.created', data: legacy }, { subject: 'project.updated', data: legacy });
    await settled();
    expect(await views.find(old)).toBeNull();

    // A miss fills the view from GetProject; events of its version replace it, older versions do not.
    await views.keepRead(view(old, { title: 'From GetProject', status: 'completed', contentVersion: 3 }));
    await views.keepRead(view(old, { title: 'A second read loses', contentVersion: 3 }));
    await publish(changed('project.updated', old, { status: 'failed', contentVersion: 2 }));
    await settled();
    expect(await views.find(old)).toMatchObject({ title: 'From GetProject', status: 'completed', contentVersion: 3 });
    await publish(changed('project.updated', old, { status: 'pending', contentVersion: 4, title: 'Edited Since' }));
    await settled();
    expect(await views.find(old)).toMatchObject({ title: 'Edited Since', status: 'pending', contentVersion: 4 });
  });

  it('should end in the newest state whatever order concurrent changes are applied in', async () => {
    const id = randomUUID();
    const base = Date.parse('2026-03-18T10:00:00Z') * 1000;
    const changes = Array.from({ length: 30 }, (_, i) => ({
      projectId: id,
      companyId: COMPANY,
      at: base + i,
      state: { status: i % 2 ? 'creating_slides' : 'pending', visualFormat: 'powerpoint', hasContent: true, contentVersion: 1 + Math.floor(i / 10) },
      title: `Title ${i}`,
    }));
    const bystander = randomUUID();
    await views.apply({ projectId: bystander, companyId: COMPANY, at: base - 1, state: { status: 'failed', visualFormat: 'mov', hasContent: false, contentVersion: 1 }, title: 'Bystander' });
    const shuffled = [...changes].sort(() => Math.random() - 0.5);
    await Promise.all(shuffled.map((c) => views.apply(c)));
    expect(await views.find(id)).toEqual(view(id, { title: 'Title 29', status: 'creating_slides', contentVersion: 3 }));
    // Each change touches its own project only.
    expect(await views.find(bystander)).toEqual(view(bystander, { title: 'Bystander', status: 'failed', visualFormat: 'mov', hasContent: false }));
  });
});

describe(microsOf.name, () => {
  it('should read microseconds, milliseconds and whole seconds', () => {
    expect(microsOf('2026-03-17T10:00:00.123456Z')).toBe(Date.parse('2026-03-17T10:00:00Z') * 1000 + 123456);
    expect(microsOf('2026-03-17T10:00:00.123Z')).toBe(Date.parse('2026-03-17T10:00:00Z') * 1000 + 123000);
    expect(microsOf('2026-03-17T10:00:00Z')).toBe(Date.parse('2026-03-17T10:00:00Z') * 1000);
    expect(microsOf('')).toBe(0);
  });
});
