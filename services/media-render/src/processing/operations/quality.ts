// Quality enhancement: stabilisation, denoise, contrast, upscale and sharpen, in that order.
// - stabilisation is vid.stab's two passes: vidstabdetect measures each frame's shake into a
//   transforms file in the work dir, vidstabtransform removes it (smoothing 15: the camera path is
//   averaged over 31 frames, about a second; optzoom 1: one static zoom that hides the moving
//   borders; bicubic, as the frames are resampled). It runs first: the temporal denoiser then
//   sees the frames aligned, and nothing else has touched the frames the transforms describe;
// - denoise is hqdn3d at its default strengths (spatial 4, temporal 6): it removes sensor and
//   compression noise at a few percent of the time of nlmeans, which costs seconds per frame at
//   1080p and would make a long video's job take hours;
// - enhance_contrast is normalize with the channels linked (independence 0: the stretch keeps
//   hues) and its range smoothed over 30 frames (no flicker): a washed-out video is stretched to
//   full black and white, one that already spans the range is left as it is;
// - upscale is lanczos to factor x the size, even; sharpen comes after it, on the final pixels:
//   unsharp 5x5 on luma only (0.8; sharpening chroma only amplifies its noise).
import { resolve } from 'node:path';
import type { FfmpegPass } from './ffmpeg.runner.js';
import { clamp, evenCropFilter, evenDown, outputArgs } from './encoding.js';
import type { QualityParams, VideoInput } from './types.js';

export const DENOISE_FILTER = 'hqdn3d';
export const CONTRAST_FILTER = 'normalize=independence=0:smoothing=30';
export const SHARPEN_FILTER = 'unsharp=5:5:0.8:5:5:0';
export const STABILISE_SHAKINESS = 5;
/** Share of a stabilised operation's progress taken by the detect pass (it decodes and measures, no encode). */
export const DETECT_WEIGHT = 0.4;

/** The size after an upscale by `factor` (1..4, clamped): even, as yuv420p needs. */
export function upscaledSize(width: number, height: number, factor: number): { width: number; height: number } {
  const f = clamp(factor, 1, 4, 1);
  return { width: evenDown(Math.round(width * f)), height: evenDown(Math.round(height * f)) };
}

/** vid.stab's first pass: the shake of every frame into `transformsFile` (a name in ffmpeg's working folder). */
export const vidstabDetectFilter = (transformsFile: string): string => `vidstabdetect=shakiness=${STABILISE_SHAKINESS}:accuracy=15:result=${transformsFile}`;

/** The -vf chain of a quality operation and the size it gives; `transformsFile` when stabilising. */
export function qualityFilters(params: QualityParams, size: { width: number; height: number }, transformsFile: string | null): { filters: string[]; width: number; height: number } {
  const factor = clamp(params.upscale_factor, 1, 4, 1);
  const filters: string[] = [];
  if (params.stabilization && transformsFile) filters.push(`vidstabtransform=input=${transformsFile}:smoothing=15:optzoom=1:interpol=bicubic`);
  if (params.denoise) filters.push(DENOISE_FILTER);
  if (params.enhance_contrast) filters.push(CONTRAST_FILTER);
  let out = { width: evenDown(size.width), height: evenDown(size.height) };
  if (factor > 1) {
    out = upscaledSize(size.width, size.height, factor);
    filters.push(`scale=${out.width}:${out.height}:flags=lanczos`);
  } else {
    const even = evenCropFilter(size.width, size.height);
    if (even) filters.push(even);
  }
  if (params.sharpen) filters.push(SHARPEN_FILTER);
  return { filters, ...out };
}

/** The stabilisation's detect pass (analysis only). */
export function stabiliseDetectPass(input: VideoInput, transformsFile: string): FfmpegPass {
  return {
    inputs: [{ path: resolve(input.path) }],
    outputs: [{ target: '-', options: ['-map', '0:v:0', '-an', '-sn', '-vf', vidstabDetectFilter(transformsFile), '-f', 'null'] }],
    seconds: input.durationSeconds,
  };
}

/** The render pass, with the transforms of the detect pass when stabilising. */
export function qualityPass(params: QualityParams, input: VideoInput, outPath: string, transformsFile: string | null): FfmpegPass & { width: number; height: number } {
  const { filters, width, height } = qualityFilters(params, input, transformsFile);
  return {
    inputs: [{ path: resolve(input.path) }],
    outputs: [{ target: outPath, options: [...(filters.length > 0 ? ['-vf', filters.join(',')] : []), ...outputArgs('0:v:0', input.hasAudio)] }],
    seconds: input.durationSeconds,
    width,
    height,
  };
}
