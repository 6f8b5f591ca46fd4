// Smart crop: the largest window of the target aspect, moved along the video to where the motion is.
// - the window keeps one full side of the frame, so it moves along one axis only (x when the
//   target is narrower than the video, y when it is wider): the path is one number per moment;
// - focus: a first pass decodes the video at ANALYSIS_FPS and ANALYSIS_SIZE px (scale=area
//   averages away pixel noise) as raw grey frames on ffmpeg's standard output. Each frame is
//   compared with the one before: pixels that changed by more than MOTION_NOISE levels add their
//   change to their column (row) of a motion profile; the window position holding the most motion
//   is found by a sliding sum, and the focus is the motion's centroid inside it (so one moving
//   subject is centred, and two far apart do not put the window between them). A frame with
//   almost no motion (under MIN_MOTION_SHARE of its pixels) keeps the focus it had; the start of
//   the video takes the first focus found; a video without motion is cropped at its centre. This
//   is motion, not subject detection: a camera pan moves everything and leaves the window near
//   the middle;
// - path: a centred moving average (no lag: the whole path is known before the render; narrower
//   towards both ends so it stays centred there too), over 1 s
//   with preserve_motion (a steady virtual camera) and then a pan speed limit of half the frame
//   per second, as a camera operator would pan; without preserve_motion 0.4 s and no limit, so the
//   window keeps tight to the action;
// - render: the path, simplified to straight pieces (within 1 px), goes to the crop filter through
//   a sendcmd file: at the start of each piece the window's offset becomes a linear expression in
//   t, which crop evaluates on every frame, so the window glides between analysis points rather
//   than jumping five times a second; the file holds one line per piece, however long the video;
// - focus_detection false: a centred window, one pass. Sizes are even (yuv420p).
import { Writable } from 'node:stream';
import { resolve } from 'node:path';
import type { FfmpegPass } from './ffmpeg.runner.js';
import { evenDown, num, outputArgs } from './encoding.js';
import { TARGET_ASPECTS, type SmartCropParams, type TargetAspect, type VideoInput } from './types.js';

/** Analysis frames per second. */
export const ANALYSIS_FPS = 5;
/** The longer side of an analysis frame, in px. */
export const ANALYSIS_SIZE = 128;
/** A change of luma (0..255) below this between two analysis frames is noise, not motion. */
export const MOTION_NOISE = 12;
/** The share of an analysis frame's pixels that must change for the frame to have a focus. */
export const MIN_MOTION_SHARE = 0.002;
/** Smoothing windows (s) and the pan limit (share of the frame's extent per second). */
export const SMOOTHING_SECONDS = { preserveMotion: 1, tight: 0.4 };
export const MAX_PAN_PER_SECOND = 0.5;
/** How far (px) the simplified path may stray from the smoothed one. */
const PATH_TOLERANCE_PX = 1;

export type CropAxis = 'x' | 'y';

export interface CropWindow {
  width: number;
  height: number;
  /** The direction the window can move; null when it covers the whole (even) frame. */
  axis: CropAxis | null;
}

export interface FocusPoint {
  /** Seconds from the start. */
  t: number;
  /** The focus along the axis in source px, or null when the frame showed no motion. */
  focus: number | null;
}

export interface PathPoint {
  t: number;
  /** The window's offset (x or y) in source px. */
  offset: number;
}

export function aspectOf(target: TargetAspect): number {
  const [w, h] = (TARGET_ASPECTS.includes(target) ? target : '16:9').split(':').map(Number);
  return w! / h!;
}

/** The largest window of `target`'s aspect inside a width x height frame, with even sides. */
export function cropWindow(width: number, height: number, target: TargetAspect): CropWindow {
  const aspect = aspectOf(target);
  const fullW = evenDown(width);
  const fullH = evenDown(height);
  const w = width / height > aspect ? Math.min(fullW, evenDown(height * aspect)) : fullW;
  const h = width / height > aspect ? fullH : Math.min(fullH, evenDown(width / aspect));
  const axis: CropAxis | null = w < fullW ? 'x' : h < fullH ? 'y' : null;
  return { width: w, height: h, axis };
}

/** The size of the analysis frames: the longer side ANALYSIS_SIZE, the aspect kept, even. */
export function analysisSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, ANALYSIS_SIZE / Math.max(width, height));
  return { width: evenDown(width * scale), height: evenDown(height * scale) };
}

/**
 * Where the motion is between two grey frames: each column's (axis x) or row's (axis y) sum of
 * the changes above MOTION_NOISE, and how many pixels changed.
 */
export function motionProfile(previous: Uint8Array, current: Uint8Array, size: { width: number; height: number }, axis: CropAxis): { profile: Float64Array; moving: number } {
  const { width, height } = size;
  const profile = new Float64Array(axis === 'x' ? width : height);
  let moving = 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const d = Math.abs(current[row + x]! - previous[row + x]!);
      if (d > MOTION_NOISE) {
        profile[axis === 'x' ? x : y]! += d;
        moving++;
      }
    }
  }
  return { profile, moving };
}

/**
 * The focus of a motion profile for a window of `window` cells: the centroid (in cells, the first
 * cell's middle at 0.5) of the motion inside the window position that holds the most. Null
 * without motion.
 */
export function profileFocus(profile: Float64Array, window: number): number | null {
  const n = profile.length;
  const size = Math.min(n, Math.max(1, Math.round(window)));
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i]! + profile[i]!;
  if (prefix[n]! <= 0) return null;
  let best = 0;
  for (let at = 1; at + size <= n; at++) if (prefix[at + size]! - prefix[at]! > prefix[best + size]! - prefix[best]!) best = at;
  let mass = 0;
  let moment = 0;
  for (let i = best; i < best + size; i++) {
    mass += profile[i]!;
    moment += (i + 0.5) * profile[i]!;
  }
  return moment / mass;
}

/**
 * Reads the analysis pass's raw grey frames (in any chunking) and keeps one focus per frame, in
 * source px along the axis. Frame i is compared with frame i - 1, so its focus is placed half a
 * frame earlier; frame 0 has none.
 *
 * emitClose is off: fluent-ffmpeg kills ffmpeg 20 ms after its output stream closes and reports
 * 'Output stream closed' when ffmpeg's exit has not been seen by then, which happens under load.
 */
export class MotionTracker extends Writable {
  readonly points: FocusPoint[] = [];
  private readonly frameBytes: number;
  private frame: Buffer;
  private previous: Buffer;
  private filled = 0;

  constructor(
    private readonly size: { width: number; height: number },
    private readonly axis: CropAxis,
    /** The window's extent in analysis px. */
    private readonly window: number,
    /** Source px per analysis px along the axis. */
    private readonly scale: number,
  ) {
    super({ emitClose: false });
    this.frameBytes = size.width * size.height;
    this.frame = Buffer.alloc(this.frameBytes);
    this.previous = Buffer.alloc(this.frameBytes);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    let at = 0;
    while (at < chunk.length) {
      const n = Math.min(chunk.length - at, this.frameBytes - this.filled);
      chunk.copy(this.frame, this.filled, at, at + n);
      this.filled += n;
      at += n;
      if (this.filled === this.frameBytes) {
        this.analyse();
        this.filled = 0;
      }
    }
    done();
  }

  private analyse(): void {
    const i = this.points.length;
    if (i === 0) {
      this.points.push({ t: 0, focus: null });
    } else {
      const { profile, moving } = motionProfile(this.previous, this.frame, this.size, this.axis);
      const focus = moving >= MIN_MOTION_SHARE * this.frameBytes ? profileFocus(profile, this.window) : null;
      this.points.push({ t: (i - 0.5) / ANALYSIS_FPS, focus: focus === null ? null : focus * this.scale });
    }
    [this.previous, this.frame] = [this.frame, this.previous];
  }
}

/** Every point with a focus: a frame without one keeps the last focus, the start takes the first; `centre` when none has one. */
export function fillFocusGaps(points: readonly FocusPoint[], centre: number): Array<{ t: number; focus: number }> {
  const first = points.find((p) => p.focus !== null)?.focus ?? centre;
  let last = first;
  return points.map((p) => {
    if (p.focus !== null) last = p.focus;
    return { t: p.t, focus: last };
  });
}

/**
 * The path of the window's centre: a centred moving average over the smoothing window (1 s with
 * preserve_motion, else 0.4 s; narrower towards the ends), then, with preserve_motion, at most MAX_PAN_PER_SECOND of
 * `extent` per second. Points are evenly spaced in time.
 */
export function smoothFocusPath(points: ReadonlyArray<{ t: number; focus: number }>, options: { preserveMotion: boolean; extent: number }): Array<{ t: number; focus: number }> {
  const n = points.length;
  if (n < 2) return points.map((p) => ({ ...p }));
  const step = (points[n - 1]!.t - points[0]!.t) / (n - 1) || 1 / ANALYSIS_FPS;
  const seconds = options.preserveMotion ? SMOOTHING_SECONDS.preserveMotion : SMOOTHING_SECONDS.tight;
  const half = Math.max(0, Math.round(seconds / step / 2));
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i]! + points[i]!.focus;
  const smooth = points.map((p, i) => {
    // Narrower towards the ends, and always centred: a one-sided window would lag there.
    const reach = Math.min(half, i, n - 1 - i);
    const from = i - reach;
    const to = i + reach + 1;
    return { t: p.t, focus: (prefix[to]! - prefix[from]!) / (to - from) };
  });
  if (options.preserveMotion) {
    const maxStep = MAX_PAN_PER_SECOND * options.extent * step;
    for (let i = 1; i < n; i++) {
      const move = smooth[i]!.focus - smooth[i - 1]!.focus;
      if (Math.abs(move) > maxStep) smooth[i]!.focus = smooth[i - 1]!.focus + Math.sign(move) * maxStep;
    }
  }
  return smooth;
}

/** The window's offset for each focus: centred on it, inside the frame. */
export function cropOffsets(path: ReadonlyArray<{ t: number; focus: number }>, extent: number, windowExtent: number): PathPoint[] {
  const max = Math.max(0, extent - windowExtent);
  return path.map((p) => ({ t: p.t, offset: Math.min(max, Math.max(0, p.focus - windowExtent / 2)) }));
}

/** The path as few straight pieces as stay within `tolerance` px of it (Ramer-Douglas-Peucker). */
export function simplifyPath(points: readonly PathPoint[], tolerance = PATH_TOLERANCE_PX): PathPoint[] {
  if (points.length <= 2) return [...points];
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack: Array<[number, number]> = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [a, b] = stack.pop()!;
    const pa = points[a]!;
    const pb = points[b]!;
    let worst = -1;
    let worstAt = -1;
    for (let i = a + 1; i < b; i++) {
      const p = points[i]!;
      const along = pb.t === pa.t ? 0 : (p.t - pa.t) / (pb.t - pa.t);
      const off = Math.abs(p.offset - (pa.offset + along * (pb.offset - pa.offset)));
      if (off > worst) {
        worst = off;
        worstAt = i;
      }
    }
    if (worst > tolerance) {
      keep[worstAt] = 1;
      stack.push([a, worstAt], [worstAt, b]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

/**
 * The sendcmd file for a path: at each point's time the crop's offset becomes the line to the
 * next point, as an expression in t ('12.5+(t-0.9)*-30'); the last point holds.
 */
export function cropCommands(path: readonly PathPoint[], axis: CropAxis): string {
  return path
    .map((p, i) => {
      const next = path[i + 1];
      const slope = next && next.t > p.t ? (next.offset - p.offset) / (next.t - p.t) : 0;
      const expr = slope === 0 ? num(p.offset, 2) : `${num(p.offset, 2)}+(t-${num(p.t, 3)})*${num(slope, 3)}`;
      return `${num(p.t, 3)} crop ${axis} ${expr};`;
    })
    .join('\n')
    .concat('\n');
}

/**
 * The render's filter: a static crop at (x, y), or, with `commandsFile` (a name in ffmpeg's
 * working folder), a crop that sendcmd moves along the path.
 */
export function cropPathFilter(window: CropWindow, start: { x: number; y: number }, commandsFile: string | null): string {
  const crop = `crop=w=${window.width}:h=${window.height}:x=${num(start.x, 2)}:y=${num(start.y, 2)}`;
  return commandsFile ? `sendcmd=f=${commandsFile},${crop}` : crop;
}

/** The analysis pass: raw grey frames of analysisSize at ANALYSIS_FPS into `tracker`. */
export function motionAnalysisPass(input: VideoInput, tracker: Writable): FfmpegPass {
  const size = analysisSize(input.width, input.height);
  return {
    inputs: [{ path: resolve(input.path) }],
    outputs: [{ target: tracker, options: ['-map', '0:v:0', '-an', '-sn', '-vf', `fps=${ANALYSIS_FPS},scale=${size.width}:${size.height}:flags=area,format=gray`, '-f', 'rawvideo'] }],
    seconds: input.durationSeconds,
  };
}

/** The render pass of a crop (`filter` from cropPathFilter). */
export function cropRenderPass(input: VideoInput, filter: string, outPath: string): FfmpegPass {
  return {
    inputs: [{ path: resolve(input.path) }],
    outputs: [{ target: outPath, options: ['-vf', filter, ...outputArgs('0:v:0', input.hasAudio)] }],
    seconds: input.durationSeconds,
  };
}

/** The centred window's offset (even, as crop would round it). */
export function centredStart(input: { width: number; height: number }, window: CropWindow): { x: number; y: number } {
  return { x: Math.max(0, Math.floor((input.width - window.width) / 4) * 2), y: Math.max(0, Math.floor((input.height - window.height) / 4) * 2) };
}

export interface CropPlan {
  window: CropWindow;
  filter: string;
  /** The sendcmd file's text for `commandsFile`, or null when the window does not move. */
  commands: string | null;
}

/**
 * The crop of a video once its analysis is known (`points`; null for a centred crop); the filter
 * names `commandsFile` when the window moves.
 */
export function planCrop(input: VideoInput, params: SmartCropParams, points: readonly FocusPoint[] | null, commandsFile: string): CropPlan {
  const window = cropWindow(input.width, input.height, params.target_aspect);
  const centred = centredStart(input, window);
  if (!window.axis || !points || points.length === 0) return { window, filter: cropPathFilter(window, centred, null), commands: null };
  const axis = window.axis;
  const extent = axis === 'x' ? input.width : input.height;
  const windowExtent = axis === 'x' ? window.width : window.height;
  const focus = smoothFocusPath(fillFocusGaps(points, extent / 2), { preserveMotion: params.preserve_motion !== false, extent });
  const path = simplifyPath(cropOffsets(focus, extent, windowExtent));
  const first = path[0]!.offset;
  const start = axis === 'x' ? { x: first, y: centred.y } : { x: centred.x, y: first };
  if (path.every((p) => Math.abs(p.offset - first) < PATH_TOLERANCE_PX)) return { window, filter: cropPathFilter(window, start, null), commands: null };
  return { window, filter: cropPathFilter(window, start, commandsFile), commands: cropCommands(path, axis) };
}
