// Offline speaker-change diarization, for recognisers that have no diarization of their own
// (pocketsphinx). The classic two-step method of Chen & Gopalakrishnan ("Speaker, environment and
// channel change detection and clustering via the Bayesian Information Criterion", 1998):
//   1. features: 12 MFCCs (c1..c12; c0, the loudness, is left out so a louder sentence is not a
//      new speaker) every 10 ms over 25 ms Hamming windows, only where there is speech (inside
//      the recogniser's words when it gives them, and never quieter than the loudest by 35 dB);
//   2. segmentation: a growing window (3 s to 10 s of speech) is tested every 50 ms for a split
//      into two full-covariance Gaussians that explains it better than one by more than the BIC
//      penalty (weight 2); a split found starts the next window;
//   3. clustering: the segments are merged bottom-up, the pair with the lowest ΔBIC first, while
//      one Gaussian explains a pair better than two (penalty weight 3). What is left is one
//      cluster per speaker;
//   4. each change between two speakers moves to the pause within 1.5 s of speech across which
//      the voice differs most (turns are taken at pauses; the window alone places a change to
//      within about a second).
// It tells voices apart by the shape of their spectrum, so it finds changes between voices that
// sound different (a man and a woman, two synthetic voices); two similar voices may be one
// speaker, and a voice through two channels (a phone, a room) may be two.
//
// Bounds: the features of the whole file are kept (12 floats per 10 ms: 17 MB an hour); the
// clustering compares at most maxClusters clusters pairwise. SpeakerChangeDiarizer
// (speaker-change-diarizer.ts) runs it in a worker thread (speaker-changes.worker.ts) with a time
// and heap limit and refuses audio past a length, never on the service's event loop. This module
// imports nothing of the service, so the thread loads only it.
import { open } from 'node:fs/promises';
import type { WavInfo } from '../speech/wav.js';

/** What `Transcript.diarization.method` says when this method told the speakers apart. */
export const SPEAKER_CHANGE_METHOD = 'offline speaker-change detection (MFCC, BIC segmentation and clustering)';

export interface SpeakerTurn {
  /** Seconds from the start of the audio. */
  start: number;
  end: number;
  /** 1-based, in the order the speakers first speak. */
  speaker: number;
}

export interface SpeakerChangeResult {
  method: string;
  /** 0 when there is no speech. */
  speakers: number;
  /** One turn per run of one speaker's speech, in time order. */
  turns: SpeakerTurn[];
  /** The times (s) at which another speaker starts. */
  changes: number[];
}

/** Where speech is, in seconds (e.g. the recogniser's words); without it, loud frames count. */
export type SpeechRegion = { start: number; end: number };

export interface SpeakerChangeOptions {
  /** BIC penalty weight of the segmentation (1 is the criterion as published; higher finds fewer changes). */
  lambda: number;
  /** BIC penalty weight of the clustering (higher merges more, so finds fewer speakers). */
  clusterLambda: number;
  /** Frames (10 ms) on each side of a tested change, at least: also the shortest segment. */
  marginFrames: number;
  /** Window sizes, in frames. */
  minWindowFrames: number;
  maxWindowFrames: number;
  growFrames: number;
  /** Candidate change points are tested every this many frames. */
  stepFrames: number;
  /** Frames quieter than the loudest by more than this many dB are not speech. */
  speechRangeDb: number;
  /** Clusters kept for the final merge at most (more are merged with their neighbour first). */
  maxClusters: number;
}

export const DEFAULT_SPEAKER_CHANGE_OPTIONS: SpeakerChangeOptions = {
  // Chosen on espeak-ng voices and Debian's recordings (docs/benchmarks.md, "Offline transcription",
  // "Speaker changes"): 1 and 1 split one voice into many; with 2 and 3 every change between unlike
  // voices was found and no single voice was split.
  lambda: 2,
  clusterLambda: 3,
  marginFrames: 100,
  minWindowFrames: 300,
  maxWindowFrames: 1000,
  growFrames: 100,
  stepFrames: 5,
  speechRangeDb: 35,
  maxClusters: 400,
};

// ---------------------------------------------------------------- features

/** MFCCs and loudness per 10 ms frame. */
export interface Features {
  frames: number;
  dims: number;
  /** frames × dims, row by row. */
  mfcc: Float32Array;
  /** Loudness of each frame in dB (full scale = 0). */
  energyDb: Float32Array;
  /** Seconds between frame starts, and the length of a frame. */
  hopSeconds: number;
  frameSeconds: number;
}

const MFCC_DIMS = 12;
const MEL_BANDS = 24;
const LOW_HZ = 100;
const HIGH_HZ = 7600;
const PRE_EMPHASIS = 0.97;

/** MFCC computation for one sample rate (frame and FFT sizes, filter bank and DCT made once). */
export class MfccExtractor {
  readonly frameLength: number;
  readonly hop: number;
  private readonly fftSize: number;
  private readonly window: Float64Array;
  private readonly filters: Array<{ first: number; weights: Float64Array }>;
  private readonly dct: Float64Array;
  private readonly re: Float64Array;
  private readonly im: Float64Array;
  private readonly bitReverse: Uint32Array;
  private readonly cos: Float64Array;
  private readonly sin: Float64Array;
  private readonly bands = new Float64Array(MEL_BANDS);

  constructor(readonly sampleRate: number) {
    this.frameLength = Math.round(sampleRate * 0.025);
    this.hop = Math.round(sampleRate * 0.01);
    let n = 1;
    while (n < this.frameLength) n *= 2;
    this.fftSize = n;
    this.window = Float64Array.from({ length: this.frameLength }, (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (this.frameLength - 1)));
    this.re = new Float64Array(n);
    this.im = new Float64Array(n);
    const bits = Math.log2(n);
    this.bitReverse = Uint32Array.from({ length: n }, (_, i) => {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
      return r;
    });
    this.cos = Float64Array.from({ length: n / 2 }, (_, i) => Math.cos((-2 * Math.PI * i) / n));
    this.sin = Float64Array.from({ length: n / 2 }, (_, i) => Math.sin((-2 * Math.PI * i) / n));
    // Triangular filters evenly spaced on the mel scale.
    const mel = (hz: number): number => 2595 * Math.log10(1 + hz / 700);
    const hz = (m: number): number => 700 * (10 ** (m / 2595) - 1);
    const high = Math.min(HIGH_HZ, sampleRate / 2);
    const points = Array.from({ length: MEL_BANDS + 2 }, (_, i) => hz(mel(LOW_HZ) + ((mel(high) - mel(LOW_HZ)) * i) / (MEL_BANDS + 1)));
    const binHz = sampleRate / n;
    this.filters = [];
    for (let m = 1; m <= MEL_BANDS; m++) {
      const [lo, mid, hi] = [points[m - 1]!, points[m]!, points[m + 1]!];
      const first = Math.ceil(lo / binHz);
      const last = Math.min(n / 2, Math.floor(hi / binHz));
      const weights = new Float64Array(Math.max(0, last - first + 1));
      for (let k = first; k <= last; k++) {
        const f = k * binHz;
        weights[k - first] = f <= mid ? (f - lo) / (mid - lo) : (hi - f) / (hi - mid);
      }
      this.filters.push({ first, weights });
    }
    this.dct = new Float64Array(MFCC_DIMS * MEL_BANDS);
    for (let c = 0; c < MFCC_DIMS; c++) {
      for (let m = 0; m < MEL_BANDS; m++) this.dct[c * MEL_BANDS + m] = Math.cos((Math.PI * (c + 1) * (m + 0.5)) / MEL_BANDS);
    }
  }

  /** Frames in `samples` samples. */
  frameCount(samples: number): number {
    return samples < this.frameLength ? 0 : Math.floor((samples - this.frameLength) / this.hop) + 1;
  }

  /**
   * The frame starting at `at` in `x` (samples in -1..1; `x[at - 1]` is used for the
   * pre-emphasis when there is one): its MFCCs into `out` at `outAt`, its loudness returned.
   */
  frame(x: Float32Array, at: number, out: Float32Array, outAt: number): number {
    const { re, im, window, frameLength } = this;
    let power = 0;
    let previous = at > 0 ? x[at - 1]! : x[at]!;
    for (let i = 0; i < frameLength; i++) {
      const s = x[at + i]!;
      power += s * s;
      re[i] = (s - PRE_EMPHASIS * previous) * window[i]!;
      previous = s;
    }
    re.fill(0, frameLength);
    im.fill(0);
    this.fft();
    const half = this.fftSize / 2;
    for (let k = 0; k <= half; k++) re[k] = re[k]! * re[k]! + im[k]! * im[k]!;
    for (let m = 0; m < MEL_BANDS; m++) {
      const { first, weights } = this.filters[m]!;
      let e = 0;
      for (let j = 0; j < weights.length; j++) e += weights[j]! * re[first + j]!;
      this.bands[m] = Math.log(e + 1e-10);
    }
    for (let c = 0; c < MFCC_DIMS; c++) {
      let v = 0;
      for (let m = 0; m < MEL_BANDS; m++) v += this.dct[c * MEL_BANDS + m]! * this.bands[m]!;
      out[outAt + c] = v;
    }
    return 10 * Math.log10(power / frameLength + 1e-12);
  }

  /** In-place iterative radix-2 FFT of re/im. */
  private fft(): void {
    const { re, im, bitReverse, cos, sin } = this;
    const n = this.fftSize;
    for (let i = 0; i < n; i++) {
      const j = bitReverse[i]!;
      if (j > i) {
        [re[i], re[j]] = [re[j]!, re[i]!];
        [im[i], im[j]] = [im[j]!, im[i]!];
      }
    }
    for (let size = 2; size <= n; size *= 2) {
      const halfSize = size / 2;
      const stride = n / size;
      for (let start = 0; start < n; start += size) {
        for (let k = 0; k < halfSize; k++) {
          const wr = cos[k * stride]!;
          const wi = sin[k * stride]!;
          const a = start + k;
          const b = a + halfSize;
          const tr = re[b]! * wr - im[b]! * wi;
          const ti = re[b]! * wi + im[b]! * wr;
          re[b] = re[a]! - tr;
          im[b] = im[a]! - ti;
          re[a] = re[a]! + tr;
          im[a] = im[a]! + ti;
        }
      }
    }
  }
}

function emptyFeatures(extractor: MfccExtractor, frames: number): Features {
  return {
    frames,
    dims: MFCC_DIMS,
    mfcc: new Float32Array(frames * MFCC_DIMS),
    energyDb: new Float32Array(frames),
    hopSeconds: extractor.hop / extractor.sampleRate,
    frameSeconds: extractor.frameLength / extractor.sampleRate,
  };
}

/** Features of samples held in memory (-1..1). */
export function computeFeatures(samples: Float32Array, sampleRate: number): Features {
  const extractor = new MfccExtractor(sampleRate);
  const features = emptyFeatures(extractor, extractor.frameCount(samples.length));
  for (let f = 0; f < features.frames; f++) {
    features.energyDb[f] = extractor.frame(samples, f * extractor.hop, features.mfcc, f * MFCC_DIMS);
  }
  return features;
}

/** Features of a 16-bit PCM mono WAV, read in 1 MB pieces (the samples are never all in memory). */
export async function computeWavFeatures(path: string, info: WavInfo, onProgress?: (fraction: number) => void, stop: StopCheck = never): Promise<Features> {
  const extractor = new MfccExtractor(info.sampleRate);
  const total = info.frames;
  const features = emptyFeatures(extractor, extractor.frameCount(total));
  const chunkSamples = 512 * 1024;
  const raw = Buffer.alloc(chunkSamples * 2);
  // The window: what is left of the last piece (at most one frame and one sample) + the next piece.
  const keep = extractor.frameLength + 1;
  const x = new Float32Array(chunkSamples + keep);
  let held = 0; // samples in x
  let heldFrom = 0; // sample index of x[0] in the file
  let read = 0;
  let frame = 0;
  const file = await open(path, 'r');
  try {
    while (read < total) {
      stop();
      const want = Math.min(chunkSamples, total - read);
      const { bytesRead } = await file.read(raw, 0, want * 2, info.dataOffset + read * 2);
      const got = Math.floor(bytesRead / 2);
      if (got === 0) break;
      for (let i = 0; i < got; i++) x[held + i] = raw.readInt16LE(i * 2) / 32768;
      held += got;
      read += got;
      for (; frame < features.frames; frame++) {
        const at = frame * extractor.hop - heldFrom;
        if (at + extractor.frameLength > held) break;
        features.energyDb[frame] = extractor.frame(x, at, features.mfcc, frame * MFCC_DIMS);
      }
      const from = Math.max(0, Math.min(held, frame * extractor.hop - heldFrom - 1));
      x.copyWithin(0, from, held);
      held -= from;
      heldFrom += from;
      onProgress?.(read / total);
    }
  } finally {
    await file.close();
  }
  features.frames = frame;
  return features;
}

/** Throws when the work is to stop (checked between pieces of work). */
export type StopCheck = () => void;
const never: StopCheck = () => {};

// ---------------------------------------------------------------- statistics

/** Count, sum and sum of outer products of a run of feature vectors (upper triangle, row by row). */
class Stats {
  n = 0;
  readonly s1: Float64Array;
  readonly s2: Float64Array;

  constructor(readonly d: number) {
    this.s1 = new Float64Array(d);
    this.s2 = new Float64Array((d * (d + 1)) / 2);
  }

  add(v: Float32Array, at: number): void {
    const d = this.d;
    this.n++;
    let p = 0;
    for (let i = 0; i < d; i++) {
      const vi = v[at + i]!;
      this.s1[i] = this.s1[i]! + vi;
      for (let j = i; j < d; j++) this.s2[p] = this.s2[p++]! + vi * v[at + j]!;
    }
  }

  merge(other: Stats): void {
    this.n += other.n;
    for (let i = 0; i < this.s1.length; i++) this.s1[i] = this.s1[i]! + other.s1[i]!;
    for (let i = 0; i < this.s2.length; i++) this.s2[i] = this.s2[i]! + other.s2[i]!;
  }
}

/** Scratch space for logDet. */
const work = { cov: new Float64Array(MFCC_DIMS * MFCC_DIMS) };

/**
 * log |Σ| of the maximum-likelihood covariance of n vectors with sums s1, s2 (upper triangle),
 * by Cholesky. A small ridge keeps a near-singular covariance (digital silence, a held tone) finite.
 */
function logDet(d: number, n: number, s1: ArrayLike<number>, s2: ArrayLike<number>): number {
  if (work.cov.length < d * d) work.cov = new Float64Array(d * d);
  const a = work.cov;
  let p = 0;
  let trace = 0;
  for (let i = 0; i < d; i++) {
    const mi = s1[i]! / n;
    for (let j = i; j < d; j++) {
      const v = s2[p++]! / n - mi * (s1[j]! / n);
      a[i * d + j] = v;
      a[j * d + i] = v;
    }
    trace += a[i * d + i]!;
  }
  const ridge = 1e-6 * Math.max(trace / d, 1e-12);
  let sum = 0;
  for (let j = 0; j < d; j++) {
    let v = a[j * d + j]! + ridge;
    for (let k = 0; k < j; k++) v -= a[j * d + k]! * a[j * d + k]!;
    if (v <= 0) v = ridge;
    const l = Math.sqrt(v);
    a[j * d + j] = l;
    sum += Math.log(l);
    for (let i = j + 1; i < d; i++) {
      let w = a[i * d + j]!;
      for (let k = 0; k < j; k++) w -= a[i * d + k]! * a[j * d + k]!;
      a[i * d + j] = w / l;
    }
  }
  return 2 * sum;
}

/** The BIC penalty of one more full-covariance Gaussian for n vectors. */
function penalty(d: number, n: number, lambda: number): number {
  return lambda * 0.5 * (d + (d * (d + 1)) / 2) * Math.log(n);
}

/** ΔBIC of two Gaussians against one: > 0 means the two parts are better told apart. */
function deltaBic(d: number, lambda: number, a: Stats, b: Stats, both: Stats): number {
  return 0.5 * (both.n * logDet(d, both.n, both.s1, both.s2) - a.n * logDet(d, a.n, a.s1, a.s2) - b.n * logDet(d, b.n, b.s1, b.s2)) - penalty(d, both.n, lambda);
}

// ---------------------------------------------------------------- segmentation and clustering

/** Indices of the frames that are speech: inside a region (when given) and not far quieter than the loudest. */
export function speechFrames(features: Features, regions: SpeechRegion[] | undefined, rangeDb: number): Uint32Array {
  const { frames, energyDb, hopSeconds, frameSeconds } = features;
  if (frames === 0) return new Uint32Array(0);
  const sorted = Float32Array.from(energyDb).sort();
  const loud = sorted[Math.min(frames - 1, Math.floor(frames * 0.98))]!;
  // Digital silence and near-silence are never speech, whatever the range.
  const threshold = Math.max(loud - rangeDb, -80);
  const inRegion = new Uint8Array(frames);
  if (regions) {
    for (const r of regions) {
      const first = Math.max(0, Math.ceil(r.start / hopSeconds));
      const last = Math.min(frames - 1, Math.floor((r.end - frameSeconds) / hopSeconds));
      for (let f = first; f <= last; f++) inRegion[f] = 1;
    }
  } else inRegion.fill(1);
  let count = 0;
  for (let f = 0; f < frames; f++) if (inRegion[f] && energyDb[f]! >= threshold) count++;
  const out = new Uint32Array(count);
  for (let f = 0, i = 0; f < frames; f++) if (inRegion[f] && energyDb[f]! >= threshold) out[i++] = f;
  return out;
}

/**
 * Sums of the speech frames over a stretch [base, base + capacity), as prefix sums: the log-det of
 * any run inside it costs O(d²) for the sums plus one Cholesky.
 */
class PrefixSums {
  private readonly t: number;
  private readonly p1: Float64Array;
  private readonly p2: Float64Array;
  private readonly s1: Float64Array;
  private readonly s2: Float64Array;
  base = -1;
  end = -1;

  constructor(
    private readonly features: Features,
    private readonly index: Uint32Array,
    readonly capacity: number
  ) {
    const d = features.dims;
    this.t = (d * (d + 1)) / 2;
    this.p1 = new Float64Array((capacity + 1) * d);
    this.p2 = new Float64Array((capacity + 1) * this.t);
    this.s1 = new Float64Array(d);
    this.s2 = new Float64Array(this.t);
  }

  /** Makes [from, to) available (to - from <= capacity). */
  cover(from: number, to: number): void {
    if (from >= this.base && to <= this.end) return;
    const { features, index, p1, p2, t } = this;
    const d = features.dims;
    this.base = from;
    this.end = Math.min(index.length, from + this.capacity);
    for (let k = from; k < this.end; k++) {
      const row = k - from;
      const at = index[k]! * d;
      let q = 0;
      for (let i = 0; i < d; i++) {
        const vi = features.mfcc[at + i]!;
        p1[(row + 1) * d + i] = p1[row * d + i]! + vi;
        for (let j = i; j < d; j++, q++) p2[(row + 1) * t + q] = p2[row * t + q]! + vi * features.mfcc[at + j]!;
      }
    }
  }

  /** n log|Σ| of the frames [from, to) (inside the covered stretch). */
  cost(from: number, to: number): number {
    const { p1, p2, s1, s2, t } = this;
    const d = this.features.dims;
    const a = from - this.base;
    const b = to - this.base;
    for (let i = 0; i < d; i++) s1[i] = p1[b * d + i]! - p1[a * d + i]!;
    for (let i = 0; i < t; i++) s2[i] = p2[b * t + i]! - p2[a * t + i]!;
    return (to - from) * logDet(d, to - from, s1, s2);
  }

  /** The split of [from, to) with the highest ΔBIC before the penalty (twice the log-likelihood gain). */
  bestSplit(from: number, to: number, margin: number, step: number): { at: number; gain: number } {
    const whole = this.cost(from, to);
    let best = { at: -1, gain: -Infinity };
    for (let c = from + margin; c <= to - margin; c += step) {
      const gain = 0.5 * (whole - this.cost(from, c) - this.cost(c, to));
      if (gain > best.gain) best = { at: c, gain };
    }
    return best;
  }
}

/**
 * Change points in the speech frames `index` (positions into `index`), by the growing-window BIC
 * test: a window of minWindowFrames grows by growFrames up to maxWindowFrames, then slides; the
 * best split of a window that beats the penalty is a change, and the next window starts there.
 */
export function detectChanges(features: Features, index: Uint32Array, options: SpeakerChangeOptions, stop: StopCheck = never): number[] {
  const o = options;
  const n = index.length;
  const changes: number[] = [];
  if (n < 2 * o.marginFrames) return changes;
  const sums = new PrefixSums(features, index, Math.min(n, o.maxWindowFrames * 4));
  let start = 0;
  let size = o.minWindowFrames;
  while (start + 2 * o.marginFrames <= n) {
    stop();
    const end = Math.min(n, start + size);
    sums.cover(start, end);
    const split = sums.bestSplit(start, end, o.marginFrames, o.stepFrames);
    if (split.gain - penalty(features.dims, end - start, o.lambda) > 0) {
      changes.push(split.at);
      start = split.at;
      size = o.minWindowFrames;
    } else if (end === n) {
      break;
    } else if (size < o.maxWindowFrames) {
      size = Math.min(o.maxWindowFrames, size + o.growFrames);
    } else {
      start += o.growFrames;
    }
  }
  return changes;
}

/**
 * Moves each change between two speakers to a pause (a gap of at least 150 ms between speech
 * frames) up to 1.5 × marginFrames of speech away: the pause where the speech just before and
 * just after it (marginFrames each side, equal so neither is favoured) differ most. People take
 * turns at pauses, and the detection window places a change only to within about a second.
 */
export function snapChangesToPauses(features: Features, index: Uint32Array, changes: number[], options: SpeakerChangeOptions): number[] {
  const minGap = Math.round(0.15 / features.hopSeconds);
  const reach = Math.round(options.marginFrames * 1.5);
  const sums = new PrefixSums(features, index, 2 * (reach + options.marginFrames) + 2);
  const snapped: number[] = [];
  changes.forEach((at, k) => {
    // Between the change before (where it went) and the change after: they stay in order.
    const floor = k > 0 ? snapped[k - 1]! : 0;
    const ceiling = k + 1 < changes.length ? changes[k + 1]! : index.length;
    const first = Math.max(floor + 1, at - reach);
    const last = Math.min(ceiling - 1, at + reach);
    sums.cover(Math.max(floor, first - options.marginFrames), Math.min(ceiling, last + options.marginFrames));
    let best = { at, gain: -Infinity };
    for (let c = first; c <= last; c++) {
      if (index[c]! - index[c - 1]! <= minGap) continue;
      const side = Math.min(options.marginFrames, c - sums.base, sums.end - c);
      if (side < 10) continue;
      const gain = sums.cost(c - side, c + side) - sums.cost(c - side, c) - sums.cost(c, c + side);
      if (gain > best.gain) best = { at: c, gain };
    }
    snapped.push(best.at);
  });
  return snapped;
}

/**
 * A speaker label per segment (0-based, in order of first appearance). First, in time order, a
 * segment too short for a covariance (under marginFrames) joins the neighbour it is most like, and
 * while there are more than maxClusters the most alike neighbours join (the scores of neighbours
 * are kept and only the two next to a merge are computed again). Then clusters merge bottom-up,
 * the pair with the lowest ΔBIC first, while one Gaussian explains a pair better than two (a
 * matrix of pair scores; a merge computes one row again): O(k²) memory and O(k³) comparisons for
 * k <= maxClusters clusters.
 */
export function clusterSegments(features: Features, index: Uint32Array, bounds: number[], options: SpeakerChangeOptions, stop: StopCheck = never): number[] {
  const d = features.dims;
  const edges = [0, ...bounds, index.length];
  const owner = edges.slice(1).map((_, s) => s);
  const clusters: Array<Stats | null> = edges.slice(1).map((end, s) => {
    const st = new Stats(d);
    for (let k = edges[s]!; k < end; k++) st.add(features.mfcc, index[k]! * d);
    return st;
  });
  const score = (a: number, b: number): number => {
    const ca = clusters[a]!;
    const cb = clusters[b]!;
    const both = new Stats(d);
    both.merge(ca);
    both.merge(cb);
    return deltaBic(d, options.clusterLambda, ca, cb, both);
  };
  // owner: a union-find forest of the segments; a segment's cluster is its root.
  const root = (s: number): number => {
    while (owner[s] !== s) s = owner[s] = owner[owner[s]!]!;
    return s;
  };
  const join = (keep: number, gone: number): void => {
    clusters[keep]!.merge(clusters[gone]!);
    clusters[gone] = null;
    owner[gone] = keep;
  };

  // Neighbours, in time order: ids[k] and ids[k + 1] score next[k].
  const ids = clusters.map((_, i) => i);
  const next = ids.slice(1).map((id, k) => score(ids[k]!, id));
  const joinNeighbours = (k: number): void => {
    join(ids[k]!, ids[k + 1]!);
    ids.splice(k + 1, 1);
    next.splice(k, 1);
    if (k > 0) next[k - 1] = score(ids[k - 1]!, ids[k]!);
    if (k < next.length) next[k] = score(ids[k]!, ids[k + 1]!);
  };
  for (;;) {
    stop();
    if (ids.length < 2) break;
    const short = ids.findIndex((id) => clusters[id]!.n < options.marginFrames);
    if (short >= 0) {
      // The neighbour it is most like (the one there is, at either end).
      joinNeighbours(short === 0 ? 0 : short === ids.length - 1 || next[short - 1]! <= next[short]! ? short - 1 : short);
    } else if (ids.length > options.maxClusters) {
      let best = 0;
      for (let k = 1; k < next.length; k++) if (next[k]! < next[best]!) best = k;
      joinNeighbours(best);
    } else break;
  }

  // Bottom-up over the whole file.
  const k = ids.length;
  const pair = new Float64Array(k * k).fill(Infinity);
  const alive = new Uint8Array(k).fill(1);
  for (let x = 0; x < k; x++) for (let y = x + 1; y < k; y++) pair[x * k + y] = score(ids[x]!, ids[y]!);
  for (;;) {
    stop();
    let best = 0;
    let bx = -1;
    let by = -1;
    for (let x = 0; x < k; x++) {
      if (!alive[x]) continue;
      for (let y = x + 1; y < k; y++) {
        if (alive[y] && pair[x * k + y]! < best) [best, bx, by] = [pair[x * k + y]!, x, y];
      }
    }
    if (bx < 0) break;
    join(ids[bx]!, ids[by]!);
    alive[by] = 0;
    for (let z = 0; z < k; z++) {
      if (!alive[z] || z === bx) continue;
      const v = score(ids[bx]!, ids[z]!);
      if (z < bx) pair[z * k + bx] = v;
      else pair[bx * k + z] = v;
    }
  }
  // Labels in order of first appearance.
  const label = new Map<number, number>();
  return owner.map((_, s) => {
    const c = root(s);
    if (!label.has(c)) label.set(c, label.size);
    return label.get(c)!;
  });
}

/** Speaker turns of a file's features: where the speech is, where it changes voice, and who is who. */
export function findSpeakerTurns(
  features: Features,
  regions: SpeechRegion[] | undefined,
  options: SpeakerChangeOptions = DEFAULT_SPEAKER_CHANGE_OPTIONS,
  stop: StopCheck = never
): SpeakerChangeResult {
  const index = speechFrames(features, regions, options.speechRangeDb);
  if (index.length === 0) return { method: SPEAKER_CHANGE_METHOD, speakers: 0, turns: [], changes: [] };
  const found = detectChanges(features, index, options, stop);
  const labels = clusterSegments(features, index, found, options, stop);
  // One segment per run of one speaker, its change moved to a pause; a run left empty goes.
  const runs: Array<{ start: number; label: number }> = [];
  [0, ...found].forEach((start, s) => {
    if (runs[runs.length - 1]?.label !== labels[s]) runs.push({ start, label: labels[s]! });
  });
  const snapped = snapChangesToPauses(features, index, runs.slice(1).map((r) => r.start), options);
  snapped.forEach((start, k) => (runs[k + 1]!.start = start));
  const kept = runs.filter((r, k) => k + 1 === runs.length || r.start < runs[k + 1]!.start);
  // Speakers numbered from 1 in the order they first speak.
  const number = new Map<number, number>();
  const time = (frame: number): number => round(frame * features.hopSeconds);
  const turns: SpeakerTurn[] = [];
  kept.forEach((run, k) => {
    if (!number.has(run.label)) number.set(run.label, number.size + 1);
    const speaker = number.get(run.label)!;
    const start = time(index[run.start]!);
    const end = round(time(index[(k + 1 < kept.length ? kept[k + 1]!.start : index.length) - 1]!) + features.frameSeconds);
    const last = turns[turns.length - 1];
    if (last && last.speaker === speaker) last.end = end;
    else turns.push({ start, end, speaker });
  });
  return {
    method: SPEAKER_CHANGE_METHOD,
    speakers: number.size,
    turns,
    changes: turns.slice(1).map((t) => t.start),
  };
}

const round = (s: number): number => Math.round(s * 1000) / 1000;

/** '45 s', '12 minutes': how a refusal states a length of audio. */
export function formatDuration(seconds: number): string {
  return seconds < 120 ? `${Math.round(seconds)} s` : `${Math.round(seconds / 60)} minutes`;
}

// ---------------------------------------------------------------- the worker's task

/** What the worker gets. */
export interface SpeakerChangeTask {
  wavPath: string;
  info: WavInfo;
  regions?: SpeechRegion[];
  options: SpeakerChangeOptions;
  /** Int32 [0]: set to 1 by the caller to stop the worker (shared memory, read between pieces of work). */
  stopFlag: SharedArrayBuffer;
}
