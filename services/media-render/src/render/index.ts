// The document renderers: one RenderInput in, the file's bytes out. Every failure is a RenderError
// (not retryable: the same input fails the same way) with a message naming the document.
import { DOCUMENT_FORMATS, RenderError, type DocumentFormat, type RenderInput } from '../domain/types.js';
import { renderDocx } from './docx.js';
import { renderPdf } from './pdf.js';
import { renderPptx } from './pptx.js';
import { renderTxt } from './txt.js';

export { renderDocx, renderPdf, renderPptx, renderTxt };
export { fontFile, fontFiles, fontRuns, textWidth, lineSpacing, FALLBACK_FAMILIES, type FontRun, type FontWeight } from './fonts.js';

export async function renderDocument(format: DocumentFormat, input: RenderInput): Promise<Buffer> {
  switch (format) {
    case 'pptx':
      return renderPptx(input);
    case 'pdf':
      return renderPdf(input);
    case 'docx':
      return renderDocx(input);
    case 'txt':
      return Buffer.from(renderTxt(input), 'utf8');
    default:
      throw new RenderError(`Unknown document format '${String(format)}'; expected one of ${DOCUMENT_FORMATS.join(', ')}.`);
  }
}
