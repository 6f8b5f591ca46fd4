// Why a generation failed, as the project keeps it (`error` and `error_message`): the generator's
// failures a user can act on, thrown by id (catalogueMessage(GENERATION_FAILURES, key, ...args))
// so the web shows them in the user's language. A provider's own words (an AI model's answer, a
// web page's fetch error) stay texts of their own.
import { defineMessages } from './messages.js';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export const GENERATION_FAILURES = defineMessages('generation', {
  internal: 'Generation failed because of an internal error. Please try again.',
  // Reading an uploaded document (IngestError).
  fileEmpty: 'The file is empty.',
  documentEmpty: 'The document is empty: no text was found.',
  pdfWithoutText: 'The PDF has no selectable text; it may be a scanned image. Please upload a PDF with text or a Word file.',
  notUtf8: 'The text file is not valid UTF-8. Please save it as UTF-8 (Unicode) and upload it again.',
  /** `extension` without the dot; '' without one. */
  unsupportedType: (extension: string) =>
    `Files of this type${extension ? ` (.${extension})` : ''} cannot be read. Please upload a PDF, Word (.docx, .doc), PowerPoint (.pptx, .ppt), text (.txt) or RTF file.`,
  tooLargeToUnpack: 'The document is too large to unpack safely.',
  /** More PDF pages, or PowerPoint slides, than the configured limit. */
  tooManyPages: (pages: number, maxPages: number) =>
    `The document has ${pages.toLocaleString('en-US')} pages, more than the limit of ${plural(maxPages, 'page')}. Please upload a shorter document or split it into parts.`,
  tooManySlides: (slides: number, maxSlides: number) =>
    `The document has ${slides.toLocaleString('en-US')} slides, more than the limit of ${plural(maxSlides, 'slide')}. Please upload a shorter document or split it into parts.`,
  readTimeLimit: (seconds: number) => `Reading the document took longer than the time limit of ${plural(seconds, 'second')}. Please upload a shorter or simpler document, or split it into parts.`,
  readMemoryLimit: (mb: number) => `Reading the document needed more than the memory limit of ${mb} MB. Please upload a smaller or simpler document, or split it into parts.`,
  readerCrashed: 'The document reader stopped unexpectedly. Please try again.',
  dtdRefused: 'The document contains a DTD; external entities are not allowed.',
  passwordProtected: 'The document is password-protected. Please remove the password and upload it again.',
  // The generation itself.
  restarting: 'The generator is restarting; the project will be generated again.',
  generationTimeLimit: (seconds: number) => `Generating the content took longer than the time limit of ${plural(seconds, 'second')}. Please use shorter source material or split it into parts.`,
  generationMemoryLimit: (mb: number) => `Generating the content needed more than the memory limit of ${mb} MB. Please use shorter source material or split it into parts.`,
  generationCrashed: 'Content generation stopped unexpectedly. Please try again.',
  noUsableText: 'The material has no text the offline engine can use. Upload a document with text (not only images) or paste the content.',
  noQuestions: 'The material supports no questions.',
  noSlidesToNarrate: 'The slides have no content to narrate.',
  softwareDetailsRequired: 'Software details are required for software analysis.',
  noArticle: 'No readable article text was found at this address.',
  pageNotFetched: 'The page could not be fetched.',
  contentTooLarge: 'The generated content is too large to store. Please split the source material into smaller documents.',
  originalGone: 'The original project no longer exists, so its improvements cannot be applied.',
  originalWithoutContent: 'The original project has no content to improve.',
  assessmentGone: 'The quality assessment these improvements come from no longer exists.',
} as const);
