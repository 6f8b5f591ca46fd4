// The deck's pictures go around pptxgenjs: it takes pictures only as base64 text and deflates
// every part of the deck with JSZip's JavaScript deflate on the event loop, which for the slide
// pictures (PNGs, compressed already) was most of a deck's render (docs/benchmarks.md, issue 31).
// pptxgenjs gets a one-pixel stand-in for each picture, unique in the deck; the deck is written
// stored, then repacked with yazl (Node's zlib, on the thread pool) with each stand-in replaced
// by its picture, stored, and the XML parts deflated.
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

export class DeckPictures {
  /** A stand-in's bytes (latin1) -> the PNG it stands for. */
  private readonly pictures = new Map<string, Buffer>();

  /** What to give pptxgenjs's addImage as `data` for the PNG `png`. */
  data(png: Buffer): string {
    const standIn = onePixel(this.pictures.size + 1);
    this.pictures.set(standIn.toString('latin1'), png);
    return `image/png;base64,${standIn.toString('base64')}`;
  }

  /** The deck pptxgenjs wrote stored (`compression: false`), with the pictures in and its XML deflated, in the same order. */
  async pack(stored: Buffer): Promise<Buffer> {
    const input = await yauzl.fromBufferPromise(stored, { lazyEntries: true, decodeStrings: true });
    const output = new ZipFile();
    const written = buffer(output.outputStream);
    try {
      for await (const entry of input.eachEntry()) {
        const options = { mtime: entry.getLastModDate() };
        if (entry.fileName.endsWith('/')) {
          output.addEmptyDirectory(entry.fileName, options);
          continue;
        }
        const data = await buffer(await input.openReadStreamPromise(entry));
        const picture = data.length < 1024 ? this.pictures.get(data.toString('latin1')) : undefined;
        output.addBuffer(picture ?? data, entry.fileName, { ...options, compress: !COMPRESSED.test(entry.fileName) });
      }
    } finally {
      input.close();
    }
    output.end();
    return written;
  }
}
