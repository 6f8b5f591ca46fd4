// Medium tests of the storage usage against the real PostgreSQL: the billing page's figure
// (GetStorageUsage) and the upload path's (PrepareUpload) are one count of project_files.
import { randomUUID } from 'node:crypto';
import { createDatabase, type CallContext } from '@trainwright/platform';
import { createTestInfra, type TestInfra } from '@trainwright/platform/testing';
import type { Kysely } from 'kysely';
import { createProjectHandlers } from '../src/grpc/project.handler.js';
import { PROJECT_SCHEMA, migrateProject } from '../src/main.js';
import type { ProjectDatabase } from '../src/repositories/database.js';
import { ProjectRepository } from '../src/repositories/project.repository.js';
import { CommentRepository } from '../src/repositories/comment.repository.js';
import { registerUpload } from '../src/services/projects/uploads.js';
import { fakeProjectDeps, unusedLibraryDeps } from './fakes/project-deps.fake.js';

let infra: TestInfra;
let db: Kysely<ProjectDatabase>;
let repo: ProjectRepository;
const ctx = {} as CallContext;

beforeAll(async () => {
  infra = await createTestInfra('storage_usage');
  await migrateProject({ DATABASE_URL: infra.databaseUrl });
  db = createDatabase<ProjectDatabase>({ url: infra.databaseUrl, schema: PROJECT_SCHEMA });
  repo = new ProjectRepository(db);
});

afterAll(async () => {
  await db?.destroy();
  await infra?.cleanup();
});

function setup() {
  const deps = { ...fakeProjectDeps(), projects: repo };
  const handlers = createProjectHandlers(deps, async () => {}, { ...deps, comments: new CommentRepository(db), members: deps.memberships }, unusedLibraryDeps(deps));
  return { deps, handlers };
}

const upload = (companyId: string, size: number) => ({ companyId, kind: 'script', filename: 'a.txt', size, contentType: 'text/plain', storageKey: `companies/${companyId}/uploads/${randomUUID()}.txt` });

describe('GetStorageUsage', () => {
  it("should grow with the owner's uploads in every company they own, as PrepareUpload counts them", async () => {
    const { deps, handlers } = setup();
    const owner = randomUUID();
    const member = randomUUID();
    const [first, second] = [randomUUID(), randomUUID()];
    deps.memberships.join(owner, { companyId: first });
    deps.memberships.join(owner, { companyId: second });
    deps.memberships.join(member, { companyId: first, ownerUserId: owner, role: 'editor' });

    expect(await handlers.getStorageUsage({ userId: owner }, ctx)).toEqual({ storageLimitBytes: 1024 ** 3, uploadedBytes: 0, ownerCompanyIds: [first, second], ownerTier: 'free-trial' });
    await registerUpload(deps, owner, upload(second, 700));
    // A member's upload to the owner's company counts against the owner's plan.
    await registerUpload(deps, member, upload(first, 300));
    const usage = await handlers.getStorageUsage({ userId: owner }, ctx);
    expect(usage.uploadedBytes).toBe(1000);
    const target = await handlers.prepareUpload({ userId: member, companyId: first }, ctx);
    expect({ storageLimitBytes: target.storageLimitBytes, uploadedBytes: target.uploadedBytes, ownerTier: target.ownerTier }).toEqual({ storageLimitBytes: usage.storageLimitBytes, uploadedBytes: 1000, ownerTier: usage.ownerTier });
    expect([...target.ownerCompanyIds].sort()).toEqual([...usage.ownerCompanyIds].sort());
  });

  it('should answer NOT_FOUND for a user who owns no company', async () => {
    const { deps, handlers } = setup();
    const member = randomUUID();
    deps.memberships.join(member, { companyId: randomUUID(), ownerUserId: randomUUID(), role: 'editor' });
    await expect(handlers.getStorageUsage({ userId: member }, ctx)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
