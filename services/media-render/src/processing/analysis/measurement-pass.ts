// The one ffmpeg pass that measures a video: a single decode whose frames and samples go through
// several filter branches, each printing frame metadata (metadata=print) into its own file in the
// work dir. Files, not stderr: the runner keeps only error lines, and a long video prints more
// than a log tail holds.
// - scenes (standard, comprehensive): every frame through scene detection's own filter chain,
//   taken from sceneScorePass, so the scores are exactly those the scene_detection operation gets;
// - picture (every depth): frames sampled every 1/rate seconds (1 fps basic, 2 standard, 5
//   comprehensive; never more than MAX_SAMPLED_FRAMES over the whole video, so a long video costs
//   a bounded number of filtered frames and metadata lines; select only drops frames, so a source
//   slower than the rate is taken whole rather than duplicated), scaled down with area averaging
//   to at most ANALYSIS_SHORT_SIDE on the shorter side (720p: blur and noise are measured in
//   pixels of that size, so a 4K and a 1080p master of one picture read alike), 8-bit yuv420p.
//   Then signalstats (luma, contrast, saturation), blurdetect (mean edge width, Marziliano's
//   method), blackdetect (at least 1 s, ffmpeg's default pixel and picture thresholds) and
//   freezedetect (-60 dB for 2 s: still slides count) on one branch;
// - noise: Immerkær's fast noise estimate (1996): the 3x3 mask [1 -2 1; -2 4 -2; 1 -2 1] cancels
//   flat areas and gradients, so what is left is mostly noise; convolution adds 128 so negative
//   responses survive, lutyuv takes |x|, signalstats averages it: sigma = sqrt(pi/2) * mean / 6;
// - sharpness proxy (only when this ffmpeg has no blurdetect): the mean absolute 4-neighbour
//   Laplacian, the usual focus measure (Pech-Pacheco et al. 2000), higher is sharper;
// - audio: silencedetect (-50 dBFS for at least 1 s), then ebur128 with metadata (integrated
//   loudness, loudness range and true peak so far, on every 100 ms frame: the last frame holds the
//   whole file's values). dualmono: a mono narration is measured as played on both speakers, as
//   viewers hear it, not 3 LU quieter.
import { resolve } from 'node:path';
import type { FfmpegPass } from '../operations/ffmpeg.runner.js';
import { num } from '../operations/encoding.js';
import { sceneScorePass } from '../operations/scene-detection.js';
import type { VideoInput } from '../operations/types.js';
import type { AnalysisDepth } from './types.js';

export const SAMPLE_RATES: Record<AnalysisDepth, number> = { basic: 1, standard: 2, comprehensive: 5 };
export const MAX_SAMPLED_FRAMES = 3600;
export const ANALYSIS_SHORT_SIDE = 720;
export const BLACK_MIN_SECONDS = 1;
export const FREEZE_MIN_SECONDS = 2;
export const FREEZE_NOISE_DB = -60;
export const SILENCE_DB = -50;
export const SILENCE_MIN_SECONDS = 1;
export const NOISE_MASK = '1 -2 1 -2 4 -2 1 -2 1';
export const LAPLACIAN_MASK = '0 1 0 1 -4 1 0 1 0';

export type SharpnessMethod = 'blurdetect' | 'laplacian';

/** The scratch files of a pass, as names in its working folder. */
export interface MeasurementFiles {
  picture: string;
  noise: string;
  sharpness: string | null;
  scenes: string | null;
  silence: string | null;
  loudness: string | null;
}

export interface MeasurementPlan {
  /** Frames per second sampled for the picture measures. */
  rate: number;
  size: { width: number; height: number };
  sharpness: SharpnessMethod;
  scenes: boolean;
  audio: boolean;
}

/** The picture sampling rate of a depth over a video of `durationSeconds`. */
export function sampleRate(depth: AnalysisDepth, durationSeconds: number): number {
  const rate = SAMPLE_RATES[depth];
  if (!(durationSeconds > 0)) return rate;
  // Rounded down to 4 decimals so the cap holds.
  return Math.min(rate, Math.floor((MAX_SAMPLED_FRAMES / durationSeconds) * 1e4) / 1e4);
}

/** The size the picture is measured at: the shorter side at most ANALYSIS_SHORT_SIDE, even, never enlarged. */
export function analysisSize(width: number, height: number): { width: number; height: number } {
  const factor = Math.min(1, ANALYSIS_SHORT_SIDE / Math.max(1, Math.min(width, height)));
  const even = (n: number) => Math.max(2, Math.round((n * factor) / 2) * 2);
  return { width: even(width), height: even(height) };
}

export function measurementFiles(base: string, plan: MeasurementPlan): MeasurementFiles {
  return {
    picture: `${base}-picture.txt`,
    noise: `${base}-noise.txt`,
    sharpness: plan.sharpness === 'laplacian' ? `${base}-sharpness.txt` : null,
    scenes: plan.scenes ? `${base}-scenes.txt` : null,
    silence: plan.audio ? `${base}-silence.txt` : null,
    loudness: plan.audio ? `${base}-loudness.txt` : null,
  };
}

/** A filter chain that prints the mean of |mask response| of luma per frame (YAVG) into `file`. */
const maskMeanChain = (mask: string, file: string) =>
  `convolution=0m='${mask}':0rdiv=1:0bias=128,lutyuv=y='abs(val-128)',signalstats,metadata=print:key=lavfi.signalstats.YAVG:file=${file}`;

/** Scene detection's filters, from its own pass, so both measure alike. */
function sceneChain(input: VideoInput, file: string): string {
  const options = sceneScorePass(input, file).outputs[0]!.options;
  return options[options.indexOf('-vf') + 1]!;
}

/** The -filter_complex graph of a plan and the labels of its outputs. */
export function measurementGraph(input: VideoInput, plan: MeasurementPlan, files: MeasurementFiles): { graph: string; outputs: string[] } {
  // 0.1% short of the interval: frame times are rounded (0.7 - 0.2 < 0.5 in doubles).
  const interval = num((1 / plan.rate) * 0.999, 4);
  const scale = plan.size.width !== input.width || plan.size.height !== input.height ? `scale=${plan.size.width}:${plan.size.height}:flags=area,` : '';
  const pictureBranches = 2 + (plan.sharpness === 'laplacian' ? 1 : 0);
  const chains: string[] = [];
  const outputs: string[] = [];
  const videoBranches = plan.scenes ? 2 : 1;
  chains.push(videoBranches > 1 ? '[0:v:0]split=2[scn][smp]' : '[0:v:0]null[smp]');
  if (plan.scenes && files.scenes) {
    chains.push(`[scn]${sceneChain(input, files.scenes)}[scenes]`);
    outputs.push('[scenes]');
  }
  chains.push(`[smp]select='isnan(prev_selected_t)+gte(t-prev_selected_t\\,${interval})',${scale}format=yuv420p,split=${pictureBranches}[pic][nse]${plan.sharpness === 'laplacian' ? '[shp]' : ''}`);
  const blur = plan.sharpness === 'blurdetect' ? 'blurdetect,' : '';
  chains.push(
    `[pic]signalstats,${blur}blackdetect=d=${BLACK_MIN_SECONDS}:pix_th=0.10:pic_th=0.98,freezedetect=n=${FREEZE_NOISE_DB}dB:d=${FREEZE_MIN_SECONDS},metadata=print:file=${files.picture}[picture]`,
  );
  outputs.push('[picture]');
  chains.push(`[nse]${maskMeanChain(NOISE_MASK, files.noise)}[noise]`);
  outputs.push('[noise]');
  if (plan.sharpness === 'laplacian' && files.sharpness) {
    chains.push(`[shp]${maskMeanChain(LAPLACIAN_MASK, files.sharpness)}[sharpness]`);
    outputs.push('[sharpness]');
  }
  if (plan.audio && files.silence && files.loudness) {
    chains.push(
      `[0:a:0]silencedetect=n=${SILENCE_DB}dB:d=${SILENCE_MIN_SECONDS},ametadata=print:file=${files.silence},ebur128=metadata=1:peak=true:dualmono=true,ametadata=print:file=${files.loudness}[audio]`,
    );
    outputs.push('[audio]');
  }
  return { graph: chains.join(';'), outputs };
}

/** The measurement pass: decode once, every branch into the null muxer. */
export function measurementPass(input: VideoInput, plan: MeasurementPlan, files: MeasurementFiles): FfmpegPass {
  const { graph, outputs } = measurementGraph(input, plan, files);
  return {
    inputs: [{ path: resolve(input.path) }],
    outputs: [{ target: '-', options: ['-filter_complex', graph, ...outputs.flatMap((o) => ['-map', o]), '-sn', '-dn', '-f', 'null'] }],
    seconds: input.durationSeconds,
  };
}
