// The PowerPoint deck, built with pptxgenjs: a title slide, then one slide per section of the deck
// (content.ts: a first slide that only repeats the title is the title slide, not drawn twice)
// with its title, points, paragraphs and speaker notes, arranged by the template's layout, in its
// colours and fonts, with the branding footer, the logo and the slide number from a slide master.
//
// Office applications only shrink text to fit a box once someone edits it, so every text box is
// sized here: the font size is the largest at which the text, wrapped with the real font metrics
// (fonts.ts), fits; text that does not fit even at the smallest size is cut with an ellipsis and
// the full text is added to the speaker notes. `fit: 'shrink'` stays on as a safety net for
// applications whose line breaks differ slightly from ours.
import pptxgenjs from 'pptxgenjs';
import { escapeXml, type FontFamily } from '@trainwright/templates';
import type { RenderInput } from '../domain/types.js';
import {
  brandingLine,
  fitInside,
  guardRender,
  prepareContent,
  PROPERTY_MAX,
  shorten,
  tint,
  visualColors,
  type DocumentContent,
  type Section,
} from './content.js';
import { visualPng, type ChartSpec } from './visuals.js';
import { lineSpacing, textWidth } from './fonts.js';
import { fitText, isRightToLeft, unwrap, type FitItem } from './text-layout.js';
import { PackagePictures } from './package-pictures.js';

// Slides are laid out on a 10 x 5.625 grid and written at PowerPoint's own 16:9 size, 13.333 x 7.5
// inches (LAYOUT_WIDE): pptxgenjs sizes the notes page from the slide, and only at this size does
// its notes text fit the page. `place` and `points` scale grid units to the slide.
const SCALE = 4 / 3;
const SLIDE_WIDTH = 10;
const SLIDE_HEIGHT = 5.625;
const MARGIN = 0.5;
const CONTENT_WIDTH = SLIDE_WIDTH - 2 * MARGIN;
const FOOTER_Y = 5.2;
const FOOTER_HEIGHT = 0.3;
/** Where slide content ends, above the footer band. */
const CONTENT_BOTTOM = 5.05;
/** Inner margin of every text box, in points. */
const BOX_MARGIN = 5;
/** Room a bullet takes at the start of a point, in points. */
const BULLET_INDENT = 18;
/** Space after each point or paragraph, as a multiple of the font size. */
const BLOCK_GAP = 0.45;

const MASTER_LIGHT = 'TRAINWRIGHT_LIGHT';
const MASTER_DARK = 'TRAINWRIGHT_DARK';
const MASTER_TITLE = 'TRAINWRIGHT_TITLE';

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A point (with a bullet) or a paragraph. */
interface Block {
  text: string;
  bullet: boolean;
}

interface TextLook {
  family: FontFamily;
  bold: boolean;
  color: string;
  maxSize: number;
  minSize: number;
  align?: 'left' | 'center' | 'right';
  valign?: 'top' | 'middle' | 'bottom';
  /** Bullets are drawn unless the look turns them off (centred text). */
  bullets?: boolean;
}

// pptxgenjs ships one declaration file for its CommonJS and ES builds, which TypeScript reads as
// CommonJS (the class under `default`), while Node loads the ES build (the class itself).
type PptxGenJS = pptxgenjs.default;
const PptxGenJS = ((pptxgenjs as unknown as { default?: typeof pptxgenjs.default }).default ?? pptxgenjs) as typeof pptxgenjs.default;
type Slide = pptxgenjs.default.Slide;
/** A slide being filled. */
interface SlideCanvas {
  pptx: PptxGenJS;
  pictures: PackagePictures;
  slide: Slide;
  c: DocumentContent;
  /** Texts cut to fit, to add in full to the notes. */
  cut: string[];
}

/** What a layout arrangement works with: a slide and the deck slide it shows. */
interface SlideContext extends SlideCanvas {
  section: Section;
}

const hex = (color: string) => color.replace('#', '').toUpperCase();
const place = (box: Box): Box => ({ x: box.x * SCALE, y: box.y * SCALE, w: box.w * SCALE, h: box.h * SCALE });
/** A font size chosen for the 10-inch grid, at the slide's real size. */
const points = (size: number): number => Math.round(size * SCALE * 2) / 2;

function blocksOf(section: Section): Block[] {
  return [...section.points.map((text) => ({ text, bullet: true })), ...section.paragraphs.map((text) => ({ text, bullet: false }))];
}

/** Adds a text box holding the blocks at the largest size that fits (see the top of the file). */
function addFittedText(ctx: SlideCanvas, blocks: Block[], box: Box, look: TextLook): void {
  if (blocks.length === 0) return;
  const bullets = look.bullets !== false;
  const items: FitItem[] = blocks.map((b) => ({ text: b.text, indent: b.bullet && bullets ? BULLET_INDENT : 0 }));
  const weight = look.bold ? 'bold' : 'regular';
  const fit = fitText(
    items,
    {
      width: box.w * SCALE * 72 - 2 * BOX_MARGIN,
      height: box.h * SCALE * 72 - 2 * BOX_MARGIN,
      maxSize: points(look.maxSize),
      minSize: points(look.minSize),
      lineHeight: lineSpacing(look.family),
      blockGap: BLOCK_GAP,
    },
    (size) => (text) => textWidth(text, look.family, weight, size),
  );
  if (fit.truncated) ctx.cut.push(blocks.map((b) => b.text).join('\n'));

  const { c } = ctx;
  const runs: pptxgenjs.default.TextProps[] = fit.blocks.flatMap((lines, i) => {
    const block = blocks[i]!;
    // A block keeps its own line breaks (soft breaks inside one paragraph); a cut block is the lines that fit.
    const text = fit.truncated && i === fit.blocks.length - 1 ? unwrap(lines) : block.text;
    const rtl = isRightToLeft(text);
    const align = look.align ?? (rtl ? 'right' : 'left');
    return text.split('\n').map(
      (line, j, all): pptxgenjs.default.TextProps => ({
        text: line,
        options: {
          ...(j === 0
            ? {
                bullet: block.bullet && bullets ? { indent: BULLET_INDENT } : false,
                paraSpaceAfter: Math.round(fit.size * BLOCK_GAP),
                align,
                rtlMode: rtl,
              }
            : {}),
          softBreakBefore: j > 0,
          breakLine: j === all.length - 1,
        },
      }),
    );
  });
  ctx.slide.addText(runs, {
    ...place(box),
    fontFace: look.family,
    fontSize: fit.size,
    bold: look.bold,
    color: hex(look.color),
    valign: look.valign ?? 'top',
    margin: BOX_MARGIN,
    fit: 'shrink',
    lang: c.language,
  });
}

function addTitle(ctx: SlideCanvas, title: string, box: Box, look: Partial<TextLook> = {}): void {
  const { c } = ctx;
  const { headingWeight, headingScale } = c.typography;
  addFittedText(ctx, [{ text: title, bullet: false }], box, {
    family: c.fonts.heading,
    bold: headingWeight === 'bold',
    color: c.palette.slide.heading,
    minSize: 14,
    valign: 'bottom',
    ...look,
    maxSize: Math.round((look.maxSize ?? 30) * headingScale),
  });
}

function addBody(ctx: SlideCanvas, blocks: Block[], box: Box, look: Partial<TextLook> = {}): void {
  const { c } = ctx;
  addFittedText(ctx, blocks, box, { family: c.fonts.body, bold: false, color: c.palette.slide.text, maxSize: 20, minSize: 10, ...look });
}

function addBar(ctx: SlideCanvas, box: Box, color: string): void {
  ctx.slide.addShape(ctx.pptx.ShapeType.rect, { ...place(box), fill: { color: hex(color) }, line: { type: 'none' } });
}

const TITLE_BOX: Box = { x: MARGIN, y: 0.3, w: CONTENT_WIDTH, h: 0.95 };

// ---------------------------------------------------------------------------------------------
// Visuals (visuals.ts): an icon illustration as a picture, a chart as a native PowerPoint chart.

/** Width of the visual column beside the text. */
const sideWidth = (section: Section) => (section.visual?.kind === 'chart' ? 4.0 : 2.6);

/** Excel number format that writes a value with the chart's unit. */
function numberFormat(chart: ChartSpec): string {
  if (chart.unit === '%') return '0.##"%"';
  if (/^[$€£¥]$/.test(chart.unit)) return `"${chart.unit}"#,##0.##`;
  return chart.unit ? `#,##0.##" ${chart.unit.replace(/"/g, '')}"` : '#,##0.##';
}

function addVisual(ctx: SlideContext, box: Box): void {
  const { slide, pptx, pictures, c, section } = ctx;
  const visual = section.visual;
  if (!visual) return;
  if (visual.kind === 'icon') {
    const side = Math.min(box.w, box.h);
    const png = visualPng(visual, c.imageStyle, visualColors(c, 'slide'), c.fonts.body, 240, 240);
    slide.addImage({
      data: pictures.data(png),
      ...place({ x: box.x + (box.w - side) / 2, y: box.y + (box.h - side) / 2, w: side, h: side }),
      altText: section.title,
    });
    return;
  }
  const { chart } = visual;
  const { palette } = c;
  const text = hex(palette.slide.text);
  const common = {
    ...place(box),
    chartColors: chart.kind === 'doughnut' ? [palette.primary, palette.accent, palette.secondary, tint(palette.primary, 0.45), tint(palette.accent, 0.45)].map(hex) : [hex(palette.primary)],
    dataLabelFormatCode: numberFormat(chart),
    dataLabelColor: text,
    dataLabelFontFace: c.fonts.body,
    dataLabelFontSize: points(11),
    showValue: true,
    altText: section.title,
  };
  const data = [{ name: section.title, labels: chart.labels, values: chart.values }];
  if (chart.kind === 'doughnut') {
    slide.addChart(pptx.ChartType.doughnut, data, {
      ...common,
      holeSize: 50,
      showLegend: true,
      legendPos: 'b',
      legendColor: text,
      legendFontFace: c.fonts.body,
      legendFontSize: points(10),
      dataLabelColor: hex(palette.onPrimary),
    });
  } else {
    slide.addChart(pptx.ChartType.bar, data, {
      ...common,
      barDir: 'bar',
      // Top to bottom in the order of the points (the type declares only 'minMax'; PowerPoint reads both).
      catAxisOrientation: 'maxMin' as 'minMax',
      catAxisLabelColor: text,
      catAxisLabelFontFace: c.fonts.body,
      catAxisLabelFontSize: points(11),
      valAxisHidden: true,
      valGridLine: { style: 'none' },
      dataLabelPosition: 'outEnd',
      showLegend: false,
    });
  }
}

/** Layouts whose text spans the slide: an icon becomes a badge by the title, a chart takes the title-content arrangement. */
const BADGE_LAYOUTS: ReadonlyArray<DocumentContent['layout']> = ['two-column', 'timeline', 'grid', 'minimal'];
const BADGE = 0.8;

/** The title box, narrowed for a badge when the slide has one; the badge drawn. */
function titleWithBadge(ctx: SlideContext, box: Box = TITLE_BOX): Box {
  if (ctx.section.visual?.kind !== 'icon') return box;
  addVisual(ctx, { x: box.x + box.w - BADGE, y: box.y + (box.h - BADGE) / 2, w: BADGE, h: BADGE });
  return { ...box, w: box.w - BADGE - 0.2 };
}
const UNDER_TITLE: Box = { x: MARGIN, y: 1.3, w: 1.1, h: 0.06 };
const BODY_BOX: Box = { x: MARGIN, y: 1.5, w: CONTENT_WIDTH, h: CONTENT_BOTTOM - 1.5 };

// ---------------------------------------------------------------------------------------------
// Layouts: one arrangement per template layout (template.ts describes each).

function titleContent(ctx: SlideContext): void {
  addTitle(ctx, ctx.section.title, TITLE_BOX);
  if (ctx.c.typography.rule) addBar(ctx, UNDER_TITLE, ctx.c.palette.accent);
  // A visual takes a column on the right; a slide dense with text has none and keeps the width.
  const side = ctx.section.visual ? sideWidth(ctx.section) : 0;
  addBody(ctx, blocksOf(ctx.section), side ? { ...BODY_BOX, w: BODY_BOX.w - side - 0.3 } : BODY_BOX);
  if (side) addVisual(ctx, { x: SLIDE_WIDTH - MARGIN - side, y: BODY_BOX.y, w: side, h: Math.min(BODY_BOX.h, side * 0.9) });
}

/** The blocks cut in two with about as much text on each side. */
function splitInTwo(blocks: Block[]): [Block[], Block[]] {
  const total = blocks.reduce((n, b) => n + b.text.length, 0);
  let sum = 0;
  let cut = blocks.length;
  for (const [i, b] of blocks.entries()) {
    if (i > 0 && sum + b.text.length / 2 > total / 2) {
      cut = i;
      break;
    }
    sum += b.text.length;
  }
  return [blocks.slice(0, cut), blocks.slice(cut)];
}

function twoColumn(ctx: SlideContext): void {
  const { palette } = ctx.c;
  const columnWidth = (CONTENT_WIDTH - 0.3) / 2;
  addTitle(ctx, ctx.section.title, titleWithBadge(ctx));
  const [left, right] = splitInTwo(blocksOf(ctx.section));
  [left, right].forEach((blocks, i) => {
    const x = MARGIN + i * (columnWidth + 0.3);
    addBar(ctx, { x, y: 1.35, w: columnWidth, h: 0.05 }, i === 0 ? palette.primary : palette.accent);
    addBody(ctx, blocks, { x, y: 1.5, w: columnWidth, h: CONTENT_BOTTOM - 1.5 }, { maxSize: 18 });
  });
}

function sidebar(ctx: SlideContext): void {
  const { palette } = ctx.c;
  const panelWidth = 3.1;
  addBar(ctx, { x: 0, y: 0, w: panelWidth, h: SLIDE_HEIGHT }, palette.primary);
  addBar(ctx, { x: 0.35, y: 0.45, w: 0.9, h: 0.06 }, palette.accent);
  // An icon stands in the panel under the title.
  const icon = ctx.section.visual ? 1.6 : 0;
  addTitle(
    ctx,
    ctx.section.title,
    { x: 0.3, y: 0.6, w: panelWidth - 0.55, h: 4.3 - (icon ? icon + 0.2 : 0) },
    { color: palette.onPrimary, valign: 'top', maxSize: 28 },
  );
  if (icon) addVisual(ctx, { x: (panelWidth - icon) / 2, y: CONTENT_BOTTOM - icon - 0.15, w: icon, h: icon });
  addBody(ctx, blocksOf(ctx.section), { x: panelWidth + 0.4, y: 0.55, w: SLIDE_WIDTH - panelWidth - 0.9, h: CONTENT_BOTTOM - 0.55 });
}

/** The picture half of split-image holds the slide's visual; a slide without one (dense with text) is a full-width list. */
function splitImage(ctx: SlideContext): void {
  const { c, section } = ctx;
  const { palette } = c;
  if (!section.visual) return titleContent(ctx);
  const split = section.visual.kind === 'chart' ? 5.0 : 5.8;
  addBar(ctx, { x: split, y: 0, w: SLIDE_WIDTH - split, h: CONTENT_BOTTOM - 0.1 }, tint(palette.secondary, 0.82));
  const inset = section.visual.kind === 'chart' ? 0.2 : 0.55;
  addVisual(ctx, { x: split + inset, y: 0.6, w: SLIDE_WIDTH - split - 2 * inset, h: CONTENT_BOTTOM - 1.3 });
  const textWidth = split - MARGIN - 0.35;
  addTitle(ctx, section.title, { x: MARGIN, y: 0.35, w: textWidth, h: 1.3 }, { maxSize: 28 });
  if (c.typography.rule) addBar(ctx, { x: MARGIN, y: 1.72, w: 0.9, h: 0.06 }, palette.accent);
  addBody(ctx, blocksOf(section), { x: MARGIN, y: 1.9, w: textWidth, h: CONTENT_BOTTOM - 1.9 }, { maxSize: 18 });
}

/** The region steps or cards take, leaving a band at the bottom for the slide's paragraphs. */
function regionAbove(ctx: SlideContext, top: number): { region: Box; paragraphs: Box | null } {
  const hasParagraphs = ctx.section.paragraphs.length > 0;
  const bottom = hasParagraphs ? CONTENT_BOTTOM - 0.85 : CONTENT_BOTTOM;
  return {
    region: { x: MARGIN, y: top, w: CONTENT_WIDTH, h: bottom - top },
    paragraphs: hasParagraphs ? { x: MARGIN, y: bottom + 0.05, w: CONTENT_WIDTH, h: CONTENT_BOTTOM - bottom - 0.05 } : null,
  };
}

const paragraphBlocks = (section: Section): Block[] => section.paragraphs.map((text) => ({ text, bullet: false }));

/** Steps along a line, up to five per row and two rows; other slides read better as a list. */
function timeline(ctx: SlideContext): void {
  const { points } = ctx.section;
  if (points.length < 2 || points.length > 10) return titleContent(ctx);
  const { palette } = ctx.c;
  addTitle(ctx, ctx.section.title, titleWithBadge(ctx));
  const { region, paragraphs } = regionAbove(ctx, 1.5);
  const perRow = Math.min(points.length, 5);
  const rows = Math.ceil(points.length / perRow);
  const rowHeight = region.h / rows;
  const stepWidth = region.w / perRow;
  for (let row = 0; row < rows; row++) {
    const lineY = region.y + row * rowHeight + 0.25;
    addBar(ctx, { x: region.x, y: lineY - 0.02, w: region.w, h: 0.04 }, palette.primary);
    points.slice(row * perRow, (row + 1) * perRow).forEach((point, i) => {
      const index = row * perRow + i;
      const cx = region.x + stepWidth * (i + 0.5);
      const last = index === points.length - 1;
      ctx.slide.addShape(ctx.pptx.ShapeType.ellipse, {
        ...place({ x: cx - 0.16, y: lineY - 0.16, w: 0.32, h: 0.32 }),
        fill: { color: hex(last ? palette.accent : palette.primary) },
        line: { color: hex(palette.background), width: 1.5 },
      });
      addBody(
        ctx,
        [{ text: point, bullet: false }],
        { x: cx - stepWidth / 2 + 0.05, y: lineY + 0.25, w: stepWidth - 0.1, h: rowHeight - 0.5 },
        { maxSize: 16, minSize: 9, align: 'center', bullets: false },
      );
    });
  }
  if (paragraphs) addBody(ctx, paragraphBlocks(ctx.section), paragraphs, { maxSize: 14 });
}

/** Points as cards, two or three per row; more than nine read better as a list. */
function grid(ctx: SlideContext): void {
  const { points } = ctx.section;
  if (points.length < 2 || points.length > 9) return titleContent(ctx);
  const { palette } = ctx.c;
  addTitle(ctx, ctx.section.title, titleWithBadge(ctx));
  const { region, paragraphs } = regionAbove(ctx, 1.5);
  const columns = points.length <= 4 ? 2 : 3;
  const rows = Math.ceil(points.length / columns);
  const gap = 0.2;
  const cardWidth = (region.w - gap * (columns - 1)) / columns;
  const cardHeight = (region.h - gap * (rows - 1)) / rows;
  points.forEach((point, i) => {
    const x = region.x + (i % columns) * (cardWidth + gap);
    const y = region.y + Math.floor(i / columns) * (cardHeight + gap);
    ctx.slide.addShape(ctx.pptx.ShapeType.roundRect, {
      ...place({ x, y, w: cardWidth, h: cardHeight }),
      rectRadius: 0.08,
      fill: { color: hex(tint(palette.secondary, 0.82)) },
      line: { color: hex(palette.primary), width: 1 },
    });
    addBar(ctx, { x: x + 0.15, y: y + 0.15, w: 0.45, h: 0.05 }, i % 3 === 2 ? palette.accent : palette.primary);
    // Cards are tinted towards white, so their text uses the page ink, not the slide's.
    addBody(
      ctx,
      [{ text: point, bullet: false }],
      { x: x + 0.08, y: y + 0.25, w: cardWidth - 0.16, h: cardHeight - 0.3 },
      { maxSize: 18, minSize: 9, color: ctx.c.palette.page.text, valign: 'middle', bullets: false },
    );
  });
  if (paragraphs) addBody(ctx, paragraphBlocks(ctx.section), paragraphs, { maxSize: 14 });
}

function minimal(ctx: SlideContext): void {
  const { palette } = ctx.c;
  if (ctx.section.visual?.kind === 'icon') addVisual(ctx, { x: SLIDE_WIDTH / 2 - BADGE / 2, y: 0.25, w: BADGE, h: BADGE });
  addTitle(ctx, ctx.section.title, { x: 1, y: 1.1, w: 8, h: 1.5 }, { align: 'center', maxSize: 40, minSize: 16 });
  addBar(ctx, { x: SLIDE_WIDTH / 2 - 0.5, y: 2.75, w: 1, h: 0.05 }, palette.accent);
  addBody(
    ctx,
    blocksOf(ctx.section),
    { x: 1.5, y: 2.95, w: 7, h: CONTENT_BOTTOM - 2.95 },
    { align: 'center', maxSize: 18, bullets: false },
  );
}

/** A full-slide colour field with shapes, and the content on a panel in front of it. */
function fullBleed(ctx: SlideContext): void {
  const { pptx, slide, c } = ctx;
  const { palette } = c;
  slide.addShape(pptx.ShapeType.ellipse, {
    ...place({ x: 6.2, y: -1.2, w: 5, h: 5 }),
    fill: { color: hex(palette.secondary), transparency: 35 },
    line: { type: 'none' },
  });
  slide.addShape(pptx.ShapeType.ellipse, {
    ...place({ x: -1.5, y: 3.6, w: 3.5, h: 3.5 }),
    fill: { color: hex(palette.accent), transparency: 45 },
    line: { type: 'none' },
  });
  // The visual stands on the colour field beside the panel; a slide dense with text has a full-width panel.
  const side = ctx.section.visual ? sideWidth(ctx.section) : 0;
  const panel: Box = { x: 0.6, y: 0.5, w: SLIDE_WIDTH - 1.2 - (side ? side + 0.2 : 0), h: CONTENT_BOTTOM - 0.6 };
  if (side) addVisual(ctx, { x: panel.x + panel.w + 0.2, y: 0.9, w: side - 0.1, h: CONTENT_BOTTOM - 1.6 });
  slide.addShape(pptx.ShapeType.roundRect, {
    ...place(panel),
    rectRadius: 0.1,
    fill: { color: hex(palette.background), transparency: 4 },
    line: { type: 'none' },
  });
  addTitle(ctx, ctx.section.title, { x: panel.x + 0.3, y: panel.y + 0.15, w: panel.w - 0.6, h: 0.95 });
  addBar(ctx, { x: panel.x + 0.35, y: panel.y + 1.15, w: 1, h: 0.06 }, palette.accent);
  addBody(ctx, blocksOf(ctx.section), { x: panel.x + 0.3, y: panel.y + 1.3, w: panel.w - 0.6, h: panel.h - 1.4 }, { maxSize: 18 });
}

const ARRANGEMENTS: Record<DocumentContent['layout'], (ctx: SlideContext) => void> = {
  'title-content': titleContent,
  'two-column': twoColumn,
  sidebar,
  'split-image': splitImage,
  timeline,
  grid,
  minimal,
  'full-bleed': fullBleed,
};

// ---------------------------------------------------------------------------------------------
// Masters, title slide, deck

function logoData(c: DocumentContent): string | null {
  const logo = c.branding?.logo;
  return logo ? `image/${logo.type === 'png' ? 'png' : 'jpeg'};base64,${logo.bytes.toString('base64')}` : null;
}

/** Room for the slide number ('10 / 12') at the right of the footer. */
const NUMBER_WIDTH = 0.9;

/** Small right-aligned text in the footer band (the branding line, the slide number). */
function footerTextOptions(c: DocumentContent, ink: string, box: { x: number; w: number }) {
  return { ...place({ x: box.x, y: FOOTER_Y, w: box.w, h: FOOTER_HEIGHT }), fontFace: c.fonts.body, fontSize: points(9), color: hex(ink), align: 'right' as const, valign: 'middle' as const, margin: 0 };
}

/** Content masters carry what every slide shows: background, branding footer and logo (each slide writes its own number). */
function defineMasters(pptx: PptxGenJS, c: DocumentContent): void {
  const { palette, branding } = c;
  const logo = branding?.logo ?? null;
  const logoBox = logo ? fitInside(logo, 1.0, FOOTER_HEIGHT) : null;
  const numberX = SLIDE_WIDTH - MARGIN - NUMBER_WIDTH;
  const logoX = logoBox ? numberX - 0.15 - logoBox.width : numberX;
  const footer = brandingLine(branding);
  const data = logoData(c);

  for (const [title, background, ink] of [
    [MASTER_LIGHT, palette.background, palette.slide.text],
    [MASTER_DARK, palette.primary, palette.onPrimary],
  ] as const) {
    const objects: NonNullable<pptxgenjs.default.SlideMasterProps['objects']> = [];
    if (footer) {
      objects.push({
        text: {
          text: footer,
          options: { ...footerTextOptions(c, ink, { x: 3.4, w: logoX - 0.15 - 3.4 }), fit: 'shrink' },
        },
      });
    }
    if (data && logoBox) {
      // On the dark master the logo sits on a white card, since logos are made for light backgrounds.
      if (title === MASTER_DARK)
        objects.push({
          rect: {
            ...place({ x: logoX - 0.05, y: FOOTER_Y - 0.03, w: logoBox.width + 0.1, h: logoBox.height + 0.06 }),
            fill: { color: 'FFFFFF' },
          },
        });
      objects.push({
        image: { ...place({ x: logoX, y: FOOTER_Y + (FOOTER_HEIGHT - logoBox.height) / 2, w: logoBox.width, h: logoBox.height }), data },
      });
    }
    pptx.defineSlideMaster({
      title,
      background: { color: hex(background) },
      objects,
    });
  }
  pptx.defineSlideMaster({ title: MASTER_TITLE, background: { color: hex(palette.primary) } });
}

function addTitleSlide(pptx: PptxGenJS, pictures: PackagePictures, c: DocumentContent): void {
  const { palette, branding } = c;
  const slide = pptx.addSlide({ masterName: MASTER_TITLE });
  const ctx: SlideCanvas = { pptx, pictures, slide, c, cut: [] };
  slide.addShape(pptx.ShapeType.rect, {
    ...place({ x: 0, y: SLIDE_HEIGHT - 0.18, w: SLIDE_WIDTH, h: 0.18 }),
    fill: { color: hex(palette.accent) },
    line: { type: 'none' },
  });
  const data = logoData(c);
  if (data && branding?.logo) {
    const size = fitInside(branding.logo, 2.2, 0.75);
    slide.addShape(pptx.ShapeType.roundRect, {
      ...place({ x: 0.5, y: 0.4, w: size.width + 0.3, h: size.height + 0.3 }),
      rectRadius: 0.06,
      fill: { color: 'FFFFFF' },
      line: { type: 'none' },
    });
    slide.addImage({ data, ...place({ x: 0.65, y: 0.55, w: size.width, h: size.height }) });
  }
  addTitle(ctx, c.title, { x: 0.6, y: 1.45, w: SLIDE_WIDTH - 1.2, h: 1.95 }, { color: palette.onPrimary, maxSize: 40, minSize: 18 });
  if (c.description) {
    addBody(
      ctx,
      [{ text: c.description, bullet: false }],
      { x: 0.6, y: 3.5, w: SLIDE_WIDTH - 1.2, h: 1.0 },
      { color: palette.onPrimary, maxSize: 18, minSize: 10, bullets: false },
    );
  }
  const byline = [brandingLine(branding), c.date].filter((s) => s !== '').join('   |   ');
  if (byline) {
    addBody(
      ctx,
      [{ text: byline, bullet: false }],
      { x: 0.6, y: 4.6, w: SLIDE_WIDTH - 1.2, h: 0.55 },
      { color: palette.onPrimary, maxSize: 13, minSize: 8, bullets: false, valign: 'middle' },
    );
  }
  // What is said over the cover (a title slide's notes), then the summary.
  addNotes(ctx, [c.coverTrainerText, c.summary].filter((s) => s !== '').join('\n\n'));
}

/** The speaker notes, then in full any text cut to fit the slide, so nothing is lost. */
function addNotes(ctx: SlideCanvas, notes: string): void {
  const cut = ctx.cut.length > 0 ? `${ctx.c.labels.fullText}:\n${ctx.cut.join('\n')}` : '';
  const text = [notes, cut].filter((s) => s !== '').join('\n\n');
  if (text) ctx.slide.addNotes(text);
}

function addSectionSlide(pptx: PptxGenJS, pictures: PackagePictures, c: DocumentContent, section: Section): void {
  const master = c.layout === 'full-bleed' ? MASTER_DARK : MASTER_LIGHT;
  const slide = pptx.addSlide({ masterName: master });
  const ctx: SlideContext = { pptx, pictures, slide, c, section, cut: [] };
  // A chart needs a column of its own: slides of numbers in a layout without a picture place take title-content's arrangement.
  const layout = section.visual?.kind === 'chart' && (BADGE_LAYOUTS.includes(c.layout) || c.layout === 'sidebar') ? 'title-content' : c.layout;
  ARRANGEMENTS[layout](ctx);
  // The number every output gives this slide (not PowerPoint's slide-number field, which counts the cover).
  const ink = master === MASTER_DARK ? c.palette.onPrimary : c.palette.slide.text;
  slide.addText(section.numberLabel, footerTextOptions(c, ink, { x: SLIDE_WIDTH - MARGIN - NUMBER_WIDTH, w: NUMBER_WIDTH }));
  addNotes(ctx, section.trainerText);
}

async function buildDeck(c: DocumentContent): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_WIDE';
  pptx.title = c.title;
  pptx.subject = shorten(c.description, PROPERTY_MAX);
  pptx.author = c.branding?.companyName || 'Trainwright';
  // pptxgenjs escapes every document property but this one (docProps/app.xml would not parse).
  pptx.company = escapeXml(c.branding?.companyName || 'Trainwright');
  pptx.theme = { headFontFace: c.fonts.heading, bodyFontFace: c.fonts.body };
  defineMasters(pptx, c);
  const pictures = new PackagePictures();
  addTitleSlide(pptx, pictures, c);
  for (const section of c.sections) addSectionSlide(pptx, pictures, c, section);
  // Stored by pptxgenjs, then packed with the pictures in (package-pictures.ts). stream() is the
  // export that honours `compression`.
  const output = await pptx.stream({ compression: false });
  return pictures.pack(Buffer.isBuffer(output) ? output : Buffer.from(output as Uint8Array));
}

export function renderPptx(input: RenderInput): Promise<Buffer> {
  return guardRender('PowerPoint deck', () => buildDeck(prepareContent(input)));
}
