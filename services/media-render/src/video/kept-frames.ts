// The video's pictures kept as drawn, by what they show: a re-render (the other format, a voice or
// template tried again, one slide's notes edited) draws only the pictures that changed, so its
// encode is fed at once instead of waiting for resvg beside x264 on the same cores. The key is the
// picture's SVG with the rasterising options (fonts, size); the value its raw RGBA pixels, in
// memory, bounded in bytes like the spoken clips (adapters/speech/kept-clips.ts). A 720p picture
// is 3.7 MB, so the default 128 MB keeps about 35 of them.
import { createHash } from 'node:crypto';
import type { ResvgRenderOptions } from '@resvg/resvg-js';
import { LRUCache } from 'lru-cache';

export class KeptFrames {
  private readonly kept: LRUCache<string, Buffer> | null;
  private hits = 0;
  private misses = 0;

  /** `maxBytes` bounds the kept pixels; 0 keeps nothing. */
  constructor(maxBytes: number) {
    this.kept = maxBytes > 0 ? new LRUCache<string, Buffer>({ maxSize: maxBytes, sizeCalculation: (pixels) => Math.max(1, pixels.length) }) : null;
  }

  /** The key of a picture: the same drawing rasterised with the same options gives the same pixels. */
  key(svg: string, options: ResvgRenderOptions): string {
    return createHash('sha256').update(JSON.stringify(options)).update('\0').update(svg).digest('base64url');
  }

  /** The kept pixels of `key`. They are shared: the caller must not change them. */
  get(key: string): Buffer | undefined {
    const pixels = this.kept?.get(key);
    if (pixels) this.hits++;
    else this.misses++;
    return pixels;
  }

  set(key: string, pixels: Buffer): void {
    this.kept?.set(key, pixels);
  }

  /** How many pictures are kept and how often a picture was found (for the worker's log). */
  stats(): { pictures: number; bytes: number; hits: number; misses: number } {
    return { pictures: this.kept?.size ?? 0, bytes: this.kept?.calculatedSize ?? 0, hits: this.hits, misses: this.misses };
  }
}
