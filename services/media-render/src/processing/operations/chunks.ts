// Batch support: a long video is split into chunks that are processed in parallel, then joined.
// - split: stream copy with the segment muxer, video only. A cut falls on the first keyframe at
//   or after each chunk_duration boundary, so no frame is re-encoded (no quality loss, no seam:
//   every chunk starts with a keyframe and holds exactly the frames between two cuts) and the
//   split costs a read and a write. Chunks are Matroska, which takes any codec the input has;
//   each starts at time 0 (-reset_timestamps). A chunk's length is read back by ffprobe (its
//   duration less its start time), not taken from the segment list: with B-frames the copied
//   timestamps are shifted by the reorder delay (Matroska cannot store the negative decode times
//   mp4 has), and the list's times carry that shift. A source with very sparse keyframes gives
//   fewer, longer chunks: that only costs parallelism;
// - join: the processed chunks (H.264 mp4 from runVideoOperation, each the same frames as its
//   chunk) through the concat demuxer with stream copy, so the join is not another encode; the
//   sound is taken whole from the original and encoded once (the batch operations do not change
//   sound), so it has no seam at all: encoding it per chunk would put an AAC priming gap and a
//   padded last frame at every boundary.
import { VIDEO_RANGES } from '@trainwright/catalogue';
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { AUDIO_CODEC_ARGS, clamp } from './encoding.js';
import { probeTimes, runFfmpegPass, type FfmpegPass } from './ffmpeg.runner.js';
import type { ProgressListener, VideoInput } from './types.js';

/** The catalogue's chunk_duration range (60-1800 s, 300 by default). */
export const CHUNK_SECONDS = VIDEO_RANGES.chunk_duration;

/** A piece of the original, itself an input for runVideoOperation (without sound: the join takes the original's). */
export interface VideoChunk extends VideoInput {
  /** From 0, in time order. */
  index: number;
  /** Where the chunk starts in the original, in seconds. */
  startSeconds: number;
}

export interface ChunkListEntry {
  file: string;
  start: number;
  end: number;
}

/** chunk_duration within 60..1800 s (300 when it is not a number). */
export const chunkSeconds = (value: unknown): number => clamp(value, CHUNK_SECONDS.min, CHUNK_SECONDS.max, CHUNK_SECONDS.default);

/** The split: `pattern` ('<name>-%03d.mkv') and `listFile` are names in ffmpeg's working folder. */
export function splitPass(input: VideoInput, seconds: number, pattern: string, listFile: string): FfmpegPass {
  return {
    inputs: [{ path: resolve(input.path) }],
    outputs: [
      {
        target: pattern,
        options: [
          '-map', '0:v:0', '-an', '-sn', '-dn',
          '-c', 'copy',
          '-f', 'segment',
          '-segment_time', String(chunkSeconds(seconds)),
          '-segment_format', 'matroska',
          '-segment_list', listFile,
          '-segment_list_type', 'csv',
          '-reset_timestamps', '1',
        ],
      },
    ],
    seconds: input.durationSeconds,
  };
}

/** The segment muxer's CSV list: 'name,start,end' per chunk. */
export function parseChunkList(csv: string): ChunkListEntry[] {
  return csv
    .split(/\r?\n/)
    .map((line) => /^"?(.*?)"?,(-?[\d.]+),(-?[\d.]+)\s*$/.exec(line.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ file: m[1]!, start: Number(m[2]), end: Number(m[3]) }));
}

/** The concat demuxer's list of the processed chunks, in order. */
export function concatListText(paths: readonly string[]): string {
  return `ffconcat version 1.0\n${paths.map((p) => `file '${resolve(p).replace(/'/g, "'\\''")}'\n`).join('')}`;
}

/** The join: chunk pictures copied in order, the sound of `audioFrom` (the original) encoded once. */
export function joinPass(listFile: string, audioFrom: VideoInput | null, durationSeconds: number, outPath: string): FfmpegPass {
  const sound = audioFrom?.hasAudio ? audioFrom : null;
  return {
    inputs: [{ path: listFile, options: ['-f', 'concat', '-safe', '0'] }, ...(sound ? [{ path: resolve(sound.path) }] : [])],
    outputs: [
      {
        target: outPath,
        options: ['-map', '0:v:0', ...(sound ? ['-map', '1:a:0?', ...AUDIO_CODEC_ARGS] : ['-an']), '-c:v', 'copy', '-movflags', '+faststart', '-f', 'mp4'],
      },
    ],
    seconds: durationSeconds,
  };
}

const FAILURES = { split: 'The video could not be split into chunks', join: 'The processed chunks could not be joined' };

/** Splits `input` into chunks of about `chunkDuration` seconds (clamped to 60..1800) in `workDir`. */
export async function splitIntoChunks(options: { input: VideoInput; chunkDuration: number; workDir: string; onProgress?: ProgressListener; signal?: AbortSignal }): Promise<VideoChunk[]> {
  const { input, signal } = options;
  const dir = resolve(options.workDir);
  await mkdir(dir, { recursive: true });
  const base = `chunk-${randomUUID().slice(0, 8)}`;
  const listFile = `${base}.csv`;
  try {
    await runFfmpegPass(splitPass(input, options.chunkDuration, `${base}-%03d.mkv`, listFile), { cwd: dir, failure: FAILURES.split, onProgress: options.onProgress, signal });
    const entries = parseChunkList(await readFile(join(dir, listFile), 'utf8'));
    const chunks: VideoChunk[] = [];
    let start = 0;
    for (const [index, e] of entries.entries()) {
      const path = join(dir, e.file);
      const times = await probeTimes(path, FAILURES.split);
      const durationSeconds = Math.max(0, times.duration - times.startTime);
      chunks.push({ index, path, startSeconds: Math.round(start * 1e6) / 1e6, durationSeconds, width: input.width, height: input.height, hasAudio: false });
      start += durationSeconds;
    }
    return chunks;
  } catch (err) {
    await removeChunks(dir, base);
    throw err;
  } finally {
    await rm(join(dir, listFile), { force: true });
  }
}

async function removeChunks(dir: string, base: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => n.startsWith(`${base}-`)).map((n) => rm(join(dir, n), { force: true })));
}

/**
 * Joins processed chunks (in order) into one mp4 in `workDir`, with the sound of `audioFrom`
 * (the original the chunks were split from); `durationSeconds` (the original's) is for progress.
 */
export async function joinChunks(options: {
  chunks: ReadonlyArray<string | { path: string }>;
  audioFrom: VideoInput | null;
  durationSeconds: number;
  workDir: string;
  onProgress?: ProgressListener;
  signal?: AbortSignal;
}): Promise<{ outputPath: string }> {
  const dir = resolve(options.workDir);
  await mkdir(dir, { recursive: true });
  const base = `joined-${randomUUID().slice(0, 8)}`;
  const listFile = `${base}.ffconcat`;
  const outputPath = join(dir, `${base}.mp4`);
  await writeFile(join(dir, listFile), concatListText(options.chunks.map((c) => (typeof c === 'string' ? c : c.path))));
  try {
    await runFfmpegPass(joinPass(listFile, options.audioFrom, options.durationSeconds, outputPath), { cwd: dir, failure: FAILURES.join, onProgress: options.onProgress, signal: options.signal });
    return { outputPath };
  } catch (err) {
    await rm(outputPath, { force: true });
    throw err;
  } finally {
    await rm(join(dir, listFile), { force: true });
  }
}
