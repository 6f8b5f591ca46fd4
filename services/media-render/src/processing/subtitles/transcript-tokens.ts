// A transcript as timed tokens, the unit subtitles break between: the recogniser's words when it
// timed them, else the words of each segment's text, timed by their share of the segment's
// characters (counted in display columns, as the narration's cues are: a CJK character takes
// about as long to say as two Latin letters).
import { AppError } from '@trainwright/platform';
import type { Transcript } from '../../adapters/transcription/types.js';
import { unwrap } from '../../render/text-layout.js';
import { columns } from '../../video/subtitles.js';

export interface Token {
  text: string;
  startMs: number;
  endMs: number;
  speaker?: number;
  /** Whether a space separates it from the token before (none between CJK characters). */
  spaceBefore: boolean;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
// Punctuation that belongs to the word before it, when a recogniser gives it as a word of its own.
const CLOSING = /^[.,!?;:…%)\]}»”’\u3001\u3002\uff01\uff0c\uff1a\uff1b\uff1f]+$/u;

const toMs = (seconds: number) => Math.max(0, Math.round(seconds * 1000));

function checkTime(value: number, what: string): void {
  if (!Number.isFinite(value)) throw AppError.validation('transcript_data', `The transcript has a ${what} time that is not a number.`);
}

/** Whether unwrap, which joins wrapped lines, puts a space between the two texts. */
const spaced = (before: string, text: string) => unwrap([before, text]) !== before + text;

/**
 * A text cut into words: at whitespace, and a run of CJK (written without spaces) into words by
 * Intl.Segmenter, with its punctuation kept on the word before.
 */
export function splitWords(text: string, languageCode = 'und'): Array<{ text: string; spaceBefore: boolean }> {
  const words: Array<{ text: string; spaceBefore: boolean }> = [];
  const segmenter = new Intl.Segmenter(languageCode, { granularity: 'word' });
  for (const chunk of text.split(/\s+/u)) {
    if (chunk === '') continue;
    if (!CJK.test(chunk)) {
      words.push({ text: chunk, spaceBefore: true });
      continue;
    }
    let first = true;
    for (const { segment, isWordLike } of segmenter.segment(chunk)) {
      const last = words[words.length - 1];
      if (!isWordLike && !first && last) last.text += segment;
      else words.push({ text: segment, spaceBefore: first });
      first = false;
    }
  }
  return words;
}

function fromWords(transcript: Transcript): Token[] {
  const words = transcript.words
    .map((w, index) => {
      checkTime(w.start, 'word start');
      checkTime(w.end, 'word end');
      return { ...w, index, text: w.word.replace(/\s+/gu, ' ').trim() };
    })
    .filter((w) => w.text !== '')
    // Stable: words that start together keep the recogniser's order.
    .sort((a, b) => a.start - b.start || a.index - b.index);
  const tokens: Token[] = [];
  for (const w of words) {
    const startMs = toMs(w.start);
    const endMs = Math.max(startMs, toMs(w.end));
    const last = tokens[tokens.length - 1];
    if (last && CLOSING.test(w.text)) {
      last.text += w.text;
      last.endMs = Math.max(last.endMs, endMs);
      continue;
    }
    tokens.push({ text: w.text, startMs, endMs, speaker: w.speaker, spaceBefore: last ? spaced(last.text, w.text) : true });
  }
  return tokens;
}

function fromSegments(transcript: Transcript): Token[] {
  const segments = transcript.segments.length
    ? transcript.segments
    : // No segments either: the whole text over the whole audio.
      [{ start: 0, end: transcript.duration_seconds, text: transcript.text }];
  const tokens: Token[] = [];
  for (const segment of [...segments].sort((a, b) => a.start - b.start)) {
    checkTime(segment.start, 'segment start');
    checkTime(segment.end, 'segment end');
    const words = splitWords(segment.text ?? '', transcript.language_code);
    // Column offsets of each word in the segment's text, a space counting one.
    const offsets: number[] = [];
    let total = 0;
    words.forEach((w, i) => {
      if (i > 0 && w.spaceBefore) total += 1;
      offsets.push(total);
      total += columns(w.text);
    });
    const startMs = toMs(segment.start);
    const durationMs = Math.max(0, toMs(segment.end) - startMs);
    const at = (offset: number) => startMs + Math.round((durationMs * offset) / Math.max(total, 1));
    words.forEach((w, i) => {
      const last = tokens[tokens.length - 1];
      // A segment's first word joins the last segment's as unwrap joins lines.
      const spaceBefore = i === 0 ? !last || spaced(last.text, w.text) : w.spaceBefore;
      tokens.push({ text: w.text, startMs: at(offsets[i]!), endMs: at(offsets[i]! + columns(w.text)), speaker: segment.speaker, spaceBefore });
    });
  }
  return tokens;
}

/** The transcript's tokens in time order: its timed words, else its segments' text. */
export function transcriptTokens(transcript: Transcript): Token[] {
  return transcript.words.length > 0 ? fromWords(transcript) : fromSegments(transcript);
}
