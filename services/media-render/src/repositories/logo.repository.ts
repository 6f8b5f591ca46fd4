// A project's logo: fetched with the platform's safe fetcher (no private addresses), accepted only
// when the bytes really are a PNG or JPEG, measured for layout. Only project-logo.repository.ts
// calls it, once per (project, URL); the bytes are then kept (kept-logo.repository.ts).
import { safeFetch } from '@trainwright/platform';
import type { RenderBranding } from '../domain/types.js';
import type { LogoFetcher } from '../services/logos/deps.js';

type Logo = NonNullable<RenderBranding['logo']>;

/** Width and height from a PNG's IHDR or a JPEG's start-of-frame; null when it is neither. */
export function imageInfo(bytes: Buffer): Omit<Logo, 'bytes'> | null {
  if (bytes.length > 24 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { mime: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let i = 2;
    while (i + 9 < bytes.length) {
      if (bytes[i] !== 0xff) return null;
      const marker = bytes[i + 1]!;
      const length = bytes.readUInt16BE(i + 2);
      // SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { mime: 'image/jpeg', height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
      }
      i += 2 + length;
    }
  }
  return null;
}

/**
 * The logo, or null with the reason when it cannot be used (not an image, a private address,
 * too large, unreachable): the files then render without it.
 */
export async function fetchLogo(url: string, options: { allowOrigins: string[] }): Promise<{ logo: Logo | null; problem: string }> {
  if (!url) return { logo: null, problem: '' };
  try {
    const answer = await safeFetch(url, {
      allowOrigins: options.allowOrigins,
      maxBytes: 5 * 1024 * 1024,
      timeoutMs: 10_000,
      allowedContentTypes: ['image/png', 'image/jpeg', 'image/jpg'],
    });
    const info = imageInfo(answer.body);
    if (!info || info.width === 0 || info.height === 0) return { logo: null, problem: 'Logo could not be loaded: it is not a PNG or JPEG image.' };
    return { logo: { bytes: answer.body, ...info }, problem: '' };
  } catch (error) {
    return { logo: null, problem: `Logo could not be loaded: ${(error as Error).message}` };
  }
}

/** Logos from the origins the configuration allows although private (as URL_FETCH_ALLOW_ORIGINS). */
export class LogoRepository implements LogoFetcher {
  constructor(private readonly allowOrigins: string[]) {}

  fetch(url: string): ReturnType<LogoFetcher['fetch']> {
    return fetchLogo(url, { allowOrigins: this.allowOrigins });
  }
}
