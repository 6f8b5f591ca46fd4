// The batch endpoint's operation names (part 1 section 7) as video operations. noise_reduction,
// sharpening and upscaling are the quality operation with one step each, so a batch runs the same
// filters as the single tools. processing_parameters may give each operation its own object
// ({ "upscaling": { "upscale_factor": 2 } }) or one flat object for all; a missing value takes
// the default below, and every value is clamped by the builders.
import { BATCH_OPERATIONS, type BatchOperationName } from '@trainwright/catalogue';
import { DEFAULT_CHROMA_SENSITIVITY, DEFAULT_KEY_COLOR } from './chroma-key.js';
import { NEUTRAL_COLOR_CORRECTION } from './color-correction.js';
import type { VideoOperation } from './types.js';

export { BATCH_OPERATIONS, type BatchOperationName };

export const DEFAULT_UPSCALE_FACTOR = 2;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const numberOr = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

export function isBatchOperationName(name: unknown): name is BatchOperationName {
  return typeof name === 'string' && (BATCH_OPERATIONS as readonly string[]).includes(name);
}

/** The operation a batch runs for `name`, with its parameters from `processingParameters`. */
export function batchOperation(name: BatchOperationName, processingParameters: unknown = {}): VideoOperation {
  const all = isRecord(processingParameters) ? processingParameters : {};
  const p = isRecord(all[name]) ? all[name] : all;
  const quality = { denoise: false, sharpen: false, upscale_factor: 1, enhance_contrast: false, stabilization: false };
  switch (name) {
    case 'chroma_key':
      return {
        kind: 'chroma_key',
        chroma_color: typeof p.chroma_color === 'string' ? p.chroma_color : `#${DEFAULT_KEY_COLOR.slice(2).toLowerCase()}`,
        sensitivity: numberOr(p.sensitivity, DEFAULT_CHROMA_SENSITIVITY),
        background_image: typeof p.background_image === 'string' ? p.background_image : null,
      };
    case 'color_correction':
      return {
        kind: 'color_correction',
        brightness: numberOr(p.brightness, NEUTRAL_COLOR_CORRECTION.brightness),
        contrast: numberOr(p.contrast, NEUTRAL_COLOR_CORRECTION.contrast),
        saturation: numberOr(p.saturation, NEUTRAL_COLOR_CORRECTION.saturation),
        hue_shift: numberOr(p.hue_shift, NEUTRAL_COLOR_CORRECTION.hue_shift),
        gamma: numberOr(p.gamma, NEUTRAL_COLOR_CORRECTION.gamma),
      };
    case 'noise_reduction':
      return { kind: 'quality', ...quality, denoise: true };
    case 'sharpening':
      return { kind: 'quality', ...quality, sharpen: true };
    case 'upscaling':
      return { kind: 'quality', ...quality, upscale_factor: numberOr(p.upscale_factor, DEFAULT_UPSCALE_FACTOR) };
  }
}
