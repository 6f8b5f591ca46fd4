// What may be uploaded, how big, and whether the bytes are what the name says. Part 1 section 5:
// scripts .txt .docx .pdf up to 104857600 bytes; slides .pptx .pdf .png .jpg .jpeg up to
// 209715200 bytes; documents for the AI generator .pdf .doc .docx .txt .rtf (refresh also .ppt
// .pptx); and never more than the plan's fileUploadLimitMB.
import { Transform, type TransformCallback } from 'node:stream';
import { AppError } from './errors.js';

export interface UploadKind {
  extensions: readonly string[];
  maxBytes: number;
}

export const UPLOAD_KINDS = {
  script: { extensions: ['.txt', '.docx', '.pdf'], maxBytes: 104_857_600 },
  slides: { extensions: ['.pptx', '.pdf', '.png', '.jpg', '.jpeg'], maxBytes: 209_715_200 },
  // Documents for analysis and assessment generation; content refresh also takes decks.
  document: { extensions: ['.pdf', '.doc', '.docx', '.txt', '.rtf'], maxBytes: 104_857_600 },
  refresh: { extensions: ['.pdf', '.doc', '.docx', '.txt', '.rtf', '.ppt', '.pptx'], maxBytes: 104_857_600 },
} as const satisfies Record<string, UploadKind>;
export type UploadKindName = keyof typeof UPLOAD_KINDS;

/** The MIME type file-type reports for each extension; .txt has no magic number (checked as text). */
export const EXPECTED_MIME: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.txt': 'text/plain',
  '.rtf': 'application/rtf',
  // Legacy Office files are OLE compound files.
  '.doc': 'application/x-cfb',
  '.ppt': 'application/x-cfb',
};

export const CONTENT_MISMATCH = 'The file content does not match its extension';

export function extensionOf(filename: string): string {
  const match = /\.[^./\\]+$/.exec(filename.trim().toLowerCase());
  return match ? match[0] : '';
}

export function isUploadKind(value: unknown): value is UploadKindName {
  return typeof value === 'string' && value in UPLOAD_KINDS;
}

/** '10 MB', '1.5 GB': how the messages show sizes. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

export function sizeExceededMessage(size: number, max: number): string {
  return `File size (${formatBytes(size)}) exceeds maximum allowed size (${formatBytes(max)})`;
}

/** The smaller of the kind's limit and the plan's (fileUploadLimitMB, -1 for none). */
export function maxUploadBytes(kind: UploadKindName, planLimitMB: number): number {
  const plan = planLimitMB === -1 ? Infinity : planLimitMB * 1024 * 1024;
  return Math.min(UPLOAD_KINDS[kind].maxBytes, plan);
}

export function checkExtension(kind: UploadKindName, filename: string): string {
  const ext = extensionOf(filename);
  const allowed = UPLOAD_KINDS[kind].extensions;
  if (!(allowed as readonly string[]).includes(ext)) {
    throw new AppError('VALIDATION_FAILED', `File type not supported. Accepted types: ${allowed.join(', ')}`, { field: 'file' });
  }
  return ext;
}

/** True when a detected type (file-type's mime, or undefined) fits the extension. */
export function contentMatches(ext: string, detectedMime: string | undefined, head: Uint8Array): boolean {
  if (ext === '.txt') return detectedMime === undefined && looksLikeText(head);
  return detectedMime === EXPECTED_MIME[ext];
}

/** UTF-8 without NUL bytes or invalid sequences (a text file has no magic number to check). */
export function looksLikeText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  try {
    // A multi-byte character cut at the end of the sample is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, trimPartialUtf8(head)));
    return true;
  } catch {
    return false;
  }
}

function trimPartialUtf8(bytes: Uint8Array): number {
  let end = bytes.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const b = bytes[end - i]!;
    if ((b & 0xc0) === 0x80) continue;
    if ((b & 0xc0) === 0xc0) end -= i;
    break;
  }
  return end;
}

/**
 * Counts bytes through a stream and passes at most `max` of them on; keeps the first bytes. Past
 * the limit it keeps reading (and dropping) to the end, so the refusal names the file's real size
 * and the browser, still sending, gets the answer instead of a broken connection.
 */
export class ByteLimit extends Transform {
  bytes = 0;
  head = new Uint8Array(0);

  constructor(
    private readonly max: number,
    private readonly headBytes = 65_536,
  ) {
    super();
  }

  get exceeded(): boolean {
    return this.bytes > this.max;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.exceeded) {
      callback();
      return;
    }
    if (this.head.length < this.headBytes) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, this.headBytes - this.head.length)]);
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    callback(this.exceeded ? new AppError('PAYLOAD_TOO_LARGE', sizeExceededMessage(this.bytes, this.max), { field: 'file' }) : null);
  }
}
