// Entry point of ingestion: an uploaded file in, a structured SourceDocument out. The extension
// says what the user meant to upload; the first bytes say what the file is. Where the two
// disagree in a way Office itself produces (a .doc that is really .docx or RTF) the bytes win;
// otherwise the file is refused with a message that names the expected format.
import { extname } from 'node:path';
import type { SourceDocument } from '../domain/types.js';
import { DEFAULT_MAX_CHARS, limitDocumentLength } from './builder.js';
import { readDocx } from './docx.js';
import { IngestError, type LegacyExtension } from './errors.js';
import { readLegacyOffice } from './legacy.js';
import { readPdf } from './pdf.js';
import { readPptx } from './pptx.js';
import { readRtf } from './rtf.js';
import type { ZipLimits } from './safe-zip.js';
import { readTxt } from './txt.js';

export { DEFAULT_MAX_CHARS } from './builder.js';
export { documentFromText } from './txt.js';
export { IngestError, type IngestErrorCode } from './errors.js';
export { DEFAULT_ZIP_LIMITS, type ZipLimits } from './safe-zip.js';

export interface ExtractOptions {
  /** LibreOffice for .doc/.ppt: a path, null to disable, undefined to look for it on PATH. */
  libreOfficePath?: string | null;
  /** Text beyond this many characters is cut at a section boundary. */
  maxChars?: number;
  /** Time limit of a LibreOffice conversion. */
  timeoutMs?: number;
  zipLimits?: Partial<ZipLimits>;
  /** PDF pages or PowerPoint slides beyond this fail the file with a message naming the limit. */
  maxPages?: number;
  /** Told the process id of each converter started (LibreOffice), so a supervisor can kill it. */
  onChildProcess?: (pid: number) => void;
}

type Container = 'pdf' | 'zip' | 'cfb' | 'rtf' | 'other';

export async function extractDocument(
  file: { bytes: Buffer; filename: string },
  options: ExtractOptions = {}
): Promise<SourceDocument> {
  const { bytes, filename } = file;
  if (bytes.length === 0) throw IngestError.emptyFile();
  const maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
  const document = await read(bytes, filename, containerOf(bytes), options, maxChars);
  return limitDocumentLength(document, maxChars);
}

async function read(
  bytes: Buffer,
  filename: string,
  container: Container,
  options: ExtractOptions,
  maxChars: number
): Promise<SourceDocument> {
  const extension = extname(filename).slice(1).toLowerCase();
  const office = { zipLimits: options.zipLimits, maxPages: options.maxPages };
  const legacy = (legacyExtension: LegacyExtension): Promise<SourceDocument> =>
    readLegacyOffice(bytes, filename, legacyExtension, {
      libreOfficePath: options.libreOfficePath,
      timeoutMs: options.timeoutMs,
      zipLimits: options.zipLimits,
      maxPages: options.maxPages,
      onChildProcess: options.onChildProcess,
    });

  switch (extension) {
    case 'pdf':
      if (container !== 'pdf') throw IngestError.invalid('PDF');
      return readPdf(bytes, filename, { maxChars, maxPages: options.maxPages });
    case 'docx':
    case 'doc':
      if (container === 'zip') return readDocx(bytes, filename, office);
      if (container === 'rtf') return readRtf(bytes, filename);
      if (container === 'cfb') {
        // A password-protected .docx is an encrypted package inside a compound file.
        if (isEncryptedOfficePackage(bytes)) throw IngestError.passwordProtected();
        return legacy('doc');
      }
      throw IngestError.invalid(`Word document (.${extension})`);
    case 'pptx':
    case 'ppt':
      if (container === 'zip') return readPptx(bytes, filename, office);
      if (container === 'cfb') {
        if (isEncryptedOfficePackage(bytes)) throw IngestError.passwordProtected();
        return legacy('ppt');
      }
      throw IngestError.invalid(`PowerPoint presentation (.${extension})`);
    case 'txt':
      return readTxt(bytes, filename);
    case 'rtf':
      return readRtf(bytes, filename);
    default:
      throw IngestError.unsupportedType(extension);
  }
}

const COMPOUND_FILE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ENCRYPTED_PACKAGE_STREAM = Buffer.from('EncryptedPackage', 'utf16le');

function containerOf(bytes: Buffer): Container {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 0x03 || bytes[2] === 0x05)) return 'zip';
  if (bytes.subarray(0, 8).equals(COMPOUND_FILE_SIGNATURE)) return 'cfb';
  if (/^\s*\{\\rtf/.test(bytes.subarray(0, 64).toString('latin1'))) return 'rtf';
  // The PDF header may follow some leading bytes; PDF readers look in the first kilobyte.
  if (bytes.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  return 'other';
}

/** The stream name is in the compound file's directory, stored as UTF-16. */
function isEncryptedOfficePackage(bytes: Buffer): boolean {
  return bytes.includes(ENCRYPTED_PACKAGE_STREAM);
}
