// The picture measures of an analysis from the measurement pass's frame metadata, and their
// plain-language verdicts. Pure: figures in, figures and words out.
//
// Levels are 8-bit as signalstats reports them on yuv420p (limited range: black 16, white 235).
// Frames inside a black stretch are left out of the luma, contrast, colour, sharpness and noise
// figures (a black intro would otherwise read as 'too dark'; black has a verdict of its own),
// unless every sampled frame is black.
//
// Thresholds (ours, set so the synthetic clips of the tests and ordinary footage fall where a
// viewer would put them; a verdict with ok false is a problem a viewer notices):
// - resolution, by the shorter side (portrait and landscape alike): < 360 'low resolution',
//   < 720 'standard definition', >= 720 HD, >= 1080 full HD, >= 2160 4K;
// - frame rate: < 15 fps is choppy for motion, but fine when the picture is mostly still (slides:
//   frozen share >= 50%), as this service's own slide videos at 5 fps are;
// - bitrate: bits per pixel per frame of the video stream, divided by the codec's efficiency
//   (H.264 1, HEVC/VP9 0.6, AV1 0.5: the usual rule that they need about that share of H.264's
//   bitrate for the same picture); under 0.02 H.264-equivalent blocky artefacts become likely in
//   moving pictures (still pictures compress far better, so only a problem when not mostly still);
// - luma (mean frame YAVG): < 50 too dark, < 70 a little dark, > 180 a little bright, > 200 too
//   bright (a well-exposed picture averages near mid grey, ~126);
// - contrast (mean YHIGH - YLOW, the 10th to 90th percentile): < 30 flat, < 60 somewhat flat;
// - saturation (mean SATAVG): < 5 no colour, < 15 muted, > 80 oversaturated (natural footage
//   sits around 20-50; ffmpeg's testsrc2 bars read ~110);
// - sharpness, blurdetect's mean edge width at the analysis size: <= 6 sharp, <= 8 slightly soft,
//   above soft focus (testsrc2 reads ~4.5, with a 1 px box blur ~6, 2 px ~8); the Laplacian proxy:
//   >= 3 sharp, >= 1.5 slightly soft, below soft focus or a plain picture;
// - noise sigma: < 2 clean, < 4 slight noise or fine texture, above noisy;
// - black: > 10% of the duration a problem, any black at all mentioned;
// - frozen (still): >= 90% 'almost never moves' (a problem: a still picture with sound is a podcast),
//   >= 50% mostly still (fine for slides).
import { coveredSeconds, insideAny, markedIntervals, numberOf, subtractIntervals, type FrameMetadata } from './frame-metadata.js';
import type { QualityMetrics, Verdict } from './types.js';

export const QUALITY_THRESHOLDS = {
  resolution: { low: 360, hd: 720, fullHd: 1080, uhd: 2160 },
  fpsChoppy: 15,
  bitsPerPixelLow: 0.02,
  luma: { tooDark: 50, dark: 70, bright: 180, tooBright: 200 },
  contrast: { flat: 30, somewhatFlat: 60 },
  saturation: { grey: 5, muted: 15, over: 80 },
  blur: { sharp: 6, soft: 8 },
  laplacian: { sharp: 3, soft: 1.5 },
  noise: { clean: 2, noisy: 4 },
  blackShare: 0.1,
  stillShare: { mostly: 0.5, always: 0.9 },
} as const;

/** How much of H.264's bitrate a codec needs for the same picture. */
const CODEC_EFFICIENCY: Record<string, number> = { h264: 1, hevc: 0.6, vp9: 0.6, av1: 0.5 };

export interface PictureMeasures {
  /** Sampled frames, and those outside black stretches the figures come from. */
  frames: number;
  framesMeasured: number;
  lumaMean: number;
  lumaMin: number;
  lumaMax: number;
  contrast: number;
  saturation: number;
  /** blurdetect's edge width or the Laplacian mean (per `sharpnessMethod`); null when no frame had edges. */
  sharpness: number | null;
  noiseSigma: number;
  blackSeconds: number;
  stillSeconds: number;
}

/** What ffprobe says about the file (video-probe.ts). */
export interface StreamFacts {
  width: number;
  height: number;
  fps: number | null;
  videoKbps: number | null;
  bitrateSource: 'stream' | 'container' | null;
  videoCodec: string | null;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
const finite = (xs: Array<number | null>): number[] => xs.filter((x): x is number => x !== null);

/**
 * The picture measures from the picture, noise and (proxy) sharpness files' frames of a video of
 * `durationSeconds`; null when no frame was sampled.
 */
export function measurePicture(
  picture: readonly FrameMetadata[],
  noise: readonly FrameMetadata[],
  sharpness: { method: 'blurdetect' | 'laplacian'; frames: readonly FrameMetadata[] },
  durationSeconds: number,
): PictureMeasures | null {
  if (picture.length === 0) return null;
  const origin = picture[0]!.time;
  const end = origin + Math.max(durationSeconds, 0);
  const clip = (i: { start: number; end: number }) => ({ start: Math.max(origin, i.start), end: Math.min(end, i.end) });
  const black = markedIntervals(picture, 'lavfi.black_start', 'lavfi.black_end', end).map(clip);
  const frozen = markedIntervals(picture, 'lavfi.freezedetect.freeze_start', 'lavfi.freezedetect.freeze_end', end).map(clip);
  const outsideBlack = picture.filter((f) => !insideAny(f.time, black));
  const measured = outsideBlack.length > 0 ? outsideBlack : picture;
  const keep = (frames: readonly FrameMetadata[]) => (outsideBlack.length > 0 ? frames.filter((f) => !insideAny(f.time, black)) : frames);
  const yavg = finite(measured.map((f) => numberOf(f, 'lavfi.signalstats.YAVG')));
  const spread = finite(measured.map((f) => {
    const high = numberOf(f, 'lavfi.signalstats.YHIGH');
    const low = numberOf(f, 'lavfi.signalstats.YLOW');
    return high !== null && low !== null ? high - low : null;
  }));
  const sat = finite(measured.map((f) => numberOf(f, 'lavfi.signalstats.SATAVG')));
  const sharp =
    sharpness.method === 'blurdetect'
      ? finite(measured.map((f) => numberOf(f, 'lavfi.blur')))
      : finite(keep(sharpness.frames).map((f) => numberOf(f, 'lavfi.signalstats.YAVG')));
  const residual = finite(keep(noise).map((f) => numberOf(f, 'lavfi.signalstats.YAVG')));
  if (yavg.length === 0) return null;
  return {
    frames: picture.length,
    framesMeasured: measured.length,
    lumaMean: mean(yavg),
    lumaMin: Math.min(...yavg),
    lumaMax: Math.max(...yavg),
    contrast: spread.length > 0 ? mean(spread) : 0,
    saturation: sat.length > 0 ? mean(sat) : 0,
    sharpness: sharp.length > 0 ? mean(sharp) : null,
    // Immerkær: sigma = sqrt(pi / 2) * mean |mask response| / 6.
    noiseSigma: residual.length > 0 ? (Math.sqrt(Math.PI / 2) * mean(residual)) / 6 : 0,
    blackSeconds: coveredSeconds(black),
    stillSeconds: coveredSeconds(subtractIntervals(frozen, black)),
  };
}

const v = (verdict: string, ok: boolean): Verdict => ({ verdict, ok });

export function resolutionVerdict(width: number, height: number): Verdict {
  const short = Math.min(width, height);
  const t = QUALITY_THRESHOLDS.resolution;
  if (short < t.low) return v(`low resolution (${width}x${height}): looks blurry on a full screen`, false);
  if (short < t.hd) return v(`standard definition (${width}x${height}): 720p or more looks sharper`, true);
  if (short < t.fullHd) return v('HD (720p)', true);
  if (short < t.uhd) return v('full HD (1080p)', true);
  return v('4K or more', true);
}

export function frameRateVerdict(fps: number | null, stillShare: number): Verdict {
  if (fps === null) return v('frame rate unknown', true);
  if (fps >= QUALITY_THRESHOLDS.fpsChoppy) return v('smooth motion', true);
  if (stillShare >= QUALITY_THRESHOLDS.stillShare.mostly) return v('low frame rate, fine for a mostly still picture', true);
  return v(`low frame rate (${round(fps, 1)} fps): motion looks choppy`, false);
}

export function bitsPerPixel(kbps: number | null, width: number, height: number, fps: number | null): number | null {
  if (kbps === null || fps === null || fps <= 0 || width <= 0 || height <= 0) return null;
  return (kbps * 1000) / (width * height * fps);
}

export function bitrateVerdict(bpp: number | null, codec: string | null, stillShare: number): Verdict {
  if (bpp === null) return v('bitrate unknown', true);
  const equivalent = bpp / (CODEC_EFFICIENCY[codec ?? ''] ?? 1);
  if (equivalent >= QUALITY_THRESHOLDS.bitsPerPixelLow) return v('enough bitrate for the picture size', true);
  if (stillShare >= QUALITY_THRESHOLDS.stillShare.mostly) return v('low bitrate, enough for a mostly still picture', true);
  return v('low bitrate for the picture size: blocky compression artefacts are likely in motion', false);
}

export function lumaVerdict(meanLuma: number): Verdict {
  const t = QUALITY_THRESHOLDS.luma;
  if (meanLuma < t.tooDark) return v('too dark', false);
  if (meanLuma < t.dark) return v('a little dark', true);
  if (meanLuma > t.tooBright) return v('too bright (washed out)', false);
  if (meanLuma > t.bright) return v('a little bright', true);
  return v('well exposed', true);
}

export function contrastVerdict(spread: number): Verdict {
  const t = QUALITY_THRESHOLDS.contrast;
  if (spread < t.flat) return v('flat (low contrast)', false);
  if (spread < t.somewhatFlat) return v('somewhat flat', true);
  return v('good contrast', true);
}

export function saturationVerdict(saturation: number): Verdict {
  const t = QUALITY_THRESHOLDS.saturation;
  if (saturation < t.grey) return v('no colour (black and white)', true);
  if (saturation < t.muted) return v('muted colours', true);
  if (saturation > t.over) return v('oversaturated colours', false);
  return v('natural colours', true);
}

export function sharpnessVerdict(method: 'blurdetect' | 'laplacian', value: number | null): Verdict {
  if (value === null) return v('no edges to judge (a black or plain picture)', true);
  if (method === 'blurdetect') {
    const t = QUALITY_THRESHOLDS.blur;
    if (value <= t.sharp) return v('sharp', true);
    if (value <= t.soft) return v('slightly soft', true);
    return v('soft focus (blurry)', false);
  }
  const t = QUALITY_THRESHOLDS.laplacian;
  if (value >= t.sharp) return v('sharp', true);
  if (value >= t.soft) return v('slightly soft', true);
  return v('soft focus or a plain picture', false);
}

export function noiseVerdict(sigma: number): Verdict {
  const t = QUALITY_THRESHOLDS.noise;
  if (sigma < t.clean) return v('clean', true);
  if (sigma < t.noisy) return v('slight noise or fine texture', true);
  return v('noisy (grainy)', false);
}

export function blackVerdict(seconds: number, share: number): Verdict {
  if (seconds <= 0) return v('no black frames', true);
  if (share > QUALITY_THRESHOLDS.blackShare) return v(`long black stretches (${round(seconds, 1)} s)`, false);
  return v(`some black frames (${round(seconds, 1)} s)`, true);
}

export function frozenVerdict(share: number): Verdict {
  const t = QUALITY_THRESHOLDS.stillShare;
  if (share >= t.always) return v('the picture almost never moves', false);
  if (share >= t.mostly) return v('mostly still pictures (fine for slides)', true);
  if (share > 0) return v('some still stretches', true);
  return v('the picture keeps moving', true);
}

/** The quality section of the analysis from the measures, ffprobe's facts and the sampling. */
export function judgeQuality(
  m: PictureMeasures,
  facts: StreamFacts,
  durationSeconds: number,
  sharpnessMethod: 'blurdetect' | 'laplacian',
  sampling: { rate: number; width: number; height: number },
): QualityMetrics {
  const share = (s: number) => (durationSeconds > 0 ? Math.min(1, s / durationSeconds) : 0);
  const stillShare = share(m.stillSeconds);
  const bpp = bitsPerPixel(facts.videoKbps, facts.width, facts.height, facts.fps);
  return {
    resolution: { width: facts.width, height: facts.height, ...resolutionVerdict(facts.width, facts.height) },
    frame_rate: { fps: facts.fps === null ? null : round(facts.fps, 3), ...frameRateVerdict(facts.fps, stillShare) },
    bitrate: {
      kbps: facts.videoKbps === null ? null : Math.round(facts.videoKbps),
      bits_per_pixel: bpp === null ? null : round(bpp, 4),
      source: facts.bitrateSource,
      ...bitrateVerdict(bpp, facts.videoCodec, stillShare),
    },
    luma: { mean: round(m.lumaMean, 1), min: round(m.lumaMin, 1), max: round(m.lumaMax, 1), ...lumaVerdict(m.lumaMean) },
    contrast: { spread: round(m.contrast, 1), ...contrastVerdict(m.contrast) },
    saturation: { mean: round(m.saturation, 1), ...saturationVerdict(m.saturation) },
    sharpness: { method: sharpnessMethod, value: m.sharpness === null ? null : round(m.sharpness, 2), ...sharpnessVerdict(sharpnessMethod, m.sharpness) },
    noise: { sigma: round(m.noiseSigma, 2), ...noiseVerdict(m.noiseSigma) },
    black: { seconds: round(m.blackSeconds, 2), share: round(share(m.blackSeconds), 3), ...blackVerdict(m.blackSeconds, share(m.blackSeconds)) },
    frozen: { seconds: round(m.stillSeconds, 2), share: round(stillShare, 3), ...frozenVerdict(stillShare) },
    sampling: { frames: m.frames, rate_fps: sampling.rate, width: sampling.width, height: sampling.height },
  };
}
