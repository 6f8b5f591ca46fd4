// The education centre (docs/education.md): the training videos and manuals GET /api/education
// lists, rendered by our own exporter from our own courses, and the long texts of its Best
// Practices and FAQ tabs in the reader's language.
import type { TFunction } from 'i18next';
import type { FailureMessage } from './errors';

export const EDUCATION_TABS = ['videos', 'manuals', 'practices', 'faq'] as const;
export type EducationTab = (typeof EDUCATION_TABS)[number];

export function isEducationTab(value: string | null): value is EducationTab {
  return value !== null && (EDUCATION_TABS as readonly string[]).includes(value);
}

export interface EducationFile {
  format: 'mp4' | 'vtt' | 'pdf' | 'docx';
  size: number;
  url: string;
}

export interface EducationCourse {
  slug: string;
  title: string;
  language: string;
  slide_count: number;
  has_video: boolean;
  has_manual: boolean;
  duration_seconds: number;
  files: EducationFile[];
}

export interface EducationLibrary extends FailureMessage {
  status: 'preparing' | 'ready' | 'failed';
  progress: number;
  error?: string;
  courses: EducationCourse[];
}

/** The course's file in a format, once rendered. */
export function fileOf(course: EducationCourse, format: EducationFile['format']): EducationFile | undefined {
  return course.files.find((f) => f.format === format);
}

/** The address that saves the file rather than showing it. */
export function downloadUrl(file: EducationFile): string {
  return `${file.url}?download=true`;
}

/** A video's length as the player shows it: 1:09. */
export function durationText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The course's title and summary in the reader's language (the courses themselves are in English). */
export function courseText(t: TFunction, course: Pick<EducationCourse, 'slug' | 'title'>): { title: string; summary: string } {
  return {
    title: t(`education.courses.${course.slug}.title`, { defaultValue: course.title }),
    summary: t(`education.courses.${course.slug}.summary`, { defaultValue: '' }),
  };
}
