// Counts for the editor footer. Words are counted with Unicode character classes rather than a
// word segmenter so that every platform shows the same number.

export interface TextStats {
  words: number;
  /** User-perceived characters (grapheme clusters), line breaks not counted. */
  characters: number;
  /** Lines as an editor numbers them: 'a\n' has 2; '' has 0. */
  lines: number;
}

const WHITESPACE = /\s/u;
const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;
// Han, kana and their iteration and length marks: each counts as one word, since Chinese and
// Japanese are written without spaces. Hangul is written with spaces and is counted like Latin.
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3005\u3006\u303B\u30FC\uFF70]/u;

/**
 * A word is a run of characters without whitespace that holds a letter or number ("don't",
 * "state-of-the-art", "3.14" and "e-mail" are one word each), except that every CJK character is a
 * word of its own. Runs of punctuation or emoji alone are not words.
 */
export function countWords(text: string): number {
  let words = 0;
  // Whether the current run of non-whitespace holds a letter or number yet.
  let hasLetter = false;
  for (const ch of text) {
    if (WHITESPACE.test(ch)) {
      if (hasLetter) words++;
      hasLetter = false;
    } else if (CJK.test(ch) && LETTER_OR_NUMBER.test(ch)) {
      // The run so far is a word of its own, and what follows starts a new one ('ab世界cd' is four).
      if (hasLetter) words++;
      words++;
      hasLetter = false;
    } else if (LETTER_OR_NUMBER.test(ch)) {
      hasLetter = true;
    }
  }
  if (hasLetter) words++;
  return words;
}

let graphemes: Intl.Segmenter | null | undefined;

function graphemeSegmenter(): Intl.Segmenter | null {
  if (graphemes === undefined) {
    graphemes = typeof Intl !== 'undefined' && typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;
  }
  return graphemes;
}

/** Grapheme clusters when Intl.Segmenter exists, code points otherwise; line breaks excluded. */
export function countCharacters(text: string, options: { useSegmenter?: boolean } = {}): number {
  const withoutBreaks = text.replace(/\r\n|\r|\n/g, '');
  const segmenter = options.useSegmenter === false ? null : graphemeSegmenter();
  if (!segmenter) return [...withoutBreaks].length;
  let n = 0;
  for (const _ of segmenter.segment(withoutBreaks)) n++;
  return n;
}

export function countLines(text: string): number {
  if (text === '') return 0;
  return (text.match(/\r\n|\r|\n/g)?.length ?? 0) + 1;
}

export function textStats(text: string): TextStats {
  return { words: countWords(text), characters: countCharacters(text), lines: countLines(text) };
}
