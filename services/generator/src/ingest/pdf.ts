// PDF: pdfjs gives positioned text runs per page; lines are rebuilt from them, headings are the
// lines set larger than the body text (or bold at body size), and sections follow those headings.
// A PDF without detectable headings gets one section per page.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PDFDocumentLoadingTask, PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { SourceDocument } from '../domain/types.js';
import { DocumentBuilder, cleanText, titleFromFilename } from './builder.js';
import { IngestError } from './errors.js';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type TextContentItem = Awaited<ReturnType<PDFPageProxy['getTextContent']>>['items'][number];
type TextItem = Extract<TextContentItem, { str: string }>;

/** A line as printed: its text, where it sits and how it is set. */
interface Line {
  page: number;
  text: string;
  x: number;
  /** Where the text ends on the right. */
  endX: number;
  /** Baseline; PDF y grows upwards. */
  y: number;
  /** The font size most of its characters use, rounded to 0.5 pt. */
  size: number;
  bold: boolean;
  /** In the top or bottom tenth of the page, where running headers and page numbers go. */
  inMargin: boolean;
}

/** Consecutive lines that form one heading, paragraph or bullet. */
interface Block {
  kind: 'heading' | 'paragraph' | 'bullet';
  page: number;
  text: string;
  size: number;
  bold: boolean;
  lines: Line[];
}

// Larger than the body by this factor makes a line a heading candidate.
const HEADING_SIZE_RATIO = 1.15;
const MAX_HEADING_LENGTH = 200;
const MAX_HEADING_LINES = 3;
const BULLET = /^[•◦▪▫■□●○‣⁃∙·*–-]\s+/u;
const NUMBERED_ITEM = /^(\d{1,3}|[a-z])[.)]\s+\S/u;
const PAGE_NUMBER = /^(page\s+)?\d{1,4}(\s*(of|\/)\s*\d{1,4})?$/iu;
const SENTENCE_END = /[.!?:]["'”’)]?$/u;

let pdfjsLoading: Promise<PdfJs> | undefined;

/** Loads pdfjs once, with its parser running in this thread (no worker file to locate). */
function loadPdfJs(): Promise<PdfJs> {
  pdfjsLoading ??= (async () => {
    const [pdfjs, worker] = await Promise.all([
      import('pdfjs-dist/legacy/build/pdf.mjs'),
      import('pdfjs-dist/legacy/build/pdf.worker.mjs'),
    ]);
    // pdfjs's "fake worker" uses this handler when present instead of importing a worker script.
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return pdfjs;
  })();
  return pdfjsLoading;
}

// Character maps for CJK fonts that rely on Adobe's predefined CMaps, read from the package.
const CMAP_DIRECTORY = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'cmaps')}/`;

export interface PdfReadOptions {
  /** Stop reading pages once this much text is collected (the caller cuts the rest anyway). */
  maxChars?: number;
  /** More pages than this fail the file at once, before any page is read. */
  maxPages?: number;
}

export async function readPdf(bytes: Buffer, origin: string, options: PdfReadOptions = {}): Promise<SourceDocument> {
  const pdfjs = await loadPdfJs();
  const task: PDFDocumentLoadingTask = pdfjs.getDocument({
    // A copy: pdfjs takes ownership of the array it is given.
    data: new Uint8Array(bytes),
    // Text only: no eval'd font renderers, no font loading or fetching, no images decoded.
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    maxImageSize: 0,
    disableAutoFetch: true,
    disableStream: true,
    disableRange: true,
    enableXfa: false,
    cMapUrl: CMAP_DIRECTORY,
    cMapPacked: true,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  try {
    let pdf: PDFDocumentProxy;
    try {
      pdf = await task.promise;
    } catch (error) {
      if (error instanceof Error && error.name === 'PasswordException') throw IngestError.passwordProtected();
      throw IngestError.invalid('PDF', error);
    }
    if (options.maxPages !== undefined && pdf.numPages > options.maxPages) throw IngestError.tooManyPages(pdf.numPages, options.maxPages);
    const lines = await readLines(pdf, options.maxChars ?? Number.POSITIVE_INFINITY).catch((error: unknown) => {
      // pdfjs is lenient while opening; damage inside pages surfaces here.
      throw IngestError.invalid('PDF', error);
    });
    const metadataTitle = await pdf
      .getMetadata()
      .then((metadata) => {
        const title = (metadata.info as { Title?: unknown }).Title;
        return typeof title === 'string' ? title : '';
      })
      .catch(() => '');

    const body = withoutPageFurniture(lines, pdf.numPages);
    if (body.length === 0) throw IngestError.noTextInPdf();
    return buildDocument(body, {
      metadataTitle,
      origin,
      pageCount: pdf.numPages,
    });
  } finally {
    await task.destroy();
  }
}

async function readLines(pdf: PDFDocumentProxy, maxChars: number): Promise<Line[]> {
  const fonts = new FontWeights();
  const lines: Line[] = [];
  let chars = 0;
  for (let pageNumber = 1; pageNumber <= pdf.numPages && chars <= maxChars; pageNumber++) {
    const page = await pdf.getPage(pageNumber);
    const content = await page.getTextContent();
    const items = content.items.filter((item): item is TextItem => 'str' in item);
    await fonts.learn(page, items);
    const [, bottom = 0, , top = 0] = page.view;
    for (const line of rebuildLines(items, pageNumber, fonts, bottom, top)) {
      lines.push(line);
      chars += line.text.length;
    }
    page.cleanup();
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Fonts: pdfjs names a font in text content only by an internal id; its real name (and so its
// weight) is known once the page's drawing operators have loaded it. Fonts are shared between
// pages, so that is needed only for pages that bring new fonts.

class FontWeights {
  private readonly boldById = new Map<string, boolean>();

  async learn(page: PDFPageProxy, items: TextItem[]): Promise<void> {
    const unknown = new Set(items.map((item) => item.fontName).filter((id) => !this.boldById.has(id)));
    if (unknown.size === 0) return;
    await page.getOperatorList();
    for (const id of unknown) {
      const font = page.commonObjs.has(id)
        ? (page.commonObjs.get(id) as { name?: string; bold?: boolean; black?: boolean })
        : null;
      // Subset fonts are named 'ABCDEF+Helvetica-Bold'.
      const name = font?.name?.replace(/^[A-Z]{6}\+/, '') ?? '';
      this.boldById.set(id, Boolean(font?.bold || font?.black) || /bold|black|heavy|semibold|demi/i.test(name));
    }
  }

  isBold(id: string): boolean {
    return this.boldById.get(id) ?? false;
  }
}

// ---------------------------------------------------------------------------------------------
// Lines

function rebuildLines(items: TextItem[], page: number, fonts: FontWeights, bottom: number, top: number): Line[] {
  const lines: Line[] = [];
  const margin = (top - bottom) * 0.1;
  let parts: string[] = [];
  let x = 0;
  let y = 0;
  let endX = 0;
  let lineSize = 0;
  let charsBySize = new Map<number, number>();
  let boldChars = 0;
  let allChars = 0;

  const flush = (): void => {
    const text = cleanText(parts.join('')).replace(/\n/g, ' ');
    if (text) {
      let size = 0;
      let most = -1;
      for (const [candidate, count] of charsBySize) {
        if (count > most) [size, most] = [candidate, count];
      }
      lines.push({
        page,
        text,
        x,
        endX,
        y,
        size,
        bold: allChars > 0 && boldChars / allChars >= 0.8,
        inMargin: y > top - margin || y < bottom + margin,
      });
    }
    parts = [];
    charsBySize = new Map();
    boldChars = 0;
    allChars = 0;
  };

  for (const item of items) {
    const [, , c = 0, d = 0, itemX = 0, itemY = 0] = item.transform;
    const size = Math.hypot(c, d) || item.height;
    if (item.str !== '') {
      const startsNewLine = parts.length > 0 && Math.abs(itemY - y) > Math.max(size, lineSize) * 0.5;
      if (startsNewLine) flush();
      if (parts.length === 0) {
        [x, y, lineSize] = [itemX, itemY, size];
      } else {
        // pdfjs often leaves the space between words as a gap rather than a character.
        const gap = itemX - endX;
        const previous = parts[parts.length - 1] ?? '';
        if (gap > size * 0.15 && !/\s$/.test(previous) && !/^\s/.test(item.str)) parts.push(' ');
      }
      parts.push(item.str);
      endX = itemX + item.width;
      lineSize = Math.max(lineSize, size);
      const visible = item.str.replace(/\s/g, '').length;
      const rounded = Math.round(size * 2) / 2;
      charsBySize.set(rounded, (charsBySize.get(rounded) ?? 0) + visible);
      allChars += visible;
      if (fonts.isBold(item.fontName)) boldChars += visible;
    }
    if (item.hasEOL) flush();
  }
  flush();
  return lines;
}

/** Drops page numbers and running headers/footers: margin lines repeated on most pages. */
function withoutPageFurniture(lines: Line[], pageCount: number): Line[] {
  const key = (line: Line): string => line.text.toLowerCase().replace(/\d+/g, '#');
  const pagesByKey = new Map<string, Set<number>>();
  for (const line of lines) {
    if (!line.inMargin) continue;
    const pages = pagesByKey.get(key(line)) ?? new Set<number>();
    pages.add(line.page);
    pagesByKey.set(key(line), pages);
  }
  const isRepeated = (line: Line): boolean => {
    const pages = pagesByKey.get(key(line))?.size ?? 0;
    return pages >= 3 && pages >= pageCount / 2;
  };
  return lines.filter((line) => !(line.inMargin && (PAGE_NUMBER.test(line.text) || isRepeated(line))));
}

// ---------------------------------------------------------------------------------------------
// Structure

/** The size most body characters are set in. */
function bodySize(lines: Line[]): number {
  const chars = new Map<number, number>();
  for (const line of lines) chars.set(line.size, (chars.get(line.size) ?? 0) + line.text.length);
  let size = 0;
  let most = -1;
  for (const [candidate, count] of chars) {
    // On a tie the smaller size is the body: headings are the exception.
    if (count > most || (count === most && candidate < size)) [size, most] = [candidate, count];
  }
  return size;
}

function buildDocument(
  lines: Line[],
  meta: { metadataTitle: string; origin: string; pageCount: number }
): SourceDocument {
  const body = bodySize(lines);
  const bodyLines = lines.filter((line) => Math.abs(line.size - body) < body * 0.1);
  const bodyBoldShare = bodyLines.filter((line) => line.bold).length / Math.max(bodyLines.length, 1);
  // Bold means "heading" only where most body text is not bold.
  const boldIsDistinctive = bodyBoldShare < 0.3;

  const isHeadingLine = (line: Line): boolean => {
    if (line.text.length > MAX_HEADING_LENGTH || !/\p{L}/u.test(line.text)) return false;
    if (line.size >= body * HEADING_SIZE_RATIO) return true;
    return (
      boldIsDistinctive && line.bold && line.size >= body * 0.9 && line.text.length <= 120 && !/[.,;:]$/.test(line.text)
    );
  };

  const blocks = groupHeadings(lines, isHeadingLine);
  const titleBlock = findTitle(blocks);
  const headings = blocks.filter((block) => block.kind === 'heading' && block !== titleBlock);
  const levelOf = headingLevels(headings, body);

  const builder = new DocumentBuilder();
  const byPage = headings.length === 0;
  let page = 0;
  const isFullWidth = fullWidthTest(lines);
  for (const block of paragraphsBetween(blocks, { breakAtPages: byPage, isFullWidth })) {
    if (block === titleBlock) continue;
    if (byPage && block.page !== page) {
      page = block.page;
      builder.heading(`Page ${page}`, 1);
    }
    if (block.kind === 'heading') builder.heading(block.text, levelOf(block));
    else if (block.kind === 'bullet') builder.bullet(block.text);
    else builder.paragraph(block.text);
  }
  return builder.build({
    title: titleBlock?.text || cleanText(meta.metadataTitle) || titleFromFilename(meta.origin),
    format: 'pdf',
    origin: meta.origin,
    pageCount: meta.pageCount,
  });
}

/**
 * Marks heading lines, merging a heading that wraps over consecutive lines set alike. Other
 * lines come back one per block as 'paragraph' for `paragraphsBetween` to join.
 */
function groupHeadings(lines: Line[], isHeadingLine: (line: Line) => boolean): Block[] {
  const blocks: Block[] = [];
  for (const line of lines) {
    const previous = blocks[blocks.length - 1];
    const heading = isHeadingLine(line);
    if (
      heading &&
      previous?.kind === 'heading' &&
      previous.page === line.page &&
      previous.size === line.size &&
      previous.bold === line.bold &&
      belowWithin(previous.lines[previous.lines.length - 1]!, line, 2)
    ) {
      previous.lines.push(line);
      previous.text = joinLines(previous.text, line.text);
      continue;
    }
    blocks.push({
      kind: heading ? 'heading' : 'paragraph',
      page: line.page,
      text: line.text,
      size: line.size,
      bold: line.bold,
      lines: [line],
    });
  }
  // A long run of large or bold lines is emphasised text, not a heading.
  for (const block of blocks) {
    if (
      block.kind === 'heading' &&
      (block.lines.length > MAX_HEADING_LINES || block.text.length > MAX_HEADING_LENGTH)
    ) {
      block.kind = 'paragraph';
    }
  }
  return blocks.flatMap((block) =>
    block.kind === 'paragraph' && block.lines.length > 1
      ? block.lines.map((line) => ({ ...block, text: line.text, lines: [line] }))
      : [block]
  );
}

/** The title: the first block of the document, a heading set larger than any other. */
function findTitle(blocks: Block[]): Block | undefined {
  const first = blocks[0];
  if (first?.kind !== 'heading' || first.page !== 1) return undefined;
  const others = blocks.filter((block) => block.kind === 'heading' && block !== first);
  return others.every((block) => block.size < first.size) ? first : undefined;
}

/** Levels by size: the largest heading size is level 1; bold body-size headings come last. */
function headingLevels(headings: Block[], body: number): (block: Block) => number {
  const sizes = [...new Set(headings.filter((h) => h.size >= body * HEADING_SIZE_RATIO).map((h) => h.size))].sort(
    (a, b) => b - a
  );
  return (block) => {
    const index = sizes.indexOf(block.size);
    return Math.min(6, index >= 0 ? index + 1 : sizes.length + 1);
  };
}

/** Joins body lines into paragraphs and bullets; headings pass through. */
function* paragraphsBetween(blocks: Block[], options: ParagraphOptions): Generator<Block> {
  let open: Block | null = null;
  for (const block of blocks) {
    if (block.kind === 'heading') {
      if (open) yield open;
      open = null;
      yield block;
      continue;
    }
    const line = block.lines[0]!;
    const startsItem = BULLET.test(line.text) || NUMBERED_ITEM.test(line.text);
    if (open && !startsItem && continues(open, line, options)) {
      open.lines.push(line);
      open.text = joinLines(open.text, line.text);
      continue;
    }
    if (open) yield open;
    open = {
      ...block,
      kind: startsItem ? 'bullet' : 'paragraph',
      text: line.text.replace(BULLET, ''),
      lines: [line],
    };
  }
  if (open) yield open;
}

interface ParagraphOptions {
  /** One section per page: paragraphs never run over a page break. */
  breakAtPages: boolean;
  isFullWidth: (line: Line) => boolean;
}

/** Whether `line` carries on the paragraph or bullet `open` rather than starting a new one. */
function continues(open: Block, line: Line, { breakAtPages, isFullWidth }: ParagraphOptions): boolean {
  const last = open.lines[open.lines.length - 1]!;
  if (line.page !== last.page) {
    // A paragraph runs over the page break when its last line is full width (it was wrapped)
    // or did not end a sentence.
    return !breakAtPages && (isFullWidth(last) || !SENTENCE_END.test(open.text));
  }
  // A bullet's continuation lines are indented to its text, never left of the bullet.
  if (open.kind === 'bullet' && line.x < open.lines[0]!.x - 1) return false;
  // An indented first line after a finished sentence starts a new paragraph.
  if (open.kind === 'paragraph' && line.x > last.x + line.size && SENTENCE_END.test(open.text)) return false;
  return belowWithin(last, line, 1.6);
}

/** A line reaching (nearly) the right edge of its page's text was wrapped, so it goes on. */
function fullWidthTest(lines: Line[]): (line: Line) => boolean {
  const edges = new Map<number, { left: number; right: number }>();
  for (const line of lines) {
    const edge = edges.get(line.page) ?? { left: line.x, right: line.endX };
    edges.set(line.page, { left: Math.min(edge.left, line.x), right: Math.max(edge.right, line.endX) });
  }
  return (line) => {
    const edge = edges.get(line.page);
    // Within the width of a long word of the edge.
    return edge !== undefined && line.endX >= edge.right - (edge.right - edge.left) * 0.15;
  };
}

/** `below` is the next line down, at most `factor` line heights under `above`. */
function belowWithin(above: Line, below: Line, factor: number): boolean {
  const drop = above.y - below.y;
  return drop > 0 && drop <= Math.max(above.size, below.size) * factor;
}

/** Joins wrapped lines, undoing end-of-line hyphenation ('exam-' + 'ple'). */
function joinLines(text: string, next: string): string {
  if (/\p{L}-$/u.test(text) && /^\p{Ll}/u.test(next)) return text.slice(0, -1) + next;
  return `${text} ${next}`;
}
