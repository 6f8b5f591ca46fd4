import { DOWNLOAD_FORMATS } from '../../domain/types.js';

export const DOWNLOAD_MESSAGES = {
  unknownFormat: `Unknown download format. Choose one of ${DOWNLOAD_FORMATS.join(', ')}.`,
  notReady: (title: string, status: string) => `Project "${title}" is not ready for download yet (status: ${status}).`,
  noContent: (title: string) => `No generated content available for ${title}. Try refreshing the page.`,
  noVideo: 'This project has no video: choose MP4 or MOV as its visual format, then regenerate it.',
  limit: (plan: string, limit: number, trial: boolean) =>
    `Your ${plan} plan allows ${limit} downloads ${trial ? 'during the trial' : 'per month'}. Upgrade to download more.`,
  notRendered: 'The files of this project are still being prepared. Please try again in a moment.',
  /** A translation whose files are not rendered yet (the language's English name). */
  translationNotReady: (language: string) => `The files in ${language} are still being prepared. Please try again in a moment.`,
  unknownLanguage: (code: string) => `Unknown language: ${code}.`,
  /** Pay-per-use: an mp4/mov project's video renders once paid for (402). */
  videoNotPaid: 'This narrated video renders once it is paid for. Pay for it from the project.',
  /** Each language's video is paid on its own (the language's English name). */
  translationVideoNotPaid: (language: string) => `The narrated video in ${language} is paid for on its own, like every language's video. Pay for it from the project.`,
  videoRendering: 'The narrated video is still rendering. Try again when it is ready.',
  /** As the project service answers for a project the caller may not see. */
  notFound: 'Project not found',
} as const;
