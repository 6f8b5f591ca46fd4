// Interactive video's media in the object storage shared with media-render: the length of a
// narrated mp4 (read from its movie header, a few small ranged reads instead of the whole file),
// its captions as text, and the copies a version pins under interactive/<companyId>/<videoId>/.
import { PassThrough, type Readable } from 'node:stream';
import type { ObjectStorage } from '@trainwright/platform';
import type { InteractiveMedia } from '../services/interactive/deps.js';

/** The most a captions file may hold to be read as text (an hour of narration is ~100 KB). */
const CAPTIONS_MAX_BYTES = 5_000_000;
/** Boxes looked at before giving up on a file that is no mp4. */
const BOXES_MAX = 10_000;

async function bytes(stream: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.destroy();
      throw new Error(`more than ${max} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export class InteractiveMediaRepository implements InteractiveMedia {
  constructor(private readonly storage: ObjectStorage) {}

  private read(key: string, start: number, length: number): Promise<Buffer> {
    return bytes(this.storage.get(key, { start, end: start + length - 1 }), length);
  }

  /**
   * Seconds of an mp4 (or mov): the movie header's duration over its timescale. The boxes are
   * walked by their headers: ftyp, then moov (wherever it is, faststart or not), then its mvhd.
   */
  async durationOf(storageKey: string): Promise<number> {
    const size = await this.storage.size(storageKey);
    const box = async (offset: number, end: number): Promise<{ type: string; start: number; size: number } | null> => {
      if (offset + 8 > end) return null;
      const head = await this.read(storageKey, offset, Math.min(16, end - offset));
      let length = head.readUInt32BE(0);
      const type = head.toString('latin1', 4, 8);
      let header = 8;
      if (length === 1) {
        if (head.length < 16) return null;
        length = Number(head.readBigUInt64BE(8));
        header = 16;
      } else if (length === 0) {
        length = end - offset;
      }
      if (length < header) return null;
      return { type, start: offset + header, size: length };
    };
    const find = async (type: string, from: number, end: number) => {
      let offset = from;
      for (let n = 0; n < BOXES_MAX; n += 1) {
        const found = await box(offset, end);
        if (!found) return null;
        if (found.type === type) return { start: found.start, end: offset + found.size };
        offset += found.size;
      }
      return null;
    };
    const moov = await find('moov', 0, size);
    const mvhd = moov ? await find('mvhd', moov.start, moov.end) : null;
    if (!mvhd) throw new Error(`${storageKey} has no movie header`);
    const body = await this.read(storageKey, mvhd.start, Math.min(32, mvhd.end - mvhd.start));
    const version = body.readUInt8(0);
    const [timescale, duration] = version === 1 ? [body.readUInt32BE(20), Number(body.readBigUInt64BE(24))] : [body.readUInt32BE(12), body.readUInt32BE(16)];
    if (!timescale) throw new Error(`${storageKey} has no timescale`);
    return duration / timescale;
  }

  async text(storageKey: string): Promise<string> {
    return (await bytes(this.storage.get(storageKey), CAPTIONS_MAX_BYTES)).toString('utf8');
  }

  async pin(
    from: { videoKey: string; captionsKey: string | null },
    to: { videoKey: string; captionsKey: string },
    progress: (percent: number) => Promise<void>,
  ): Promise<{ videoSize: number; videoSeconds: number; captionsKey: string | null; captionsSize: number }> {
    const total = Math.max(1, await this.storage.size(from.videoKey));
    // A retried job starts over: whatever an earlier attempt left goes.
    await this.storage.delete(to.videoKey);
    let copied = 0;
    let reported = 0;
    let reports = Promise.resolve();
    const source = this.storage.get(from.videoKey);
    const counter = new PassThrough();
    source.on('error', (err) => counter.destroy(err));
    source.on('data', (chunk: Buffer) => {
      copied += chunk.length;
      const percent = Math.floor((copied * 100) / total);
      if (percent > reported) {
        reported = percent;
        reports = reports.then(() => progress(percent));
      }
    });
    source.pipe(counter);
    const { size: videoSize } = await this.storage.put(to.videoKey, counter);
    await reports;
    let captionsSize = 0;
    if (from.captionsKey) {
      await this.storage.delete(to.captionsKey);
      captionsSize = (await this.storage.put(to.captionsKey, this.storage.get(from.captionsKey))).size;
    }
    return { videoSize, videoSeconds: await this.durationOf(to.videoKey), captionsKey: from.captionsKey ? to.captionsKey : null, captionsSize };
  }

  delete(storageKey: string): Promise<void> {
    return this.storage.delete(storageKey);
  }
}
