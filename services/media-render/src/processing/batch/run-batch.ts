// A batch (POST /api/video/batch-process): several operations of the batch list run in order over
// several files, each file cut into chunks of chunk_duration seconds on its keyframes
// (operations/chunks.ts), the chunks processed side by side when parallel_processing is on, and
// joined back by stream copy with the original's sound (no seam: every chunk is encoded alike and
// the sound is never cut). Progress is the share of the work done: splitting, each chunk's
// operations and joining, weighted by each file's length.
//
// Chunks run inside this job's worker, up to BATCH_CHUNK_CONCURRENCY at once (each ffmpeg uses
// several threads; two at once keep two cores busy through the encodes' serial parts).
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { BatchOperationName } from '@trainwright/catalogue';
import { batchOperation, chunkSeconds, joinChunks, runVideoOperation, splitIntoChunks, type VideoChunk, type VideoInput } from '../operations/index.js';

export const BATCH_CHUNK_CONCURRENCY = Math.max(1, Math.min(4, availableParallelism()));

/** Weights of a file's three phases in its share of the progress. */
const PHASES = { split: 0.1, chunks: 0.8, join: 0.1 };

export interface BatchFile {
  input: VideoInput;
  /** The name its output takes (without extension). */
  name: string;
}

export interface BatchParams {
  operations: BatchOperationName[];
  processing_parameters?: Record<string, unknown>;
  chunk_duration?: number;
  parallel_processing?: boolean;
}

export interface BatchFileResult {
  outputPath: string;
  chunks: number;
}

/** Runs `work` over `items`, at most `limit` at once, the results in the items' order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  });
  await Promise.all(lanes);
  return results;
}

/** The batch over every file; `background`: a local image for chroma_key (else it keys to black). */
export async function runBatch(
  files: BatchFile[],
  params: BatchParams,
  options: { workDir: string; background?: string; onProgress: (fraction: number, stage: string) => void; signal: AbortSignal },
): Promise<BatchFileResult[]> {
  const chunkDuration = chunkSeconds(params.chunk_duration);
  const concurrency = params.parallel_processing === false ? 1 : BATCH_CHUNK_CONCURRENCY;
  const parameters = { ...params.processing_parameters, ...(options.background ? { background_image: options.background } : {}) };
  const total = files.reduce((n, f) => n + Math.max(f.input.durationSeconds, 0.001), 0);
  let before = 0;
  const results: BatchFileResult[] = [];
  for (const [i, file] of files.entries()) {
    const share = Math.max(file.input.durationSeconds, 0.001) / total;
    const at = (phase: number, fraction: number, stage: string) => options.onProgress(before + share * (phase + fraction), stage);
    const dir = join(options.workDir, `file-${i}`);
    const label = files.length > 1 ? `file ${i + 1} of ${files.length}: ` : '';
    const chunks = await splitIntoChunks({ input: file.input, chunkDuration, workDir: dir, signal: options.signal, onProgress: (f) => at(0, f * PHASES.split, `${label}splitting`) });
    // Each chunk's share of the chunk phase, reported as its operations advance.
    const done = new Array<number>(chunks.length).fill(0);
    const chunkProgress = (index: number, fraction: number) => {
      done[index] = fraction;
      const finished = done.reduce((a, b) => a + b, 0) / chunks.length;
      at(PHASES.split, finished * PHASES.chunks, `${label}chunk ${Math.min(chunks.length, done.filter((d) => d >= 1).length + 1)} of ${chunks.length}`);
    };
    const processed = await mapLimit(chunks, concurrency, async (chunk: VideoChunk) => {
      let current: VideoInput = chunk;
      for (const [k, name] of params.operations.entries()) {
        const result = await runVideoOperation(batchOperation(name, parameters), current, dir, (f) => chunkProgress(chunk.index, (k + f) / params.operations.length), options.signal);
        current = { ...current, path: result.outputPath!, width: result.width ?? current.width, height: result.height ?? current.height };
      }
      chunkProgress(chunk.index, 1);
      return current.path;
    });
    const joined = await joinChunks({ chunks: processed, audioFrom: file.input.hasAudio ? file.input : null, durationSeconds: file.input.durationSeconds, workDir: dir, signal: options.signal, onProgress: (f) => at(PHASES.split + PHASES.chunks, f * PHASES.join, `${label}joining`) });
    results.push({ outputPath: joined.outputPath, chunks: chunks.length });
    before += share;
  }
  return results;
}
