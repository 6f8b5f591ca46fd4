// The server side of the upload rules (@trainwright/catalogue's uploads): refusing a file type as
// an AppError, and counting the bytes of an upload stream against its limit.
import { Transform, pipeline, type Readable, type TransformCallback } from 'node:stream';
import { extensionOf, sizeExceededMessage, unsupportedTypeMessage, UPLOAD_KINDS, type UploadKindName } from '@trainwright/catalogue';
import { AppError } from './errors.js';

export function checkExtension(kind: UploadKindName, filename: string): string {
  const ext = extensionOf(filename);
  if (!(UPLOAD_KINDS[kind].extensions as readonly string[]).includes(ext)) {
    throw new AppError('VALIDATION_FAILED', unsupportedTypeMessage(kind), { field: 'file' });
  }
  return ext;
}

/** The refusal of a file of `size` bytes where at most `max` are allowed. */
export function fileTooLarge(size: number, max: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', sizeExceededMessage(size, max), { field: 'file' });
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

  /** `source` read through a new ByteLimit. Unlike pipe(), an error or abort of the source
   * reaches the limit's reader, so a write of a dropped upload ends (and can be cleaned up). */
  static over(source: Readable, max: number): ByteLimit {
    const limit = new ByteLimit(max);
    // The reader of `limit` sees every error; the callback has nothing left to do.
    pipeline(source, limit, () => {});
    return limit;
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
    callback(this.exceeded ? fileTooLarge(this.bytes, this.max) : null);
  }
}
