// Slide images of the narrated video: one SVG per slide, drawn from the same prepared slide model
// as the documents (render/content.ts) and rasterised by resvg. Every layout is drawn on a design
// canvas 1280 units wide (the height follows the requested aspect ratio) that the viewBox scales
// to the requested pixel size, so a slide looks the same at every resolution.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate as nextTick } from 'node:timers/promises';
import { renderAsync, Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';
import type { KeptFrames } from './kept-frames.js';
import { escapeXml, type FontFamily, type Layout } from '@trainwright/templates';
import { RenderError, type ProgressReporter, type RenderInput } from '../domain/types.js';
import { brandingLine, fitInside, prepareContent, tint, visualColors, type DocumentContent, type Palette } from '../render/content.js';
import { nestSvg, visualSvg } from '../render/visuals.js';
import { FALLBACK_FAMILIES, fontFile, fontRuns, textWidth, type FontWeight } from '../render/fonts.js';
import { ellipsize, isRightToLeft, wrapText } from '../render/text-layout.js';

export interface Size {
  width: number;
  height: number;
}

export const DEFAULT_SIZE: Size = { width: 1280, height: 720 };
/** The index of the title card, which opens the video before the deck's slides. */
export const TITLE_CARD = -1;
/** Largest edge we render; beyond it resvg's pixmap alone is hundreds of megabytes. */
export const MAX_EDGE = 3840;

const DESIGN_WIDTH = 1280;
const MARGIN = 64;
const FOOTER = 44;

type Anchor = 'start' | 'middle';

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface Face {
  family: FontFamily;
  weight: FontWeight;
}

interface TextSpec {
  face: Face;
  /** Largest and smallest font size tried, in design units. */
  max: number;
  min: number;
  color: string;
  anchor?: Anchor;
  /** Draw a bullet before each item (on the right for right-to-left items). */
  bullets?: string;
  opacity?: number;
  /** Draw only the first `shown` items (the video reveals them one by one); the layout is still that of all items. */
  shown?: number;
}

interface Fitted {
  size: number;
  /** Lines per item, already cut to the box. */
  items: string[][];
  height: number;
}

const LINE_HEIGHT = 1.22;
/** Space between items, in ems. */
const ITEM_GAP = 0.5;
const BULLET_INDENT = 1.15;

/** Checks a pixel size; `even` for video: H.264 in yuv420p halves both chroma dimensions. */
export function checkSize(size: Size, even = false): Size {
  const ok = (n: unknown) => Number.isInteger(n) && (n as number) >= 16 && (n as number) <= MAX_EDGE && (!even || (n as number) % 2 === 0);
  if (!size || !ok(size.width) || !ok(size.height)) {
    throw new RenderError(
      `Invalid ${even ? 'video' : 'image'} size ${size?.width}x${size?.height}: width and height must be ${even ? 'even ' : ''}whole numbers from 16 to ${MAX_EDGE}.`,
    );
  }
  return size;
}

const num = (n: number) => String(Math.round(n * 10) / 10);

function el(name: string, attrs: Record<string, string | number | undefined>, children = ''): string {
  const a = Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(typeof v === 'number' ? num(v) : v!)}"`)
    .join('');
  return children ? `<${name}${a}>${children}</${name}>` : `<${name}${a}/>`;
}

const rect = (b: Box, fill: string, extra: Record<string, string | number | undefined> = {}) =>
  el('rect', { x: b.x, y: b.y, width: b.w, height: b.h, fill, ...extra });

/** The family list of an SVG text: the template family, then the fallbacks fonts.ts loads for other scripts. */
function fontFamilyAttr(family: FontFamily): string {
  return [family, ...FALLBACK_FAMILIES.filter((f) => f !== family)].map((f) => `'${f}'`).join(', ') + ', sans-serif';
}

const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;
const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/**
 * The text without the grapheme clusters that no installed font draws (most colour emoji): resvg
 * would draw missing-glyph boxes whose width it does not agree on, overlapping the next word.
 */
function drawable(text: string, face: Face): string {
  let out = '';
  for (const run of fontRuns(text, face.family, face.weight)) {
    for (const { segment } of graphemes.segment(run.text)) {
      if ([...segment].every((ch) => IGNORABLE.test(ch) || run.face.font.hasGlyphForCodePoint(ch.codePointAt(0)!))) out += segment;
    }
  }
  return out.replace(/\s+/gu, ' ').trim();
}

const measureWith = (face: Face, size: number) => (text: string) => textWidth(text, face.family, face.weight, size);

/**
 * The largest size from `max` down to `min` at which all items, wrapped to the box width, fit its
 * height. When nothing fits at `min`, the text is cut at the last line that fits and ends with '…'.
 */
function fitText(items: string[], box: Box, spec: TextSpec): Fitted {
  const texts = items.map((t) => drawable(t, spec.face)).filter((t) => t !== '');
  if (texts.length === 0) return { size: spec.max, items: [], height: 0 };
  let size = spec.max;
  for (;;) {
    const width = box.w - (spec.bullets ? BULLET_INDENT * size : 0);
    const measure = measureWith(spec.face, size);
    const wrapped = texts.map((t) => wrapText(t, width, measure));
    const lines = wrapped.reduce((n, w) => n + w.length, 0);
    const height = lines * size * LINE_HEIGHT + (wrapped.length - 1) * ITEM_GAP * size;
    if (height <= box.h) return { size, items: wrapped, height };
    const next = Math.max(spec.min, Math.floor(size * 0.9));
    if (size > spec.min && next < size) {
      size = next;
      continue;
    }
    // Still too much at the smallest size: keep what fits and mark the cut.
    const kept: string[][] = [];
    let used = 0;
    let full = false;
    for (const item of wrapped) {
      const lineList: string[] = [];
      for (const line of item) {
        const extra = size * LINE_HEIGHT + (lineList.length === 0 && kept.length > 0 ? ITEM_GAP * size : 0);
        if (used + extra > box.h) {
          full = true;
          break;
        }
        used += extra;
        lineList.push(line);
      }
      if (lineList.length > 0) kept.push(lineList);
      if (full) break;
    }
    // A box too small for even one line still shows that something was cut.
    if (kept.length === 0) kept.push(['']);
    const last = kept[kept.length - 1]!;
    const cut = `${last[last.length - 1]}…`;
    last[last.length - 1] = measure(cut) <= width ? cut : ellipsize(cut, width, measure);
    return { size, items: kept, height: used };
  }
}

/** Draws fitted text from the top of the box (items left-aligned, right-aligned when right-to-left, or centred). */
function drawText(fitted: Fitted, box: Box, spec: TextSpec): string {
  const { size } = fitted;
  const out: string[] = [];
  const family = fontFamilyAttr(spec.face.family);
  let y = box.y;
  fitted.items.forEach((lines, i) => {
    if (i > 0) y += ITEM_GAP * size;
    if (spec.shown !== undefined && i >= spec.shown) {
      y += lines.length * size * LINE_HEIGHT;
      return;
    }
    const rtl = isRightToLeft(lines.join(' '));
    const indent = spec.bullets ? BULLET_INDENT * size : 0;
    let x: number;
    let anchor: 'start' | 'middle' | 'end';
    if (spec.anchor === 'middle') {
      x = box.x + box.w / 2;
      anchor = 'middle';
    } else if (rtl) {
      x = box.x + box.w - indent;
      anchor = 'end';
    } else {
      x = box.x + indent;
      anchor = 'start';
    }
    if (spec.bullets && spec.anchor !== 'middle') {
      const cx = rtl ? box.x + box.w - indent / 2 : box.x + indent / 2.4;
      out.push(el('circle', { cx, cy: y + size * 0.62, r: size * 0.17, fill: spec.bullets }));
    }
    for (const line of lines) {
      const baseline = y + size * 0.95;
      out.push(
        el(
          'text',
          {
            x,
            y: baseline,
            'font-family': family,
            'font-size': size,
            'font-weight': spec.face.weight === 'bold' ? 700 : 400,
            fill: spec.color,
            'fill-opacity': spec.opacity,
            'text-anchor': anchor,
          },
          escapeXml(line) || ' ',
        ),
      );
      y += size * LINE_HEIGHT;
    }
  });
  return out.join('');
}

function textBlock(items: string[], box: Box, spec: TextSpec): { svg: string; bottom: number; size: number } {
  const fitted = fitText(items, box, spec);
  return { svg: drawText(fitted, box, spec), bottom: box.y + fitted.height, size: fitted.size };
}

/**
 * The same size for several boxes (columns, cards, milestones), so they read as one set. A group
 * marked `bottom` is drawn against the bottom of its box.
 */
function textBlocks(groups: Array<{ items: string[]; box: Box; bottom?: boolean; shown?: number }>, spec: TextSpec): string {
  const size = Math.min(...groups.map((g) => fitText(g.items, g.box, spec).size), spec.max);
  return groups
    .map((g) => {
      const fitted = fitText(g.items, g.box, { ...spec, max: size });
      return drawText(fitted, g.bottom ? { ...g.box, y: g.box.y + g.box.h - fitted.height } : g.box, { ...spec, shown: g.shown });
    })
    .join('');
}

function logo(content: DocumentContent, box: Box, align: 'start' | 'end' = 'end'): string {
  const l = content.branding?.logo;
  if (!l) return '';
  const fit = fitInside(l, box.w, box.h);
  const x = align === 'end' ? box.x + box.w - fit.width : box.x;
  const mime = l.type === 'png' ? 'image/png' : 'image/jpeg';
  return el('image', { x, y: box.y + (box.h - fit.height) / 2, width: fit.width, height: fit.height, href: `data:${mime};base64,${l.bytes.toString('base64')}` });
}

interface Canvas {
  W: number;
  H: number;
  content: DocumentContent;
  c: Palette;
  heading: Face;
  body: Face;
}

/** The branding line from `from`, and the slide number (or date) ending at `to`. */
function footer(cv: Canvas, number: string, color: string, from = MARGIN, to = cv.W - MARGIN): string {
  const y = cv.H - FOOTER + 8;
  const h = FOOTER - 16;
  const line = brandingLine(cv.content.branding);
  // The branding line keeps clear of the number on the right.
  const w = to - 160 - from;
  return [
    // One line high: a longer line is cut with an ellipsis.
    line ? textBlock([line], { x: from, y, w, h }, { face: cv.body, max: 18, min: 18, color, opacity: 0.75 }).svg : '',
    el('text', { x: to, y: y + 18, 'font-family': fontFamilyAttr(cv.body.family), 'font-size': 18, fill: color, 'fill-opacity': 0.75, 'text-anchor': 'end' }, escapeXml(number)),
  ].join('');
}

function titleCard(cv: Canvas): string {
  const { W, H, content, c } = cv;
  const parts: string[] = [rect({ x: 0, y: 0, w: W, h: H }, c.primary)];
  parts.push(el('circle', { cx: W * 0.92, cy: H * 0.12, r: H * 0.42, fill: c.secondary, 'fill-opacity': 0.25 }));
  parts.push(el('circle', { cx: W * 0.8, cy: H * 1.05, r: H * 0.3, fill: c.accent, 'fill-opacity': 0.3 }));
  parts.push(rect({ x: MARGIN, y: H * 0.26, w: 12, h: H * 0.36 }, c.accent));
  const x = MARGIN + 40;
  const title = textBlock([content.title], { x, y: H * 0.26, w: W - x - MARGIN * 2, h: H * 0.36 }, { face: cv.heading, max: Math.round(72 * content.typography.headingScale), min: 30, color: c.onPrimary });
  parts.push(title.svg);
  if (content.description) {
    parts.push(textBlock([content.description], { x, y: title.bottom + 28, w: W - x - MARGIN * 2, h: H * 0.82 - title.bottom - 28 }, { face: cv.body, max: 28, min: 16, color: c.onPrimary, opacity: 0.85 }).svg);
  }
  const l = content.branding?.logo;
  if (l) {
    // Logos are usually drawn for light backgrounds: give them a light plate on the primary colour.
    const fit = fitInside(l, 208, 64);
    parts.push(rect({ x: MARGIN - 12, y: 46 + (64 - fit.height) / 2 - 10, w: fit.width + 24, h: fit.height + 20 }, '#ffffff', { rx: 10, 'fill-opacity': 0.92 }));
    parts.push(logo(content, { x: MARGIN, y: 46, w: 208, h: 64 }, 'start'));
  }
  parts.push(footer(cv, content.date, c.onPrimary));
  return parts.join('');
}

/** The title of a content slide and the accent rule under it; returns where the body may start. */
function slideTitle(cv: Canvas, title: string, box: Box, color: string, rule: string | null): { svg: string; bottom: number } {
  const { headingScale, rule: ruled } = cv.content.typography;
  const t = textBlock([title], box, { face: cv.heading, max: Math.round(52 * headingScale), min: 26, color });
  if (!rule || !ruled) return { svg: t.svg, bottom: t.bottom + 28 };
  return { svg: t.svg + rect({ x: box.x, y: t.bottom + 14, w: 96, h: 6 }, rule), bottom: t.bottom + 44 };
}

/** The slide's visual (visuals.ts) drawn into a box: a chart fills it, an icon illustration is a centred square. */
function visual(cv: Canvas, section: DocumentContent['sections'][number], box: Box): string {
  if (!section.visual) return '';
  const { content } = cv;
  return nestSvg(visualSvg(section.visual, content.imageStyle, visualColors(content, 'slide'), content.fonts.body, Math.round(box.w), Math.round(box.h)), box);
}

/** Width of the visual column beside a slide's text: charts need more room than icons. */
const visualWidth = (section: DocumentContent['sections'][number]) => (section.visual?.kind === 'chart' ? 520 : 300);

/** Layouts whose text spans the slide show an icon as a badge by the title; a chart takes the title-content arrangement. */
const BADGE_LAYOUTS: readonly Layout[] = ['two-column', 'timeline', 'grid', 'minimal'];
const BADGE = 104;

function contentSlide(cv: Canvas, index: number, revealed?: number): string {
  const { W, H, content, c } = cv;
  const section = content.sections[index]!;
  const items = [...section.points, ...section.paragraphs];
  const number = section.numberLabel;
  const hasLogo = Boolean(content.branding?.logo);
  const logoBox: Box = { x: W - MARGIN - 160, y: 30, w: 160, h: 56 };
  // A chart needs the room of a column: slides of numbers take the title-content arrangement
  // (split-image and full-bleed keep theirs, which have a picture place).
  const layout: Layout = section.visual?.kind === 'chart' && (BADGE_LAYOUTS.includes(content.layout) || content.layout === 'sidebar') ? 'title-content' : content.layout;
  const badge = section.visual?.kind === 'icon' && BADGE_LAYOUTS.includes(layout);
  const titleW = W - 2 * MARGIN - (hasLogo ? 184 : 0) - (badge ? BADGE + 24 : 0);
  const badgeBox: Box = { x: MARGIN + titleW + 24, y: 34, w: BADGE, h: BADGE };
  const bottom = H - FOOTER - 12;
  // How many of the items from `from` on are drawn (all unless the video reveals them one by one).
  const shown = (from = 0) => (revealed === undefined ? undefined : Math.max(0, revealed - from));
  const list = (max = 34): TextSpec => ({ face: cv.body, max, min: 16, color: c.text, bullets: c.accent, shown: shown() });
  const parts: string[] = [rect({ x: 0, y: 0, w: W, h: H }, c.background)];
  if (badge) parts.push(visual(cv, section, badgeBox));
  // The visual column beside the text, unless the slide is dense with text (then it has no visual).
  const side = section.visual ? visualWidth(section) : 0;

  switch (layout) {
    case 'title-content': {
      parts.push(rect({ x: 0, y: 0, w: W, h: 10 }, c.primary));
      const t = slideTitle(cv, section.title, { x: MARGIN, y: 44, w: titleW, h: 132 }, c.text, c.accent);
      const textW = W - 2 * MARGIN - (side ? side + 40 : 0);
      parts.push(t.svg, textBlock(items, { x: MARGIN, y: t.bottom, w: textW, h: bottom - t.bottom }, list()).svg);
      if (side) parts.push(visual(cv, section, { x: W - MARGIN - side, y: t.bottom, w: side, h: Math.min(bottom - t.bottom, side * 0.85) }));
      parts.push(logo(content, logoBox), footer(cv, number, c.text));
      break;
    }
    case 'two-column': {
      parts.push(rect({ x: 0, y: 0, w: W, h: 10 }, c.primary));
      const t = slideTitle(cv, section.title, { x: MARGIN, y: 44, w: titleW, h: 132 }, c.text, null);
      const gap = 48;
      const colW = (W - 2 * MARGIN - gap) / 2;
      const half = Math.ceil(items.length / 2);
      const y = t.bottom + 24;
      parts.push(t.svg, rect({ x: MARGIN, y: t.bottom, w: colW, h: 6 }, c.primary), rect({ x: MARGIN + colW + gap, y: t.bottom, w: colW, h: 6 }, c.accent));
      parts.push(
        textBlocks(
          [
            { items: items.slice(0, half), box: { x: MARGIN, y, w: colW, h: bottom - y }, shown: shown() },
            { items: items.slice(half), box: { x: MARGIN + colW + gap, y, w: colW, h: bottom - y }, shown: shown(half) },
          ],
          list(30),
        ),
      );
      parts.push(logo(content, logoBox), footer(cv, number, c.text));
      break;
    }
    case 'sidebar': {
      const panel = Math.round(W * 0.34);
      parts.push(rect({ x: 0, y: 0, w: panel, h: H }, c.primary));
      const iconSide = section.visual ? Math.min(panel - 96, 200) : 0;
      const t = textBlock([section.title], { x: 48, y: 72, w: panel - 96, h: H * 0.62 - (iconSide ? iconSide * 0.6 : 0) }, { face: cv.heading, max: Math.round(48 * content.typography.headingScale), min: 22, color: c.onPrimary });
      parts.push(t.svg, rect({ x: 48, y: t.bottom + 18, w: 72, h: 6 }, c.accent));
      if (iconSide) parts.push(visual(cv, section, { x: (panel - iconSide) / 2, y: Math.max(t.bottom + 48, H - FOOTER - 104 - iconSide), w: iconSide, h: iconSide }));
      parts.push(logo(content, { x: 48, y: H - FOOTER - 84, w: panel - 96, h: 64 }, 'start'));
      const x = panel + 56;
      parts.push(textBlock(items, { x, y: 80, w: W - x - MARGIN, h: bottom - 80 }, list(32)).svg);
      parts.push(footer(cv, number, c.text, x));
      break;
    }
    case 'split-image': {
      // The picture half holds the slide's visual; a slide dense with text gets the whole width.
      const split = section.visual ? Math.round(W * (section.visual.kind === 'chart' ? 0.5 : 0.6)) : W;
      if (section.visual) {
        parts.push(rect({ x: split, y: 0, w: W - split, h: H }, tint(c.secondary, 0.82)));
        const inset = section.visual.kind === 'chart' ? 28 : 72;
        parts.push(visual(cv, section, { x: split + inset, y: 110, w: W - split - 2 * inset, h: H - FOOTER - 150 }));
      }
      parts.push(rect({ x: 0, y: 0, w: split, h: 10 }, c.primary));
      const t = slideTitle(cv, section.title, { x: MARGIN, y: 44, w: split - MARGIN - 40, h: 150 }, c.text, c.accent);
      parts.push(t.svg, textBlock(items, { x: MARGIN, y: t.bottom, w: split - MARGIN - 40, h: bottom - t.bottom }, list(30)).svg);
      parts.push(section.visual ? logo(content, { x: split + 24, y: 30, w: W - split - 48, h: 56 }) : logo(content, logoBox));
      parts.push(footer(cv, number, c.text, MARGIN, section.visual ? split - 40 : W - MARGIN));
      break;
    }
    case 'timeline': {
      parts.push(rect({ x: 0, y: 0, w: W, h: 10 }, c.primary));
      const t = slideTitle(cv, section.title, { x: MARGIN, y: 44, w: titleW, h: 120 }, c.text, null);
      parts.push(t.svg);
      // Milestones are the points; a slide of paragraphs only has them as milestones instead.
      const steps = section.points.length > 0 ? section.points : section.paragraphs;
      let top = t.bottom;
      if (section.points.length > 0 && section.paragraphs.length > 0) {
        const intro = textBlock(section.paragraphs, { x: MARGIN, y: top, w: W - 2 * MARGIN, h: 70 }, { face: cv.body, max: 24, min: 16, color: c.text, opacity: 0.8, shown: shown(section.points.length) });
        parts.push(intro.svg);
        top = intro.bottom + 16;
      }
      const axis = top + (bottom - top) * 0.42;
      parts.push(el('line', { x1: MARGIN, y1: axis, x2: W - MARGIN, y2: axis, stroke: c.primary, 'stroke-width': 6, 'stroke-linecap': 'round' }));
      const n = steps.length;
      const span = (W - 2 * MARGIN) / Math.max(n, 1);
      // Beyond four steps the labels alternate above and below the line, so each gets two spans
      // of width; labels at the ends are narrowed to stay on the slide.
      const alternate = n > 4;
      const groups = steps.map((step, i) => {
        const cx = MARGIN + span * (i + 0.5);
        const above = alternate && i % 2 === 1;
        const half = Math.min(((alternate ? 2 : 1) * span - 20) / 2, cx - MARGIN / 2, W - MARGIN / 2 - cx);
        const box: Box = above ? { x: cx - half, y: top, w: half * 2, h: axis - 34 - top } : { x: cx - half, y: axis + 34, w: half * 2, h: bottom - axis - 34 };
        parts.push(el('circle', { cx, cy: axis, r: 18, fill: i === n - 1 ? c.accent : c.primary, stroke: c.background, 'stroke-width': 4 }));
        parts.push(el('text', { x: cx, y: axis + 6, 'font-family': fontFamilyAttr(cv.body.family), 'font-size': 16, 'font-weight': 700, fill: c.onPrimary, 'text-anchor': 'middle' }, String(i + 1)));
        // Labels above the line sit on it rather than hang from the title.
        return { items: [step], box, bottom: above, shown: shown(i) };
      });
      parts.push(textBlocks(groups, { face: cv.body, max: 24, min: 12, color: c.text, anchor: 'middle' }));
      parts.push(logo(content, logoBox), footer(cv, number, c.text));
      break;
    }
    case 'grid': {
      parts.push(rect({ x: 0, y: 0, w: W, h: 10 }, c.primary));
      const t = slideTitle(cv, section.title, { x: MARGIN, y: 44, w: titleW, h: 120 }, c.text, c.accent);
      parts.push(t.svg);
      const n = items.length;
      const cols = n <= 1 ? 1 : n <= 4 ? 2 : 3;
      const rows = Math.max(1, Math.ceil(n / cols));
      const gap = 24;
      const cardW = (W - 2 * MARGIN - gap * (cols - 1)) / cols;
      const cardH = (bottom - t.bottom - gap * (rows - 1)) / rows;
      const groups = items.map((item, i) => {
        const x = MARGIN + (i % cols) * (cardW + gap);
        const y = t.bottom + Math.floor(i / cols) * (cardH + gap);
        parts.push(rect({ x, y, w: cardW, h: cardH }, c.secondary, { rx: 14, 'fill-opacity': 0.18, stroke: c.primary, 'stroke-opacity': 0.55, 'stroke-width': 2 }));
        parts.push(rect({ x: x + 20, y: y + 18, w: 44, h: 6 }, i % 3 === 2 ? c.accent : c.primary, { rx: 3 }));
        return { items: [item], box: { x: x + 20, y: y + 36, w: cardW - 40, h: cardH - 52 }, shown: shown(i) };
      });
      parts.push(textBlocks(groups, { face: cv.body, max: 28, min: 13, color: c.text }));
      parts.push(logo(content, logoBox), footer(cv, number, c.text));
      break;
    }
    case 'minimal': {
      const box: Box = { x: MARGIN * 2, y: H * 0.2, w: W - MARGIN * 4, h: H * 0.3 };
      const t = textBlock([section.title], box, { face: cv.heading, max: Math.round(64 * content.typography.headingScale), min: 28, color: c.text, anchor: 'middle' });
      // Centre the title in its band when it is short.
      const shift = (box.h - (t.bottom - box.y)) / 2;
      parts.push(`<g transform="translate(0 ${num(shift)})">${t.svg}</g>`);
      const ruleY = t.bottom + shift + 24;
      parts.push(rect({ x: W / 2 - 60, y: ruleY, w: 120, h: 4 }, c.accent));
      parts.push(textBlock(items, { x: MARGIN * 2, y: ruleY + 36, w: W - MARGIN * 4, h: bottom - ruleY - 36 }, { face: cv.body, max: 28, min: 14, color: c.text, opacity: 0.85, anchor: 'middle', shown: shown() }).svg);
      parts.push(logo(content, logoBox), footer(cv, number, c.text));
      break;
    }
    case 'full-bleed': {
      // A colour field across the slide; the visual stands on it beside the text panel, and a
      // slide dense with text gets a panel across the slide instead.
      parts.push(rect({ x: 0, y: 0, w: W, h: H }, tint(c.secondary, 0.7)), rect({ x: 0, y: H * 0.62, w: W, h: H * 0.38 }, c.primary, { 'fill-opacity': 0.85 }));
      const panelTop = section.visual ? H * 0.3 : 40;
      const panel: Box = { x: MARGIN - 20, y: panelTop, w: section.visual ? W * 0.6 : W - 2 * MARGIN + 40, h: H - FOOTER - 12 - panelTop };
      if (section.visual) {
        const vx = panel.x + panel.w + 32;
        parts.push(visual(cv, section, { x: vx, y: 100, w: W - MARGIN + 20 - vx, h: H - FOOTER - 140 }));
      }
      parts.push(rect(panel, c.background, { rx: 16, 'fill-opacity': 0.94 }));
      const inner: Box = { x: panel.x + 32, y: panel.y + 28, w: panel.w - 64, h: panel.h - 48 };
      const t = textBlock([section.title], { ...inner, h: inner.h * 0.4 }, { face: cv.heading, max: Math.round(44 * content.typography.headingScale), min: 22, color: c.text });
      parts.push(t.svg, rect({ x: inner.x, y: t.bottom + 12, w: 80, h: 5 }, c.accent));
      parts.push(textBlock(items, { x: inner.x, y: t.bottom + 36, w: inner.w, h: inner.y + inner.h - t.bottom - 36 }, list(26)).svg);
      parts.push(rect({ x: 0, y: H - FOOTER, w: W, h: FOOTER }, c.background, { 'fill-opacity': 0.85 }));
      parts.push(logo(content, logoBox), footer(cv, number, c.text));
      break;
    }
  }
  return parts.join('');
}

/**
 * The SVG of one slide (index 0..n-1) or of the title card (TITLE_CARD). `revealed`: draw only the
 * first that many items (points, then paragraphs) where the layout stays that of all of them, as
 * the video reveals them while the narration reaches them; all by default.
 */
export function renderSlideSvg(input: RenderInput, index: number, size: Size, revealed?: number): string {
  checkSize(size);
  const content = prepareContent(input);
  if (!Number.isInteger(index) || index < TITLE_CARD || index >= content.sections.length) {
    throw new RenderError(`No slide ${index}: the deck has ${content.sections.length} slides.`);
  }
  const W = DESIGN_WIDTH;
  const H = Math.round((DESIGN_WIDTH * size.height) / size.width);
  const cv: Canvas = {
    W,
    H,
    content,
    c: content.palette,
    heading: { family: content.fonts.heading, weight: content.typography.headingWeight },
    body: { family: content.fonts.body, weight: 'regular' },
  };
  const body = index === TITLE_CARD ? titleCard(cv) : contentSlide(cv, index, revealed);
  const label = escapeXml(index === TITLE_CARD ? content.title : content.sections[index]!.title);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${label}">` +
    `<title>${label}</title>${body}</svg>`
  );
}

// Font files per prepared deck: resvg parses every file it is given on every render, and the
// fallbacks (4 MB of CJK among them) are only needed by decks that use their scripts.
const deckFonts = new WeakMap<DocumentContent, string[]>();

/** The template's faces and the fallback files that some text of the deck is drawn with. */
function fontFilesFor(content: DocumentContent): string[] {
  let files = deckFonts.get(content);
  if (files) return files;
  const faces: Face[] = [
    { family: content.fonts.heading, weight: content.typography.headingWeight },
    { family: content.fonts.body, weight: 'regular' },
    { family: content.fonts.body, weight: 'bold' },
  ];
  const paths = new Set(faces.map((f) => fontFile(f.family, f.weight)));
  const texts = [content.title, content.description, content.date, brandingLine(content.branding)];
  for (const s of content.sections) texts.push(s.title, ...s.points, ...s.paragraphs);
  for (const text of texts) {
    for (const face of faces) for (const run of fontRuns(text, face.family, face.weight)) paths.add(run.face.path);
  }
  files = [...paths];
  deckFonts.set(content, files);
  return files;
}

export function resvgOptions(input: RenderInput, size: Size): ResvgRenderOptions {
  const content = prepareContent(input);
  return {
    fitTo: { mode: 'width', value: size.width },
    // Only known files: system font discovery is slow and would make the output machine-dependent.
    font: { loadSystemFonts: false, fontFiles: fontFilesFor(content), defaultFontFamily: content.fonts.body },
    logLevel: 'off',
  };
}

export function renderSlidePng(input: RenderInput, index: number, size: Size): Buffer {
  return new Resvg(renderSlideSvg(input, index, size), resvgOptions(input, size)).render().asPng();
}

export function renderTitlePng(input: RenderInput, size: Size): Buffer {
  return renderSlidePng(input, TITLE_CARD, size);
}

/** The slides of the video in order: the title card, then every slide of the deck. */
export function videoSlideIndexes(input: RenderInput): number[] {
  return [TITLE_CARD, ...prepareContent(input).sections.map((_, i) => i)];
}

/** The most memory that frames rendered ahead of the encoder may hold (a 720p frame is 3.7 MB). */
export const FRAMES_AHEAD_BYTES = 64 * 1024 * 1024;

/**
 * Frames drawn before the consumer first asks for one (one waiting, the next rasterised): the
 * encoder needs only the first two to start, and until it starts the narration, which it waits
 * for, is the work to finish first. The rest are drawn while the encode runs, beside x264.
 */
export const FRAMES_BEFORE_START = 1;

/** The slides of the video as raw pixels, in video order, for an encoder to read as they come. */
export interface SlideFrames extends AsyncIterable<Buffer> {
  /** How many frames there are (one per video slide, or per picture of the timeline). */
  readonly count: number;
  /** Rejects as soon as a slide cannot be rasterised (so that a caller busy elsewhere learns early). */
  readonly failed: Promise<never>;
  /** Stops rendering; frames not taken yet are dropped. Called when the video fails elsewhere. */
  close(): void;
}

/**
 * Renders every video slide to raw RGBA pixels (width x height x 4 bytes), one frame per slide,
 * for an encoder that starts before the last slide is drawn (see rasterisedFrames).
 */
export function renderSlideFrames(
  input: RenderInput,
  size: Size,
  progress?: ProgressReporter,
  budget: FrameBudget = {},
): SlideFrames {
  checkSize(size);
  const drawings = videoSlideIndexes(input).map((index) => () => renderSlideSvg(input, index, size));
  return rasterisedFrames(drawings, resvgOptions(input, size), size, progress, budget);
}

/** How far drawing may run ahead of the encoder (rasterisedFrames). */
export interface FrameBudget {
  aheadBytes?: number;
  beforeStart?: number;
}

/**
 * Rasterises SVG drawings to raw RGBA pixels, in order (every drawing paints an opaque background
 * first, so resvg's premultiplied pixels are the plain colours). Nothing is compressed: the pixels
 * go to ffmpeg as they are, which saves the PNG encoding here (about 15 ms of this thread per 720p
 * frame) and the PNG decoding in ffmpeg. Rasterising runs on libuv's thread pool, one drawing
 * ahead of this thread. Until the consumer first asks, `beforeStart` frames wait drawn (at least
 * one); from then on, drawing runs ahead of the consumer while the frames not taken yet fit in
 * `aheadBytes` (at least one). A drawing `kept` already has is not rasterised again, and a new
 * one is kept. Iterate once.
 */
export function rasterisedFrames(
  drawings: ReadonlyArray<() => string>,
  options: ResvgRenderOptions,
  size: Size,
  progress?: ProgressReporter,
  { aheadBytes = FRAMES_AHEAD_BYTES, beforeStart = FRAMES_BEFORE_START }: FrameBudget = {},
  kept?: KeptFrames,
): SlideFrames {
  const budget = Math.max(1, Math.floor(aheadBytes / (size.width * size.height * 4)));
  let started = false;
  const ready: Buffer[] = [];
  let closed = false;
  let error: unknown = null;
  let wakeProducer: (() => void) | null = null;
  let wakeConsumer: (() => void) | null = null;
  const wake = () => {
    const [p, c] = [wakeProducer, wakeConsumer];
    wakeProducer = wakeConsumer = null;
    p?.();
    c?.();
  };
  let fail!: (err: unknown) => void;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  failed.catch(() => undefined);

  const rasterise = (n: number): Promise<{ pixels: Buffer; width: number; height: number }> => {
    const svg = drawings[n]!();
    const key = kept?.key(svg, options);
    const pixels = key === undefined ? undefined : kept!.get(key);
    if (pixels) return Promise.resolve({ pixels, width: size.width, height: size.height });
    // resvg's pixels getter copies them out of its image: read once.
    const image = renderAsync(svg, options).then((drawn) => {
      const drawnPixels = drawn.pixels;
      if (key !== undefined) kept!.set(key, drawnPixels);
      return { pixels: drawnPixels, width: drawn.width, height: drawn.height };
    });
    // Awaited later; until then a failure must not count as unhandled (it would end the process).
    image.catch(() => undefined);
    return image;
  };
  void (async () => {
    try {
      let next = rasterise(0);
      for (let n = 0; n < drawings.length; n++) {
        const image = await next;
        while (!closed && ready.length >= (started ? budget : Math.min(budget, Math.max(1, beforeStart)))) await new Promise<void>((woken) => (wakeProducer = woken));
        if (closed) return;
        if (n + 1 < drawings.length) next = rasterise(n + 1);
        const pixels = image.pixels;
        if (image.width !== size.width || image.height !== size.height || pixels.length !== size.width * size.height * 4) {
          throw new RenderError(`Frame ${n + 1} was drawn at ${image.width}x${image.height}, not ${size.width}x${size.height}.`);
        }
        ready.push(pixels);
        wake();
        await progress?.(((n + 1) / drawings.length) * 100);
        // Released between frames so that speech synthesis started alongside keeps going.
        await nextTick();
      }
    } catch (err) {
      error = err;
      fail(err);
      wake();
    }
  })();

  return {
    count: drawings.length,
    failed,
    close() {
      closed = true;
      ready.length = 0;
      wake();
    },
    async *[Symbol.asyncIterator]() {
      started = true;
      wake();
      for (let n = 0; n < drawings.length; n++) {
        while (ready.length === 0) {
          if (error !== null) throw error;
          if (closed) return;
          await new Promise<void>((woken) => (wakeConsumer = woken));
        }
        const frame = ready.shift()!;
        wake();
        yield frame;
      }
    },
  };
}

/**
 * Writes the PNG of every video slide into `dir` (title.png, slide-001.png, ...) and returns the
 * paths in video order. Rasterising runs on libuv's thread pool one slide ahead of the PNG
 * encoding on this thread (one ahead only: a 1080p pixmap is 8 MB), and the loop is released
 * between slides so that speech synthesis started alongside keeps going.
 */
export async function renderSlideImages(input: RenderInput, dir: string, size: Size, progress?: ProgressReporter): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const indexes = videoSlideIndexes(input);
  const options = resvgOptions(input, size);
  const rasterise = (n: number) => {
    const image = renderAsync(renderSlideSvg(input, indexes[n]!, size), options);
    // Awaited on the next turn; until then a failure must not count as unhandled (it would end the process).
    image.catch(() => undefined);
    return image;
  };
  const paths: string[] = [];
  let next = rasterise(0);
  for (const [n, index] of indexes.entries()) {
    const image = await next;
    if (n + 1 < indexes.length) next = rasterise(n + 1);
    const path = join(dir, index === TITLE_CARD ? 'title.png' : `slide-${String(index + 1).padStart(3, '0')}.png`);
    await writeFile(path, image.asPng());
    paths.push(path);
    await progress?.(((n + 1) / indexes.length) * 100);
    await nextTick();
  }
  return paths;
}
