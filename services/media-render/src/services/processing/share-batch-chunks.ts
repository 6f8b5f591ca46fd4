// A batch's chunks shared between the `video` workers (issue: "runs them in parallel across
// workers"). The job's own worker splits the files, stores each chunk where every worker reads
// (the media storage), records the chunks (video_batch_chunks) and asks up to
// batchSharing.helpers other workers for help (HELP_VIDEO_BATCH_JOB, help-batch.ts). Then it and
// the helpers claim chunks one at a time until none is left; a claimer beats while it works (its
// progress rides on the beat), and a chunk whose claimer went silent for staleMs (its worker died)
// is claimed again. The job's worker keeps what it processed itself and fetches the helpers'
// results, joins, and removes the shared chunks. No worker ever waits for a helper to start: with
// no free worker the job's own does every chunk, as it would alone.
import { dirname, join } from 'node:path';
import { BATCH_CHUNK_CONCURRENCY, localChunkRunner, type ChunkRunner, type ProcessedChunk } from '../../processing/batch/run-batch.js';
import type { BatchChunkRow, ProcessingDeps, VideoJobRow } from './deps.js';

type SharingDeps = Pick<ProcessingDeps, 'chunks' | 'storage' | 'queue' | 'batchSharing' | 'newId'>;

/** Where a batch's shared chunks are stored: under the job's own outputs, removed when it ends. */
export const chunkStorageKey = (job: Pick<VideoJobRow, 'id' | 'companyId'>, fileIndex: number, chunkIndex: number, part: 'in' | 'out'): string =>
  `companies/${job.companyId}/video-processing/${job.id}/chunks/${fileIndex}-${chunkIndex}-${part}.${part === 'in' ? 'mkv' : 'mp4'}`;

/** The worker a claim id names: '<worker>/<claim>'. */
const workerOf = (claimedBy: string | null) => (claimedBy ?? '').split('/')[0]!;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal.removeEventListener('abort', done);
      clearTimeout(timer);
      if (signal.aborted) reject(signal.reason);
      else resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * `lanes` claimers of `worker`, each claiming the job's chunks one at a time and processing each
 * with `process` (its progress and a signal that also fires when the claim is lost) until none is
 * left. A chunk `process` fails on is given back for another claimer, and the failure thrown.
 */
export async function claimChunks(
  deps: Pick<ProcessingDeps, 'chunks' | 'batchSharing' | 'newId'>,
  jobId: string,
  worker: string,
  lanes: number,
  process: (chunk: BatchChunkRow, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<NonNullable<BatchChunkRow['output']>>,
  signal: AbortSignal,
): Promise<void> {
  const { staleMs, beatMs } = deps.batchSharing;
  const lane = async () => {
    for (;;) {
      signal.throwIfAborted();
      const by = `${worker}/${deps.newId()}`;
      const chunk = await deps.chunks.claimChunk(jobId, by, staleMs);
      if (!chunk) return;
      let progress = 0;
      const lost = new AbortController();
      const beat = setInterval(() => {
        deps.chunks.beatChunk(chunk, by, progress).then(
          (held) => held || lost.abort(new Error('the chunk was claimed again')),
          () => undefined, // a missed beat: the next one may get through
        );
      }, beatMs);
      try {
        const output = await process(chunk, (f) => (progress = f), AbortSignal.any([signal, lost.signal]));
        await deps.chunks.finishChunk(chunk, by, output);
      } catch (error) {
        if (lost.signal.aborted && !signal.aborted) continue; // someone else has it now
        await deps.chunks.releaseChunk(chunk, by).catch(() => undefined);
        throw error;
      } finally {
        clearInterval(beat);
      }
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}

/** The chunk runner of a batch's own worker: shares the chunks when there are several (see the header). */
export function shareBatchChunks(deps: SharingDeps, job: VideoJobRow, signal: AbortSignal): ChunkRunner {
  return async (items, work, onProgress) => {
    const helpers = Math.min(deps.batchSharing.helpers, items.length - 1);
    if (helpers < 1) return localChunkRunner(BATCH_CHUNK_CONCURRENCY)(items, work, onProgress);
    const indexOf = new Map(items.map((item, i) => [`${item.file}-${item.chunk.index}`, i]));
    const index = (row: Pick<BatchChunkRow, 'fileIndex' | 'chunkIndex'>) => indexOf.get(`${row.fileIndex}-${row.chunkIndex}`)!;
    const own = new Map<number, ProcessedChunk>();
    const worker = `${job.id}:own:${deps.newId()}`;
    try {
      // What an earlier attempt of this job left is not this one's.
      await deps.chunks.deleteChunks(job.id);
      for (const item of items) await deps.storage.save(chunkStorageKey(job, item.file, item.chunk.index, 'in'), { path: item.chunk.path });
      await deps.chunks.addChunks(items.map((item) => ({ jobId: job.id, fileIndex: item.file, chunkIndex: item.chunk.index, durationSeconds: item.chunk.durationSeconds, width: item.chunk.width, height: item.chunk.height, inputKey: chunkStorageKey(job, item.file, item.chunk.index, 'in') })));
      await deps.queue.enqueueHelpers(job.id, helpers);
      let rows: BatchChunkRow[];
      for (;;) {
        await claimChunks(deps, job.id, worker, BATCH_CHUNK_CONCURRENCY, async (chunk, progress, laneSignal) => {
          const i = index(chunk);
          const result = await work(items[i]!, (f) => {
            progress(f);
            onProgress(i, f);
          });
          laneSignal.throwIfAborted();
          own.set(i, result);
          return { key: '', width: result.width, height: result.height };
        }, signal);
        // Nothing left to claim: the helpers' chunks, their progress from their beats, until done
        // (or one goes silent and is claimed above).
        rows = await deps.chunks.chunksOf(job.id);
        for (const row of rows) onProgress(index(row), row.status === 'done' ? 1 : row.status === 'running' ? row.progress : 0);
        if (rows.every((row) => row.status === 'done')) break;
        await pause(deps.batchSharing.beatMs, signal);
      }
      const chunks: ProcessedChunk[] = [];
      for (const row of rows) {
        const i = index(row);
        if (row.output!.key === '') {
          chunks[i] = own.get(i)!;
          continue;
        }
        const path = join(dirname(items[i]!.chunk.path), `shared-${row.fileIndex}-${row.chunkIndex}.mp4`);
        await deps.storage.copyTo(row.output!.key, path);
        chunks[i] = { path, width: row.output!.width, height: row.output!.height };
      }
      return { chunks, workers: new Set(rows.map((row) => workerOf(row.claimedBy))).size };
    } finally {
      const keys = items.flatMap((item) => [chunkStorageKey(job, item.file, item.chunk.index, 'in'), chunkStorageKey(job, item.file, item.chunk.index, 'out')]);
      await Promise.all(keys.map((key) => deps.storage.delete(key).catch(() => undefined)));
      await deps.chunks.deleteChunks(job.id).catch(() => undefined);
    }
  };
}
