// The video's pictures kept as drawn, by what they show: a re-render (the other format, a voice or
// template tried again, one slide's notes edited) draws only the pictures that changed, so its
// encode is fed at once instead of waiting for resvg beside x264 on the same cores. The key is the
// picture's SVG with the rasterising options (fonts, size); the value its raw RGBA pixels, kept
// like the spoken clips (render/kept-bytes.ts). A 720p picture is 3.7 MB, so the default 128 MB
// keeps about 35 of them.
import { createHash } from 'node:crypto';
import type { ResvgRenderOptions } from '@resvg/resvg-js';
import { KeptBytes } from '../render/kept-bytes.js';

export class KeptFrames extends KeptBytes<Buffer> {
  /** `maxBytes` bounds the kept pixels; 0 keeps nothing. */
  constructor(maxBytes: number) {
    super('video_pictures', maxBytes, (pixels) => pixels.length);
  }

  /** The key of a picture: the same drawing rasterised with the same options gives the same pixels. */
  key(svg: string, options: ResvgRenderOptions): string {
    return createHash('sha256').update(JSON.stringify(options)).update('\0').update(svg).digest('base64url');
  }
}
