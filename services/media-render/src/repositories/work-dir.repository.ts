// Scratch folders on the local disk, one per piece of work, removed when it ends.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WorkDirs } from '../services/ports.js';

export class WorkDirRepository implements WorkDirs {
  constructor(
    /** The parent folder; '' for the system's temporary folder. */
    private readonly root: string,
    /** The folder name's start, e.g. 'tw-render-'. */
    private readonly prefix: string,
  ) {}

  async use<T>(work: (dir: string) => Promise<T>): Promise<T> {
    const dir = await mkdtemp(join(this.root || tmpdir(), this.prefix));
    try {
      return await work(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
