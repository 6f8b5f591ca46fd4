// A helper of a batch on another `video` worker (HELP_VIDEO_BATCH_JOB; share-batch-chunks.ts has
// the whole scheme): claims the batch's chunks until none is left, each fetched from storage, run
// through the job's operations and stored back for the job's own worker to join. A helper that
// starts after the batch ended, or finds nothing left, is done at once.
import { mkdir, rm } from 'node:fs/promises';
import { VIDEO_LIMITS } from '@trainwright/catalogue';
import { extname, join } from 'node:path';
import { BATCH_CHUNK_CONCURRENCY } from '../../processing/batch/run-batch.js';
import type { ProcessingDeps } from './deps.js';
import { chunkStorageKey, claimChunks } from './share-batch-chunks.js';

export async function helpVideoBatch(deps: ProcessingDeps, jobId: string, helper: number): Promise<'helped' | 'skipped'> {
  const job = await deps.jobs.findJob(jobId);
  if (!job || job.operation !== 'batch' || job.status !== 'running') return 'skipped';
  const background = job.backgroundFileId ? await deps.files.findFile(job.backgroundFileId) : undefined;
  // Nothing stops a helper but its chunk's time limit or a lost claim (the batch ended or took the chunk back).
  const never = new AbortController().signal;
  await deps.workDirs.use(async (dir) => {
    let backgroundPath: string | undefined;
    if (background) {
      backgroundPath = join(dir, `background${extname(background.filename).toLowerCase()}`);
      await deps.storage.copyTo(background.storageKey, backgroundPath);
    }
    await claimChunks(deps, job.id, `${job.id}:helper-${helper}:${deps.newId()}`, BATCH_CHUNK_CONCURRENCY, async (chunk, onProgress, signal) => {
      const chunkDir = join(dir, `chunk-${chunk.fileIndex}-${chunk.chunkIndex}-${deps.newId()}`);
      await mkdir(chunkDir, { recursive: true });
      try {
        const input = join(chunkDir, 'input.mkv');
        await deps.storage.copyTo(chunk.inputKey, input);
        const limitMs = VIDEO_LIMITS.jobBaseMs + chunk.durationSeconds * VIDEO_LIMITS.jobSecondsPerMediaSecond * 1000;
        const output = await deps.operations.runBatchChunk(job, { path: input, durationSeconds: chunk.durationSeconds, width: chunk.width, height: chunk.height }, backgroundPath, chunkDir, onProgress, AbortSignal.any([signal, AbortSignal.timeout(limitMs)]));
        const key = chunkStorageKey(job, chunk.fileIndex, chunk.chunkIndex, 'out');
        await deps.storage.save(key, { path: output.path });
        return { key, width: output.width, height: output.height };
      } finally {
        await rm(chunkDir, { recursive: true, force: true });
      }
    }, never);
  });
  return 'helped';
}
