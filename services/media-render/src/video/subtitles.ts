// Subtitles from the narration: one or more cues per sentence, timed within each part of a slide's
// narration (each part is spoken on its own, so its place in the clip is exact) by the share of the
// part's text that each cue holds (speech engines read at a roughly even pace, and
// no provider reports word timings). Cues hold at most two lines of 42 columns, the usual limit for
// readable subtitles; CJK characters take two columns.
import { splitSentences } from '@trainwright/formats';
import { wrapText } from '../render/text-layout.js';
import type { NarratedSlide } from './narration.js';

export interface Cue {
  startMs: number;
  endMs: number;
  /** One or two lines, separated by '\n'. */
  text: string;
}

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

/** 'hh:mm:ss.mmm' (WebVTT) or 'hh:mm:ss,mmm' (SRT). */
export function formatTimestamp(ms: number, separator: '.' | ',' = '.'): string {
  const t = Math.max(0, Math.round(ms));
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(t / 3_600_000))}:${pad(Math.floor(t / 60_000) % 60)}:${pad(Math.floor(t / 1000) % 60)}${separator}${pad(t % 1000, 3)}`;
}

/** Cue text as WebVTT reads it: '&', '<' and '>' escaped, so markup in the narration shows as written and '-->' cannot occur. */
function vttText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function toWebVtt(cues: readonly Cue[]): string {
  const body = cues.map((c, i) => `${i + 1}\n${formatTimestamp(c.startMs)} --> ${formatTimestamp(c.endMs)}\n${vttText(c.text)}\n`);
  return ['WEBVTT\n', ...body].join('\n');
}

export function toSrt(cues: readonly Cue[]): string {
  return cues.map((c, i) => `${i + 1}\n${formatTimestamp(c.startMs, ',')} --> ${formatTimestamp(c.endMs, ',')}\n${c.text}\n`).join('\n');
}
