// What the education centre shows: the courses of the current edition with the files rendered so
// far, and the library's state. The first look at an edition starts its render (a job per course);
// a failed one is started again by a look a minute or more after it failed; a look while it is
// preparing queues the jobs of the courses not done again (a no-op unless a job was lost), so the
// library always finishes.
import { EDUCATION_MESSAGES, catalogueMessage, isEducationFormat, type EducationFormat, type EducationStatus } from '@trainwright/catalogue';
import { AppError, type MessageRef } from '@trainwright/platform';
import { CONTENT_TYPES } from '../../domain/types.js';
import { itemFile, itemsOf } from './courses.js';
import type { EducationDeps, EducationFileRow } from './deps.js';

/** A failed edition is started again by a visit at least this long after it failed. */
export const EDUCATION_RETRY_AFTER_MS = 60_000;

/** The downloads' content types, and the subtitles'. */
const EDUCATION_CONTENT_TYPES: Record<EducationFormat, string> = { mp4: CONTENT_TYPES.mp4, pdf: CONTENT_TYPES.pdf, docx: CONTENT_TYPES.docx, vtt: 'text/vtt; charset=utf-8' };

export interface CourseView {
  slug: string;
  title: string;
  language: string;
  slideCount: number;
  hasVideo: boolean;
  hasManual: boolean;
  durationSeconds: number;
  files: Array<{ format: EducationFormat; size: number }>;
}

export interface LibraryView {
  status: EducationStatus;
  progress: number;
  error: string;
  errorMessage: MessageRef | null;
  courses: CourseView[];
}

export async function getEducationLibrary(deps: Pick<EducationDeps, 'library' | 'store' | 'jobs' | 'storage'>): Promise<LibraryView> {
  const { library, store } = deps;
  let state = await store.stateOf(library.key);
  if (!state || state.status === 'failed') state = await store.start(library.key, EDUCATION_RETRY_AFTER_MS);
  const files = await store.filesOf(library.key);
  if (state.status === 'preparing') {
    const kept = new Set(files.map((f) => `${f.slug}.${f.format}`));
    const missing = library.courses.filter((c) => itemsOf(c).some((item) => !kept.has(itemFile(c.slug, item))));
    if (missing.length > 0) await deps.jobs.enqueue(library.key, state.run, missing.map((c) => c.slug));
    else {
      // Every file is there but the job that kept the last one stopped before saying so.
      for (const old of await store.ready(library.key)) await deps.storage.delete(old);
      state = { ...state, status: 'ready', progress: 100 };
    }
  }
  return {
    status: state.status,
    progress: state.status === 'ready' ? 100 : state.progress,
    error: state.status === 'failed' ? state.error : '',
    errorMessage: state.status === 'failed' ? state.errorMessage : null,
    courses: library.courses.map((course) => {
      const own = files.filter((f) => f.slug === course.slug);
      const video = own.find((f) => f.format === 'mp4');
      return {
        slug: course.slug,
        title: course.title,
        language: course.language,
        slideCount: course.deck.slides.length,
        hasVideo: itemsOf(course).includes('video'),
        hasManual: course.hasManual,
        durationSeconds: video ? Math.round(video.durationMs / 1000) : 0,
        files: own.map((f) => ({ format: f.format, size: f.size })),
      };
    }),
  };
}

/** Where a file of the current edition is: NOT_FOUND for a course or format it does not offer,
 * CONFLICT while it is being prepared. */
export async function openEducationFile(
  deps: Pick<EducationDeps, 'library' | 'store'>,
  slug: string,
  format: string,
): Promise<{ storageKey: string; filename: string; contentType: string; size: number }> {
  const course = deps.library.courses.find((c) => c.slug === slug);
  const f = format.toLowerCase();
  const offered = course && isEducationFormat(f) && (f === 'mp4' || f === 'vtt' ? true : course.hasManual);
  if (!course || !offered) throw new AppError('NOT_FOUND', catalogueMessage(EDUCATION_MESSAGES, 'fileNotFound'));
  const file: EducationFileRow | undefined = (await deps.store.filesOf(deps.library.key)).find((row) => row.slug === slug && row.format === f);
  if (!file) throw new AppError('CONFLICT', catalogueMessage(EDUCATION_MESSAGES, 'notReady'));
  return { storageKey: file.storageKey, filename: file.storageKey.split('/').pop()!, contentType: EDUCATION_CONTENT_TYPES[f], size: file.size };
}
