// The project.* events describe the project as each write commits it, so other services can keep a
// view of projects (media-render's downloads) from them. In-memory ports, no database.
import { randomUUID } from 'node:crypto';
import { plainContent } from '@trainwright/formats';
import { occurredNow, type OutboxEvent } from '@trainwright/platform';
import { ProjectChanged, ProjectStatusChanged } from '@trainwright/proto/trainwright/events/v1/events';
import { applyPipelineEvent } from '../src/services/projects/apply-pipeline-event.js';
import { createProject } from '../src/services/projects/create-project.js';
import { createWelcomeSample } from '../src/services/projects/create-welcome-sample.js';
import { deleteProject } from '../src/services/projects/delete-project.js';
import { completeGeneration } from '../src/services/projects/hand-off-to-render.js';
import { updateProject } from '../src/services/projects/update-project.js';
import { SAMPLE_TITLE } from '../src/services/sample-project.js';
import { fakeProjectDepsWithOwner, type FakeProjectDeps } from './fakes/project-deps.fake.js';

let deps: FakeProjectDeps;
let owner: string;
let company: string;

beforeEach(() => {
  ({ deps, owner, company } = fakeProjectDepsWithOwner());
});

function decoded(events: OutboxEvent[]) {
  return events.map((e) =>
    e.subject === 'project.status_changed' ? { subject: e.subject, ...ProjectStatusChanged.decode(e.payload) } : { subject: e.subject, ...ProjectChanged.decode(e.payload) },
  );
}

function changes(events: OutboxEvent[]) {
  return events.filter((e) => e.subject !== 'project.status_changed').map((e) => ({ subject: e.subject, ...ProjectChanged.decode(e.payload) }));
}

describe('project events', () => {
  it('should describe a new project, and carry the title only when a write sets it', async () => {
    const { id } = await createProject(deps, owner, { title: 'Forklift Safety', scriptContent: '## Check the forks' });
    expect(changes(deps.projects.outbox)).toEqual([
      expect.objectContaining({ subject: 'project.created', projectId: id, companyId: company, title: 'Forklift Safety', status: 'pending', visualFormat: 'powerpoint', hasContent: true, contentVersion: 1 }),
    ]);
    deps.projects.outbox.length = 0;

    await updateProject(deps, owner, id, { title: 'Forklift Safety – Level 2' });
    expect(changes(deps.projects.outbox)).toEqual([
      expect.objectContaining({ subject: 'project.updated', title: 'Forklift Safety – Level 2', status: 'pending', visualFormat: 'powerpoint', contentVersion: 1 }),
    ]);
    deps.projects.outbox.length = 0;

    // A new format makes version 2; the title it did not set is not repeated. (The trial owner's
    // plan has no video: a document format.)
    await updateProject(deps, owner, id, { documentFormat: 'word' });
    const [updated] = changes(deps.projects.outbox);
    expect(updated).toMatchObject({ subject: 'project.updated', status: 'pending', visualFormat: 'powerpoint', hasContent: true, contentVersion: 2 });
    expect(updated!.title).toBeUndefined();
  });

  it("should carry the branding's logo URL as committed, so media-render fetches it once", async () => {
    const logoUrl = 'https://cdn.acme.com/logo.png';
    const { id } = await createProject(deps, owner, { title: 'Branded', scriptContent: '## A', branding: { companyName: 'Acme', logoUrl } });
    expect(changes(deps.projects.outbox)).toEqual([expect.objectContaining({ subject: 'project.created', logoUrl })]);
    deps.projects.outbox.length = 0;
    await updateProject(deps, owner, id, { title: 'Branded 2' });
    expect(changes(deps.projects.outbox)).toEqual([expect.objectContaining({ subject: 'project.updated', logoUrl })]);
    deps.projects.outbox.length = 0;
    await updateProject(deps, owner, id, { branding: { companyName: 'Acme', logoUrl: 'https://cdn.acme.com/new.png' } });
    expect(changes(deps.projects.outbox)).toEqual([expect.objectContaining({ subject: 'project.updated', logoUrl: 'https://cdn.acme.com/new.png', contentVersion: 2 })]);
    deps.projects.outbox.length = 0;
    await updateProject(deps, owner, id, { clearBranding: true });
    expect(changes(deps.projects.outbox)).toEqual([expect.objectContaining({ subject: 'project.updated', logoUrl: '' })]);
  });

  it('should tell that generated content arrived, with the status it moved to', async () => {
    const { id } = await createProject(deps, owner, { title: 'Generated', scriptContent: '## A' });
    deps.projects.outbox.length = 0;
    await applyPipelineEvent(deps, 'e1', { source: 'generation', projectId: id, status: 'analyzing', stage: 'analyzing', percent: 50, error: '', contentVersion: 1 });
    // A status change alone is no update.
    expect(changes(deps.projects.outbox)).toEqual([]);
    await completeGeneration(deps, 'e2', { source: 'generation', projectId: id, status: 'generating_content', stage: 'generating_content', percent: 100, error: '', generatedContent: plainContent('S.', '## S'), contentVersion: 1 });
    expect(changes(deps.projects.outbox)).toEqual([
      expect.objectContaining({ subject: 'project.updated', projectId: id, status: 'creating_slides', hasContent: true, contentVersion: 1 }),
    ]);
    expect(changes(deps.projects.outbox)[0]!.title).toBeUndefined();
  });

  it('should describe the welcome sample and a deleted project as they were', async () => {
    await createWelcomeSample(deps, { eventId: randomUUID(), redelivered: false, userId: owner, companyId: company });
    const [created] = changes(deps.projects.outbox);
    // Rendering: its render.completed completes it, once its files download.
    expect(created).toMatchObject({ subject: 'project.created', title: SAMPLE_TITLE, status: 'creating_slides', hasContent: true, contentVersion: 1, countsTowardLimit: false });
    deps.projects.outbox.length = 0;
    await deleteProject(deps, owner, created!.projectId);
    expect(changes(deps.projects.outbox)).toEqual([expect.objectContaining({ subject: 'project.deleted', projectId: created!.projectId, status: 'creating_slides', contentVersion: 1 })]);
  });

  it('should order events by when they were decided, to the microsecond', async () => {
    const { id } = await createProject(deps, owner, { title: 'Ordered', scriptContent: '## A' });
    await updateProject(deps, owner, id, { documentFormat: 'word' });
    const times = decoded(deps.projects.outbox).map((e) => e.occurredAt);
    expect(times).toHaveLength(2);
    for (const t of times) expect(t).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    expect([...times].sort()).toEqual(times);
    expect(new Set(times).size).toBe(times.length);
    const burst = Array.from({ length: 1000 }, () => occurredNow());
    expect(new Set(burst).size).toBe(1000);
    expect([...burst].sort()).toEqual(burst);
  });
});
