// Why a paid narrated video (pay-per-use, media-render's RENDER_VIDEO_JOB) was not made: the
// reasons its payment fails with (billing refunds it), kept with the payment and carried on
// video.status_changed 'failed' by id, so the web shows them in the user's language.
import { CONTENT_LANGUAGES, languageNames } from './languages.js';
import { defineMessages } from './messages.js';
import { upgradeRequiredMessage } from './plans.js';

/** A content language's English name; anything else (a code no translation has) as sent, cut short. */
const nameOf = (code: string) => (CONTENT_LANGUAGES.includes(code) ? languageNames(code).name : code.slice(0, 20));

export const VIDEO_MESSAGES = defineMessages('video', {
  notVideo: 'This project has no video format any more (MP4 or MOV), so its narrated video was not rendered. The payment is refunded.',
  notInPlan: `${upgradeRequiredMessage('videoGeneration')} The payment is refunded.`,
  changed: 'The project changed after its narrated video was paid for, so that payment is refunded. Pay for the video of the new version from the project.',
  /** Paid for after the project was deleted (a payment that crossed the deletion). */
  projectDeleted: 'The project was deleted before its narrated video was rendered. The payment is refunded.',
  abandoned: 'The narrated video stopped rendering because the worker running it stopped unexpectedly several times. The payment is refunded.',
  /** A payment of a translation's video reached the project's own video job. */
  otherLanguage: "This payment was for a translation's narrated video, which this render does not make. The payment is refunded.",
  /** A translation's video paid for while the project has no completed translation into it (the language's code). */
  /** A translation's video paid for an older version of the translation, which was made again meanwhile. */
  stranded: 'The translation was made again from a newer version of the project before its video rendered: this payment is refunded. Pay for the video of the new version.',
  noTranslation: (code: string) => `The project has no completed translation into ${nameOf(code)}, so its narrated video was not rendered. The payment is refunded.`,
} as const);

/** Why a project's render (its documents: media-render's RENDER_PROJECT_JOB) failed, as the project
 * keeps it; a renderer's own words (an ffmpeg detail) stay texts of their own. */
export const RENDER_FAILURES = defineMessages('render', {
  internal: 'Rendering failed because of an internal error. Please try again.',
  noContent: 'This project has no content to render yet.',
  noSlides: 'This project has no slides to render.',
} as const);
