// Reads entries of an uploaded zip (the container of .docx and .pptx) without trusting anything
// it declares: a few kilobytes can inflate to gigabytes, and sizes in the directory can lie.
import { crc32 } from 'node:zlib';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { IngestError } from './errors.js';

export interface ZipLimits {
  /** Entries in the central directory; real Office files have tens to a few hundred. */
  maxEntries: number;
  /** Bytes one entry may inflate to. */
  maxEntryBytes: number;
  /** Bytes all entries read from one archive may inflate to together. */
  maxTotalBytes: number;
  /** Inflated/compressed ratio allowed for entries of at least `ratioCheckMinBytes`. */
  maxCompressionRatio: number;
  /** Small entries (an empty XML part) may compress extremely well without harm. */
  ratioCheckMinBytes: number;
}

const MB = 1024 * 1024;

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 5000,
  maxEntryBytes: 64 * MB,
  maxTotalBytes: 256 * MB,
  // Office XML compresses 5-30x; deflate cannot exceed ~1030x, which is what bombs use.
  maxCompressionRatio: 200,
  ratioCheckMinBytes: 1 * MB,
};

/** An opened archive. Only the entries asked for are ever inflated. */
export class SafeZip {
  private inflatedBytes = 0;

  private constructor(
    private readonly zip: yauzl.ZipFile,
    // Keyed by lower-cased name: OPC part names are case-insensitive.
    private readonly entries: Map<string, yauzl.Entry>,
    private readonly limits: ZipLimits,
    private readonly formatName: string
  ) {}

  /** `formatName` names the expected format in errors, e.g. 'Word document (.docx)'. */
  static async open(bytes: Buffer, formatName: string, limits: Partial<ZipLimits> = {}): Promise<SafeZip> {
    const effective = { ...DEFAULT_ZIP_LIMITS, ...limits };
    let zip: yauzl.ZipFile;
    try {
      zip = await yauzl.fromBufferPromise(bytes, {
        lazyEntries: true,
        autoClose: false,
        decodeStrings: true,
        validateEntrySizes: true,
        strictFileNames: false,
      });
    } catch {
      throw IngestError.invalid(formatName);
    }
    // The count comes from the end record, so a directory with millions of entries is refused
    // before any of it is walked.
    if (zip.entryCount > effective.maxEntries) {
      zip.close();
      throw IngestError.tooLarge();
    }
    try {
      const entries = await readDirectory(zip);
      return new SafeZip(zip, entries, effective, formatName);
    } catch (error) {
      zip.close();
      throw error instanceof IngestError ? error : IngestError.invalid(formatName);
    }
  }

  get names(): string[] {
    return [...this.entries.values()].map((entry) => entry.fileName);
  }

  has(name: string): boolean {
    return this.entries.has(name.toLowerCase());
  }

  /** The inflated bytes of an entry, or null when the archive has no such entry. */
  async readOptional(name: string): Promise<Buffer | null> {
    const entry = this.entries.get(name.toLowerCase());
    return entry ? this.inflate(entry) : null;
  }

  /** The inflated bytes of an entry the format requires: a missing one makes the file invalid. */
  async read(name: string): Promise<Buffer> {
    const bytes = await this.readOptional(name);
    if (!bytes) throw IngestError.invalid(this.formatName);
    return bytes;
  }

  close(): void {
    this.zip.close();
  }

  private async inflate(entry: yauzl.Entry): Promise<Buffer> {
    const { limits } = this;
    if (entry.isEncrypted() || !entry.canDecodeFileData()) throw IngestError.invalid(this.formatName);
    const declaredRatio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
    if (
      entry.uncompressedSize > limits.maxEntryBytes ||
      this.inflatedBytes + entry.uncompressedSize > limits.maxTotalBytes ||
      (entry.uncompressedSize >= limits.ratioCheckMinBytes && declaredRatio > limits.maxCompressionRatio)
    ) {
      throw IngestError.tooLarge();
    }

    let stream: Readable;
    try {
      stream = await this.zip.openReadStreamPromise(entry);
    } catch {
      throw IngestError.invalid(this.formatName);
    }
    const chunks: Buffer[] = [];
    let entryBytes = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        entryBytes += chunk.length;
        this.inflatedBytes += chunk.length;
        // yauzl already stops at the declared size; these caps hold even if that check is fooled.
        if (
          entryBytes > limits.maxEntryBytes ||
          this.inflatedBytes > limits.maxTotalBytes ||
          (entryBytes >= limits.ratioCheckMinBytes &&
            entryBytes / Math.max(entry.compressedSize, 1) > limits.maxCompressionRatio)
        ) {
          throw IngestError.tooLarge();
        }
        chunks.push(chunk);
      }
    } catch (error) {
      stream.destroy();
      if (error instanceof IngestError) throw error;
      // yauzl's size validation: the entry inflates to more than its directory record admits.
      if (error instanceof Error && /too many bytes/i.test(error.message)) throw IngestError.tooLarge();
      throw IngestError.invalid(this.formatName);
    }
    const bytes = Buffer.concat(chunks, entryBytes);
    // yauzl does not check CRCs; a mismatch means the upload is damaged.
    if (crc32(bytes) !== entry.crc32) throw IngestError.invalid(this.formatName);
    return bytes;
  }
}

function readDirectory(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on('entry', (entry: yauzl.Entry) => {
      const key = entry.fileName.toLowerCase();
      // A duplicate name is ambiguous; the first one wins, as in most readers.
      if (!entries.has(key) && !key.endsWith('/')) entries.set(key, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}
