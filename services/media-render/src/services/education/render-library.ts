// The render-education job: one course of the library's edition rendered by the exporter every
// project uses (the narrated video with its subtitles; the PDF guide and the Word manual). One job
// per course, as background work on the render queue, so a user's render waits for one course at
// most. Progress is real: the library's items rendered of all, a video's own percent within its
// item. Files are kept as they are made, so a retried job renders only what is missing; the job
// that finds every item there makes the edition ready and deletes the files of older editions.
import { EDUCATION_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { failureOf } from '@trainwright/platform';
import { RenderError } from '../../domain/types.js';
import { fileBase } from '../renders/rendered-set.js';
import { courseInput, itemFile, itemsOf, type Course } from './courses.js';
import type { EducationDeps, EducationFileRow } from './deps.js';

export const EDUCATION_INTERNAL = catalogueMessage(EDUCATION_MESSAGES, 'internal');
export const EDUCATION_ABANDONED = catalogueMessage(EDUCATION_MESSAGES, 'abandoned');

export interface CourseRequest {
  libraryKey: string;
  run: number;
  slug: string;
}

/** The items of the library rendered (by their file, e.g. 'translation.mp4'), of all. */
export function libraryItems(library: EducationDeps['library'], files: Pick<EducationFileRow, 'slug' | 'format'>[]): { done: number; total: number } {
  const kept = new Set(files.map((f) => `${f.slug}.${f.format}`));
  const items = library.courses.flatMap((c) => itemsOf(c).map((item) => itemFile(c.slug, item)));
  return { done: items.filter((item) => kept.has(item)).length, total: items.length };
}

export async function renderEducationCourse(
  deps: Pick<EducationDeps, 'library' | 'store' | 'renderers' | 'voices' | 'storage' | 'workDirs' | 'clock'>,
  request: CourseRequest,
  job: { attempt: number; maxAttempts: number },
): Promise<{ rendered: number }> {
  const { library, store } = deps;
  // A job of another edition (the courses changed since it was queued): that edition's own jobs render it.
  const course = library.courses.find((c) => c.slug === request.slug);
  if (request.libraryKey !== library.key || !course) return { rendered: 0 };
  const key = library.key;
  try {
    const files = await store.filesOf(key);
    const done = new Set(files.map((f) => `${f.slug}.${f.format}`));
    let { done: finished, total } = libraryItems(library, files);
    const report = (fraction = 0) => store.progress(key, Math.min(99, Math.floor(((finished + fraction) / total) * 100)));
    const keep = async (c: Course, format: EducationFileRow['format'], body: Buffer | { path: string }, durationMs = 0) => {
      const storageKey = `education/${key}/${fileBase(c.title)}.${format}`;
      const size = await deps.storage.save(storageKey, body);
      await store.recordFile(key, { slug: c.slug, format, storageKey, size, durationMs });
    };
    let rendered = 0;
    const input = courseInput(course, deps.clock().toISOString());
    for (const item of itemsOf(course)) {
      if (done.has(itemFile(course.slug, item))) continue;
      if (item === 'video') {
        const voice = await deps.voices.settingsFor('', '');
        let shown = -1;
        await deps.workDirs.use(async (workDir) => {
          const video = await deps.renderers.video(input, { ...voice, language: course.language }, workDir, async (percent) => {
            // A write per whole percent of the library, not per frame.
            const step = Math.floor(((finished + percent / 100) / total) * 100);
            if (step !== shown) await report(percent / 100).then(() => (shown = step));
          });
          // The subtitles first: a kept mp4 means the course's video item is done.
          if (video.vttPath) await keep(course, 'vtt', { path: video.vttPath }, video.durationMs);
          await keep(course, 'mp4', { path: video.mp4Path }, video.durationMs);
        });
      } else {
        await keep(course, item, await deps.renderers.document(item, input));
      }
      rendered++;
      // Other courses' jobs may have kept files meanwhile (several render workers).
      ({ done: finished, total } = libraryItems(library, await store.filesOf(key)));
      await report();
    }
    if (libraryItems(library, await store.filesOf(key)).done === total) {
      for (const old of await store.ready(key)) await deps.storage.delete(old);
    }
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
export async function abandonEducationCourse(deps: Pick<EducationDeps, 'library' | 'store'>, request: CourseRequest): Promise<void> {
  if (request.libraryKey !== deps.library.key) return;
  await deps.store.failed(request.libraryKey, { text: EDUCATION_ABANDONED.text, message: { id: EDUCATION_ABANDONED.id, params: EDUCATION_ABANDONED.params } });
}
