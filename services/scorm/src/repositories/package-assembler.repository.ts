// Assembles a package's zip: the narrated video copied from storage into a work directory (the
// package library streams it into the zip), its captions and duration (ffprobe), the course built
// from the project, then the zip kept in storage under the company's prefix.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { text } from 'node:stream/consumers';
import ffmpeg from 'fluent-ffmpeg';
import type { ObjectStorage } from '@trainwright/platform';
import { buildPackage } from '../package/index.js';
import { courseOf, type CourseVideo } from '../services/course.js';
import type { AssembleRequest, PackageAssembler } from '../services/packages/deps.js';

/** The video's duration in seconds, as ffprobe reads its container. */
function probeDuration(path: string): Promise<number> {
  return new Promise((resolve, reject) => ffmpeg.ffprobe(path, (err, data) => (err ? reject(err) : resolve(Number(data.format.duration) || 0))));
}

export class PackageAssemblerRepository implements PackageAssembler {
  constructor(
    private readonly storage: ObjectStorage,
    /** The parent of each build's work directory; '' for the system's temporary directory. */
    private readonly workRoot: string,
  ) {}

  async assemble({ packageRecord, project, video, interactive, lrs }: AssembleRequest, progress: (percent: number) => Promise<void>): Promise<{ storageKey: string; size: number }> {
    const dir = await mkdtemp(join(this.workRoot || tmpdir(), 'tw-scorm-'));
    try {
      let courseVideo: CourseVideo | null = null;
      if (video) {
        const path = join(dir, 'video.mp4');
        await pipeline(this.storage.get(video.mp4StorageKey), createWriteStream(path));
        const captionsVtt = video.vttStorageKey ? await text(this.storage.get(video.vttStorageKey)) : '';
        courseVideo = { path, durationSeconds: await probeDuration(path), captionsVtt };
      }
      await progress(10);
      const zipPath = join(dir, 'package.zip');
      // The library reports 0-100 for its own part: 10-95 of the build.
      let last = Promise.resolve();
      await buildPackage({ ...courseOf(packageRecord, project, courseVideo, interactive), lrs: lrs ?? undefined }, zipPath, (percent) => {
        last = last.then(() => progress(10 + (percent * 85) / 100));
      });
      await last;
      const storageKey = `scorm/${packageRecord.companyId}/${packageRecord.id}.zip`;
      await this.storage.delete(storageKey);
      const { size } = await this.storage.put(storageKey, createReadStream(zipPath));
      return { storageKey, size };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  delete(storageKey: string): Promise<void> {
    return this.storage.delete(storageKey);
  }
}
