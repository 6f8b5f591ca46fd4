// The render-education job: every course of the library's edition rendered by the exporter every
// project uses (the narrated video with its subtitles; the PDF guide and the Word manual), with
// real progress (items rendered of all, a video's own percent within it). Files are kept as they
// are made, so a retried job renders only what is missing; once all are there the edition is
// ready and the files of older editions are deleted.
import { EDUCATION_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { failureOf } from '@trainwright/platform';
import { RenderError } from '../../domain/types.js';
import { fileBase } from '../renders/rendered-set.js';
import { courseInput, itemFile, itemsOf, type Course } from './courses.js';
import type { EducationDeps, EducationFileRow } from './deps.js';

export const EDUCATION_INTERNAL = catalogueMessage(EDUCATION_MESSAGES, 'internal');
export const EDUCATION_ABANDONED = catalogueMessage(EDUCATION_MESSAGES, 'abandoned');

export async function renderEducationLibrary(
  deps: Pick<EducationDeps, 'library' | 'store' | 'renderers' | 'voices' | 'storage' | 'workDirs' | 'clock'>,
  request: { libraryKey: string; run: number },
  job: { attempt: number; maxAttempts: number },
): Promise<{ rendered: number }> {
  const { library, store } = deps;
  // A job of another edition (the courses changed since it was queued): that edition's own job renders it.
  if (request.libraryKey !== library.key) return { rendered: 0 };
  const key = library.key;
  try {
    const done = new Set((await store.filesOf(key)).map((f) => `${f.slug}.${f.format}`));
    const total = library.courses.reduce((n, c) => n + itemsOf(c).length, 0);
    let finished = library.courses.reduce((n, c) => n + itemsOf(c).filter((item) => done.has(itemFile(c.slug, item))).length, 0);
    let shown = -1;
    const report = async (fraction = 0) => {
      const percent = Math.min(99, Math.floor(((finished + fraction) / total) * 100));
      if (percent !== shown) await store.progress(key, (shown = percent));
    };
    const keep = async (course: Course, format: EducationFileRow['format'], body: Buffer | { path: string }, durationMs = 0) => {
      const storageKey = `education/${key}/${fileBase(course.title)}.${format}`;
      const size = await deps.storage.save(storageKey, body);
      await store.recordFile(key, { slug: course.slug, format, storageKey, size, durationMs });
    };
    await report();
    let rendered = 0;
    const renderedAt = deps.clock().toISOString();
    for (const course of library.courses) {
      const input = courseInput(course, renderedAt);
      for (const item of itemsOf(course)) {
        if (done.has(itemFile(course.slug, item))) continue;
        if (item === 'video') {
          const voice = await deps.voices.settingsFor('', '');
          await deps.workDirs.use(async (workDir) => {
            const video = await deps.renderers.video(input, { ...voice, language: course.language }, workDir, (percent) => report(percent / 100));
            // The subtitles first: a video kept means its course's video item is done.
            if (video.vttPath) await keep(course, 'vtt', { path: video.vttPath }, video.durationMs);
            await keep(course, 'mp4', { path: video.mp4Path }, video.durationMs);
          });
        } else {
          await keep(course, item, await deps.renderers.document(item, input));
        }
        rendered++;
        finished++;
        await report();
      }
    }
    for (const old of await store.ready(key)) await deps.storage.delete(old);
    return { rendered };
  } catch (error) {
    const failure = failureOf(error, EDUCATION_INTERNAL);
    const retryable = !(error instanceof RenderError) || error.retryable;
    if (!retryable || job.attempt >= job.maxAttempts) {
      await store.failed(key, failure);
      throw RenderError.of(failure, false);
    }
    throw RenderError.of(failure, true);
  }
}

/** When every attempt's worker died: the edition failed (the next visit starts it again). */
export async function abandonEducationLibrary(deps: Pick<EducationDeps, 'library' | 'store'>, request: { libraryKey: string }): Promise<void> {
  if (request.libraryKey !== deps.library.key) return;
  await deps.store.failed(request.libraryKey, { text: EDUCATION_ABANDONED.text, message: { id: EDUCATION_ABANDONED.id, params: EDUCATION_ABANDONED.params } });
}
