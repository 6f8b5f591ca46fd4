// A PNG in the PDF guide, split and compressed once per picture. pdf-lib's embedPng decodes the PNG,
// splits its alpha channel off and deflates both again (in JavaScript, with pako) for every
// document: half of a guide's render time. The slide visuals are the same buffers from render to
// render (visualPng keeps them), so their PDF streams are kept beside them and only written into
// each document.
import { deflateSync } from 'node:zlib';
import { PDFImage, PngEmbedder, type PDFContext, type PDFDocument, type PDFRef } from 'pdf-lib';

/** A PNG as the two image streams of a PDF: its colour and its alpha (a soft mask), deflated. */
interface PdfImageStreams {
  width: number;
  height: number;
  bitsPerComponent: number;
  colour: Uint8Array;
  alpha: Uint8Array | null;
}

/** The decoded channels pdf-lib's PngEmbedder holds (not in its types). */
interface DecodedPng {
  rgbChannel: Uint8Array;
  alphaChannel?: Uint8Array;
}

// By the PNG buffer itself: a visual's buffer lives as long as visualPng keeps it, and so do its streams.
const streamsOfPng = new WeakMap<Buffer, Promise<PdfImageStreams>>();

async function pdfImageStreams(png: Buffer): Promise<PdfImageStreams> {
  // pdf-lib's own decoder, so the pixels are the ones embedPng would write.
  const embedder = await PngEmbedder.for(png);
  const decoded = (embedder as unknown as { image: DecodedPng }).image;
  return {
    width: embedder.width,
    height: embedder.height,
    bitsPerComponent: embedder.bitsPerComponent,
    colour: deflateSync(decoded.rgbChannel),
    alpha: decoded.alphaChannel ? deflateSync(decoded.alphaChannel) : null,
  };
}

/** Writes the kept streams into a document, as PngEmbedder would write the PNG. */
function writeStreams(context: PDFContext, streams: PdfImageStreams, ref?: PDFRef): PDFRef {
  const { width: Width, height: Height, bitsPerComponent: BitsPerComponent, colour, alpha } = streams;
  const image = { Type: 'XObject', Subtype: 'Image', Width, Height, BitsPerComponent, Filter: 'FlateDecode' };
  const mask = alpha ? { SMask: context.register(context.stream(alpha, { ...image, ColorSpace: 'DeviceGray', Decode: [0, 1] })) } : {};
  const xObject = context.stream(colour, { ...image, ColorSpace: 'DeviceRGB', ...mask });
  if (!ref) return context.register(xObject);
  context.assign(ref, xObject);
  return ref;
}

/**
 * The PNG embedded in the document like `doc.embedPng(png)`, its streams made once for this buffer.
 * For buffers that are kept and never written to (visualPng's).
 */
export async function embedKeptPng(doc: PDFDocument, png: Buffer): Promise<PDFImage> {
  let kept = streamsOfPng.get(png);
  if (!kept) streamsOfPng.set(png, (kept = pdfImageStreams(png)));
  const streams = await kept;
  // Written now, so the image is not one of the document's pending embeds. PDFImage takes only
  // pdf-lib's own embedder classes: this one has PngEmbedder's shape and writes the kept streams.
  const ref = writeStreams(doc.context, streams);
  const embedder: PngEmbedder = Object.assign(Object.create(PngEmbedder.prototype), {
    width: streams.width,
    height: streams.height,
    bitsPerComponent: streams.bitsPerComponent,
    colorSpace: 'DeviceRGB',
    embedIntoContext: async (context: PDFContext, into?: PDFRef) => writeStreams(context, streams, into),
  });
  return PDFImage.of(ref, doc, embedder);
}
