// Object storage. The local filesystem is the default; keys are relative paths under one root
// and can never climb out of it.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/** Keys under this prefix hold objects still being received (an upload whose fields are not all
 * in yet); each is moved into place or deleted before its request ends. */
export const STORAGE_TEMP_AREA = 'tmp';

export interface ObjectStorage {
  put(key: string, body: Readable): Promise<{ size: number }>;
  /** The object, or the bytes `start` to `end` (inclusive) of it. */
  get(key: string, range?: { start: number; end: number }): Readable;
  delete(key: string): Promise<void>;
  /** Gives an object another key without copying it (any object at `to` is replaced). */
  move(from: string, to: string): Promise<void>;
  size(key: string): Promise<number>;
}

export class LocalFileStorage implements ObjectStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep) || key.includes('\0')) throw new Error(`invalid storage key: ${key}`);
    return path;
  }

  async put(key: string, body: Readable): Promise<{ size: number }> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await pipeline(body, createWriteStream(path, { flags: 'wx' }));
    return { size: (await stat(path)).size };
  }

  get(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.pathOf(key), range);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async move(from: string, to: string): Promise<void> {
    const target = this.pathOf(to);
    await mkdir(dirname(target), { recursive: true });
    await rename(this.pathOf(from), target);
  }

  async size(key: string): Promise<number> {
    return (await stat(this.pathOf(key))).size;
  }
}
