// Colour correction: eq for brightness, contrast, saturation and gamma, hue for the hue shift.
// - the specification's ranges are eq's own scales (brightness -1..1 added to luma, contrast and
//   saturation as factors, gamma as an exponent), so the values pass through, clamped;
// - hue=h rotates the chroma plane by degrees, luma untouched: the shift changes colours only;
// - eq runs first: its saturation scales chroma before the rotation, which keeps a shift of a
//   desaturated picture as weak as the picture;
// - an unchanged setting is left out, and no filter at all when nothing changes (the video is
//   still re-encoded to the house output).
import { resolve } from 'node:path';
import type { FfmpegPass } from './ffmpeg.runner.js';
import { clamp, evenCropFilter, num, outputArgs } from './encoding.js';
import type { ColorCorrectionParams, VideoInput } from './types.js';

export const NEUTRAL_COLOR_CORRECTION: Required<ColorCorrectionParams> = { brightness: 0, contrast: 1, saturation: 1, hue_shift: 0, gamma: 1 };

/** The -vf filters for a correction, in order; empty when it changes nothing. */
export function colorCorrectionFilters(params: ColorCorrectionParams): string[] {
  const brightness = clamp(params.brightness, -1, 1, 0);
  const contrast = clamp(params.contrast, 0.1, 3, 1);
  const saturation = clamp(params.saturation, 0, 3, 1);
  const gamma = clamp(params.gamma, 0.1, 10, 1);
  const hue = clamp(params.hue_shift, -180, 180, 0);
  const eq = [
    brightness !== 0 ? `brightness=${num(brightness)}` : '',
    contrast !== 1 ? `contrast=${num(contrast)}` : '',
    saturation !== 1 ? `saturation=${num(saturation)}` : '',
    gamma !== 1 ? `gamma=${num(gamma)}` : '',
  ].filter((s) => s !== '');
  return [...(eq.length > 0 ? [`eq=${eq.join(':')}`] : []), ...(hue !== 0 ? [`hue=h=${num(hue, 2)}`] : [])];
}

export function colorCorrectionPass(params: ColorCorrectionParams, input: VideoInput, outPath: string): FfmpegPass {
  const even = evenCropFilter(input.width, input.height);
  const filters = [...colorCorrectionFilters(params), ...(even ? [even] : [])];
  return {
    inputs: [{ path: resolve(input.path) }],
    outputs: [{ target: outPath, options: [...(filters.length > 0 ? ['-vf', filters.join(',')] : []), ...outputArgs('0:v:0', input.hasAudio)] }],
    seconds: input.durationSeconds,
  };
}
