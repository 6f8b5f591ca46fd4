// Medium tests of projects' logos (docs/security.md, case 12) against the real PostgreSQL and
// NATS and a logo server on 127.0.0.1 that counts its requests: a URL is fetched once whether
// events or renders learn of it first, at once or again; a new URL is fetched once anew; a
// logo that is not an image is kept with its reason and served as NOT_FOUND; deletion removes it.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { AppError, createDatabase, createLogger, EventBus, LocalFileStorage, subscribeAll } from '@trainwright/platform';
import { createTestInfra, eventually, type TestInfra } from '@trainwright/platform/testing';
import { ProjectChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { Project } from '@trainwright/proto/trainwright/project/v1/project';
import type { Kysely } from 'kysely';
import { MEDIA_SCHEMA, migrateMedia } from '../../../src/main.js';
import type { MediaDatabase } from '../../../src/repositories/database.js';
import { KeptLogoRepository } from '../../../src/repositories/kept-logo.repository.js';
import { LogoRepository } from '../../../src/repositories/logo.repository.js';
import { MediaStorageRepository } from '../../../src/repositories/media-storage.repository.js';
import { ProjectLogoRepository } from '../../../src/repositories/project-logo.repository.js';
import { RenderedFileRepository } from '../../../src/repositories/rendered-file.repository.js';
import type { LogoDeps } from '../../../src/services/logos/deps.js';
import { openMemberLogo, openSharedLogo } from '../../../src/services/logos/open-logo.js';
import { projectDeletedSubscription } from '../../../src/subscriptions/project-deleted.subscription.js';
import { projectLogosSubscription } from '../../../src/subscriptions/project-logos.subscription.js';

const PNG = Buffer.from(new Resvg('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#0a6"/></svg>').render().asPng());
const COMPANY = randomUUID();
const OWNER = randomUUID();
const SHARE_TOKEN = 'share-token-1';

let infra: TestInfra;
let db: Kysely<MediaDatabase>;
let bus: EventBus;
let server: Server;
let origin = '';
let storageDir = '';
let storage: MediaStorageRepository;
let deps: LogoDeps;
/** Requests per path the logo server answered. */
const hits = new Map<string, number>();
/** The projects the fake project service knows: id -> logo URL. */
const projectLogoUrls = new Map<string, string>();

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
    if (req.url!.startsWith('/logo.png')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(PNG);
    }
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end('<html>not an image</html>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  infra = await createTestInfra('project_logos');
  await migrateMedia({ DATABASE_URL: infra.databaseUrl });
  db = createDatabase<MediaDatabase>({ url: infra.databaseUrl, schema: MEDIA_SCHEMA });
  bus = await EventBus.connect({ url: infra.natsUrl, namespace: infra.namespace, logger: createLogger('test', 'silent') });
  storageDir = mkdtempSync(join(tmpdir(), 'tw-logos-'));
  storage = new MediaStorageRepository(new LocalFileStorage(storageDir));
  const projects = {
    // As the project service answers: another company's project is NOT_FOUND.
    project: async (_userId: string, projectId: string) => {
      if (!projectLogoUrls.has(projectId)) throw AppError.notFound('Project not found');
      return { id: projectId, companyId: COMPANY, branding: { companyName: 'Acme', logoUrl: projectLogoUrls.get(projectId)!, website: '' } } as Project;
    },
    sharedProject: async (token: string) => {
      const [projectId, logoUrl] = [...projectLogoUrls.entries()][0]!;
      if (token !== SHARE_TOKEN) throw AppError.notFound('Shared project not found');
      return { projectId, companyId: COMPANY, logoUrl };
    },
  };
  // The owner is the company's only member.
  const memberships = { find: async (userId: string, companyId: string) => (userId === OWNER && companyId === COMPANY ? { role: 'owner' as const, capabilities: [], ownerTier: 'business' as const, ownerUserId: OWNER } : null) };
  // The logo server is on 127.0.0.1: allowed as URL_FETCH_ALLOW_ORIGINS allows it in tests.
  deps = { logos: new ProjectLogoRepository(new LogoRepository([origin]), new KeptLogoRepository(db), storage), projects, memberships };
  await subscribeAll(bus, [projectLogosSubscription(deps), projectDeletedSubscription({ files: new RenderedFileRepository(db, () => undefined), storage }, deps)]);
});

afterAll(async () => {
  await bus?.destroy();
  await bus?.close();
  await db?.destroy();
  await infra?.cleanup();
  server?.close();
  rmSync(storageDir, { recursive: true, force: true });
});

function changed(subject: 'project.created' | 'project.updated' | 'project.deleted', projectId: string, logoUrl: string) {
  const message = ProjectChanged.fromPartial({
    projectId,
    companyId: COMPANY,
    ownerUserId: OWNER,
    countsTowardLimit: true,
    occurredAt: new Date().toISOString(),
    status: 'pending',
    visualFormat: 'powerpoint',
    hasContent: true,
    contentVersion: 1,
    logoUrl,
  });
  return { subject, data: ProjectChanged.encode(message).finish() };
}

async function publish(...events: Array<{ subject: string; data: Uint8Array }>): Promise<void> {
  for (const e of events) await bus.publish(e.subject, e.data);
}

const rowsOf = (projectId: string) => db.selectFrom('project_logos').selectAll().where('project_id', '=', projectId).orderBy('fetched_at').execute();

describe("projects' logos", () => {
  it('should fetch a logo once for two events and two renders, and serve the stored bytes', async () => {
    const id = randomUUID();
    const url = `${origin}/logo.png?project=${id}`;
    projectLogoUrls.set(id, url);
    const project = { projectId: id, companyId: COMPANY, url };
    // Two renders at once with the two events: one of them fetches, the others wait for its row.
    await publish(changed('project.created', id, url), changed('project.updated', id, url));
    const [first, second] = await Promise.all([deps.logos.logoOf(project), deps.logos.logoOf(project)]);
    await eventually(async () => (await rowsOf(id)).length === 1, 10_000);
    // The second event handled too (it finds the row and fetches nothing): the consumer handles
    // its events one at a time in the order they were published, so once a later event about a
    // project of its own has its logo, the two above have been handled.
    const probe = randomUUID();
    await publish(changed('project.updated', probe, `${origin}/logo.png?probe=${probe}`));
    await eventually(async () => (await rowsOf(probe)).length === 1, 10_000);
    expect(hits.get(`/logo.png?project=${id}`)).toBe(1);
    for (const answer of [first, second]) expect(answer).toEqual({ logo: { bytes: PNG, mime: 'image/png', width: 120, height: 40 }, problem: '' });

    const [row] = await rowsOf(id);
    expect(row).toMatchObject({ project_id: id, company_id: COMPANY, url, mime: 'image/png', width: 120, height: 40, problem: '' });
    const target = await openMemberLogo(deps, OWNER, id);
    expect(target).toEqual({ storageKey: row!.storage_key, contentType: 'image/png', size: PNG.length });
    expect(await storage.read(target.storageKey)).toEqual(PNG);
    await deps.logos.logoOf(project);
    expect(hits.get(`/logo.png?project=${id}`)).toBe(1);

    // Another company's project: as the project service answers.
    await expect(openMemberLogo(deps, OWNER, randomUUID())).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // And decided here too: a caller who is not a member of the project's company gets nothing.
    await expect(openMemberLogo(deps, randomUUID(), id)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Project not found' });
  });

  it('should fetch a changed logo URL once anew, forget the old one, and remove it with the project', async () => {
    const id = randomUUID();
    const oldUrl = `${origin}/logo.png?old=${id}`;
    const newUrl = `${origin}/logo.png?new=${id}`;
    await publish(changed('project.created', id, oldUrl));
    await eventually(async () => (await rowsOf(id)).length === 1, 10_000);
    const oldKey = (await rowsOf(id))[0]!.storage_key!;

    await publish(changed('project.updated', id, newUrl), changed('project.updated', id, newUrl));
    // The handler forgets the row first and deletes the file after it: wait for both.
    await eventually(async () => (await rowsOf(id)).map((r) => r.url).join() === newUrl && !(await storage.has(oldKey)), 10_000);
    await deps.logos.logoOf({ projectId: id, companyId: COMPANY, url: newUrl });
    expect([hits.get(`/logo.png?old=${id}`), hits.get(`/logo.png?new=${id}`)]).toEqual([1, 1]);
    const newKey = (await rowsOf(id))[0]!.storage_key!;
    expect(await storage.has(newKey)).toBe(true);

    await publish(changed('project.deleted', id, newUrl));
    await eventually(async () => (await rowsOf(id)).length === 0 && !(await storage.has(newKey)), 10_000);
  });

  it('should keep a logo that is not an image with its reason, fetch it once and serve NOT_FOUND', async () => {
    const id = randomUUID();
    const url = `${origin}/fake.png?project=${id}`;
    projectLogoUrls.clear();
    projectLogoUrls.set(id, url);
    await publish(changed('project.created', id, url));
    await eventually(async () => (await rowsOf(id)).length === 1, 10_000);
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({ storage_key: null, mime: '' });
    expect(row!.problem).toMatch(/not a PNG or JPEG/);

    expect(await deps.logos.logoOf({ projectId: id, companyId: COMPANY, url })).toEqual({ logo: null, problem: row!.problem });
    await expect(openMemberLogo(deps, OWNER, id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(openSharedLogo(deps, SHARE_TOKEN)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(hits.get(`/fake.png?project=${id}`)).toBe(1);

    // Ten minutes later the URL is tried again (once), in case its site was only down.
    await db.updateTable('project_logos').set({ fetched_at: new Date(Date.now() - 11 * 60_000) }).where('project_id', '=', id).execute();
    await Promise.all([deps.logos.logoOf({ projectId: id, companyId: COMPANY, url }), deps.logos.logoOf({ projectId: id, companyId: COMPANY, url })]);
    expect(hits.get(`/fake.png?project=${id}`)).toBe(2);
    expect(await deps.logos.logoOf({ projectId: id, companyId: COMPANY, url })).toEqual({ logo: null, problem: row!.problem });
    expect(hits.get(`/fake.png?project=${id}`)).toBe(2);
  });
});
