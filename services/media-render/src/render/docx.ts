// The Word training manual, built with docx: a title page, a table of contents, an overview (the
// summary, the cover's trainer notes, the objectives), one numbered Heading 1 section per slide
// (points as bullets, paragraphs, trainer notes), the assessment, the answer key and the glossary
// as tables, a branded header (logo, company) and a footer with the website and page fields.
// Headings take the template's colours and fonts; Word and LibreOffice lay the text out themselves.
// A section carries its slide's visual as in the PDF guide (visuals.ts, rasterised by resvg): an
// icon floated at the right margin beside its points (the text wraps around it), or a chart as a
// picture under them; a section dense with text has none.
//
// The contents are a real TOC field over the Heading 1 style, written with its entries so it is
// not empty before an update. Word fills in the page numbers when it opens the file (the field is
// written dirty); docx's page-number estimator (docx/layout) would write them into the file, but
// costs about 20 ms per slide, most of the time budget of a render.
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Header,
  HeadingLevel,
  HorizontalPositionAlign,
  HorizontalPositionRelativeFrom,
  ImageRun,
  LineRuleType,
  Packer,
  PageBreak,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableOfContents,
  TableRow,
  TabStopType,
  TextRun,
  TextWrappingSide,
  TextWrappingType,
  VerticalPositionRelativeFrom,
  WidthType,
  type IParagraphOptions,
  type IRunOptions,
} from 'docx';
import type { RenderInput } from '../domain/types.js';
import { brandingLine, fitInside, guardRender, hasOverview, overviewObjectives, prepareContent, PROPERTY_MAX, shorten, visualColors, type DocumentContent, type Logo, type Section } from './content.js';
import { ARABIC_FAMILY, CJK_FAMILY } from './fonts.js';
import { isRightToLeft } from './text-layout.js';
import { PackagePictures } from './package-pictures.js';
import { visualPng } from './visuals.js';

const NOTES_STYLE = 'TrainerNotes';
// Lengths in twentieths of a point: A4 width and 2 cm margins.
const A4_WIDTH_TWIPS = 11906;
const MARGIN_TWIPS = 1134;
const TEXT_WIDTH_TWIPS = A4_WIDTH_TWIPS - 2 * MARGIN_TWIPS;
const HEADER_TITLE_MAX = 90;
// The visuals, in pixels at 96 dpi (docx's unit for pictures): the text is 642 px wide.
const ICON_PX = 104;
const CHART_PX = { width: 546, height: 252 };
// 0.15 inch between the floated icon and the text that wraps around it, in EMU.
const ICON_GAP_EMU = 137160;

const hex = (color: string) => color.replace('#', '').toUpperCase();
type RunStyle = Omit<IRunOptions, 'text' | 'children' | 'break'>;

/** Runs of a text, its line breaks kept as breaks inside the paragraph. */
function runs(text: string, style: RunStyle = {}): TextRun[] {
  const rtl = isRightToLeft(text);
  return text
    .split('\n')
    .map((line, i) => new TextRun({ ...style, text: line, break: i > 0 ? 1 : undefined, rightToLeft: rtl || undefined }));
}

/** A paragraph of text that reads right to left when its text does. */
function paragraph(text: string, options: Omit<IParagraphOptions, 'children' | 'text'> = {}, style: RunStyle = {}): Paragraph {
  return new Paragraph({ bidirectional: isRightToLeft(text) || undefined, ...options, children: runs(text, style) });
}

function logoRun(logo: Logo, maxWidth: number, maxHeight: number): ImageRun {
  const size = fitInside(logo, maxWidth, maxHeight);
  return new ImageRun({
    type: logo.type,
    data: logo.bytes,
    transformation: { width: Math.round(size.width), height: Math.round(size.height) },
  });
}

/**
 * The section's visual as a picture run (an icon floated right, a chart inline); null without one.
 * docx gets the picture's stand-in; the packing puts the picture in (package-pictures.ts).
 */
function visualRun(c: DocumentContent, s: Section, pictures: PackagePictures): ImageRun | null {
  if (!s.visual) return null;
  const colors = visualColors(c, 'page');
  if (s.visual.kind === 'chart') {
    const { width, height } = CHART_PX;
    return new ImageRun({ type: 'png', data: pictures.standIn(visualPng(s.visual, c.imageStyle, colors, c.fonts.body, width, height, 3)), transformation: { width, height } });
  }
  return new ImageRun({
    type: 'png',
    data: pictures.standIn(visualPng(s.visual, c.imageStyle, colors, c.fonts.body, 240, 240, 1)),
    transformation: { width: ICON_PX, height: ICON_PX },
    floating: {
      horizontalPosition: { relative: HorizontalPositionRelativeFrom.MARGIN, align: HorizontalPositionAlign.RIGHT },
      verticalPosition: { relative: VerticalPositionRelativeFrom.PARAGRAPH, offset: 0 },
      wrap: { type: TextWrappingType.SQUARE, side: TextWrappingSide.LEFT },
      margins: { left: ICON_GAP_EMU, bottom: ICON_GAP_EMU / 2 },
    },
  });
}

function table(c: DocumentContent, header: string[], rows: string[][], widths: number[]): Table {
  const { palette } = c;
  const cell = (text: string, width: number, isHeader: boolean) =>
    new TableCell({
      width: { size: width, type: WidthType.PERCENTAGE },
      shading: isHeader ? { type: ShadingType.CLEAR, color: 'auto', fill: hex(palette.primary) } : undefined,
      children: [paragraph(text, { spacing: { after: 0 } }, isHeader ? { bold: true, color: hex(palette.onPrimary) } : {})],
    });
  const border = { style: BorderStyle.SINGLE, size: 4, color: hex(palette.page.muted) };
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    // The grid and the cells' margins written once for the table: docx otherwise derives the grid
    // from every cell's width when it packs, and writes the margins into every cell.
    columnWidths: widths.map((percent) => Math.round((TEXT_WIDTH_TWIPS * percent) / 100)),
    margins: { top: 60, bottom: 60, left: 100, right: 100 },
    borders: { top: border, bottom: border, left: border, right: border, insideHorizontal: border, insideVertical: border },
    rows: [
      new TableRow({ tableHeader: true, children: header.map((h, i) => cell(h, widths[i]!, true)) }),
      ...rows.map((row) => new TableRow({ cantSplit: true, children: row.map((text, i) => cell(text, widths[i]!, false)) })),
    ],
  });
}

function titlePage(c: DocumentContent): Paragraph[] {
  const { palette, branding } = c;
  const page: Paragraph[] = [];
  if (branding?.logo) page.push(new Paragraph({ children: [logoRun(branding.logo, 220, 80)], spacing: { after: 1200 } }));
  else page.push(new Paragraph({ spacing: { after: 2000 } }));
  page.push(paragraph(c.title, { heading: HeadingLevel.TITLE, spacing: { after: 240 } }));
  page.push(
    new Paragraph({
      border: { bottom: { style: BorderStyle.SINGLE, size: 24, color: hex(palette.page.accent), space: 1 } },
      spacing: { after: 360 },
    }),
  );
  if (c.description) page.push(paragraph(c.description, { spacing: { after: 1200 } }, { size: 26 }));
  if (branding?.companyName)
    page.push(paragraph(branding.companyName, { spacing: { after: 60 } }, { bold: true, size: 26, color: hex(palette.page.heading) }));
  if (branding?.website) page.push(paragraph(branding.website, { spacing: { after: 60 } }, { color: hex(palette.page.muted) }));
  if (c.date) page.push(paragraph(c.date, {}, { color: hex(palette.page.muted) }));
  page.push(new Paragraph({ children: [new PageBreak()] }));
  return page;
}

function body(c: DocumentContent, pictures: PackagePictures): Array<Paragraph | Table | TableOfContents> {
  const { labels, palette } = c;
  const out: Array<Paragraph | Table | TableOfContents> = [];
  const heading1 = (text: string) => paragraph(text, { heading: HeadingLevel.HEADING_1 });
  const bullet = (text: string) => paragraph(text, { bullet: { level: 0 }, spacing: { after: 80 } });

  out.push(
    new Paragraph({
      children: [new TextRun({ text: labels.contents, bold: true, size: 36, color: hex(palette.page.heading), font: c.fonts.heading })],
      spacing: { after: 240 },
    }),
  );
  out.push(new TableOfContents(labels.contents, { hyperlink: true, headingStyleRange: '1-1' }));
  out.push(new Paragraph({ children: [new PageBreak()] }));

  const notes = (text: string) => [
    paragraph(labels.trainerNotes, { style: NOTES_STYLE, keepNext: true, spacing: { before: 160, after: 0 } }, { bold: true, color: hex(palette.page.accent) }),
    paragraph(text, { style: NOTES_STYLE }),
  ];

  if (hasOverview(c)) {
    out.push(heading1(labels.overview));
    if (c.summary) out.push(paragraph(c.summary));
    if (c.coverTrainerText) out.push(...notes(c.coverTrainerText));
    const objectives = overviewObjectives(c);
    if (objectives.length > 0) {
      out.push(paragraph(labels.objectives, { heading: HeadingLevel.HEADING_2 }));
      out.push(...objectives.map(bullet));
    }
  }

  for (const s of c.sections) {
    out.push(heading1(s.heading));
    const visual = visualRun(c, s, pictures);
    // The icon is anchored in the section's first paragraph (one of its own when it has none), beside the points.
    const icon = visual && s.visual?.kind === 'icon' ? [visual] : [];
    const items = [...s.points.map((p) => ({ text: p, options: { bullet: { level: 0 }, spacing: { after: 80 } } })), ...s.paragraphs.map((p) => ({ text: p, options: {} }))];
    if (icon.length > 0 && items.length === 0) out.push(new Paragraph({ children: icon }));
    items.forEach(({ text, options }, i) =>
      out.push(new Paragraph({ bidirectional: isRightToLeft(text) || undefined, ...options, children: [...(i === 0 ? icon : []), ...runs(text)] })),
    );
    if (visual && s.visual?.kind === 'chart') out.push(new Paragraph({ alignment: AlignmentType.CENTER, keepLines: true, spacing: { before: 120, after: 160 }, children: [visual] }));
    if (s.trainerText) out.push(...notes(s.trainerText));
  }

  if (c.questions.length > 0) {
    out.push(heading1(labels.assessment));
    for (const q of c.questions) {
      out.push(paragraph(`${q.number}. ${q.prompt}`, { keepNext: true, spacing: { before: 200, after: 60 } }, { bold: true }));
      out.push(
        ...q.options.map((o, i) =>
          paragraph(`${o.letter}. ${o.text}`, { indent: { left: 360 }, keepNext: i < q.options.length - 1, spacing: { after: 40 } }),
        ),
      );
    }
    out.push(heading1(labels.answerKey));
    const rows = c.questions.map((q) => [String(q.number), q.answerText, q.explanation]);
    out.push(table(c, [labels.question, labels.answer, labels.explanation], rows, [14, 36, 50]));
  }

  if (c.glossary.length > 0) {
    out.push(heading1(labels.glossary));
    out.push(
      table(
        c,
        [labels.term, labels.definition],
        c.glossary.map((g) => [g.term, g.definition]),
        [30, 70],
      ),
    );
  }
  return out;
}

function header(c: DocumentContent): Header {
  const { branding, palette } = c;
  const name = branding?.companyName || shorten(c.title, HEADER_TITLE_MAX);
  const children: Array<TextRun | ImageRun> = [];
  if (branding?.logo) children.push(logoRun(branding.logo, 90, 24), new TextRun({ text: '  ' }));
  children.push(...runs(name, { color: hex(palette.page.muted), size: 18 }));
  return new Header({
    children: [
      new Paragraph({
        alignment: AlignmentType.RIGHT,
        border: { bottom: { style: BorderStyle.SINGLE, size: 4, color: hex(palette.page.muted), space: 4 } },
        children,
      }),
    ],
  });
}

/** Website on the left, 'Page n of N' with page fields on the right. */
function footer(c: DocumentContent): Footer {
  const { palette } = c;
  const style = { color: hex(palette.page.muted), size: 18 };
  const pieces = c.labels
    .page('{n}', '{total}')
    .split(/(\{n\}|\{total\})/)
    .filter((p) => p !== '');
  const pageLabel = pieces.map((p) => (p === '{n}' ? PageNumber.CURRENT : p === '{total}' ? PageNumber.TOTAL_PAGES : p));
  return new Footer({
    children: [
      new Paragraph({
        tabStops: [{ type: TabStopType.RIGHT, position: TEXT_WIDTH_TWIPS }],
        border: { top: { style: BorderStyle.SINGLE, size: 4, color: hex(palette.page.muted), space: 4 } },
        children: [
          new TextRun({ ...style, text: c.branding?.website || brandingLine(c.branding) }),
          new TextRun({ ...style, children: ['\t', ...pageLabel] }),
        ],
      }),
    ],
  });
}

async function buildManual(c: DocumentContent): Promise<Buffer> {
  const pictures = new PackagePictures();
  const { palette, fonts } = c;
  // Word picks spelling, fonts and line breaking per script: the east-Asian and complex-script languages too.
  const language = { value: c.language, eastAsia: c.language, bidirectional: c.language };
  const font = { ascii: fonts.body, hAnsi: fonts.body, eastAsia: CJK_FAMILY, cs: ARABIC_FAMILY };
  const headingFont = { ...font, ascii: fonts.heading, hAnsi: fonts.heading };
  const doc = new Document({
    title: c.title,
    subject: shorten(c.description, PROPERTY_MAX),
    description: shorten(c.summary, PROPERTY_MAX),
    creator: c.branding?.companyName || 'Trainwright',
    lastModifiedBy: 'Trainwright',
    styles: {
      default: {
        // lineRule written out: LibreOffice reads a bare w:line as an exact height and clips pictures.
        document: {
          run: { font, size: 22, color: hex(palette.page.text), language },
          paragraph: { spacing: { after: 120, line: 276, lineRule: LineRuleType.AUTO } },
        },
        title: { run: { font: headingFont, size: 56, bold: true, color: hex(palette.page.heading) } },
        heading1: {
          run: { font: headingFont, size: 32, bold: true, color: hex(palette.page.heading) },
          paragraph: { spacing: { before: 360, after: 160 }, keepNext: true },
        },
        heading2: {
          run: { font: headingFont, size: 26, bold: true, color: hex(palette.page.heading) },
          paragraph: { spacing: { before: 240, after: 120 }, keepNext: true },
        },
      },
      paragraphStyles: [
        {
          id: NOTES_STYLE,
          name: 'Trainer Notes',
          basedOn: 'Normal',
          run: { size: 20 },
          paragraph: {
            indent: { left: 284 },
            spacing: { after: 160 },
            shading: { type: ShadingType.CLEAR, color: 'auto', fill: hex(palette.page.tint) },
            border: { left: { style: BorderStyle.SINGLE, size: 18, color: hex(palette.page.accent), space: 8 } },
          },
        },
      ],
    },
    sections: [
      {
        properties: {
          titlePage: true,
          page: { margin: { top: MARGIN_TWIPS, bottom: MARGIN_TWIPS, left: MARGIN_TWIPS, right: MARGIN_TWIPS } },
        },
        // The title page has no header or footer.
        headers: { default: header(c), first: new Header({ children: [new Paragraph({})] }) },
        footers: { default: footer(c), first: new Footer({ children: [new Paragraph({})] }) },
        children: [...titlePage(c), ...body(c, pictures)],
      },
    ],
  });
  // docx's compiler gives the parts, which are zipped here: Packer.toBuffer deflates every part
  // with fflate on the event loop. The compiler is not docx's documented API (pinned with the
  // lockfile; visuals-outputs.test and office.test read the manual back).
  return pictures.packParts((Packer as unknown as { compiler: { compile(file: Document): Map<string, string | Uint8Array> } }).compiler.compile(doc));
}

export function renderDocx(input: RenderInput): Promise<Buffer> {
  return guardRender('Word manual', () => buildManual(prepareContent(input)));
}
