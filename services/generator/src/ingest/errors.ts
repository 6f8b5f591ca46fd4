// Errors for files that can never be read as they are. The message is shown to the end user as is,
// so it is a plain sentence that says what is wrong and, where possible, what to do instead.
import { GenerationError } from '../domain/types.js';

/** Why ingestion refused a file, for callers that react differently (e.g. HTTP status, metrics). */
export type IngestErrorCode =
  | 'unsupported'
  | 'invalid'
  | 'empty'
  | 'too_large'
  | 'unsafe'
  | 'encrypted'
  | 'converter_missing'
  | 'conversion_failed'
  | 'limit';

export type LegacyExtension = 'doc' | 'ppt';

const MODERN_EXTENSION: Record<LegacyExtension, string> = { doc: '.docx', ppt: '.pptx' };

export class IngestError extends GenerationError {
  constructor(readonly code: IngestErrorCode, message: string, options: { cause?: unknown } = {}) {
    // Retrying the same bytes gives the same answer.
    super(message, false);
    this.name = 'IngestError';
    if (options.cause !== undefined) this.cause = options.cause;
  }

  /** `formatName` reads naturally after "a valid", e.g. 'PDF' or 'Word document (.docx)'. */
  static invalid(formatName: string, cause?: unknown): IngestError {
    return new IngestError('invalid', `The file is not a valid ${formatName}.`, { cause });
  }

  /** `extension` without the dot; '' when the file name has none. */
  static unsupportedType(extension: string): IngestError {
    return new IngestError(
      'unsupported',
      `Files of this type${extension ? ` (.${extension})` : ''} cannot be read. ` +
        'Please upload a PDF, Word (.docx, .doc), PowerPoint (.pptx, .ppt), text (.txt) or RTF file.'
    );
  }

  static notUtf8(): IngestError {
    return new IngestError(
      'invalid',
      'The text file is not valid UTF-8. Please save it as UTF-8 (Unicode) and upload it again.'
    );
  }

  static emptyFile(): IngestError {
    return new IngestError('empty', 'The file is empty.');
  }

  static noText(): IngestError {
    return new IngestError('empty', 'The document is empty: no text was found.');
  }

  static noTextInPdf(): IngestError {
    return new IngestError(
      'empty',
      'The PDF has no selectable text; it may be a scanned image. Please upload a PDF with text or a Word file.'
    );
  }

  static tooLarge(): IngestError {
    return new IngestError('too_large', 'The document is too large to unpack safely.');
  }

  /** More pages (PDF pages, PowerPoint slides) than the configured limit. */
  static tooManyPages(pages: number, maxPages: number, unit: 'pages' | 'slides' = 'pages'): IngestError {
    return new IngestError(
      'limit',
      `The document has ${pages.toLocaleString('en-US')} ${unit}, more than the limit of ${maxPages.toLocaleString('en-US')} ${maxPages === 1 ? unit.slice(0, -1) : unit}. ` +
        'Please upload a shorter document or split it into parts.'
    );
  }

  /** Reading took longer than the configured time limit (the reader was stopped). */
  static timeLimit(timeoutMs: number): IngestError {
    const seconds = Math.ceil(timeoutMs / 1000);
    return new IngestError(
      'limit',
      `Reading the document took longer than the time limit of ${seconds} second${seconds === 1 ? '' : 's'}. ` +
        'Please upload a shorter or simpler document, or split it into parts.'
    );
  }

  /** The file is larger than the plan (or the configuration) allows. */
  static fileTooLarge(message: string): IngestError {
    return new IngestError('limit', `${message}. Please upload a smaller file.`);
  }

  static dtdRefused(): IngestError {
    return new IngestError('unsafe', 'The document contains a DTD; external entities are not allowed.');
  }

  static passwordProtected(): IngestError {
    return new IngestError(
      'encrypted',
      'The document is password-protected. Please remove the password and upload it again.'
    );
  }

  /** `legacyExtension` is 'doc' or 'ppt'; the advice names the modern format to upload instead. */
  static converterMissing(legacyExtension: LegacyExtension): IngestError {
    return new IngestError(
      'converter_missing',
      `Legacy .${legacyExtension} files need LibreOffice, which is not installed on this server. ` +
        `Please upload a ${MODERN_EXTENSION[legacyExtension]} or .pdf file.`
    );
  }

  static conversionTimedOut(legacyExtension: LegacyExtension, timeoutMs: number): IngestError {
    const seconds = Math.ceil(timeoutMs / 1000);
    return new IngestError(
      'conversion_failed',
      `Converting the .${legacyExtension} file took longer than ${seconds} second${seconds === 1 ? '' : 's'}. ` +
        `Please save it as ${MODERN_EXTENSION[legacyExtension]} or .pdf and upload it again.`
    );
  }

  static conversionFailed(legacyExtension: LegacyExtension, cause?: unknown): IngestError {
    return new IngestError(
      'conversion_failed',
      `The .${legacyExtension} file could not be converted; it may be damaged or password-protected. ` +
        `Please save it as ${MODERN_EXTENSION[legacyExtension]} or .pdf and upload it again.`,
      { cause }
    );
  }
}
