// The pictures of a deck or a manual go around the library that writes it. pptxgenjs takes
// pictures only as base64 text and deflates every part with JSZip's JavaScript deflate on the event
// loop; docx hashes each picture with a JavaScript SHA-1 and deflates every part with fflate, also
// on the event loop. For the pictures (PNGs, compressed already) that was most of a render
// (docs/benchmarks.md, issue 31). The library gets a one-pixel stand-in for each picture, unique in
// the file; the file it writes is then repacked with yazl (Node's zlib, on the thread pool) with
// each stand-in replaced by its picture, stored, and the XML parts deflated.
import { buffer } from 'node:stream/consumers';
import { Resvg } from '@resvg/resvg-js';
import yauzl from 'yauzl';
import { ZipFile } from 'yazl';

/** Parts whose bytes are compressed already: stored, not deflated again. */
const COMPRESSED = /\.(png|jpe?g|gif)$/i;

/** Stand-ins made so far, by number (every deck numbers its pictures from 1). */
const standIns: Buffer[] = [];

/** A 1x1 PNG of colour `n` (1..16,777,215): distinct bytes for each n. */
function onePixel(n: number): Buffer {
  const colour = `#${n.toString(16).padStart(6, '0')}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><rect width="1" height="1" fill="${colour}"/></svg>`;
  return (standIns[n] ??= new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng());
}

export class PackagePictures {
  /** A stand-in's bytes (latin1) -> the PNG it stands for. */
  private readonly pictures = new Map<string, Buffer>();
  /** The PNG -> its stand-in: a picture used twice has one stand-in (docx stores it once). */
  private readonly standInOf = new Map<Buffer, Buffer>();

  /** The stand-in to give the library instead of the PNG `png`. */
  standIn(png: Buffer): Buffer {
    let standIn = this.standInOf.get(png);
    if (!standIn) {
      standIn = onePixel(this.pictures.size + 1);
      this.pictures.set(standIn.toString('latin1'), png);
      this.standInOf.set(png, standIn);
    }
    return standIn;
  }

  /** What to give pptxgenjs's addImage as `data` for the PNG `png`. */
  data(png: Buffer): string {
    return `image/png;base64,${this.standIn(png).toString('base64')}`;
  }

  /**
   * The file the library wrote (stored, or deflated: its parts are read inflated), with the
   * pictures in and its XML deflated, in the same order.
   */
  async pack(file: Buffer): Promise<Buffer> {
    const input = await yauzl.fromBufferPromise(file, { lazyEntries: true, decodeStrings: true });
    const output = new ZipFile();
    const written = buffer(output.outputStream);
    try {
      for await (const entry of input.eachEntry()) {
        const mtime = entry.getLastModDate();
        if (entry.fileName.endsWith('/')) output.addEmptyDirectory(entry.fileName, { mtime });
        else this.add(output, entry.fileName, await buffer(await input.openReadStreamPromise(entry)), mtime);
      }
    } finally {
      input.close();
    }
    output.end();
    return written;
  }

  /** The parts a library made, by path, zipped in their order with the pictures in and the XML deflated. */
  packParts(parts: ReadonlyMap<string, string | Uint8Array>): Promise<Buffer> {
    const output = new ZipFile();
    const written = buffer(output.outputStream);
    const mtime = new Date();
    for (const [path, data] of parts) {
      this.add(output, path, typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data.buffer, data.byteOffset, data.byteLength), mtime);
    }
    output.end();
    return written;
  }

  private add(output: ZipFile, path: string, data: Buffer, mtime: Date): void {
    const picture = data.length < 1024 ? this.pictures.get(data.toString('latin1')) : undefined;
    output.addBuffer(picture ?? data, path, { mtime, compress: !COMPRESSED.test(path) });
  }
}
