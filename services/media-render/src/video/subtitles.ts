// Subtitles from the narration: one or more cues per sentence, timed within each part of a slide's
// narration (each part is spoken on its own, so its place in the clip is exact) by the share of the
// part's text that each cue holds (speech engines read at a roughly even pace, and
// no provider reports word timings). Cues hold at most two lines of 42 columns, the usual limit for
// readable subtitles; CJK characters take two columns.
import { splitSentences } from '@trainwright/formats';
import { wrapText } from '../render/text-layout.js';
import type { Cue } from '../processing/subtitles/cue-format.js';
import type { NarratedSlide } from './narration.js';

// The files are written by the serialisation the transcript's subtitles share.
export { formatTimestamp, toSrt, toWebVtt, type Cue } from '../processing/subtitles/cue-format.js';

export const LINE_COLUMNS = 42;
export const CUE_LINES = 2;

const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff01-\uff60\uffe0-\uffe6]/u;

/** Display columns of a text: 2 for East Asian wide characters, 1 for the rest. */
export function columns(text: string): number {
  let n = 0;
  for (const ch of text) n += WIDE.test(ch) ? 2 : 1;
  return n;
}

/** Cue texts of one sentence: its lines, wrapped at LINE_COLUMNS, taken CUE_LINES at a time. */
function sentenceCues(sentence: string): string[] {
  const lines = wrapText(sentence, LINE_COLUMNS, columns).filter((l) => l.trim() !== '');
  const cues: string[] = [];
  for (let i = 0; i < lines.length; i += CUE_LINES) cues.push(lines.slice(i, i + CUE_LINES).join('\n'));
  return cues;
}

export function buildCues(slides: readonly NarratedSlide[]): Cue[] {
  const cues: Cue[] = [];
  for (const slide of slides) {
    if (!slide.clip || slide.text === '') continue;
    // Each part was spoken on its own and its place in the clip is known: cues are timed within it.
    const parts = slide.parts?.length ? slide.parts : [{ text: slide.text, startMs: 0, durationMs: slide.clip.durationMs }];
    for (const part of parts) {
      const texts = splitSentences(part.text).flatMap((s) => sentenceCues(s.text));
      const weights = texts.map((t) => columns(t.replace(/\n/g, ' ')));
      const total = weights.reduce((a, b) => a + b, 0);
      if (total === 0) continue;
      const from = slide.startMs + part.startMs;
      let before = 0;
      texts.forEach((text, i) => {
        const startMs = Math.round(from + (part.durationMs * before) / total);
        before += weights[i]!;
        const endMs = Math.round(from + (part.durationMs * before) / total);
        if (endMs > startMs) cues.push({ startMs, endMs, text });
      });
    }
  }
  return cues;
}
