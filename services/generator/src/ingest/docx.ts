// Word (.docx): paragraphs in order, with headings from the paragraph styles (the built-in style
// names are English in every UI language; outline levels cover custom heading styles), lists
// from the numbering definitions, tables as rows of cell text and comments as notes.
import type { SourceDocument } from '../domain/types.js';
import { DocumentBuilder, cleanText, titleFromFilename } from './builder.js';
import { readCoreTitle, readRelationships, targetOfType, type OfficeReadOptions } from './opc.js';
import { SafeZip } from './safe-zip.js';
import { pathEndsWith, readOfficeXml } from './xml.js';

const FORMAT_NAME = 'Word document (.docx)';

export async function readDocx(
  bytes: Buffer,
  origin: string,
  options: OfficeReadOptions = {}
): Promise<SourceDocument> {
  const zip = await SafeZip.open(bytes, FORMAT_NAME, options.zipLimits);
  try {
    const packageRelationships = await readRelationships(zip, '', FORMAT_NAME);
    const mainPath = targetOfType(packageRelationships, 'officeDocument') ?? 'word/document.xml';
    const mainBytes = await zip.read(mainPath);
    const partRelationships = await readRelationships(zip, mainPath, FORMAT_NAME);
    const readPart = async (type: string): Promise<Buffer | null> => {
      const path = targetOfType(partRelationships, type);
      return path ? zip.readOptional(path) : null;
    };
    const stylesBytes = await readPart('styles');
    const numberingBytes = await readPart('numbering');
    const commentsBytes = await readPart('comments');
    const styles = stylesBytes ? parseStyles(stylesBytes) : new Map<string, StyleDefinition>();
    const lists = new ListNumbering(numberingBytes ? parseNumbering(numberingBytes) : emptyNumbering());
    const comments = commentsBytes ? parseComments(commentsBytes) : new Map<string, string>();

    const builder = new DocumentBuilder();
    const { titleParagraph } = walkBody(mainBytes, builder, styles, lists, comments);
    const title =
      titleParagraph || (await readCoreTitle(zip, packageRelationships, FORMAT_NAME)) || titleFromFilename(origin);
    return builder.build({ title, format: options.format ?? 'docx', origin });
  } finally {
    zip.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The document body

interface ParagraphState {
  styleId?: string;
  numId?: string;
  level?: number;
  outlineLevel?: number;
  text: string;
  commentIds: string[];
}

interface TableState {
  rows: string[][];
  row: string[] | null;
  cell: string[] | null;
}

function walkBody(
  bytes: Buffer,
  builder: DocumentBuilder,
  styles: Map<string, StyleDefinition>,
  lists: ListNumbering,
  comments: Map<string, string>
): { titleParagraph: string } {
  const paragraphs: ParagraphState[] = [];
  const tables: TableState[] = [];
  let titleParagraph = '';

  const emit = (paragraph: ParagraphState): void => {
    const style = resolveStyle(styles, paragraph.styleId);
    const numId = paragraph.numId ?? style.numId;
    // numId 0 explicitly removes numbering inherited from the style.
    const label = numId && numId !== '0' ? lists.next(numId, paragraph.level ?? style.level ?? 0) : null;
    const text = cleanText(paragraph.text);
    const table = tables[tables.length - 1];
    if (table?.cell) {
      if (text) table.cell.push(text);
    } else if (text) {
      const numbered = label ? `${label} ${text}` : text;
      const headingLevel = headingLevelOf(style, paragraph.outlineLevel);
      if (style.name === 'title' && !titleParagraph) titleParagraph = text;
      else if (headingLevel) builder.heading(numbered, headingLevel);
      else if (label !== null || style.name.startsWith('list')) builder.bullet(numbered);
      else builder.paragraph(text);
    }
    for (const id of paragraph.commentIds) builder.note(comments.get(id) ?? '');
  };

  readOfficeXml(bytes, FORMAT_NAME, {
    open(element, path) {
      const paragraph = paragraphs[paragraphs.length - 1];
      const table = tables[tables.length - 1];
      const value = element.attributes['w:val'];
      switch (element.name) {
        case 'w:p':
          paragraphs.push({ text: '', commentIds: [] });
          return;
        case 'w:pStyle':
          if (paragraph && pathEndsWith(path, ['w:p', 'w:pPr', 'w:pStyle'])) paragraph.styleId = value;
          return;
        case 'w:outlineLvl':
          if (paragraph && pathEndsWith(path, ['w:p', 'w:pPr', 'w:outlineLvl'])) paragraph.outlineLevel = Number(value);
          return;
        case 'w:numId':
          if (paragraph && pathEndsWith(path, ['w:p', 'w:pPr', 'w:numPr', 'w:numId'])) paragraph.numId = value;
          return;
        case 'w:ilvl':
          if (paragraph && pathEndsWith(path, ['w:p', 'w:pPr', 'w:numPr', 'w:ilvl'])) paragraph.level = Number(value);
          return;
        case 'w:tab':
          // Tab stops (w:pPr/w:tabs/w:tab) are not text.
          if (paragraph && pathEndsWith(path, ['w:r', 'w:tab'])) paragraph.text += '\t';
          return;
        case 'w:br':
        case 'w:cr':
          if (paragraph && pathEndsWith(path, ['w:r', element.name])) paragraph.text += '\n';
          return;
        case 'w:noBreakHyphen':
          if (paragraph && pathEndsWith(path, ['w:r', 'w:noBreakHyphen'])) paragraph.text += '-';
          return;
        case 'w:commentReference': {
          const id = element.attributes['w:id'];
          if (paragraph && id) paragraph.commentIds.push(id);
          return;
        }
        case 'w:tbl':
          tables.push({ rows: [], row: null, cell: null });
          return;
        case 'w:tr':
          if (table) table.row = [];
          return;
        case 'w:tc':
          if (table) table.cell = [];
          return;
      }
    },
    text(text, path) {
      const paragraph = paragraphs[paragraphs.length - 1];
      // Deleted text (w:delText) and field codes (w:instrText) are other elements and so skipped.
      if (paragraph && pathEndsWith(path, ['w:r', 'w:t'])) paragraph.text += text;
    },
    close(element) {
      const table = tables[tables.length - 1];
      switch (element.name) {
        case 'w:p': {
          const paragraph = paragraphs.pop();
          if (paragraph) emit(paragraph);
          return;
        }
        case 'w:tc':
          if (table?.row && table.cell) table.row.push(table.cell.join(' '));
          if (table) table.cell = null;
          return;
        case 'w:tr':
          if (table?.row) table.rows.push(table.row);
          if (table) table.row = null;
          return;
        case 'w:tbl': {
          tables.pop();
          if (!table) return;
          const outer = tables[tables.length - 1];
          // A table nested in a cell becomes that cell's text.
          if (outer?.cell) outer.cell.push(table.rows.map((row) => row.join(' ')).join(' '));
          else builder.table(table.rows);
          return;
        }
      }
    },
  });
  return { titleParagraph };
}

// ---------------------------------------------------------------------------------------------
// Styles

interface StyleDefinition {
  name: string;
  basedOn?: string;
  outlineLevel?: number;
  numId?: string;
  level?: number;
}

/** A paragraph style with inherited (basedOn) outline level and numbering filled in. */
interface ResolvedStyle {
  /** Lower-cased built-in name, e.g. 'heading 1', 'title', 'list bullet'; '' when unknown. */
  name: string;
  outlineLevel?: number;
  numId?: string;
  level?: number;
}

function parseStyles(bytes: Buffer): Map<string, StyleDefinition> {
  const styles = new Map<string, StyleDefinition>();
  let current: StyleDefinition | null = null;
  readOfficeXml(bytes, FORMAT_NAME, {
    open(element, path) {
      const value = element.attributes['w:val'];
      if (element.name === 'w:style') {
        const id = element.attributes['w:styleId'];
        const isParagraphStyle = (element.attributes['w:type'] ?? 'paragraph') === 'paragraph';
        current = id && isParagraphStyle ? { name: '' } : null;
        if (current && id) styles.set(id, current);
        return;
      }
      if (!current || value === undefined) return;
      if (pathEndsWith(path, ['w:style', 'w:name'])) current.name = value.toLowerCase();
      else if (pathEndsWith(path, ['w:style', 'w:basedOn'])) current.basedOn = value;
      else if (pathEndsWith(path, ['w:style', 'w:pPr', 'w:outlineLvl'])) current.outlineLevel = Number(value);
      else if (pathEndsWith(path, ['w:style', 'w:pPr', 'w:numPr', 'w:numId'])) current.numId = value;
      else if (pathEndsWith(path, ['w:style', 'w:pPr', 'w:numPr', 'w:ilvl'])) current.level = Number(value);
    },
    close(element) {
      if (element.name === 'w:style') current = null;
    },
  });
  return styles;
}

function resolveStyle(styles: Map<string, StyleDefinition>, styleId: string | undefined): ResolvedStyle {
  const own = styleId ? styles.get(styleId) : undefined;
  const resolved: ResolvedStyle = { name: own?.name ?? '' };
  const seen = new Set<string>();
  // Walk up basedOn; the nearest definition wins. `seen` stops cycles in malformed files.
  for (let id = styleId; id && !seen.has(id); id = styles.get(id)?.basedOn) {
    seen.add(id);
    const style = styles.get(id);
    if (!style) break;
    resolved.outlineLevel ??= style.outlineLevel;
    resolved.numId ??= style.numId;
    resolved.level ??= style.level;
  }
  return resolved;
}

/** 1-9 for a heading, undefined for body text. The paragraph's own outline level wins. */
function headingLevelOf(style: ResolvedStyle, paragraphOutlineLevel: number | undefined): number | undefined {
  const named = /^heading ([1-9])$/.exec(style.name);
  if (named && paragraphOutlineLevel === undefined) return Number(named[1]);
  const outline = paragraphOutlineLevel ?? style.outlineLevel;
  // Outline level 9 means body text.
  return outline !== undefined && outline >= 0 && outline <= 8 ? outline + 1 : undefined;
}

// ---------------------------------------------------------------------------------------------
// Numbering

interface LevelDefinition {
  format: string;
  text: string;
  start: number;
}

interface NumberingDefinitions {
  abstracts: Map<string, Map<number, LevelDefinition>>;
  instances: Map<string, { abstractId: string; startOverrides: Map<number, number> }>;
}

function emptyNumbering(): NumberingDefinitions {
  return { abstracts: new Map(), instances: new Map() };
}

function parseNumbering(bytes: Buffer): NumberingDefinitions {
  const numbering = emptyNumbering();
  let abstractLevels: Map<number, LevelDefinition> | null = null;
  let level: LevelDefinition | null = null;
  let instance: { abstractId: string; startOverrides: Map<number, number> } | null = null;
  let overrideLevel: number | null = null;
  readOfficeXml(bytes, FORMAT_NAME, {
    open(element, path) {
      const value = element.attributes['w:val'];
      switch (element.name) {
        case 'w:abstractNum':
          abstractLevels = new Map();
          numbering.abstracts.set(element.attributes['w:abstractNumId'] ?? '', abstractLevels);
          return;
        case 'w:lvl':
          if (abstractLevels && pathEndsWith(path, ['w:abstractNum', 'w:lvl'])) {
            level = { format: 'decimal', text: '', start: 1 };
            abstractLevels.set(Number(element.attributes['w:ilvl'] ?? 0), level);
          }
          return;
        case 'w:numFmt':
          if (level && value) level.format = value;
          return;
        case 'w:lvlText':
          if (level && value !== undefined) level.text = value;
          return;
        case 'w:start':
          if (level && value) level.start = Number(value);
          return;
        case 'w:num':
          instance = { abstractId: '', startOverrides: new Map() };
          numbering.instances.set(element.attributes['w:numId'] ?? '', instance);
          return;
        case 'w:abstractNumId':
          if (instance && value) instance.abstractId = value;
          return;
        case 'w:lvlOverride':
          overrideLevel = Number(element.attributes['w:ilvl'] ?? 0);
          return;
        case 'w:startOverride':
          if (instance && overrideLevel !== null && value) instance.startOverrides.set(overrideLevel, Number(value));
          return;
      }
    },
    close(element) {
      if (element.name === 'w:abstractNum') abstractLevels = null;
      else if (element.name === 'w:lvl') level = null;
      else if (element.name === 'w:num') instance = null;
      else if (element.name === 'w:lvlOverride') overrideLevel = null;
    },
  });
  return numbering;
}

/** Counts list items the way Word displays them: '1.', '1.2', 'a)', 'iv.'; '' for bullets. */
class ListNumbering {
  private readonly counters = new Map<string, number[]>();

  constructor(private readonly definitions: NumberingDefinitions) {}

  next(numId: string, level: number): string {
    const instance = this.definitions.instances.get(numId);
    const levels = instance ? this.definitions.abstracts.get(instance.abstractId) : undefined;
    const startOf = (lvl: number): number => instance?.startOverrides.get(lvl) ?? levels?.get(lvl)?.start ?? 1;
    const counters = this.counters.get(numId) ?? [];
    this.counters.set(numId, counters);
    counters[level] = (counters[level] ?? startOf(level) - 1) + 1;
    // A new item at this level restarts the deeper levels.
    counters.length = level + 1;

    const definition = levels?.get(level);
    if (!definition || definition.format === 'bullet' || definition.format === 'none') return '';
    return definition.text.replace(/%([1-9])/g, (_, n: string) => {
      const lvl = Number(n) - 1;
      return formatNumber(counters[lvl] ?? startOf(lvl), levels?.get(lvl)?.format ?? 'decimal');
    });
  }
}

function formatNumber(value: number, format: string): string {
  switch (format) {
    case 'decimalZero':
      return value < 10 ? `0${value}` : String(value);
    case 'lowerLetter':
      return letters(value);
    case 'upperLetter':
      return letters(value).toUpperCase();
    case 'lowerRoman':
      return roman(value).toLowerCase();
    case 'upperRoman':
      return roman(value);
    default:
      return String(value);
  }
}

/** Word's letter numbering: a..z, then aa..zz, aaa.. */
function letters(value: number): string {
  if (value < 1) return String(value);
  return String.fromCharCode(97 + ((value - 1) % 26)).repeat(Math.ceil(value / 26));
}

function roman(value: number): string {
  if (value < 1 || value > 3999) return String(value);
  // prettier-ignore
  const numerals: Array<[number, string]> = [
    [1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'],
    [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I'],
  ];
  let rest = value;
  let result = '';
  for (const [amount, numeral] of numerals) {
    for (; rest >= amount; rest -= amount) result += numeral;
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Comments

function parseComments(bytes: Buffer): Map<string, string> {
  const comments = new Map<string, string>();
  let id: string | null = null;
  let paragraphs: string[] = [];
  let text = '';
  readOfficeXml(bytes, FORMAT_NAME, {
    open(element) {
      if (element.name === 'w:comment') {
        id = element.attributes['w:id'] ?? null;
        paragraphs = [];
      } else if (element.name === 'w:p') text = '';
    },
    text(chunk, path) {
      if (id !== null && path[path.length - 1]?.name === 'w:t') text += chunk;
    },
    close(element) {
      if (element.name === 'w:p') paragraphs.push(text);
      else if (element.name === 'w:comment' && id !== null) {
        comments.set(id, paragraphs.join('\n'));
        id = null;
      }
    },
  });
  return comments;
}
