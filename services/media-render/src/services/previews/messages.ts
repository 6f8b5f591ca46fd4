import { TRANSLATION_MESSAGES, languageNames } from '@trainwright/catalogue';

export const PREVIEW_MESSAGES = {
  notFound: 'Project not found',
  noSlides: 'This project has no slides to preview yet.',
  noSlide: (position: number, count: number) => `No slide ${position}: the preview has ${count} slides (0 is the title card).`,
  unknownLanguage: TRANSLATION_MESSAGES.unknownLanguage,
  noTranslation: (code: string) => `This project has no finished translation into ${languageNames(code).name}.`,
} as const;

export const ESTIMATE_MESSAGES = {
  /** A translation's video priced while the project has no completed translation into it (its English name). */
  noTranslation: (languageName: string) => `This project has no completed translation into ${languageName}. Translate it first, then pay for its video.`,
} as const;
