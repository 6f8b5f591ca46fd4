// The PDF training guide, drawn with pdf-lib: a cover, a contents page with page numbers (linked,
// and mirrored as bookmarks), an overview (the summary, the cover's trainer notes, the
// objectives), one section per slide (points as bullets, paragraphs, speaker notes as trainer
// notes), the assessment, its answer key and the glossary, with the title in the header and
// branding and page numbers in the footer.
//
// pdf-lib places text but does not lay it out, so this file does: lines are wrapped by measuring
// each run in the face that draws it (fonts.ts picks, per character, a face that has the glyph),
// pages break where the next line would cross the bottom margin, and every face used is embedded
// as a subset, so accented Latin, Cyrillic, CJK, Arabic and Hebrew all render on any reader.
import fontkit from '@pdf-lib/fontkit';
import {
  beginText,
  endText,
  moveText,
  PDFDocument,
  PDFHexString,
  PDFName,
  rgb,
  setFillingColor,
  setFontAndSize,
  showText,
  type PDFFont,
  type PDFImage,
  type PDFOperator,
  type PDFPage,
  type PDFRef,
  type RGB,
} from 'pdf-lib';
import type { FontFamily } from '@trainwright/templates';
import type { RenderInput } from '../domain/types.js';
import { brandingLine, fitInside, guardRender, hasOverview, overviewObjectives, prepareContent, PROPERTY_MAX, shorten, visualColors, type DocumentContent, type Section } from './content.js';
import { embedKeptPng } from './pdf-images.js';
import { visualPng } from './visuals.js';
import { runWidth, textWidth, type FontFace, type FontRun, type FontWeight } from './fonts.js';
import { baseDirection, drawingRuns, ellipsize, fitText, wrapText, type Measure } from './text-layout.js';

// A4 in points.
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN_X = 62;
const TOP = PAGE_HEIGHT - 78;
const BOTTOM = 74;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
const HEADER_BASELINE = PAGE_HEIGHT - 44;
const FOOTER_BASELINE = 38;
const LINE_HEIGHT = 1.38;
const BULLET_INDENT = 16;
const NOTES_INDENT = 14;
const OUTLINE_TITLE_MAX = 200;
/** Room a heading needs below it so that it never ends a page alone. */
const KEEP_WITH_HEADING = 64;

interface TextStyle {
  family: FontFamily;
  weight: FontWeight;
  size: number;
  color: string;
}

interface Paragraph {
  text: string;
  style: TextStyle;
  indent?: number;
  bullet?: string;
  spaceBefore?: number;
  spaceAfter?: number;
  /** Colour of a bar drawn along the left of every line (trainer notes). */
  bar?: string;
  /** Room needed below the first line, so a label is not left alone at the foot of a page. */
  keepWithNext?: number;
}

/** A place in the guide the contents page and the bookmarks point at. */
interface Anchor {
  title: string;
  page: PDFPage;
  pageNumber: number;
  top: number;
}

function subsetTag(index: number): string {
  let tag = '';
  for (let n = index, i = 0; i < 6; i++, n = Math.floor(n / 26)) tag = String.fromCharCode(65 + (n % 26)) + tag;
  return tag;
}

function color(hex: string): RGB {
  return rgb(parseInt(hex.slice(1, 3), 16) / 255, parseInt(hex.slice(3, 5), 16) / 255, parseInt(hex.slice(5, 7), 16) / 255);
}

// pdf-lib parses a font's bytes again for every document; handing it the face we already parsed
// (and whose layout caches are warm) saves most of the cost of embedding.
const parsedFaces = new WeakMap<Uint8Array, FontFace>();
const sharedFontkit = {
  ...fontkit,
  create: (bytes: Uint8Array, postscriptName?: string) => {
    const font = parsedFaces.get(bytes)?.font;
    return font ? mapRtlLigatures(font) : fontkit.create(bytes, postscriptName);
  },
} as typeof fontkit;

const RTL_LETTERS = /^[\p{Script=Arabic}\p{Script=Hebrew}]+$/u;
const mappedFonts = new WeakSet<object>();
const mappedGlyphs = new WeakSet<object>();

/**
 * A ligature of right-to-left letters (Arabic lam-alef) maps back to its letters reversed in the
 * PDF's ToUnicode table (pdf-lib writes each glyph's code points): readers such as pdftotext put a
 * right-to-left run back into reading order by reversing its characters, a ligature's with them,
 * so the mapping as written would read 'ال' where the text says 'لا'. Glyphs are cached per font,
 * so each is reversed once.
 */
function mapRtlLigatures(font: FontFace['font']): FontFace['font'] {
  if (mappedFonts.has(font)) return font;
  mappedFonts.add(font);
  const layout = font.layout.bind(font);
  font.layout = ((...args: Parameters<typeof layout>) => {
    const run = layout(...args);
    for (const glyph of run.glyphs) {
      if (glyph.codePoints.length > 1 && !mappedGlyphs.has(glyph) && RTL_LETTERS.test(String.fromCodePoint(...glyph.codePoints))) {
        mappedGlyphs.add(glyph);
        glyph.codePoints.reverse();
      }
    }
    return run;
  }) as typeof font.layout;
  return font;
}

/** The parts of fontkit's TrueType subset class the padding fix touches (fontkit has no types for them). */
interface TrueTypeSubset {
  glyf: Array<Uint8Array & { copy(target: Uint8Array): number }>;
  offset: number;
  _addGlyph(gid: number): number;
}
const PADDED = Symbol('trainwright.paddedGlyphs');

/**
 * fontkit 1.x writes a subset's glyph offsets in the short format (offset / 2) whenever they fit,
 * but copies glyph data unpadded, so one glyph of odd length shifts every glyph after it (most CJK
 * glyphs of Droid Sans Fallback vanished). Padding each glyph to an even length, as TrueType
 * expects, fixes it; the subset class is patched once.
 */
function padSubsetGlyphs(face: FontFace): void {
  const proto = Object.getPrototypeOf(face.font.createSubset()) as TrueTypeSubset & { [PADDED]?: true };
  if (proto[PADDED] || typeof proto._addGlyph !== 'function') return;
  const addGlyph = proto._addGlyph;
  proto._addGlyph = function (this: TrueTypeSubset, gid: number): number {
    const index = addGlyph.call(this, gid);
    const data = this.glyf[this.glyf.length - 1];
    if (data && data.length % 2 === 1) {
      // Same buffer class as fontkit's (its stream accepts only its own buffers).
      const padded = (data.constructor as unknown as { alloc(n: number): TrueTypeSubset['glyf'][number] }).alloc(data.length + 1);
      data.copy(padded);
      this.glyf[this.glyf.length - 1] = padded;
      this.offset += 1;
    }
    return index;
  };
  proto[PADDED] = true;
}

const measureIn =
  (style: Pick<TextStyle, 'family' | 'weight' | 'size'>): Measure =>
  (text) =>
    textWidth(text, style.family, style.weight, style.size);

class GuideWriter {
  readonly anchors: Anchor[] = [];
  private page!: PDFPage;
  private y = TOP;
  private readonly embedded = new Map<FontFace, Promise<PDFFont>>();
  private readonly fontKeys = new WeakMap<PDFPage, Map<PDFFont, PDFName>>();
  private readonly encodedWords = new Map<PDFFont, Map<string, string>>();
  /** A picture floated at the right margin: paragraphs beside it are narrowed by `width`. */
  private float: { page: PDFPage; bottom: number; width: number } | null = null;

  constructor(readonly doc: PDFDocument, readonly c: DocumentContent) {}

  private pdfFont(face: FontFace): Promise<PDFFont> {
    // Embedded on first use, so a guide without CJK text does not carry the CJK font. The subset
    // tag (six capitals and '+') follows the PDF convention and depends only on the order of first
    // use, so the same content always gives the same file.
    let font = this.embedded.get(face);
    if (!font) {
      padSubsetGlyphs(face);
      parsedFaces.set(face.bytes, face);
      const tag = subsetTag(this.embedded.size);
      font = this.doc.embedFont(face.bytes, { subset: true, customName: `${tag}+${face.font.postscriptName}` });
      this.embedded.set(face, font);
    }
    return font;
  }

  /** The page's resource name for a font, created once per page. */
  private fontKey(page: PDFPage, font: PDFFont): PDFName {
    let keys = this.fontKeys.get(page);
    if (!keys) this.fontKeys.set(page, (keys = new Map()));
    let key = keys.get(font);
    if (!key) {
      key = page.node.newFontDictionary(font.name, font.ref);
      keys.set(font, key);
    }
    return key;
  }

  /** Glyph codes of a run, encoded word by word (the same words recur on every page). */
  private encode(font: PDFFont, text: string): PDFHexString {
    let words = this.encodedWords.get(font);
    if (!words) this.encodedWords.set(font, (words = new Map()));
    let hex = '';
    for (const piece of text.split(/( +)/)) {
      if (piece === '') continue;
      let code = words.get(piece);
      if (code === undefined) {
        code = font.encodeText(piece).asString();
        words.set(piece, code);
      }
      hex += code;
    }
    return PDFHexString.of(hex);
  }

  newPage(): PDFPage {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = TOP;
    return this.page;
  }

  private get atPageTop(): boolean {
    return this.y >= TOP;
  }

  private ensureRoom(height: number): void {
    if (this.y - height < BOTTOM) this.newPage();
  }

  /**
   * Draws runs from `x` on the baseline `y` as one text object: the reader advances by the glyph
   * widths, which is what runWidth measures, so each run starts where the last one ended.
   */
  async drawRuns(page: PDFPage, runs: FontRun[], x: number, y: number, style: TextStyle): Promise<void> {
    if (runs.length === 0) return;
    const ops: PDFOperator[] = [beginText(), setFillingColor(color(style.color)), moveText(x, y)];
    for (const run of runs) {
      const font = await this.pdfFont(run.face);
      ops.push(setFontAndSize(this.fontKey(page, font), style.size), showText(this.encode(font, run.text)));
    }
    ops.push(endText());
    page.pushOperators(...ops);
  }

  /** One line placed in a box: left-aligned, or right-aligned when the paragraph reads right to left. */
  async drawLine(
    page: PDFPage,
    line: string,
    box: { left: number; right: number; baseline: number },
    style: TextStyle,
    rtl: boolean,
    align: 'start' | 'end' = 'start',
  ): Promise<void> {
    const runs = drawingRuns(line, style.family, style.weight, rtl ? 'rtl' : 'ltr');
    const width = runs.reduce((w, r) => w + runWidth(r, style.size), 0);
    const fromRight = rtl !== (align === 'end');
    await this.drawRuns(page, runs, fromRight ? box.right - width : box.left, box.baseline, style);
  }

  /** A wrapped paragraph in the flow, breaking pages as needed. */
  async paragraph(p: Paragraph): Promise<void> {
    const { style } = p;
    const indent = p.indent ?? 0;
    const textIndent = indent + (p.bullet ? BULLET_INDENT : 0);
    const lineHeight = style.size * LINE_HEIGHT;
    const rtl = baseDirection(p.text) === 'rtl';
    if (!this.atPageTop) this.y -= p.spaceBefore ?? 0;
    if (p.keepWithNext) this.ensureRoom(lineHeight + p.keepWithNext);
    // Beside a floated picture the whole paragraph is narrowed.
    const inset = this.float && this.float.page === this.page && this.y > this.float.bottom ? this.float.width : 0;
    const lines = wrapText(p.text, CONTENT_WIDTH - textIndent - inset, measureIn(style));
    for (const [i, line] of lines.entries()) {
      this.ensureRoom(lineHeight);
      const baseline = this.y - (lineHeight + style.size * 0.7) / 2;
      const left = MARGIN_X + (rtl ? indent : textIndent);
      const right = PAGE_WIDTH - MARGIN_X - inset - (rtl ? textIndent : indent);
      if (p.bullet && i === 0) {
        const bulletBox = rtl ? { left, right: PAGE_WIDTH - MARGIN_X - inset - indent, baseline } : { left: MARGIN_X + indent, right, baseline };
        await this.drawLine(this.page, p.bullet, bulletBox, style, rtl);
      }
      await this.drawLine(this.page, line, { left, right, baseline }, style, rtl);
      if (p.bar) {
        const barX = rtl ? right + 6 : left - 8;
        this.page.drawRectangle({ x: barX, y: this.y - lineHeight, width: 2.5, height: lineHeight, color: color(p.bar) });
      }
      this.y -= lineHeight;
    }
    this.y -= p.spaceAfter ?? 0;
  }

  /** A section heading: starts a page when too little room is left, and becomes an anchor. */
  async heading(title: string, level: 1 | 2): Promise<void> {
    const { fonts, palette } = this.c;
    const size = level === 1 ? 18 : 13.5;
    if (!this.atPageTop) this.y -= level === 1 ? 22 : 12;
    this.ensureRoom(size * LINE_HEIGHT + KEEP_WITH_HEADING);
    const page = this.page;
    const top = this.y;
    await this.paragraph({
      text: title,
      style: { family: fonts.heading, weight: this.c.typography.headingWeight, size, color: palette.page.heading },
      spaceAfter: 4,
    });
    if (level === 1) {
      page.drawRectangle({ x: MARGIN_X, y: this.y - 2, width: 42, height: 3, color: color(palette.page.accent) });
      this.y -= 14;
      this.anchors.push({ title, page, pageNumber: this.doc.getPages().indexOf(page) + 1, top });
    }
  }

  /** A picture floated at the right margin from the current position; the next paragraphs wrap beside it. */
  floatRight(image: PDFImage, size: number): void {
    this.ensureRoom(size + 8);
    const top = this.y - 4;
    this.page.drawImage(image, { x: PAGE_WIDTH - MARGIN_X - size, y: top - size, width: size, height: size });
    this.float = { page: this.page, bottom: top - size - 6, width: size + 14 };
  }

  /** A picture as a block of the flow, centred. */
  block(image: PDFImage, width: number, height: number): void {
    this.float = null;
    this.ensureRoom(height + 12);
    this.y -= 6;
    this.page.drawImage(image, { x: MARGIN_X + (CONTENT_WIDTH - width) / 2, y: this.y - height, width, height });
    this.y -= height + 6;
  }

  /** Ends any float: what follows uses the full width. */
  clearFloat(): void {
    if (this.float && this.float.page === this.page && this.y > this.float.bottom) this.y = this.float.bottom;
    this.float = null;
  }

  body(text: string, extra: Partial<Paragraph> = {}): Promise<void> {
    const { fonts, palette } = this.c;
    return this.paragraph({
      text,
      style: { family: fonts.body, weight: 'regular', size: 11, color: palette.page.text },
      spaceAfter: 6,
      ...extra,
    });
  }

  strong(text: string, extra: Partial<Paragraph> = {}): Promise<void> {
    const { fonts, palette } = this.c;
    return this.paragraph({
      text,
      style: { family: fonts.body, weight: 'bold', size: 11, color: palette.page.text },
      spaceAfter: 3,
      keepWithNext: 30,
      ...extra,
    });
  }

  muted(text: string, extra: Partial<Paragraph> = {}): Promise<void> {
    const { fonts, palette } = this.c;
    return this.paragraph({
      text,
      style: { family: fonts.body, weight: 'regular', size: 10, color: palette.page.muted },
      spaceAfter: 4,
      ...extra,
    });
  }
}

async function embedLogo(doc: PDFDocument, c: DocumentContent): Promise<PDFImage | null> {
  const logo = c.branding?.logo;
  if (!logo) return null;
  try {
    return logo.type === 'png' ? await doc.embedPng(logo.bytes) : await doc.embedJpg(logo.bytes);
  } catch {
    return null; // bytes that looked like an image but do not decode: the guide goes without the logo
  }
}

async function drawCover(w: GuideWriter, logo: PDFImage | null): Promise<void> {
  const { c } = w;
  const { palette, fonts } = c;
  const page = w.newPage();
  const bandBottom = PAGE_HEIGHT * 0.45;
  page.drawRectangle({ x: 0, y: bandBottom, width: PAGE_WIDTH, height: PAGE_HEIGHT - bandBottom, color: color(palette.primary) });
  page.drawRectangle({ x: 0, y: bandBottom - 8, width: PAGE_WIDTH, height: 8, color: color(palette.accent) });

  if (logo) {
    const size = fitInside(logo, 150, 56);
    page.drawRectangle({
      x: MARGIN_X - 10,
      y: PAGE_HEIGHT - 60 - size.height - 10,
      width: size.width + 20,
      height: size.height + 20,
      color: rgb(1, 1, 1),
    });
    page.drawImage(logo, { x: MARGIN_X, y: PAGE_HEIGHT - 60 - size.height, width: size.width, height: size.height });
  }

  // The title fills the lower part of the band, as large as it fits.
  const titleFit = fitText(
    [{ text: c.title, indent: 0 }],
    { width: CONTENT_WIDTH, height: 230, maxSize: 34, minSize: 14, lineHeight: 1.2, blockGap: 0 },
    (size) => measureIn({ family: fonts.heading, weight: 'bold', size }),
  );
  const titleStyle: TextStyle = { family: fonts.heading, weight: 'bold', size: titleFit.size, color: palette.onPrimary };
  const titleLines = titleFit.blocks.flat();
  const rtlTitle = baseDirection(c.title) === 'rtl';
  let baseline = bandBottom + 40 + (titleLines.length - 1) * titleFit.size * 1.2;
  for (const line of titleLines) {
    await w.drawLine(page, line, { left: MARGIN_X, right: PAGE_WIDTH - MARGIN_X, baseline }, titleStyle, rtlTitle);
    baseline -= titleFit.size * 1.2;
  }

  let y = bandBottom - 50;
  if (c.description) {
    const fit = fitText(
      [{ text: c.description, indent: 0 }],
      { width: CONTENT_WIDTH, height: 170, maxSize: 15, minSize: 9, lineHeight: LINE_HEIGHT, blockGap: 0 },
      (size) => measureIn({ family: fonts.body, weight: 'regular', size }),
    );
    const style: TextStyle = { family: fonts.body, weight: 'regular', size: fit.size, color: palette.page.text };
    const rtl = baseDirection(c.description) === 'rtl';
    for (const line of fit.blocks.flat()) {
      y -= fit.size * LINE_HEIGHT;
      await w.drawLine(page, line, { left: MARGIN_X, right: PAGE_WIDTH - MARGIN_X, baseline: y }, style, rtl);
    }
  }

  // Company, website and date at the foot of the cover.
  const foot = [c.branding?.companyName, c.branding?.website, c.date].filter((s): s is string => !!s);
  let footY = 70 + (foot.length - 1) * 18;
  for (const [i, text] of foot.entries()) {
    const style: TextStyle = {
      family: i === 0 && c.branding?.companyName ? fonts.heading : fonts.body,
      weight: i === 0 ? 'bold' : 'regular',
      size: i === 0 ? 13 : 11,
      color: i === 0 ? palette.page.heading : palette.page.muted,
    };
    await w.drawLine(
      page,
      ellipsize(text, CONTENT_WIDTH, measureIn(style)),
      { left: MARGIN_X, right: PAGE_WIDTH - MARGIN_X, baseline: footY },
      style,
      baseDirection(text) === 'rtl',
    );
    footY -= 18;
  }
}

interface ContentsLine {
  text: string;
  /** The entry the line belongs to; its page number is written on the entry's first line. */
  entry: number;
  first: boolean;
}

const CONTENTS_SIZE = 11;
const CONTENTS_NUMBER_WIDTH = 44;
const CONTENTS_HEADING_ROOM = 52;

/** Contents entries wrapped to at most two lines each (a very long title ends with an ellipsis). */
function contentsLines(titles: string[], c: DocumentContent): ContentsLine[] {
  const box = {
    width: CONTENT_WIDTH - CONTENTS_NUMBER_WIDTH,
    height: 2 * CONTENTS_SIZE * LINE_HEIGHT,
    maxSize: CONTENTS_SIZE,
    minSize: CONTENTS_SIZE,
    lineHeight: LINE_HEIGHT,
    blockGap: 0,
  };
  const measureAt = (size: number) => measureIn({ family: c.fonts.body, weight: 'regular', size });
  return titles.flatMap((title, entry) =>
    fitText([{ text: title, indent: 0 }], box, measureAt)
      .blocks.flat()
      .map((text, i) => ({ text, entry, first: i === 0 })),
  );
}

/** How many contents lines each contents page holds: the first one also holds the heading. */
function contentsPageCapacity(first: boolean): number {
  return Math.floor((TOP - BOTTOM - (first ? CONTENTS_HEADING_ROOM : 0)) / (CONTENTS_SIZE * LINE_HEIGHT + 2));
}

function contentsPageCount(lines: number): number {
  let pages = 1;
  let room = contentsPageCapacity(true);
  while (lines > room) {
    room += contentsPageCapacity(false);
    pages++;
  }
  return pages;
}

/** Draws the contents on the pages reserved for it, each entry linked to its page. */
async function drawContents(w: GuideWriter, pages: PDFPage[], lines: ContentsLine[], anchors: Anchor[]): Promise<void> {
  const { c } = w;
  const style: TextStyle = { family: c.fonts.body, weight: 'regular', size: CONTENTS_SIZE, color: c.palette.page.text };
  const step = CONTENTS_SIZE * LINE_HEIGHT + 2;
  let pageIndex = 0;
  let page = pages[0]!;
  await w.drawLine(
    page,
    c.labels.contents,
    { left: MARGIN_X, right: PAGE_WIDTH - MARGIN_X, baseline: TOP - 22 },
    { family: c.fonts.heading, weight: 'bold', size: 22, color: c.palette.page.heading },
    false,
  );
  let y = TOP - CONTENTS_HEADING_ROOM;
  let room = contentsPageCapacity(true);
  for (const line of lines) {
    if (room === 0) {
      page = pages[++pageIndex]!;
      y = TOP;
      room = contentsPageCapacity(false);
    }
    const anchor = anchors[line.entry]!;
    const baseline = y - step + 4;
    const rtl = baseDirection(anchor.title) === 'rtl';
    const textBox = rtl
      ? { left: MARGIN_X + CONTENTS_NUMBER_WIDTH, right: PAGE_WIDTH - MARGIN_X, baseline }
      : { left: MARGIN_X, right: PAGE_WIDTH - MARGIN_X - CONTENTS_NUMBER_WIDTH, baseline };
    await w.drawLine(page, line.text, textBox, style, rtl);
    if (line.first) {
      const number = String(anchor.pageNumber);
      await w.drawLine(page, number, { left: MARGIN_X, right: PAGE_WIDTH - MARGIN_X, baseline }, { ...style, weight: 'bold' }, rtl, 'end');
    }
    linkTo(w.doc, page, [MARGIN_X, y - step, PAGE_WIDTH - MARGIN_X, y], anchor);
    y -= step;
    room--;
  }
}

/** A link annotation over `rect` that jumps to an anchor. */
function linkTo(doc: PDFDocument, page: PDFPage, rect: [number, number, number, number], anchor: Anchor): void {
  const link = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: rect,
    Border: [0, 0, 0],
    Dest: [anchor.page.ref, 'XYZ', null, anchor.top, null],
  });
  page.node.addAnnot(doc.context.register(link));
}

/** Bookmarks (the reader's outline panel), one per anchor. */
function addOutline(doc: PDFDocument, anchors: Anchor[]): void {
  if (anchors.length === 0) return;
  const outlineRef = doc.context.nextRef();
  const refs: PDFRef[] = anchors.map(() => doc.context.nextRef());
  anchors.forEach((anchor, i) => {
    const item = doc.context.obj({ Parent: outlineRef, Dest: [anchor.page.ref, 'XYZ', null, anchor.top, null] });
    item.set(PDFName.of('Title'), PDFHexString.fromText(shorten(anchor.title, OUTLINE_TITLE_MAX)));
    if (i > 0) item.set(PDFName.of('Prev'), refs[i - 1]!);
    if (i < refs.length - 1) item.set(PDFName.of('Next'), refs[i + 1]!);
    doc.context.assign(refs[i]!, item);
  });
  doc.context.assign(outlineRef, doc.context.obj({ Type: 'Outlines', First: refs[0]!, Last: refs[refs.length - 1]!, Count: refs.length }));
  doc.catalog.set(PDFName.of('Outlines'), outlineRef);
}

/** Header (title, logo) and footer (branding, 'Page n of N') on every page but the cover. */
async function drawPageFrames(w: GuideWriter, logo: PDFImage | null): Promise<void> {
  const { c } = w;
  const pages = w.doc.getPages();
  const small: TextStyle = { family: c.fonts.body, weight: 'regular', size: 8.5, color: c.palette.page.muted };
  const logoSize = logo ? fitInside(logo, 90, 20) : null;
  const title = ellipsize(c.title, CONTENT_WIDTH - (logoSize ? logoSize.width + 16 : 0), measureIn(small));
  const brand = brandingLine(c.branding);
  for (const [i, page] of pages.entries()) {
    if (i === 0) continue;
    const full = { left: MARGIN_X, right: PAGE_WIDTH - MARGIN_X };
    await w.drawLine(page, title, { ...full, baseline: HEADER_BASELINE }, small, baseDirection(title) === 'rtl');
    if (logo && logoSize)
      page.drawImage(logo, {
        x: PAGE_WIDTH - MARGIN_X - logoSize.width,
        y: HEADER_BASELINE - 5,
        width: logoSize.width,
        height: logoSize.height,
      });
    page.drawLine({
      start: { x: MARGIN_X, y: HEADER_BASELINE - 9 },
      end: { x: PAGE_WIDTH - MARGIN_X, y: HEADER_BASELINE - 9 },
      thickness: 0.5,
      color: color(c.palette.page.muted),
    });
    page.drawLine({
      start: { x: MARGIN_X, y: FOOTER_BASELINE + 14 },
      end: { x: PAGE_WIDTH - MARGIN_X, y: FOOTER_BASELINE + 14 },
      thickness: 0.5,
      color: color(c.palette.page.muted),
    });
    const number = c.labels.page(i + 1, pages.length);
    await w.drawLine(page, number, { ...full, baseline: FOOTER_BASELINE }, small, false, 'end');
    if (brand) {
      const room = CONTENT_WIDTH - textWidth(number, small.family, small.weight, small.size) - 24;
      await w.drawLine(page, ellipsize(brand, room, measureIn(small)), { ...full, baseline: FOOTER_BASELINE }, small, false);
    }
  }
}

/** Speaker notes as the guide shows them: under a 'Trainer notes' label, set off by a bar. */
async function drawNotes(w: GuideWriter, notes: string): Promise<void> {
  const { labels, palette, fonts } = w.c;
  await w.paragraph({
    text: labels.trainerNotes,
    style: { family: fonts.body, weight: 'bold', size: 9.5, color: palette.page.accent },
    indent: NOTES_INDENT,
    spaceBefore: 8,
    spaceAfter: 1,
    bar: palette.page.accent,
    keepWithNext: 28,
  });
  await w.paragraph({
    text: notes,
    style: { family: fonts.body, weight: 'regular', size: 10, color: palette.page.text },
    indent: NOTES_INDENT,
    spaceAfter: 6,
    bar: palette.page.accent,
  });
}

const ICON_SIZE = 78;
const CHART_WIDTH = CONTENT_WIDTH * 0.85;
const CHART_HEIGHT = 210;

/** The section's visual as an embedded PNG, drawn for a white page; null for a section without one. */
async function embedVisual(doc: PDFDocument, c: DocumentContent, s: Section): Promise<PDFImage | null> {
  if (!s.visual) return null;
  const colors = visualColors(c, 'page');
  const [width, height] = s.visual.kind === 'chart' ? [Math.round(CHART_WIDTH), CHART_HEIGHT] : [240, 240];
  return embedKeptPng(doc, visualPng(s.visual, c.imageStyle, colors, c.fonts.body, width, height, s.visual.kind === 'chart' ? 3 : 1.5));
}

async function drawBody(w: GuideWriter): Promise<void> {
  const { c } = w;
  const { labels } = c;
  w.newPage();

  if (hasOverview(c)) {
    await w.heading(labels.overview, 1);
    if (c.summary) await w.body(c.summary);
    if (c.coverTrainerText) await drawNotes(w, c.coverTrainerText);
    const objectives = overviewObjectives(c);
    if (objectives.length > 0) {
      await w.heading(labels.objectives, 2);
      for (const o of objectives) await w.body(o, { bullet: '•', spaceAfter: 3 });
    }
  }

  for (const s of c.sections) {
    await w.heading(s.heading, 1);
    // The slide's visual: an icon floated beside the points, a chart under them (visuals.ts).
    const visual = await embedVisual(w.doc, c, s);
    if (visual && s.visual?.kind === 'icon') w.floatRight(visual, ICON_SIZE);
    for (const point of s.points) await w.body(point, { bullet: '•', spaceAfter: 4 });
    for (const text of s.paragraphs) await w.body(text, { spaceBefore: 4 });
    if (visual && s.visual?.kind === 'chart') w.block(visual, CHART_WIDTH, CHART_HEIGHT);
    w.clearFloat();
    if (s.trainerText) await drawNotes(w, s.trainerText);
  }

  if (c.questions.length > 0) {
    await w.heading(labels.assessment, 1);
    for (const q of c.questions) {
      await w.strong(`${q.number}. ${q.prompt}`, { spaceBefore: 8 });
      for (const o of q.options) await w.body(`${o.letter}. ${o.text}`, { indent: BULLET_INDENT, spaceAfter: 2 });
    }
    await w.heading(labels.answerKey, 1);
    for (const q of c.questions) {
      await w.strong(`${q.number}. ${q.answerText}`, { spaceBefore: 6 });
      if (q.explanation) await w.muted(q.explanation, { indent: BULLET_INDENT });
    }
  }

  if (c.glossary.length > 0) {
    await w.heading(labels.glossary, 1);
    for (const g of c.glossary) {
      await w.strong(g.term, { spaceBefore: 6, spaceAfter: 1 });
      if (g.definition) await w.body(g.definition, { indent: BULLET_INDENT });
    }
  }

  if (c.sources.length > 0) {
    await w.heading(labels.sources, 1);
    for (const source of c.sources) {
      await w.strong(source.title, { spaceBefore: 6, spaceAfter: 1 });
      for (const passage of source.passages) await w.muted(`“${passage}”`, { indent: BULLET_INDENT });
    }
  }
}

async function buildGuide(c: DocumentContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(sharedFontkit);
  const w = new GuideWriter(doc, c);
  const logo = await embedLogo(doc, c);

  await drawCover(w, logo);
  // The contents come before the sections but need their page numbers: reserve its pages now
  // (the entries' line count does not depend on the numbers) and fill them in at the end.
  const entryTitles = [
    ...(hasOverview(c) ? [c.labels.overview] : []),
    ...c.sections.map((s) => s.heading),
    ...(c.questions.length > 0 ? [c.labels.assessment, c.labels.answerKey] : []),
    ...(c.glossary.length > 0 ? [c.labels.glossary] : []),
    ...(c.sources.length > 0 ? [c.labels.sources] : []),
  ];
  const lines = contentsLines(entryTitles, c);
  const contentsPages = Array.from({ length: contentsPageCount(lines.length) }, () => w.newPage());
  await drawBody(w);
  await drawContents(w, contentsPages, lines, w.anchors);
  addOutline(doc, w.anchors);
  await drawPageFrames(w, logo);

  doc.setTitle(c.title, { showInWindowTitleBar: true });
  if (c.branding?.companyName) doc.setAuthor(c.branding.companyName);
  if (c.description) doc.setSubject(shorten(c.description, PROPERTY_MAX));
  doc.setCreator('Trainwright');
  doc.setProducer('Trainwright (pdf-lib)');
  doc.setLanguage(c.language);
  // The content's date rather than now, so the same content gives the same file.
  if (c.generatedAt) {
    doc.setCreationDate(c.generatedAt);
    doc.setModificationDate(c.generatedAt);
  }
  return doc.save();
}

export function renderPdf(input: RenderInput): Promise<Buffer> {
  return guardRender('PDF guide', async () => Buffer.from(await buildGuide(prepareContent(input))));
}
