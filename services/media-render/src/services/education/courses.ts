// The education centre's courses: our own short courses on using Trainwright, written in the slide
// text format every project reads (services/media-render/education/<slug>.md) and rendered by the
// exporter every project uses into a narrated training video and, for six of them, a manual (the
// PDF guide and the Word manual). One edition of the courses is one library key: a changed course
// or renderer edition renders the library again.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { currentObjectives, deckToScript, parseSlideText, printScript, type SlideDeck } from '@trainwright/formats';
import { BUILTIN_TEMPLATES } from '@trainwright/templates';
import type { RenderInput } from '../../domain/types.js';
import { styleOf } from '../renders/render-input.js';

/** The courses in the order the education centre lists them; `manual`: whether it offers one. */
export const EDUCATION_COURSES = [
  { slug: 'getting-started', manual: true },
  { slug: 'create-from-your-material', manual: true },
  { slug: 'templates-and-branding', manual: true },
  { slug: 'narrated-video', manual: false },
  { slug: 'translation', manual: true },
  { slug: 'scorm-and-lms', manual: true },
  { slug: 'working-as-a-team', manual: true },
] as const;

/** Raised when what the renderers make of the same courses changes, so the library renders again. */
export const EDUCATION_EDITION = 1;
/** The built-in template the courses are rendered with. */
export const EDUCATION_TEMPLATE_ID = 'education-course-orientation';

export interface Course {
  slug: string;
  title: string;
  language: string;
  deck: SlideDeck;
  /** The slide text it was read from (part of the library key). */
  source: string;
  hasManual: boolean;
}

export interface EducationLibrary {
  /** A hash of the edition, the sources and the video size: the files of one key never change. */
  key: string;
  courses: Course[];
}

/** The folder holding the course sources: `education/` of this package, from src/ or dist/src/. */
export function coursesDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'education', `${EDUCATION_COURSES[0].slug}.md`))) return join(dir, 'education');
    const up = dirname(dir);
    if (up === dir) throw new Error('The education courses (services/media-render/education) are missing.');
    dir = up;
  }
}

/** Reads the courses (a malformed source fails at start, not in a user's request). */
export async function loadEducationLibrary(size: { width: number; height: number }, dir = coursesDir(), entries: ReadonlyArray<{ slug: string; manual: boolean }> = EDUCATION_COURSES): Promise<EducationLibrary> {
  const courses: Course[] = [];
  for (const entry of entries) {
    const source = await readFile(join(dir, `${entry.slug}.md`), 'utf8');
    const deck = parseSlideText(source);
    if (!deck.title || deck.slides.length === 0) throw new Error(`The education course ${entry.slug} has no title or no slides.`);
    courses.push({ slug: entry.slug, title: deck.title, language: 'en', deck, source, hasManual: entry.manual });
  }
  const key = createHash('sha256')
    .update(JSON.stringify({ edition: EDUCATION_EDITION, template: EDUCATION_TEMPLATE_ID, size, courses: courses.map((c) => [c.slug, c.hasManual, c.source]) }))
    .digest('hex')
    .slice(0, 24);
  return { key, courses };
}

/** What the library renders of a course: its video (mp4, with vtt subtitles) and its manual. */
export type CourseItem = 'video' | 'pdf' | 'docx';
export function itemsOf(course: Pick<Course, 'hasManual'>): CourseItem[] {
  return course.hasManual ? ['video', 'pdf', 'docx'] : ['video'];
}

/** The file whose presence says an item is done (a video's mp4 is kept after its subtitles). */
export function itemFile(slug: string, item: CourseItem): string {
  return `${slug}.${item === 'video' ? 'mp4' : item}`;
}

/** A course as every renderer reads it: the built-in template, branded Trainwright. */
export function courseInput(course: Course, renderedAt: string): RenderInput {
  const template = BUILTIN_TEMPLATES.find((t) => t.id === EDUCATION_TEMPLATE_ID) ?? BUILTIN_TEMPLATES[0]!;
  return {
    projectId: `education-${course.slug}`,
    title: course.title,
    description: '',
    language: course.language,
    deck: course.deck,
    script: printScript(deckToScript(course.deck)),
    summary: '',
    objectives: currentObjectives(course.deck, []),
    questions: [],
    glossary: [],
    style: styleOf({ templateId: template.id, fontStyle: 'modern', imageStyle: 'professional' }, template),
    branding: { companyName: 'Trainwright', website: '', logo: null },
    generatedAt: renderedAt,
    burnSubtitles: false,
  };
}
