// PowerPoint (.pptx): one section per slide in presentation order (the slide list in
// presentation.xml, not the part names, which keep their creation order after slides are moved).
import type { SourceDocument } from '../domain/types.js';
import { DocumentBuilder, cleanText, titleFromFilename } from './builder.js';
import { IngestError } from './errors.js';
import { isType, readCoreTitle, readRelationships, targetOfType, type OfficeReadOptions } from './opc.js';
import { SafeZip } from './safe-zip.js';
import { pathEndsWith, readOfficeXml } from './xml.js';

const FORMAT_NAME = 'PowerPoint presentation (.pptx)';

const TITLE_PLACEHOLDERS = new Set(['title', 'ctrTitle']);
// Furniture repeated on every slide, not content.
const IGNORED_PLACEHOLDERS = new Set(['dt', 'ftr', 'hdr', 'sldNum', 'sldImg']);
// A text box without a placeholder is taken as a slide title when it is this short.
const MAX_IMPLIED_TITLE_LENGTH = 100;

export async function readPptx(
  bytes: Buffer,
  origin: string,
  options: OfficeReadOptions = {}
): Promise<SourceDocument> {
  const zip = await SafeZip.open(bytes, FORMAT_NAME, options.zipLimits);
  try {
    const packageRelationships = await readRelationships(zip, '', FORMAT_NAME);
    const presentationPath = targetOfType(packageRelationships, 'officeDocument') ?? 'ppt/presentation.xml';
    const presentationRelationships = await readRelationships(zip, presentationPath, FORMAT_NAME);
    const slideRelationshipIds = readSlideList(await zip.read(presentationPath));
    const slidePaths = slideRelationshipIds
      .map((id) => presentationRelationships.find((rel) => rel.id === id && isType(rel, 'slide'))?.target)
      .filter((path): path is string => path !== undefined);
    if (options.maxPages !== undefined && slidePaths.length > options.maxPages) {
      throw IngestError.tooManyPages(slidePaths.length, options.maxPages, 'slides');
    }

    const builder = new DocumentBuilder();
    let slideCount = 0;
    let firstSlideTitle = '';
    // 'Slide N' headings are made up; a deck is empty unless some slide has text of its own.
    let hasText = false;
    for (const slidePath of slidePaths) {
      const slideBytes = await zip.readOptional(slidePath);
      if (!slideBytes) continue;
      slideCount += 1;
      const slide = readSlide(slideBytes);
      if (slideCount === 1 && slide.titleFromPlaceholder) firstSlideTitle = slide.title;

      builder.heading(slide.title || `Slide ${slideCount}`, 1);
      for (const block of slide.blocks) {
        if (block.bullet) builder.bullet(block.text);
        else builder.paragraph(block.text);
      }
      for (const table of slide.tables) builder.table(table);

      const notesPath = targetOfType(await readRelationships(zip, slidePath, FORMAT_NAME), 'notesSlide');
      const notesBytes = notesPath ? await zip.readOptional(notesPath) : null;
      const notes = notesBytes ? readNotes(notesBytes) : '';
      builder.note(notes);
      hasText ||= slide.title !== '' || slide.blocks.length > 0 || slide.tables.length > 0 || notes !== '';
    }
    if (!hasText) throw IngestError.noText();

    const title =
      firstSlideTitle || (await readCoreTitle(zip, packageRelationships, FORMAT_NAME)) || titleFromFilename(origin);
    return builder.build({ title, format: options.format ?? 'pptx', origin, pageCount: slideCount });
  } finally {
    zip.close();
  }
}

/** Relationship ids of the slides, in presentation order. */
function readSlideList(bytes: Buffer): string[] {
  const ids: string[] = [];
  readOfficeXml(bytes, FORMAT_NAME, {
    open(element, path) {
      const id = element.attributes['r:id'];
      if (id && pathEndsWith(path, ['p:sldIdLst', 'p:sldId'])) ids.push(id);
    },
  });
  return ids;
}

interface ShapeText {
  /** The placeholder type ('title', 'body', ...), or null for a free text box. */
  placeholder: string | null;
  paragraphs: Array<{ text: string; bullet: boolean }>;
}

interface Slide {
  title: string;
  titleFromPlaceholder: boolean;
  blocks: Array<{ text: string; bullet: boolean }>;
  tables: string[][][];
}

function readSlide(bytes: Buffer): Slide {
  const { shapes, tables } = readShapes(bytes);
  const titleShapes = shapes.filter((shape) => shape.placeholder !== null && TITLE_PLACEHOLDERS.has(shape.placeholder));
  let content = shapes.filter(
    (shape) =>
      shape.placeholder === null ||
      !(TITLE_PLACEHOLDERS.has(shape.placeholder) || IGNORED_PLACEHOLDERS.has(shape.placeholder))
  );
  let title = titleShapes.flatMap((shape) => shape.paragraphs.map((p) => p.text)).join(' ');
  const titleFromPlaceholder = title !== '';
  if (!titleFromPlaceholder) {
    // Decks made by scripts often have no placeholders: a lone short line is the title.
    const implied = content.find((shape) => shape.paragraphs.length > 0);
    const only = implied?.paragraphs.length === 1 ? implied.paragraphs[0] : undefined;
    if (implied && only && !only.bullet && only.text.length <= MAX_IMPLIED_TITLE_LENGTH) {
      title = only.text;
      content = content.filter((shape) => shape !== implied);
    }
  }
  return { title, titleFromPlaceholder, blocks: content.flatMap((shape) => shape.paragraphs), tables };
}

/** The speaker notes: the notes page's body placeholder (not the slide image or number). */
function readNotes(bytes: Buffer): string {
  return readShapes(bytes)
    .shapes.filter((shape) => shape.placeholder === 'body')
    .flatMap((shape) => shape.paragraphs.map((paragraph) => paragraph.text))
    .join('\n');
}

/** Text shapes in z-order (which is reading order in practice) and tables of a slide or notes page. */
function readShapes(bytes: Buffer): { shapes: ShapeText[]; tables: string[][][] } {
  const shapes: ShapeText[] = [];
  const tables: string[][][] = [];
  let shape: ShapeText | null = null;
  let paragraph: { text: string; bulletMark: boolean; bulletNone: boolean } | null = null;
  let table: string[][] | null = null;
  let row: string[] | null = null;
  let cell: string[] | null = null;

  readOfficeXml(bytes, FORMAT_NAME, {
    open(element, path) {
      switch (element.name) {
        case 'p:sp':
          shape = { placeholder: null, paragraphs: [] };
          return;
        case 'p:ph':
          // A placeholder without a type is a content placeholder.
          if (shape && pathEndsWith(path, ['p:nvSpPr', 'p:nvPr', 'p:ph']))
            shape.placeholder = element.attributes.type ?? 'body';
          return;
        case 'a:p':
          paragraph = { text: '', bulletMark: false, bulletNone: false };
          return;
        case 'a:buChar':
        case 'a:buAutoNum':
        case 'a:buBlip':
          if (paragraph && pathEndsWith(path, ['a:p', 'a:pPr', element.name])) paragraph.bulletMark = true;
          return;
        case 'a:buNone':
          if (paragraph && pathEndsWith(path, ['a:p', 'a:pPr', 'a:buNone'])) paragraph.bulletNone = true;
          return;
        case 'a:br':
          if (paragraph) paragraph.text += '\n';
          return;
        case 'a:tbl':
          table = [];
          return;
        case 'a:tr':
          row = [];
          return;
        case 'a:tc':
          cell = [];
          return;
      }
    },
    text(text, path) {
      if (paragraph && path[path.length - 1]?.name === 'a:t') paragraph.text += text;
    },
    close(element) {
      switch (element.name) {
        case 'a:p': {
          const text = paragraph ? cleanText(paragraph.text) : '';
          if (paragraph && text) {
            if (cell) cell.push(text);
            else if (shape) {
              // Content placeholders show bullets unless a paragraph turns them off; text boxes
              // only where a paragraph asks for one.
              const isContent = shape.placeholder !== null && shape.placeholder !== 'subTitle';
              const bullet = isContent ? !paragraph.bulletNone : paragraph.bulletMark;
              shape.paragraphs.push({ text, bullet });
            }
          }
          paragraph = null;
          return;
        }
        case 'p:sp':
          if (shape) shapes.push(shape);
          shape = null;
          return;
        case 'a:tc':
          if (row && cell) row.push(cell.join(' '));
          cell = null;
          return;
        case 'a:tr':
          if (table && row) table.push(row);
          row = null;
          return;
        case 'a:tbl':
          if (table) tables.push(table);
          table = null;
          return;
      }
    },
  });
  return { shapes, tables };
}
