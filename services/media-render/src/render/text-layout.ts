// Line breaking and right-to-left ordering for renderers that place text themselves (the PDF guide)
// or must know how much text fits a box (the PowerPoint slides).
//
// Lines break at spaces and between CJK characters (which are written without spaces); closing
// punctuation stays with the character before it, and a word wider than the line is cut between
// grapheme clusters. Bidirectional text follows a reduced form of the Unicode algorithm that is
// enough for sentences: strong characters set the direction of their run, neutral characters take
// the direction of their neighbours when both agree, and runs are reordered by level.
import type { FontFamily } from '@trainwright/templates';
import { fontRuns, type FontRun, type FontWeight } from './fonts.js';

/** Characters that may break a line on either side (Han, kana, CJK symbols). */
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u3000-\\u303f\\uff00-\\uffef';
// Whitespace, one CJK character with the closing punctuation after it, or a run of anything else.
const TOKEN = new RegExp(`\\s+|[${CJK}][\\p{Pe}\\p{Pf}\\p{Po}]*|[^\\s${CJK}]+`, 'gu');
const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/** Measures the advance width of a text in the style being laid out. */
export type Measure = (text: string) => number;

/**
 * The text broken into lines no wider than `maxWidth`. Line breaks in the text are kept (an empty
 * line stays an empty line); runs of whitespace become one space.
 */
export function wrapText(text: string, maxWidth: number, measure: Measure): string[] {
  const lines: string[] = [];
  const spaceWidth = measure(' ');
  for (const hardLine of text.split('\n')) {
    let line = '';
    let lineWidth = 0;
    let spaceBefore = false;
    const flush = () => {
      lines.push(line);
      line = '';
      lineWidth = 0;
    };
    for (const [token] of hardLine.matchAll(TOKEN)) {
      if (/^\s/u.test(token)) {
        spaceBefore = line !== '';
        continue;
      }
      const tokenWidth = measure(token);
      const gap = spaceBefore ? spaceWidth : 0;
      spaceBefore = false;
      if (line !== '' && lineWidth + gap + tokenWidth <= maxWidth) {
        line += gap > 0 ? ` ${token}` : token;
        lineWidth += gap + tokenWidth;
        continue;
      }
      if (line !== '') flush();
      if (tokenWidth <= maxWidth) {
        line = token;
        lineWidth = tokenWidth;
        continue;
      }
      // A word longer than the line (a URL, a long number): cut it between grapheme clusters.
      for (const { segment } of graphemes.segment(token)) {
        const w = measure(segment);
        if (line !== '' && lineWidth + w > maxWidth) flush();
        line += segment;
        lineWidth += w;
      }
    }
    flush();
  }
  return lines;
}

const CJK_CHAR = new RegExp(`[${CJK}]`, 'u');

/** Wrapped lines back to running text: a space between words, none between CJK characters. */
export function unwrap(lines: readonly string[]): string {
  return lines.reduce((text, line) => {
    if (text === '') return line;
    const joinsCjk = CJK_CHAR.test([...text.slice(-2)].pop() ?? '') || CJK_CHAR.test([...line.slice(0, 2)][0] ?? '');
    return joinsCjk ? text + line : `${text} ${line}`;
  }, '');
}

/** The width of the widest unbreakable piece of a text (a word, or one CJK character). */
export function widestWord(text: string, measure: Measure): number {
  let widest = 0;
  for (const [token] of text.matchAll(TOKEN)) if (!/^\s/u.test(token)) widest = Math.max(widest, measure(token));
  return widest;
}

/**
 * The longest start of `text` that fits `maxWidth` with an ellipsis after it, cut at a space when
 * one is near; the text itself when it fits.
 */
export function ellipsize(text: string, maxWidth: number, measure: Measure): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  if (measure(flat) <= maxWidth) return flat;
  const clusters = [...graphemes.segment(flat)].map((s) => s.segment);
  // Binary search on the number of clusters kept: widths grow with the prefix.
  let low = 0;
  let high = clusters.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(`${clusters.slice(0, mid).join('')}…`) <= maxWidth) low = mid;
    else high = mid - 1;
  }
  let kept = clusters.slice(0, low).join('');
  const space = kept.lastIndexOf(' ');
  if (space > kept.length * 0.6) kept = kept.slice(0, space);
  return `${kept.trimEnd()}…`;
}

/** One block of a text box: a point or a paragraph. */
export interface FitItem {
  text: string;
  /** Width the block loses to its bullet and indentation. */
  indent: number;
}

export interface FitBox {
  width: number;
  height: number;
  /** Font sizes tried, largest first: whole numbers from `maxSize` down to `minSize`. */
  maxSize: number;
  minSize: number;
  /** Line height as a multiple of the font size. */
  lineHeight: number;
  /** Space between blocks as a multiple of the font size. */
  blockGap: number;
}

export interface FitResult {
  size: number;
  /** The lines of each block that fit; blocks after a cut are left out. */
  blocks: string[][];
  /** Whether text was cut (an ellipsis ends the last line) because it did not fit at the smallest size. */
  truncated: boolean;
}

function blockHeight(blocks: string[][], size: number, box: FitBox): number {
  const lines = blocks.reduce((n, b) => n + b.length, 0);
  return lines * size * box.lineHeight + Math.max(0, blocks.length - 1) * size * box.blockGap;
}

/**
 * The largest font size at which the blocks fit the box, with their lines. At the smallest size
 * text that still overflows is cut after the last line that fits, so nothing draws outside.
 */
export function fitText(items: readonly FitItem[], box: FitBox, measureAt: (size: number) => Measure): FitResult {
  const lineWidth = (item: FitItem, size: number) => Math.max(box.width - item.indent, size);
  const layout = (size: number) => items.map((item) => wrapText(item.text, lineWidth(item, size), measureAt(size)));
  // A size fits when the text is short enough and no word has to be cut in two.
  const fits = (size: number) =>
    blockHeight(layout(size), size, box) <= box.height &&
    items.every((item) => widestWord(item.text, measureAt(size)) <= lineWidth(item, size));
  // Binary search: height and word widths only grow with the size.
  let low = box.minSize;
  let high = box.maxSize;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(mid)) low = mid;
    else high = mid - 1;
  }
  const size = low;
  const blocks = layout(size);
  if (blockHeight(blocks, size, box) <= box.height) return { size, blocks, truncated: false };

  const kept: string[][] = [];
  const lineStep = size * box.lineHeight;
  let room = box.height;
  for (const [i, lines] of blocks.entries()) {
    if (i > 0) room -= size * box.blockGap;
    const fits = Math.floor((room + 1e-6) / lineStep);
    if (fits >= lines.length) {
      kept.push(lines);
      room -= lines.length * lineStep;
      continue;
    }
    const measure = measureAt(size);
    const previous = kept[kept.length - 1];
    if (fits < 1 && previous) {
      // No line of this block fits: the block before it ends with the ellipsis.
      const end = previous.length - 1;
      previous[end] = ellipsize(`${previous[end]}…`, box.width - items[i - 1]!.indent, measure);
      break;
    }
    // The last line that fits takes the start of the next one and an ellipsis (one line at least).
    const cut = lines.slice(0, Math.max(fits, 1));
    const last = cut.length - 1;
    cut[last] = ellipsize(`${cut[last]} ${lines[last + 1] ?? ''}`, box.width - items[i]!.indent, measure);
    kept.push(cut);
    break;
  }
  return { size, blocks: kept, truncated: true };
}

// ---------------------------------------------------------------------------------------------
// Direction

const RTL_LETTER = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const STRONG = /[\p{L}\p{N}]/u;
const COMBINING = /\p{M}/u;
const MIRRORED: Record<string, string> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '<': '>',
  '>': '<',
  '«': '»',
  '»': '«',
};

type Direction = 'ltr' | 'rtl';

function strongDirection(char: string): Direction | null {
  if (RTL_LETTER.test(char)) return 'rtl';
  return STRONG.test(char) ? 'ltr' : null;
}

/** The paragraph direction: that of its first strong character (rule P2), left-to-right without one. */
export function baseDirection(text: string): Direction {
  for (const char of text) {
    const d = strongDirection(char);
    if (d) return d;
  }
  return 'ltr';
}

export const isRightToLeft = (text: string): boolean => baseDirection(text) === 'rtl';

/** A piece of a line in one direction, in logical order. */
export interface DirectionalRun {
  text: string;
  direction: Direction;
  /** Whether the run is made of letters (or digits) rather than spaces and punctuation. */
  strong: boolean;
}

/**
 * A line cut into directional runs and put in visual order (left to right on the page). Text of
 * a right-to-left run stays in logical order: the shaper (fontkit) reverses and joins its glyphs.
 * Neutral runs that became right-to-left are reversed here, with brackets mirrored, since the
 * shaper treats them as left-to-right.
 */
export function visualRuns(line: string, base: Direction = baseDirection(line)): DirectionalRun[] {
  // Cut into runs of strong left-to-right, strong right-to-left and neutral characters.
  const pieces: Array<{ text: string; strong: Direction | null }> = [];
  for (const char of line) {
    const strong = strongDirection(char);
    const last = pieces[pieces.length - 1];
    // A combining mark belongs to the character before it (Arabic vowel signs must stay with their letter).
    if (last && (last.strong === strong || COMBINING.test(char))) last.text += char;
    else pieces.push({ text: char, strong });
  }
  // Neutrals between two runs of one direction take it; other neutrals take the paragraph's.
  const runs = pieces.map((piece, i): { text: string; direction: Direction; level: number; neutral: boolean } => {
    let direction = piece.strong;
    if (!direction) {
      const before =
        pieces
          .slice(0, i)
          .reverse()
          .find((p) => p.strong)?.strong ?? base;
      const after = pieces.slice(i + 1).find((p) => p.strong)?.strong ?? base;
      direction = before === after ? before : base;
    }
    // Levels of rule I1/I2: right-to-left text is level 1; left-to-right text is 0, or 2 inside a right-to-left paragraph.
    const level = direction === 'rtl' ? 1 : base === 'rtl' ? 2 : 0;
    return { text: piece.text, direction, level, neutral: piece.strong === null };
  });
  // Rule L2: from the highest level down, reverse every sequence at that level or above.
  const maxLevel = Math.max(0, ...runs.map((r) => r.level));
  for (let level = maxLevel; level >= 1; level--) {
    let i = 0;
    while (i < runs.length) {
      if (runs[i]!.level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < runs.length && runs[j]!.level >= level) j++;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }
  return runs.map((r) => ({
    text:
      r.neutral && r.direction === 'rtl'
        ? [...r.text]
            .reverse()
            .map((c) => MIRRORED[c] ?? c)
            .join('')
        : r.text,
    direction: r.direction,
    strong: !r.neutral,
  }));
}

/**
 * A line as font runs in drawing order, left to right. The shaper (fontkit, inside pdf-lib)
 * reverses and joins the glyphs of a Hebrew or Arabic run itself, so such a run keeps its logical
 * text and only the order of its font runs is reversed.
 */
export function drawingRuns(line: string, family: FontFamily, weight: FontWeight, base: Direction = baseDirection(line)): FontRun[] {
  return visualRuns(line, base).flatMap((run) => {
    const runs = fontRuns(run.text, family, weight);
    return run.direction === 'rtl' && run.strong ? runs.reverse() : runs;
  });
}
