// Medium tests of a batch's chunks shared between video workers, against the real PostgreSQL, the
// real `video` queue on Redis and two real workers with real ffmpeg: the claims (never the same
// chunk twice, a silent claim taken over, a lost claim's writes refused), and a batch whose chunks
// two workers process, joined into a file as long as its source with the chunks' traces gone.
import { randomUUID } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createDatabase, HELP_VIDEO_BATCH_JOB, JobQueue, LocalFileStorage, startJobWorker, createLogger } from '@trainwright/platform';
import { createTestInfra, eventually, type TestInfra } from '@trainwright/platform/testing';
import type { Worker } from 'bullmq';
import { sql, type Kysely } from 'kysely';
import { helpVideoBatchJob, processVideoJob } from '../../../src/jobs/process-video.job.js';
import { MEDIA_SCHEMA, migrateMedia } from '../../../src/main.js';
import type { MediaDatabase } from '../../../src/repositories/database.js';
import { MediaStorageRepository } from '../../../src/repositories/media-storage.repository.js';
import { VideoBatchChunksRepository } from '../../../src/repositories/video-batch-chunks.repository.js';
import { VideoOperationsRepository } from '../../../src/repositories/video-operations.repository.js';
import { VideoProbeRepository } from '../../../src/repositories/video-probe.repository.js';
import { VideoProcessingQueueRepository } from '../../../src/repositories/video-processing-queue.repository.js';
import { VideoProcessingRepository } from '../../../src/repositories/video-processing.repository.js';
import { WorkDirRepository } from '../../../src/repositories/work-dir.repository.js';
import type { BatchChunkStore, ProcessingDeps, VideoJobRow } from '../../../src/services/processing/deps.js';
import { FIXTURE_ENCODE, ffmpeg, probe, tempDir, videoPacketTimes } from '../../processing/operations-media.js';

let infra: TestInfra;
let db: Kysely<MediaDatabase>;
let chunks: VideoBatchChunksRepository;
let store: VideoProcessingRepository;

beforeAll(async () => {
  infra = await createTestInfra('shared_batch');
  await migrateMedia({ DATABASE_URL: infra.databaseUrl });
  db = createDatabase<MediaDatabase>({ url: infra.databaseUrl, schema: MEDIA_SCHEMA });
  chunks = new VideoBatchChunksRepository(db);
  store = new VideoProcessingRepository(db);
});

afterAll(async () => {
  await db?.destroy();
  await infra?.cleanup();
});

const chunkRows = (jobId: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({ jobId, fileIndex: 0, chunkIndex: i, durationSeconds: 60, width: 160, height: 90, inputKey: `k/${i}` }));

describe(VideoBatchChunksRepository.name, () => {
  it('should give each chunk to one claimer however many claim at once', async () => {
    const jobId = randomUUID();
    await chunks.addChunks(chunkRows(jobId, 4));
    const claims = await Promise.all(Array.from({ length: 7 }, (_, i) => chunks.claimChunk(jobId, `w${i}/c`, 60_000)));
    const taken = claims.filter((c) => c !== undefined);
    expect(taken.map((c) => c.chunkIndex).sort()).toEqual([0, 1, 2, 3]);
    expect(new Set(taken.map((c) => c.claimedBy)).size).toBe(4);
    expect(taken.every((c) => c.status === 'running')).toBe(true);
  });

  it('should take over a chunk whose claimer went silent and refuse the old claimer its writes', async () => {
    const jobId = randomUUID();
    await chunks.addChunks(chunkRows(jobId, 1));
    const first = (await chunks.claimChunk(jobId, 'dead/1', 60_000))!;
    expect(await chunks.claimChunk(jobId, 'other/1', 60_000)).toBeUndefined();
    expect(await chunks.beatChunk(first, 'dead/1', 0.5)).toBe(true);
    // Its last beat an hour ago: its worker is gone.
    await sql`UPDATE video_batch_chunks SET beat_at = now() - interval '1 hour' WHERE job_id = ${jobId}`.execute(db);
    const again = (await chunks.claimChunk(jobId, 'other/1', 60_000))!;
    expect(again).toMatchObject({ chunkIndex: 0, claimedBy: 'other/1', progress: 0 });
    expect(await chunks.beatChunk(first, 'dead/1', 0.6)).toBe(false);
    expect(await chunks.finishChunk(first, 'dead/1', { key: 'k/dead', width: 1, height: 1 })).toBe(false);
    await chunks.releaseChunk(first, 'dead/1'); // not its own: nothing happens
    expect((await chunks.chunksOf(jobId))[0]).toMatchObject({ status: 'running', claimedBy: 'other/1' });
    expect(await chunks.finishChunk(again, 'other/1', { key: 'k/out', width: 80, height: 90 })).toBe(true);
    expect((await chunks.chunksOf(jobId))[0]).toMatchObject({ status: 'done', progress: 1, output: { key: 'k/out', width: 80, height: 90 } });
    await chunks.deleteChunks(jobId);
    expect(await chunks.chunksOf(jobId)).toEqual([]);
  });

  it('should give a released chunk to the next claimer', async () => {
    const jobId = randomUUID();
    await chunks.addChunks(chunkRows(jobId, 1));
    const first = (await chunks.claimChunk(jobId, 'a/1', 60_000))!;
    await chunks.releaseChunk(first, 'a/1');
    expect(await chunks.claimChunk(jobId, 'b/1', 60_000)).toMatchObject({ chunkIndex: 0, claimedBy: 'b/1' });
  });
});

describe('a batch shared between two video workers', () => {
  let storageDir: { path: string; remove: () => Promise<void> };
  let media: { path: string; remove: () => Promise<void> };
  const workers: Worker[] = [];
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    storageDir = await tempDir('tw-shared-batch-storage-');
    media = await tempDir('tw-shared-batch-media-');
  });

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.close()));
    await Promise.all(queues.map((q) => q.close()));
    await storageDir?.remove();
    await media?.remove();
  });

  function depsOf(storage: MediaStorageRepository, chunkStore: BatchChunkStore): ProcessingDeps {
    const queue = new JobQueue({ redisUrl: infra.redisUrl, namespace: infra.namespace }, HELP_VIDEO_BATCH_JOB.queue);
    queues.push(queue);
    return {
      memberships: undefined as never, // jobs do not check access: the API did when it queued them
      files: store,
      jobs: store,
      probe: new VideoProbeRepository(),
      queue: new VideoProcessingQueueRepository(queue),
      events: { changed: async () => undefined },
      storage,
      workDirs: new WorkDirRepository('', 'tw-shared-batch-'),
      operations: new VideoOperationsRepository(async () => {
        throw new Error('a batch transcribes nothing');
      }),
      chunks: chunkStore,
      batchSharing: { helpers: 8, beatMs: 200, staleMs: 30_000 },
      newId: randomUUID,
    };
  }

  it('should process the chunks on both workers and join them into the whole video', async () => {
    const storage = new MediaStorageRepository(new LocalFileStorage(storageDir.path));
    // A 4-minute clip (4 chunks of 60 s) with a keyframe every 2 s, as a camera writes them, and a tone.
    const source = join(media.path, 'lecture.mp4');
    await ffmpeg(['-y', '-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=5:duration=240', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=240', ...FIXTURE_ENCODE(10), '-c:a', 'aac', '-shortest', source]);
    const companyId = randomUUID();
    const createdBy = randomUUID();
    const storageKey = `companies/${companyId}/uploads/${randomUUID()}.mp4`;
    const size = await storage.save(storageKey, { path: source });
    const input = await store.insertFile({ id: randomUUID(), companyId, createdBy, kind: 'video', origin: 'upload', uploadId: randomUUID(), projectId: null, jobId: null, storageKey, filename: 'lecture.mp4', contentType: 'video/mp4', size, durationMs: 240_000, width: 160, height: 90, hasAudio: true, videoCodec: 'h264' });

    // The first worker, once it holds a chunk, claims another only when the other worker holds
    // one too, so both take part whichever runs the job and however fast (the claims are the real ones).
    const gated: BatchChunkStore = Object.assign(Object.create(chunks) as BatchChunkStore, {
      claimChunk: async (jobId: string, by: string, staleMs: number) => {
        const worker = by.split('/')[0];
        const holders = async () => new Set((await chunks.chunksOf(jobId)).filter((r) => r.claimedBy).map((r) => r.claimedBy!.split('/')[0]));
        const now = await holders();
        if (now.has(worker) && now.size < 2) await eventually(async () => (await holders()).size >= 2, 60_000);
        return chunks.claimChunk(jobId, by, staleMs);
      },
    });
    const own = depsOf(storage, gated);
    const other = depsOf(storage, chunks);
    const ctx = { redisUrl: infra.redisUrl, namespace: infra.namespace };
    const logger = createLogger('test', 'silent');
    workers.push(startJobWorker(ctx, 'video', [processVideoJob(own), helpVideoBatchJob(own)], { concurrency: 1, logger }));
    workers.push(startJobWorker(ctx, 'video', [processVideoJob(other), helpVideoBatchJob(other)], { concurrency: 1, logger }));

    const params = { operations: ['color_correction'], processing_parameters: { color_correction: { brightness: 0.1 } }, chunk_duration: 60, parallel_processing: true };
    const job = (await store.insertJob({ id: randomUUID(), companyId, createdBy, operation: 'batch', fileIds: [input.id], backgroundFileId: null, params }, 5))!;
    await own.queue.enqueue(job.id);
    const done = await eventually(async () => {
      const row = await store.findJob(job.id);
      return (row?.status === 'completed' || row?.status === 'failed') && row;
    }, 240_000);
    expect(done).toMatchObject({ status: 'completed', error: '' });
    expect((done as VideoJobRow).data).toMatchObject({ files: [{ video_path: input.id, chunks: 4 }], workers: 2 });

    const [output] = await store.outputsOf(job.id);
    const result = join(media.path, 'result.mp4');
    await storage.copyTo(output!.storageKey, result);
    const [before, after] = await Promise.all([probe(source), probe(result)]);
    expect(Math.abs(Number(after.format.duration) - Number(before.format.duration))).toBeLessThanOrEqual(0.2);
    expect((await videoPacketTimes(result)).length).toBe((await videoPacketTimes(source)).length);
    expect(after.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    // The shared chunks are gone: rows and stored files.
    expect(await chunks.chunksOf(job.id)).toEqual([]);
    const jobDir = join(storageDir.path, 'companies', companyId, 'video-processing', job.id);
    const left = readdirSync(jobDir, { recursive: true }).map(String).filter((name) => name.startsWith('chunks/') && statSync(join(jobDir, name)).isFile());
    expect(left).toEqual([]);
  }, 300_000);
});
