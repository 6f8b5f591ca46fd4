// Errors for files that can never be read as they are. The message is shown to the end user as is,
// so it is a plain sentence that says what is wrong and, where possible, what to do instead.
import { GENERATION_FAILURES, catalogueMessage, type CatalogueMessage } from '@trainwright/catalogue';
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
  constructor(readonly code: IngestErrorCode, message: string | CatalogueMessage, options: { cause?: unknown } = {}) {
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
    return new IngestError('unsupported', catalogueMessage(GENERATION_FAILURES, 'unsupportedType', extension));
  }

  static notUtf8(): IngestError {
    return new IngestError('invalid', catalogueMessage(GENERATION_FAILURES, 'notUtf8'));
  }

  static emptyFile(): IngestError {
    return new IngestError('empty', catalogueMessage(GENERATION_FAILURES, 'fileEmpty'));
  }

  static noText(): IngestError {
    return new IngestError('empty', catalogueMessage(GENERATION_FAILURES, 'documentEmpty'));
  }

  static noTextInPdf(): IngestError {
    return new IngestError('empty', catalogueMessage(GENERATION_FAILURES, 'pdfWithoutText'));
  }

  static tooLarge(): IngestError {
    return new IngestError('too_large', catalogueMessage(GENERATION_FAILURES, 'tooLargeToUnpack'));
  }

  /** More pages (PDF pages, PowerPoint slides) than the configured limit. */
  static tooManyPages(pages: number, maxPages: number, unit: 'pages' | 'slides' = 'pages'): IngestError {
    return new IngestError('limit', unit === 'slides' ? catalogueMessage(GENERATION_FAILURES, 'tooManySlides', pages, maxPages) : catalogueMessage(GENERATION_FAILURES, 'tooManyPages', pages, maxPages));
  }

  /** Reading took longer than the configured time limit (the reader was stopped). */
  static timeLimit(timeoutMs: number): IngestError {
    return new IngestError('limit', catalogueMessage(GENERATION_FAILURES, 'readTimeLimit', Math.ceil(timeoutMs / 1000)));
  }

  /** The file is larger than the plan (or the configuration) allows. */
  static fileTooLarge(message: string): IngestError {
    return new IngestError('limit', `${message}. Please upload a smaller file.`);
  }

  static dtdRefused(): IngestError {
    return new IngestError('unsafe', catalogueMessage(GENERATION_FAILURES, 'dtdRefused'));
  }

  static passwordProtected(): IngestError {
    return new IngestError('encrypted', catalogueMessage(GENERATION_FAILURES, 'passwordProtected'));
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
