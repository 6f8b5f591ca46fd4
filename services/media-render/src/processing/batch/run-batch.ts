// A batch (POST /api/video/batch-process): several operations of the batch list run in order over
// several files, each file cut into chunks of chunk_duration seconds on its keyframes
// (operations/chunks.ts), the chunks processed side by side when parallel_processing is on, and
// joined back by stream copy with the original's sound (no seam: every chunk is encoded alike and
// the sound is never cut). Progress is the share of the work done: splitting, each chunk's
// operations and joining, weighted by each file's length.
//
// Who processes the chunks is the caller's `runner`: by default this worker, up to
// BATCH_CHUNK_CONCURRENCY at once (each ffmpeg uses several threads; two at once keep two cores
// busy through the encodes' serial parts); the video job shares them with the other video workers
// (services/processing/share-batch-chunks.ts), each running processBatchChunk on its claims.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { BatchOperationName } from '@trainwright/catalogue';
import { mapLimit } from '../../domain/map-limit.js';
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

/** A chunk of one of the batch's files, as the runner is given it. */
export interface BatchChunkItem {
  /** The file's index in the batch. */
  file: number;
  chunk: VideoChunk;
}

/** What a processed chunk is: its file and size (smart crop and upscale change the size). */
export type ProcessedChunk = Pick<VideoInput, 'path' | 'width' | 'height'>;

/**
 * Processes every item, each by `work` here or by the same operations elsewhere (processBatchChunk),
 * reporting each item's progress (0..1) by its index; the results in the items' order.
 */
export type ChunkRunner = (
  items: readonly BatchChunkItem[],
  work: (item: BatchChunkItem, onProgress: (fraction: number) => void) => Promise<ProcessedChunk>,
  onProgress: (index: number, fraction: number) => void,
) => Promise<{ chunks: ProcessedChunk[]; workers: number }>;

/** The operations' parameters as the batch runs them (the background image a local file, for chroma_key). */
export function batchParameters(params: BatchParams, background?: string): Record<string, unknown> {
  return { ...params.processing_parameters, ...(background ? { background_image: background } : {}) };
}

/** One chunk through the batch's operations in order, in `dir`: the last operation's output. */
export async function processBatchChunk(
  chunk: VideoInput,
  params: BatchParams,
  parameters: Record<string, unknown>,
  dir: string,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<ProcessedChunk> {
  let current: VideoInput = { ...chunk, hasAudio: false };
  for (const [k, name] of params.operations.entries()) {
    const result = await runVideoOperation(batchOperation(name, parameters), current, dir, (f) => onProgress((k + f) / params.operations.length), signal);
    current = { ...current, path: result.outputPath!, width: result.width ?? current.width, height: result.height ?? current.height };
  }
  onProgress(1);
  return { path: current.path, width: current.width, height: current.height };
}

/** The runner of one worker: `limit` chunks at once. */
export function localChunkRunner(limit: number): ChunkRunner {
  return async (items, work, onProgress) => ({ chunks: await mapLimit(items, limit, (item, index) => work(item, (f) => onProgress(index, f))), workers: 1 });
}

/** The batch over every file; `background`: a local image for chroma_key (else it keys to black). */
export async function runBatch(
  files: BatchFile[],
  params: BatchParams,
  options: { workDir: string; background?: string; onProgress: (fraction: number, stage: string) => void; signal: AbortSignal; runner?: ChunkRunner },
): Promise<{ files: BatchFileResult[]; workers: number }> {
  const chunkDuration = chunkSeconds(params.chunk_duration);
  const runner = params.parallel_processing === false ? localChunkRunner(1) : (options.runner ?? localChunkRunner(BATCH_CHUNK_CONCURRENCY));
  const parameters = batchParameters(params, options.background);
  const weights = files.map((f) => Math.max(f.input.durationSeconds, 0.001));
  const total = weights.reduce((a, b) => a + b, 0);
  const before = (i: number) => weights.slice(0, i).reduce((a, b) => a + b, 0) / total;
  const label = (i: number) => (files.length > 1 ? `file ${i + 1} of ${files.length}: ` : '');
  const dirOf = (i: number) => join(options.workDir, `file-${i}`);

  // Every file split first, so the chunks of all of them are processed side by side.
  const items: BatchChunkItem[] = [];
  for (const [i, file] of files.entries()) {
    const chunks = await splitIntoChunks({ input: file.input, chunkDuration, workDir: dirOf(i), signal: options.signal, onProgress: (f) => options.onProgress(PHASES.split * (before(i) + (weights[i]! / total) * f), `${label(i)}splitting`) });
    items.push(...chunks.map((chunk) => ({ file: i, chunk })));
  }

  // Each chunk's share of the chunk phase (its file's length over its chunk count), as its operations advance.
  const shares = items.map((item) => weights[item.file]! / total / items.filter((other) => other.file === item.file).length);
  const done = new Array<number>(items.length).fill(0);
  const chunkProgress = (index: number, fraction: number) => {
    done[index] = Math.max(done[index]!, Math.min(1, fraction));
    const finished = done.reduce((n, d, k) => n + d * shares[k]!, 0);
    const completed = done.filter((d) => d >= 1).length;
    options.onProgress(PHASES.split + finished * PHASES.chunks, `chunk ${Math.min(items.length, completed + 1)} of ${items.length}`);
  };
  const { chunks: processed, workers } = await runner(items, (item, onProgress) => processBatchChunk(item.chunk, params, parameters, dirOf(item.file), onProgress, options.signal), chunkProgress);

  const results: BatchFileResult[] = [];
  for (const [i, file] of files.entries()) {
    const own = processed.filter((_, k) => items[k]!.file === i);
    const joined = await joinChunks({ chunks: own, audioFrom: file.input.hasAudio ? file.input : null, durationSeconds: file.input.durationSeconds, workDir: dirOf(i), signal: options.signal, onProgress: (f) => options.onProgress(PHASES.split + PHASES.chunks + PHASES.join * (before(i) + (weights[i]! / total) * f), `${label(i)}joining`) });
    results.push({ outputPath: joined.outputPath, chunks: own.length });
  }
  return { files: results, workers };
}
