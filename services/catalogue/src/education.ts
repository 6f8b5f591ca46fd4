// The education centre (part 2 section 2, docs/education.md): training videos and manuals our own
// exporter renders from our own courses. What it offers and its messages.
import { defineMessages } from './messages.js';

/** The files a course may offer: its narrated video with its subtitles, and its manual. */
export const EDUCATION_FORMATS = ['mp4', 'vtt', 'pdf', 'docx'] as const;
export type EducationFormat = (typeof EDUCATION_FORMATS)[number];

export function isEducationFormat(value: string): value is EducationFormat {
  return (EDUCATION_FORMATS as readonly string[]).includes(value);
}

/** The library's state: its files are rendered once per edition of the courses. */
export const EDUCATION_STATUSES = ['preparing', 'ready', 'failed'] as const;
export type EducationStatus = (typeof EDUCATION_STATUSES)[number];

export const EDUCATION_MESSAGES = defineMessages('education', {
  notReady: 'This file is still being prepared. It will be ready in a few minutes.',
  fileNotFound: 'File not found',
  internal: 'The training videos and manuals could not be prepared because of an internal error. We will try again when the page is opened.',
  abandoned: 'Preparing the training videos and manuals stopped because the worker running it stopped unexpectedly several times. We will try again when the page is opened.',
} as const);
