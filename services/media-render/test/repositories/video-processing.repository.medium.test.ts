// Medium tests of advanced video processing's rows against the real PostgreSQL: a company's bound
// on active jobs, a retried job's outputs recorded once, ids that are not UUIDs, the bytes outputs
// count against the plan's storage.
import { randomUUID } from 'node:crypto';
import { createDatabase } from '@trainwright/platform';
import { createTestInfra, type TestInfra } from '@trainwright/platform/testing';
import type { Kysely } from 'kysely';
import { MEDIA_SCHEMA, migrateMedia } from '../../src/main.js';
import type { MediaDatabase } from '../../src/repositories/database.js';
import { VideoProcessingRepository } from '../../src/repositories/video-processing.repository.js';
import type { VideoFileRow } from '../../src/services/processing/deps.js';

let infra: TestInfra;
let db: Kysely<MediaDatabase>;
let repo: VideoProcessingRepository;

beforeAll(async () => {
  infra = await createTestInfra('video_processing');
  await migrateMedia({ DATABASE_URL: infra.databaseUrl });
  db = createDatabase<MediaDatabase>({ url: infra.databaseUrl, schema: MEDIA_SCHEMA });
  repo = new VideoProcessingRepository(db);
});

afterAll(async () => {
  await db?.destroy();
  await infra?.cleanup();
});

function file(companyId: string, overrides: Partial<VideoFileRow> = {}): Omit<VideoFileRow, 'createdAt'> {
  return {
    id: randomUUID(),
    companyId,
    createdBy: randomUUID(),
    kind: 'video',
    origin: 'upload',
    uploadId: randomUUID(),
    projectId: null,
    jobId: null,
    storageKey: `companies/${companyId}/uploads/${randomUUID()}.mp4`,
    filename: 'clip.mp4',
    contentType: 'video/mp4',
    size: 1000,
    durationMs: 2000,
    width: 320,
    height: 180,
    hasAudio: true,
    videoCodec: 'h264',
    ...overrides,
  };
}

describe(VideoProcessingRepository.name, () => {
  it('should take a job only while the company has fewer than the limit queued or running', async () => {
    const companyId = randomUUID();
    const input = await repo.insertFile(file(companyId));
    const job = () => ({ id: randomUUID(), companyId, createdBy: randomUUID(), operation: 'quality' as const, fileIds: [input.id], backgroundFileId: null, params: { denoise: true } });
    const first = job();
    expect(await repo.insertJob(first, 2)).toMatchObject({ id: first.id, status: 'queued', progress: 0 });
    expect(await repo.insertJob(job(), 2)).toBeDefined();
    expect(await repo.insertJob(job(), 2)).toBeUndefined();
    // A job that ended frees its place.
    await repo.updateJob(first.id, { status: 'completed', progress: 100 });
    expect(await repo.insertJob(job(), 2)).toBeDefined();
    // Another company is not held by this one's jobs.
    expect(await repo.insertJob({ ...job(), companyId: randomUUID() }, 2)).toBeDefined();
    expect(await repo.findJob(first.id)).toMatchObject({ status: 'completed', progress: 100, fileIds: [input.id], params: { denoise: true } });
  });

  it("should record a retried job's output once, under its first id", async () => {
    const companyId = randomUUID();
    const jobId = randomUUID();
    const output = file(companyId, { origin: 'output', uploadId: null, jobId, storageKey: `companies/${companyId}/video-processing/${jobId}/0.mp4`, size: 5000 });
    const first = await repo.insertFile(output);
    const again = await repo.insertFile({ ...output, id: randomUUID() });
    expect(again.id).toBe(first.id);
    expect((await repo.outputsOf(jobId)).map((f) => f.id)).toEqual([first.id]);
    // Outputs count against the storage (uploads count with the project service's uploads).
    await repo.insertFile(file(companyId, { size: 7000 }));
    expect(await repo.outputBytesOf([companyId])).toBe(5000);
  });

  it('should name nothing with an id that is not a UUID', async () => {
    expect(await repo.findFile('../../etc/passwd')).toBeUndefined();
    expect(await repo.findFile(`${randomUUID()}' or '1'='1`)).toBeUndefined();
    expect(await repo.findJob('not-a-job')).toBeUndefined();
  });
});
