// Medium tests of the counted downloads against the real PostgreSQL: the count the plan's limit is
// checked against is the count the owner's usage shows.
import { randomUUID } from 'node:crypto';
import { createDatabase } from '@trainwright/platform';
import { createTestInfra, type TestInfra } from '@trainwright/platform/testing';
import type { Kysely } from 'kysely';
import { MEDIA_SCHEMA, migrateMedia } from '../../src/main.js';
import type { MediaDatabase } from '../../src/repositories/database.js';
import { DownloadRepository } from '../../src/repositories/download.repository.js';
import type { DownloadRecord } from '../../src/services/downloads/deps.js';
import { getDownloadUsage } from '../../src/services/downloads/get-download-usage.js';
import { downloadPeriod } from '../../src/services/downloads/period.js';

let infra: TestInfra;
let db: Kysely<MediaDatabase>;
let repo: DownloadRepository;

beforeAll(async () => {
  infra = await createTestInfra('downloads');
  await migrateMedia({ DATABASE_URL: infra.databaseUrl });
  db = createDatabase<MediaDatabase>({ url: infra.databaseUrl, schema: MEDIA_SCHEMA });
  repo = new DownloadRepository(db);
});

afterAll(async () => {
  await db?.destroy();
  await infra?.cleanup();
});

function download(ownerUserId: string, userId = ownerUserId): DownloadRecord {
  return { ownerUserId, companyId: randomUUID(), projectId: randomUUID(), userId, format: 'pptx', storageKey: `k/${randomUUID()}.pptx` };
}

describe(DownloadRepository.name, () => {
  it("should count the owner's downloads since the period began, by any member, as the limit counts them", async () => {
    const owner = randomUUID();
    const since = new Date(Date.now() - 60_000);
    expect(await repo.countedSince(owner, since)).toBe(0);
    expect(await repo.countDownload(download(owner), 3, since)).toBe('counted');
    expect(await repo.countDownload(download(owner, randomUUID()), 3, since)).toBe('counted');
    // Another owner's downloads are theirs.
    await repo.countDownload(download(randomUUID()), 3, since);
    expect(await repo.countedSince(owner, since)).toBe(2);
    // A download before the period began is not counted.
    expect(await repo.countedSince(owner, new Date(Date.now() + 60_000))).toBe(0);
    expect(await repo.countDownload(download(owner), 3, since)).toBe('counted');
    expect(await repo.countDownload(download(owner), 3, since)).toBe('refused');
    expect(await repo.countedSince(owner, since)).toBe(3);
  });

  it("should answer a plan owner's usage from the same count and period as the refusal", async () => {
    const owner = randomUUID();
    const now = new Date();
    const deps = {
      downloads: repo,
      plans: { ownedCompany: async (userId: string) => (userId === owner ? { ownerTier: 'free-trial' as const } : null) },
      clock: () => now,
    };
    const { since, limit } = downloadPeriod('free-trial', now);
    expect(await getDownloadUsage(deps, owner)).toEqual({ used: 0, limit: 3, since: new Date(0) });
    await repo.countDownload(download(owner), limit, since);
    expect(await getDownloadUsage(deps, owner)).toEqual({ used: 1, limit: 3, since: new Date(0) });
    expect(downloadPeriod('professional', new Date('2026-03-17T10:00:00Z'))).toEqual({ limit: 25, since: new Date('2026-03-01T00:00:00Z'), trial: false });
  });
});
