// Synthetic media for the video operation tests (made by ffmpeg's own sources) and the real
// consumers that measure the results: ffprobe for streams, ffmpeg for statistics and pixels.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const BIG = 1 << 28;

export async function tempDir(prefix: string): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** Runs ffmpeg quietly (fixtures and measurements). */
export async function ffmpeg(args: string[], cwd?: string): Promise<Buffer> {
  const { stdout } = await run('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], { encoding: 'buffer', maxBuffer: BIG, cwd });
  return stdout;
}

/** A fixture encode: small, a keyframe every `gop` frames; ultrafast has no B-frames, veryfast has. */
export const FIXTURE_ENCODE = (gop = 20, preset: 'ultrafast' | 'veryfast' = 'ultrafast') => ['-c:v', 'libx264', '-preset', preset, '-crf', '18', '-pix_fmt', 'yuv420p', '-g', String(gop)];

export interface ProbeStream {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
  nb_read_packets?: string;
  duration?: string;
}

export async function probe(path: string): Promise<{ streams: ProbeStream[]; format: { duration: string } }> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-count_packets', '-print_format', 'json', '-show_streams', '-show_format', path], { maxBuffer: BIG });
  return JSON.parse(stdout) as { streams: ProbeStream[]; format: { duration: string } };
}

export const videoStream = async (path: string) => (await probe(path)).streams.find((s) => s.codec_type === 'video')!;
export const hasAudio = async (path: string) => (await probe(path)).streams.some((s) => s.codec_type === 'audio');

/** The video stream's packet times (s), in presentation order. */
export async function videoPacketTimes(path: string): Promise<number[]> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', path], { maxBuffer: BIG });
  return stdout
    .split('\n')
    .map((l) => l.replace(/,$/, '').trim())
    .filter((l) => l !== '')
    .map(Number)
    .sort((a, b) => a - b);
}

/** The mean over all frames of a signalstats value ('YAVG', 'SATAVG'). */
export async function meanSignalStat(path: string, key: string, dir: string): Promise<number> {
  const name = `stats-${key}-${Math.random().toString(36).slice(2)}.txt`;
  await ffmpeg(['-i', path, '-vf', `signalstats,metadata=print:key=lavfi.signalstats.${key}:file=${name}`, '-f', 'null', '-'], dir);
  const values = [...(await readFile(join(dir, name), 'utf8')).matchAll(new RegExp(`lavfi\\.signalstats\\.${key}=([\\d.]+)`, 'g'))].map((m) => Number(m[1]));
  await rm(join(dir, name), { force: true });
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/** Every frame of a video as raw pixels (`rgb24` or `gray`), optionally scaled first. */
export async function decodeFrames(path: string, pixFmt: 'rgb24' | 'gray', size: { width: number; height: number }, scale = false): Promise<Buffer[]> {
  const raw = await ffmpeg(['-i', path, ...(scale ? ['-vf', `scale=${size.width}:${size.height}:flags=area`] : []), '-f', 'rawvideo', '-pix_fmt', pixFmt, '-']);
  const bytes = size.width * size.height * (pixFmt === 'rgb24' ? 3 : 1);
  const frames: Buffer[] = [];
  for (let at = 0; at + bytes <= raw.length; at += bytes) frames.push(raw.subarray(at, at + bytes));
  return frames;
}

/** The share of an RGB frame's pixels (inside `rect`, default all) that `test` accepts. */
export function pixelShare(frame: Buffer, width: number, test: (r: number, g: number, b: number) => boolean, rect?: { x0: number; y0: number; x1: number; y1: number }): number {
  const height = frame.length / 3 / width;
  const { x0, y0, x1, y1 } = rect ?? { x0: 0, y0: 0, x1: width, y1: height };
  let hit = 0;
  let all = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * width + x) * 3;
      all++;
      if (test(frame[i]!, frame[i + 1]!, frame[i + 2]!)) hit++;
    }
  }
  return all === 0 ? 0 : hit / all;
}

/** Column (axis x) or row (axis y) means of a grey frame. */
function projection(frame: Buffer, width: number, height: number, axis: 'x' | 'y'): Float64Array {
  const out = new Float64Array(axis === 'x' ? width : height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out[axis === 'x' ? x : y]! += frame[y * width + x]!;
  return out.map((v) => v / (axis === 'x' ? height : width));
}

/** The shift (cells) within ±range that best aligns profile b to profile a (least mean absolute difference). */
function profileShift(a: Float64Array, b: Float64Array, range: number): number {
  let best = { d: 0, cost: Infinity };
  for (let d = -range; d <= range; d++) {
    let cost = 0;
    for (let i = range; i < a.length - range; i++) cost += Math.abs(a[i]! - b[i + d]!);
    if (cost < best.cost) best = { d, cost };
  }
  return best.d;
}

/**
 * The global shift (px) between two grey frames, from their column and row projections (a still
 * picture moved by whole pixels keeps its projections, shifted).
 */
export function frameShift(a: Buffer, b: Buffer, width: number, height: number, range: number): { dx: number; dy: number } {
  return {
    dx: profileShift(projection(a, width, height, 'x'), projection(b, width, height, 'x'), range),
    dy: profileShift(projection(a, width, height, 'y'), projection(b, width, height, 'y'), Math.min(range, Math.floor(height / 3))),
  };
}

/** The mean frame-to-frame shift magnitude of a video's grey frames. */
export function meanShift(frames: Buffer[], width: number, height: number, range: number): number {
  let sum = 0;
  for (let i = 1; i < frames.length; i++) {
    const { dx, dy } = frameShift(frames[i - 1]!, frames[i]!, width, height, range);
    sum += Math.hypot(dx, dy);
  }
  return sum / Math.max(1, frames.length - 1);
}
