// RTF: a small reader for the text and structure of an RTF file (no layout). It follows groups,
// control words and destinations; decodes \'hh bytes in the document's or font's code page and
// \uN characters (skipping their \ucN fallback); and takes headings from \outlinelevelN or from
// heading style names in the style sheet, list items from list numbering, tables from \cell/\row.
import { TextDecoder } from 'node:util';
import type { SourceDocument } from '../domain/types.js';
import { DocumentBuilder, cleanText, titleFromFilename } from './builder.js';
import { IngestError } from './errors.js';

const FORMAT_NAME = 'RTF document';

// Destinations whose content is not document text (tables of fonts/colours, pictures, headers,
// footers, field instructions, revision data...).
// prettier-ignore
const SKIPPED_DESTINATIONS = new Set([
  'annotation', 'atnauthor', 'atnid', 'author', 'buptim', 'colortbl', 'comment', 'creatim', 'datastore',
  'doccomm', 'docvar', 'fldinst', 'footer', 'footerf', 'footerl', 'footerr', 'footnote', 'header', 'headerf',
  'headerl', 'headerr', 'keywords', 'listoverridetable', 'listtable', 'nonshppict', 'object', 'objdata',
  'operator', 'pgdsctbl', 'pict', 'printim', 'private', 'revtbl', 'rxe', 'subject', 'tc', 'template',
  'themedata', 'txe', 'xe',
]);
// Destinations holding a list item's number or bullet: skipped, but they mark a list item.
const LIST_TEXT_DESTINATIONS = new Set(['listtext', 'pntext', 'pn']);

// prettier-ignore
const SYMBOL_WORDS: Record<string, string> = {
  line: '\n', tab: '\t', emdash: '—', endash: '–', emspace: ' ', enspace: ' ', qmspace: ' ',
  bullet: '•', lquote: '‘', rquote: '’', ldblquote: '“', rdblquote: '”', zwj: '\u200d', zwnj: '\u200c',
};
const SYMBOL_CHARACTERS: Record<string, string> = { '\\': '\\', '{': '{', '}': '}', '~': '\u00a0', _: '-', '-': '' };

// \fcharsetN to Windows code page; 0 and 1 mean the document's own (\ansicpg).
// prettier-ignore
const CODE_PAGE_BY_CHARSET: Record<number, number> = {
  77: 10000, 128: 932, 129: 949, 134: 936, 136: 950, 161: 1253, 162: 1254, 163: 1258, 177: 1255,
  178: 1256, 186: 1257, 204: 1251, 222: 874, 238: 1250,
};
const ENCODING_BY_CODE_PAGE: Record<number, string> = {
  932: 'shift_jis',
  936: 'gbk',
  949: 'euc-kr',
  950: 'big5',
  10000: 'macintosh',
  866: 'ibm866',
};

type Destination = 'body' | 'fonttbl' | 'stylesheet' | 'style' | 'info' | 'title' | 'skip';

interface GroupState {
  destination: Destination;
  /** Characters to skip after \uN. */
  unicodeSkip: number;
  font: number | null;
}

interface StyleEntry {
  number: number;
  isParagraphStyle: boolean;
  outlineLevel?: number;
  name: string;
}

interface ParagraphProperties {
  style: number;
  outlineLevel?: number;
  inTable: boolean;
  isListItem: boolean;
}

export function readRtf(bytes: Buffer, origin: string): SourceDocument {
  // latin1 keeps one character per byte, so \binN lengths and raw 8-bit bytes stay exact.
  const source = bytes.toString('latin1');
  if (!/^\s*\{\\rtf/.test(source)) throw IngestError.invalid(FORMAT_NAME);
  return new RtfReader(source, origin).read();
}

class RtfReader {
  private readonly builder = new DocumentBuilder();
  private readonly groups: GroupState[] = [];
  private state: GroupState = { destination: 'body', unicodeSkip: 1, font: null };
  private position = 0;

  private documentCodePage = 1252;
  private defaultFont: number | null = null;
  private readonly codePageByFont = new Map<number, number>();
  private fontBeingDefined: number | null = null;
  private readonly styles = new Map<number, StyleEntry>();
  private styleBeingDefined: StyleEntry | null = null;

  private title = '';
  private titleParagraph = '';
  private paragraph: ParagraphProperties = { style: 0, inTable: false, isListItem: false };
  private text = '';
  private cell: string[] = [];
  private row: string[] = [];
  private table: string[][] = [];
  /** Bytes from \'hh (or raw 8-bit characters) waiting to be decoded together (DBCS pairs). */
  private pendingBytes: number[] = [];
  /** Fallback characters still to skip after a \uN. */
  private skipping = 0;

  constructor(private readonly source: string, private readonly origin: string) {}

  read(): SourceDocument {
    const { source } = this;
    let finished = false;
    while (this.position < source.length && !finished) {
      const char = source[this.position++]!;
      if (char === '{' || char === '}') {
        // A group boundary ends any \uN fallback.
        this.skipping = 0;
      }
      if (char === '{') {
        this.flushBytes();
        this.groups.push(this.state);
        this.state = { ...this.state };
        this.openGroup();
      } else if (char === '}') {
        this.flushBytes();
        this.closeGroup();
        const outer = this.groups.pop();
        if (!outer) throw IngestError.invalid(FORMAT_NAME);
        this.state = outer;
        // The document ends with the group that opened it; anything after is not RTF content.
        finished = this.groups.length === 0;
      } else if (char === '\\') {
        this.controlSequence();
      } else if (char === '\r' || char === '\n') {
        // Line breaks in the file are formatting of the RTF itself, not text.
      } else if (this.consumesFallback()) {
        // Fallback representation of the preceding \uN.
      } else if (char.charCodeAt(0) >= 0x80) {
        this.pendingBytes.push(char.charCodeAt(0));
      } else {
        this.flushBytes();
        this.emit(char);
      }
    }
    if (!finished) throw IngestError.invalid(FORMAT_NAME);
    this.endParagraph();
    this.flushTable();
    const title = this.title || this.titleParagraph || titleFromFilename(this.origin);
    return this.builder.build({ title, format: 'rtf', origin: this.origin });
  }

  // -- groups and destinations ------------------------------------------------------------------

  private openGroup(): void {
    if (this.state.destination === 'stylesheet') {
      this.state.destination = 'style';
      this.styleBeingDefined = { number: 0, isParagraphStyle: true, name: '' };
    }
  }

  private closeGroup(): void {
    const entry = this.styleBeingDefined;
    if (
      this.state.destination === 'style' &&
      entry &&
      this.groups[this.groups.length - 1]?.destination === 'stylesheet'
    ) {
      if (entry.isParagraphStyle)
        this.styles.set(entry.number, { ...entry, name: cleanText(entry.name.replace(/;\s*$/, '')).toLowerCase() });
      this.styleBeingDefined = null;
    }
  }

  // -- control words and symbols ---------------------------------------------------------------

  private controlSequence(): void {
    const { source } = this;
    const next = source[this.position] ?? '';
    if (!/[a-zA-Z]/.test(next)) {
      this.position += 1;
      this.controlSymbol(next);
      return;
    }
    const match = /^([a-zA-Z]{1,32})(-?\d{1,10})? ?/.exec(source.slice(this.position, this.position + 48));
    const word = match?.[1] ?? next;
    const parameter = match?.[2] === undefined ? undefined : Number(match[2]);
    this.position += match?.[0].length ?? 1;
    if (word === 'bin') {
      // Raw binary data of the given length: never interpreted as RTF.
      this.position += Math.max(0, parameter ?? 0);
      return;
    }
    if (word === 'u' && parameter !== undefined) {
      this.flushBytes();
      this.emit(String.fromCharCode(parameter < 0 ? parameter + 65536 : parameter));
      this.skipping = this.state.unicodeSkip;
      return;
    }
    this.flushBytes();
    this.controlWord(word, parameter);
  }

  private controlSymbol(symbol: string): void {
    if (symbol === "'") {
      const hex = this.source.slice(this.position, this.position + 2);
      this.position += 2;
      if (this.consumesFallback()) return;
      const byte = Number.parseInt(hex, 16);
      if (!Number.isNaN(byte)) this.pendingBytes.push(byte);
      return;
    }
    this.flushBytes();
    if (symbol === '*') {
      // An optional destination: readers that do not know it skip the whole group. (Only a
      // group inside the document can be one; a stray \* must not hide the whole text.)
      if (this.groups.length > 1) this.state.destination = 'skip';
    } else if (symbol === '\n' || symbol === '\r') {
      this.controlWord('par', undefined);
    } else if (symbol in SYMBOL_CHARACTERS && !this.consumesFallback()) {
      this.emit(SYMBOL_CHARACTERS[symbol]!);
    }
  }

  private controlWord(word: string, parameter: number | undefined): void {
    const { state } = this;
    if (state.destination === 'skip') return;
    if (SKIPPED_DESTINATIONS.has(word)) {
      state.destination = 'skip';
      return;
    }
    if (LIST_TEXT_DESTINATIONS.has(word)) {
      this.paragraph.isListItem = true;
      state.destination = 'skip';
      return;
    }
    const value = parameter ?? 0;
    switch (word) {
      case 'ansicpg':
        this.documentCodePage = value;
        return;
      case 'deff':
        this.defaultFont = value;
        return;
      case 'uc':
        state.unicodeSkip = Math.max(0, value);
        return;
      case 'fonttbl':
        state.destination = 'fonttbl';
        return;
      case 'stylesheet':
        state.destination = 'stylesheet';
        return;
      case 'info':
        state.destination = 'info';
        return;
      case 'title':
        if (state.destination === 'info') state.destination = 'title';
        return;
      case 'f':
        if (state.destination === 'fonttbl') this.fontBeingDefined = value;
        else state.font = value;
        return;
      case 'fcharset': {
        const codePage = CODE_PAGE_BY_CHARSET[value];
        if (state.destination === 'fonttbl' && this.fontBeingDefined !== null && codePage) {
          this.codePageByFont.set(this.fontBeingDefined, codePage);
        }
        return;
      }
      case 'cpg':
        if (state.destination === 'fonttbl' && this.fontBeingDefined !== null)
          this.codePageByFont.set(this.fontBeingDefined, value);
        return;
      case 's':
        if (state.destination === 'style' && this.styleBeingDefined) this.styleBeingDefined.number = value;
        else if (state.destination === 'body') this.paragraph.style = value;
        return;
      case 'cs':
      case 'ds':
      case 'ts':
      case 'tsrowd':
        if (state.destination === 'style' && this.styleBeingDefined) this.styleBeingDefined.isParagraphStyle = false;
        return;
      case 'outlinelevel':
        if (state.destination === 'style' && this.styleBeingDefined) this.styleBeingDefined.outlineLevel = value;
        else if (state.destination === 'body') this.paragraph.outlineLevel = value;
        return;
    }
    if (state.destination !== 'body') return;
    switch (word) {
      case 'par':
        this.endParagraph();
        return;
      case 'pard':
        // Paragraph properties last until reset; a new table row sets \intbl again.
        this.paragraph = { style: 0, inTable: false, isListItem: false };
        return;
      case 'intbl':
        this.paragraph.inTable = true;
        return;
      case 'ls':
        this.paragraph.isListItem = true;
        return;
      case 'cell':
      case 'nestcell':
        this.endCell();
        return;
      case 'row':
        this.endRow();
        return;
      default:
        // A symbol word stands for a character, so it can be a \uN fallback.
        if (word in SYMBOL_WORDS && !this.consumesFallback()) this.emit(SYMBOL_WORDS[word]!);
    }
  }

  /** True (and counts down) while the fallback characters of a \uN are being skipped. */
  private consumesFallback(): boolean {
    if (this.skipping === 0) return false;
    this.skipping -= 1;
    return true;
  }

  // -- text -----------------------------------------------------------------------------------

  private emit(text: string): void {
    switch (this.state.destination) {
      case 'body':
        this.text += text;
        return;
      case 'style':
        if (this.styleBeingDefined) this.styleBeingDefined.name += text;
        return;
      case 'title':
        this.title += text;
        return;
    }
  }

  private flushBytes(): void {
    if (this.pendingBytes.length === 0) return;
    const bytes = Uint8Array.from(this.pendingBytes);
    this.pendingBytes = [];
    this.emit(decoderFor(this.codePage()).decode(bytes));
  }

  private codePage(): number {
    const font = this.state.font ?? this.defaultFont;
    return (font !== null ? this.codePageByFont.get(font) : undefined) ?? this.documentCodePage;
  }

  // -- structure ------------------------------------------------------------------------------

  private endParagraph(): void {
    const text = this.text;
    this.text = '';
    if (this.paragraph.inTable) {
      this.cell.push(text);
      return;
    }
    this.flushTable();
    const style = this.styles.get(this.paragraph.style);
    const styleName = style?.name ?? '';
    const outline = this.paragraph.outlineLevel ?? style?.outlineLevel;
    const named = /^heading ([1-9])$/.exec(styleName);
    // Outline level 9 is body text.
    const level = outline !== undefined && outline >= 0 && outline <= 8 ? outline + 1 : named ? Number(named[1]) : 0;
    if (styleName === 'title' && !this.titleParagraph && cleanText(text)) this.titleParagraph = cleanText(text);
    else if (level > 0) this.builder.heading(text, level);
    else if (this.paragraph.isListItem || styleName.startsWith('list')) this.builder.bullet(text);
    else this.builder.paragraph(text);
    // List text belongs to one paragraph; the next one declares its own.
    this.paragraph.isListItem = false;
  }

  private endCell(): void {
    // The cell's last paragraph ends with \cell instead of \par.
    this.cell.push(this.text);
    this.text = '';
    this.row.push(
      this.cell
        .map((text) => cleanText(text))
        .filter(Boolean)
        .join(' ')
    );
    this.cell = [];
  }

  private endRow(): void {
    if (this.row.length > 0) this.table.push(this.row);
    this.row = [];
  }

  private flushTable(): void {
    if (this.row.length > 0) this.endRow();
    if (this.table.length > 0) this.builder.table(this.table);
    this.table = [];
  }
}

const decoders = new Map<number, TextDecoder>();

function decoderFor(codePage: number): TextDecoder {
  let decoder = decoders.get(codePage);
  if (!decoder) {
    const label = ENCODING_BY_CODE_PAGE[codePage] ?? `windows-${codePage}`;
    try {
      decoder = new TextDecoder(label);
    } catch {
      // An unknown code page: Western European is the common case.
      decoder = new TextDecoder('windows-1252');
    }
    decoders.set(codePage, decoder);
  }
  return decoder;
}
