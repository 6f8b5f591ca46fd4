// Chroma key: the key colour goes transparent and the background image (or black) shows there.
// - chromakey, not colorkey: it compares chroma only (U/V), so a green screen's shading and
//   lighting falloff, which change luma, still key; and it keys in the video's own YUV;
// - sensitivity 0.1..1 maps linearly to chromakey's similarity 0.04..0.25 (0.04 takes the key
//   colour and its compression noise only, 0.25 also yellowish and bluish greens; pure red is 0.58
//   away from pure green, neutral grey 0.33) and blend 0.03..0.1 (a soft edge a little wider as
//   the key widens, so hair and motion blur do not get a hard fringe);
// - no despill: ffmpeg's despill works on the whole frame, not on the edges, and turns every
//   greenish colour of the subject (yellow goes orange);
// - the background is scaled to cover the frame and cropped at its centre (no bars, no stretch).
//   It enters as one picture laid over a copy of the video: overlay takes its frame times from
//   its first input and repeats the last picture of its second, so the output keeps the video's
//   frame times (a looped image would impose a frame rate of its own). Without a background the
//   keyed area is black: an mp4 of H.264 has no alpha channel to keep.
import { VIDEO_RANGES } from '@trainwright/catalogue';
import { resolve } from 'node:path';
import type { FfmpegPass } from './ffmpeg.runner.js';
import { clamp, evenCropFilter, num, outputArgs } from './encoding.js';
import type { ChromaKeyParams, VideoInput } from './types.js';

export const DEFAULT_KEY_COLOR = '0x00FF00';
export const DEFAULT_CHROMA_SENSITIVITY = VIDEO_RANGES.sensitivity.default;
const SIMILARITY = { min: 0.04, max: 0.25 };
const BLEND = { min: 0.03, max: 0.1 };

/** '#00ff00' or '#0f0' as ffmpeg's '0x00FF00'; pure green for anything else. */
export function parseKeyColor(text: unknown): string {
  const m = typeof text === 'string' ? /^\s*#?([0-9a-f]{6}|[0-9a-f]{3})\s*$/i.exec(text) : null;
  if (!m) return DEFAULT_KEY_COLOR;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return `0x${hex.toUpperCase()}`;
}

/** chromakey's similarity and blend for a sensitivity of 0.1..1 (clamped). */
export function chromaKeyStrength(sensitivity: number): { similarity: number; blend: number } {
  const share = (clamp(sensitivity, 0.1, 1, DEFAULT_CHROMA_SENSITIVITY) - 0.1) / 0.9;
  return {
    similarity: SIMILARITY.min + share * (SIMILARITY.max - SIMILARITY.min),
    blend: BLEND.min + share * (BLEND.max - BLEND.min),
  };
}

/**
 * The filtergraph: input 0 is the video, input 1 the background image when `hasBackground`; the
 * result is labelled [v].
 */
export function chromaKeyGraph(params: Pick<ChromaKeyParams, 'chroma_color' | 'sensitivity'>, size: { width: number; height: number }, hasBackground: boolean): string {
  const { width: w, height: h } = size;
  const { similarity, blend } = chromaKeyStrength(params.sensitivity);
  const back = hasBackground
    ? `[1:v]scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h},setsar=1[bg];[base][bg]overlay=format=auto[back]`
    : '[base]drawbox=x=0:y=0:w=iw:h=ih:color=black:t=fill[back]';
  const even = evenCropFilter(w, h);
  return [
    '[0:v]split=2[base][key]',
    back,
    `[key]chromakey=color=${parseKeyColor(params.chroma_color)}:similarity=${num(similarity)}:blend=${num(blend)}[fg]`,
    `[back][fg]overlay=format=auto${even ? `,${even}` : ''},format=yuv420p[v]`,
  ].join(';');
}

/** The one pass of a chroma key into `outPath`. */
export function chromaKeyPass(params: ChromaKeyParams, input: VideoInput, outPath: string): FfmpegPass {
  const background = typeof params.background_image === 'string' && params.background_image.trim() !== '' ? resolve(params.background_image) : null;
  return {
    inputs: [{ path: resolve(input.path) }, ...(background ? [{ path: background }] : [])],
    outputs: [{ target: outPath, options: ['-filter_complex', chromaKeyGraph(params, input, background !== null), ...outputArgs('[v]', input.hasAudio)] }],
    seconds: input.durationSeconds,
  };
}
