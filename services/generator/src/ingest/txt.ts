// Plain text and pasted text: structure from the conventions people type by hand. Headings are
// markdown '#', setext underlines, numbered titles standing alone ('2.3 Scope'), short
// ALL-CAPS lines and a title line run straight into its text (a short capitalised line without a
// final stop after a finished sentence); '- ', '* ', '• ' and '1. ' lines are list items; blank
// lines end paragraphs.
import type { SourceDocument, SourceFormat } from '../domain/types.js';
import { DEFAULT_MAX_CHARS, DocumentBuilder, cleanText, limitDocumentLength, titleFromFilename } from './builder.js';
import { IngestError } from './errors.js';
import { decodeUnicode } from './unicode.js';

const MARKDOWN_HEADING = /^(#{1,6})\s+(.+?)(?:\s+#+)?\s*$/u;
const SETEXT_UNDERLINE = /^(=+|-+)\s*$/u;
const NUMBERED_HEADING = /^(\d{1,2}(?:\.\d{1,2}){0,4})\.?\s+(\p{Lu}.*)$/u;
const BULLET_ITEM = /^\s*[-*•–]\s+(.*)$/u;
const ORDERED_ITEM = /^\s*\d{1,3}[.)]\s+\S/u;
const HORIZONTAL_RULE = /^([-*_=])(\s*\1){2,}$/u;
const TABLE_ROW = /^\s*\|.*\|\s*$/u;
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/u;
const MAX_HEADING_LENGTH = 80;
const MAX_CAPS_HEADING_LENGTH = 60;
const MAX_TITLE_LENGTH = 100;

export function readTxt(bytes: Buffer, origin: string): SourceDocument {
  const text = decodeUnicode(bytes);
  if (text === null) throw IngestError.notUtf8();
  if (text.includes('\u0000')) throw IngestError.invalid('text file');
  const { builder, leadingHeading } = parseText(text);
  return { ...builder.build({ title: leadingHeading || titleFromFilename(origin), format: 'txt', origin }), text };
}

/**
 * Structures text that is already a string (pasted text, a script). Without a `title` the heading
 * that opens the text, or else a first line that reads as a title, becomes the title: a first
 * line that is a sentence or a whole page of text in one line ('[00:00:04] Trainer: Okay, ...')
 * names nothing, and the project's own title is used. Text beyond DEFAULT_MAX_CHARS is cut at a
 * section boundary, as for files.
 */
export function documentFromText(text: string, title: string, format: SourceFormat = 'text'): SourceDocument {
  const { builder, leadingHeading } = parseText(text);
  const firstLine = cleanText(text.split('\n').find((line) => line.trim() !== '') ?? '');
  const fallback = firstLine.length <= MAX_TITLE_LENGTH && isShortTitle(firstLine) ? firstLine : '';
  const document = builder.build({
    title: cleanText(title) || leadingHeading || fallback,
    format,
    origin: 'pasted text',
  });
  return limitDocumentLength(document, DEFAULT_MAX_CHARS);
}

function parseText(text: string): { builder: DocumentBuilder; leadingHeading: string } {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const builder = new DocumentBuilder();
  let leadingHeading = '';
  let paragraph: string[] = [];
  let item: string | null = null;
  let table: string[][] = [];

  const flush = (): void => {
    if (paragraph.length > 0) builder.paragraph(paragraph.join(' '));
    if (item !== null) builder.bullet(item);
    if (table.length > 0) builder.table(table);
    paragraph = [];
    item = null;
    table = [];
  };
  const heading = (textOfHeading: string, level: number): void => {
    flush();
    // Only a heading that opens the text names it; a later one names a part.
    if (!builder.hasText()) leadingHeading = cleanText(textOfHeading);
    builder.heading(textOfHeading, level);
  };
  const isBlank = (index: number): boolean => (lines[index] ?? '').trim() === '';

  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    const line = raw.trim();
    // "Stands alone": a blank line (or the edge of the text) above and below.
    const standsAlone = isBlank(i - 1) && isBlank(i + 1);
    if (line === '') {
      flush();
      continue;
    }

    if (HORIZONTAL_RULE.test(line)) {
      flush();
      continue;
    }
    const markdown = MARKDOWN_HEADING.exec(line);
    if (markdown) {
      heading(markdown[2] ?? '', markdown[1]?.length ?? 1);
      continue;
    }
    const underline = SETEXT_UNDERLINE.exec((lines[i + 1] ?? '').trim());
    if (underline && isBlank(i - 1) && !BULLET_ITEM.test(raw) && line.length <= MAX_HEADING_LENGTH) {
      heading(line, underline[1]?.startsWith('=') ? 1 : 2);
      i += 1;
      continue;
    }
    const numbered = NUMBERED_HEADING.exec(line);
    if (numbered && standsAlone && isShortTitle(line)) {
      heading(line, (numbered[1] ?? '').split('.').filter(Boolean).length);
      continue;
    }
    if (isBlank(i - 1) && isCapsHeading(line)) {
      heading(line, 1);
      continue;
    }
    if (i > 0 && isRunInTitleLine(line, lines[i - 1] ?? '', lines[i + 1] ?? '')) {
      heading(line, 1);
      continue;
    }

    if (TABLE_ROW.test(raw)) {
      if (table.length === 0) flush();
      if (!TABLE_RULE.test(raw))
        table.push(
          line
            .replace(/^\||\|$/g, '')
            .split('|')
            .map((cell) => cell.trim())
        );
      continue;
    }
    const bullet = BULLET_ITEM.exec(raw);
    if (bullet || ORDERED_ITEM.test(raw)) {
      flush();
      item = bullet ? bullet[1] ?? '' : line;
      continue;
    }
    if (item !== null && /^\s/.test(raw)) {
      // An indented line carries on the list item above it.
      item += ` ${line}`;
      continue;
    }
    if (item !== null || table.length > 0) flush();
    paragraph.push(line);
  }
  flush();
  return { builder, leadingHeading };
}

// A title line starts with a capital and holds at most this many words.
const MAX_TITLE_LINE_WORDS = 8;

/**
 * A title on a line of its own, run straight into its text without a blank line, as text copied
 * from a web page or a document reads: 'Load handling' between '... report it to your
 * supervisor.' and 'Never exceed the rated capacity ...', or opening a block ('Load handling'
 * after a blank line, its paragraph on the next line). Short, capitalised, no final stop, no
 * colon (a speaker's 'Trainer: ...' or a label), after a finished sentence or a blank line and
 * before a line that starts with a capital; the first line of a text is its title, not a section's.
 */
export function isRunInTitleLine(line: string, previous: string, next: string): boolean {
  const before = previous.trim();
  const after = next.trim();
  return (
    /^\p{Lu}/u.test(line) &&
    line.split(/\s+/).length <= MAX_TITLE_LINE_WORDS &&
    !/[:;]/.test(line) &&
    !/[.!?,]["'”’)]*$/u.test(line) &&
    (before === '' || /[.!?]["'”’)]*$/u.test(before)) &&
    /^\p{Lu}/u.test(after) &&
    !BULLET_ITEM.test(line) &&
    !ORDERED_ITEM.test(line)
  );
}

function isShortTitle(line: string): boolean {
  return line.length <= MAX_HEADING_LENGTH && line.split(/\s+/).length <= 12 && !/[.!?;:,]$/.test(line);
}

/** 'INTRODUCTION', 'SAFETY RULES': no lower-case letters, a few upper-case ones, short. */
function isCapsHeading(line: string): boolean {
  const upper = line.match(/\p{Lu}/gu)?.length ?? 0;
  return (
    line.length <= MAX_CAPS_HEADING_LENGTH &&
    upper >= 3 &&
    !/\p{Ll}/u.test(line) &&
    !/[.!?;,]$/.test(line) &&
    !BULLET_ITEM.test(line)
  );
}
