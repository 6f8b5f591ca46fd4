// Real documents made at test time with the libraries Office users' tools are built on, plus a
// hand-written zip writer for archives no well-behaved library would produce (bombs, lies).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { crc32, deflateRawSync } from 'node:zlib';
import {
  AlignmentType,
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  Document,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx';
import JSZip from 'jszip';
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import * as pptxgenjs from 'pptxgenjs';

// pptxgenjs's types describe its CommonJS build (the class at .default.default) while Node loads
// its ES build (the class at .default); take whichever holds the class.
type PptxGenJSClass = typeof pptxgenjs.default.default;
export const PptxGenJS: PptxGenJSClass =
  (pptxgenjs.default as unknown as { default?: PptxGenJSClass }).default ??
  (pptxgenjs.default as unknown as PptxGenJSClass);

export const MB = 1024 * 1024;

const run = promisify(execFile);

// ---------------------------------------------------------------------------------------------
// Zip archives, byte by byte

export interface ZipEntrySpec {
  name: string;
  data: Buffer | string;
  /** Deflate (default) or store. */
  deflate?: boolean;
  /** Written into the headers instead of the real inflated size. */
  declaredSize?: number;
  /** zlib level; 1 makes large payloads quick to build (they still compress ~250x). */
  level?: number;
}

export function makeZip(entries: ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data, 'utf8');
    const deflate = entry.deflate !== false;
    const stored = deflate ? deflateRawSync(data, { level: entry.level ?? 9 }) : data;
    const name = Buffer.from(entry.name, 'utf8');
    const size = entry.declaredSize ?? data.length;
    const crc = crc32(data);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, stored);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);

    offset += local.length + name.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** The parts a .docx needs around its document.xml. */
export function docxParts(
  documentXml: Buffer | string,
  options: Pick<ZipEntrySpec, 'declaredSize' | 'level'> = {}
): ZipEntrySpec[] {
  return [
    {
      name: '[Content_Types].xml',
      data:
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="xml" ContentType="application/xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      data:
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '</Relationships>',
    },
    { name: 'word/document.xml', data: documentXml, ...options },
  ];
}

export function wordXml(bodyXml: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body>${bodyXml}</w:body></w:document>`;
}

/** A document.xml that inflates to `bytes` bytes of valid XML. */
export function hugeWordXml(bytes: number): Buffer {
  const head = Buffer.from(`<?xml version="1.0"?><w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t>`);
  const tail = Buffer.from('</w:t></w:r></w:p></w:body></w:document>');
  return Buffer.concat([head, Buffer.alloc(bytes - head.length - tail.length, 'a'), tail]);
}

// ---------------------------------------------------------------------------------------------
// PDF

export interface PdfLayout {
  title?: string;
  sections: Array<{ heading?: string; paragraphs: string[]; bullets?: string[] }>;
  /** Draw "Page N" in the footer of every page. */
  pageNumbers?: boolean;
  headingSize?: number;
  bodySize?: number;
  /** Start every section on a new page. */
  pagePerSection?: boolean;
}

/** Lays text out like a word processor: wrapped lines, paragraph spacing, page breaks. */
export async function makePdf(layout: PdfLayout): Promise<{ bytes: Buffer; pageCount: number }> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const bodySize = layout.bodySize ?? 11;
  const headingSize = layout.headingSize ?? 16;
  const [width, height, margin] = [595, 842, 56];
  let page: PDFPage = pdf.addPage([width, height]);
  let y = height - margin;

  const ensureRoom = (needed: number): void => {
    if (y - needed < margin + 20) {
      page = pdf.addPage([width, height]);
      y = height - margin;
    }
  };
  const write = (text: string, size: number, font: PDFFont, x = margin, indent = x): void => {
    const words = text.split(' ');
    let line = '';
    let lineX = x;
    const flush = (): void => {
      ensureRoom(size * 1.3);
      y -= size * 1.3;
      page.drawText(line, { x: lineX, y, size, font });
      line = '';
      lineX = indent;
    };
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) > width - margin - lineX) flush();
      line = line ? `${line} ${word}` : word;
    }
    if (line) flush();
  };

  if (layout.title) {
    write(layout.title, 24, bold);
    y -= 18;
  }
  for (const [index, section] of layout.sections.entries()) {
    if (layout.pagePerSection && index > 0) y = -Infinity;
    if (section.heading) {
      ensureRoom(headingSize * 4);
      y -= 10;
      write(section.heading, headingSize, bold);
      y -= 6;
    }
    for (const paragraph of section.paragraphs) {
      write(paragraph, bodySize, regular);
      y -= bodySize * 0.9;
    }
    for (const bullet of section.bullets ?? []) {
      write(`• ${bullet}`, bodySize, regular, margin + 12, margin + 22);
      y -= 2;
    }
  }
  if (layout.pageNumbers) {
    pdf.getPages().forEach((p, i) => p.drawText(`Page ${i + 1}`, { x: width / 2 - 15, y: 28, size: 9, font: regular }));
  }
  pdf.setTitle('Metadata title that should lose to the visible title');
  return { bytes: Buffer.from(await pdf.save()), pageCount: pdf.getPageCount() };
}

/** Sentences that read like a handbook, distinct per (section, paragraph). */
export function prose(section: number, paragraph: number, sentences = 6): string {
  return Array.from(
    { length: sentences },
    (_, i) =>
      `Section ${section} paragraph ${paragraph} sentence ${
        i + 1
      } explains how the team keeps work safe and predictable for everyone involved.`
  ).join(' ');
}

// ---------------------------------------------------------------------------------------------
// Word

export const DOCX_TEXT = {
  title: 'Onboarding Guide',
  intro: 'Welcome to the team. This guide covers your first week.',
  headings: [
    { text: 'Getting Started', level: 1 },
    { text: 'Accounts', level: 2 },
    { text: 'Reference', level: 1 },
  ],
  bullets: ['Collect your badge', 'Set up your laptop'],
  numbered: ['Read the handbook', 'Meet your buddy'],
  international: 'Привет, мир — café naïve Ærø, 日本語のテキスト and 中文内容.',
  comment: 'Ask IT for an admin account if you need one.',
  table: [
    ['System', 'Owner'],
    ['Payroll', 'Finance'],
    ['Wiki', 'Engineering'],
  ],
};

export async function makeDocx(): Promise<Buffer> {
  const t = DOCX_TEXT;
  const document = new Document({
    title: 'Stale template title',
    comments: { children: [{ id: 0, author: 'Reviewer', children: [new Paragraph(t.comment)] }] },
    numbering: {
      config: [
        {
          reference: 'steps',
          levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START }],
        },
      ],
    },
    sections: [
      {
        children: [
          new Paragraph({ text: t.title, heading: HeadingLevel.TITLE }),
          new Paragraph(t.intro),
          new Paragraph({ text: t.headings[0]!.text, heading: HeadingLevel.HEADING_1 }),
          ...t.bullets.map((text) => new Paragraph({ text, bullet: { level: 0 } })),
          ...t.numbered.map((text) => new Paragraph({ text, numbering: { reference: 'steps', level: 0 } })),
          new Paragraph({ text: t.headings[1]!.text, heading: HeadingLevel.HEADING_2 }),
          new Paragraph({
            children: [
              new CommentRangeStart(0),
              new TextRun(t.international),
              new CommentRangeEnd(0),
              new TextRun({ children: [new CommentReference(0)] }),
            ],
          }),
          new Paragraph({ text: t.headings[2]!.text, heading: HeadingLevel.HEADING_1 }),
          new Table({
            rows: t.table.map(
              (row) => new TableRow({ children: row.map((cell) => new TableCell({ children: [new Paragraph(cell)] })) })
            ),
          }),
        ],
      },
    ],
  });
  return Buffer.from(await Packer.toBuffer(document));
}

// ---------------------------------------------------------------------------------------------
// PowerPoint

export const DECK = [
  { title: 'Welcome', bullets: ['Who we are', 'What we build'], notes: 'Greet everyone and introduce the trainer.' },
  { title: 'Agenda', bullets: ['Safety basics', 'Tools', 'Questions'], notes: 'Keep the agenda under two minutes.' },
  {
    title: 'Safety First',
    bullets: ['Wear protective gear', 'Report every incident'],
    notes: 'Tell the ladder story here.',
  },
  { title: 'Questions', bullets: ['Ask anything'], notes: '' },
];

export const DECK_TABLE = [
  ['Tool', 'Use'],
  ['Hammer', 'Nails'],
];

export async function makePptx(): Promise<Buffer> {
  const deck = new PptxGenJS();
  deck.title = 'PptxGenJS default title';
  deck.defineSlideMaster({
    title: 'CONTENT',
    objects: [
      { placeholder: { options: { name: 'title', type: 'title', x: 0.5, y: 0.3, w: 9, h: 1 }, text: '' } },
      { placeholder: { options: { name: 'body', type: 'body', x: 0.5, y: 1.5, w: 9, h: 3.5 }, text: '' } },
    ],
  });
  for (const [index, spec] of DECK.entries()) {
    const slide = deck.addSlide({ masterName: 'CONTENT' });
    slide.addText(spec.title, { placeholder: 'title' });
    slide.addText(
      spec.bullets.map((text) => ({ text, options: { bullet: true, breakLine: true } })),
      { placeholder: 'body' }
    );
    if (index === 2)
      slide.addTable(
        DECK_TABLE.map((row) => row.map((text) => ({ text }))),
        { x: 0.5, y: 4, w: 6 }
      );
    if (spec.notes) slide.addNotes(spec.notes);
  }
  return (await deck.write({ outputType: 'nodebuffer' })) as Buffer;
}

/** Reorders the slide list in presentation.xml (the part names stay as they are). */
export async function reorderSlides(pptx: Buffer, order: number[]): Promise<Buffer> {
  const zip = await JSZip.loadAsync(pptx);
  const presentation = await zip.file('ppt/presentation.xml')!.async('string');
  const ids = [...presentation.matchAll(/<p:sldId [^>]*\/>/g)].map((match) => match[0]);
  const reordered = presentation.replace(
    /<p:sldIdLst>.*<\/p:sldIdLst>/s,
    `<p:sldIdLst>${order.map((i) => ids[i]).join('')}</p:sldIdLst>`
  );
  zip.file('ppt/presentation.xml', reordered);
  return zip.generateAsync({ type: 'nodebuffer' });
}

// ---------------------------------------------------------------------------------------------
// LibreOffice, to make legacy files for the conversion tests

/** Converts with soffice in a throwaway profile; returns the converted bytes. */
export async function convertWithSoffice(soffice: string, bytes: Buffer, from: string, to: string): Promise<Buffer> {
  const directory = await mkdtemp(join(tmpdir(), 'ingest-test-'));
  try {
    const input = join(directory, `fixture.${from}`);
    await writeFile(input, bytes);
    const profile = pathToFileURL(join(directory, 'profile')).href;
    await run(
      soffice,
      [
        '--headless',
        '--norestore',
        `-env:UserInstallation=${profile}`,
        '--convert-to',
        to,
        '--outdir',
        directory,
        input,
      ],
      {
        env: { ...process.env, HOME: directory },
        timeout: 60_000,
      }
    );
    return await readFile(join(directory, `fixture.${to}`));
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
