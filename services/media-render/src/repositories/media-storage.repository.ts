// Object storage (the platform's: local files or S3) as media-render uses it.
import type { ObjectStorage } from '@trainwright/platform';
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { MediaStorage } from '../services/ports.js';

export class MediaStorageRepository implements MediaStorage {
  constructor(private readonly storage: ObjectStorage) {}

  async save(key: string, body: Buffer | { path: string }): Promise<number> {
    // A killed attempt may have left a partial object under the same key.
    await this.storage.delete(key);
    const { size } = await this.storage.put(key, Buffer.isBuffer(body) ? Readable.from(body) : createReadStream(body.path));
    return size;
  }

  delete(key: string): Promise<void> {
    return this.storage.delete(key);
  }

  async has(key: string): Promise<boolean> {
    return (await this.storage.size(key).catch(() => -1)) > 0;
  }

  async read(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.storage.get(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  copyTo(key: string, path: string): Promise<void> {
    return pipeline(this.storage.get(key), createWriteStream(path));
  }
}
