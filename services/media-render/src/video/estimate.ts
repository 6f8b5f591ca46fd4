// How long the narrated video will be, without speaking it: each video slide's narration (the
// same parts narrationParts gives the render) at the voice's speaking rate, plus what the
// timeline adds (the pause after each slide, the shortest slide). What pay-per-use prices.
import type { RenderInput, VoiceSettings } from '../domain/types.js';
import { clamp, ESPEAK_RATE } from '../adapters/speech/espeak.js';
import { FLITE_RATE } from '../adapters/speech/flite.js';
import { narrationParts, slideDurationMs } from './narration.js';

/** Words per minute of a cloud voice at speed 1 (OpenAI's and ElevenLabs' voices speak about this fast). */
export const CLOUD_WORDS_PER_MINUTE = 160;
/** What a clip adds to its words: the engine's silence at its start and end (each part is spoken as one clip). */
export const PART_OVERHEAD_MS = 300;

/** Each embedded engine's rate: words per minute (Flite's normal 145, espeak-ng's 175). */
const EMBEDDED_RATES = new Map([['espeak', ESPEAK_RATE], ['flite', FLITE_RATE]]);

/** The voice's words per minute: an embedded engine's rate is one; a cloud voice's is a speed factor. */
export function wordsPerMinute(voice: VoiceSettings): number {
  const embedded = EMBEDDED_RATES.get(voice.provider);
  if (embedded) return clamp(voice.rate ?? embedded.normal, embedded.min, embedded.max);
  return CLOUD_WORDS_PER_MINUTE * Math.min(4, Math.max(0.25, voice.rate ?? 1));
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/** Words as a speaker says them (languages without spaces counted by their word segments). */
export function countWords(text: string): number {
  let words = 0;
  for (const s of segmenter.segment(text)) if (s.isWordLike) words++;
  return words;
}

/** Each video slide's time on screen in ms, in video order (the title card first). */
export function estimateSlideDurationsMs(input: RenderInput, voice: VoiceSettings): number[] {
  const wpm = wordsPerMinute(voice);
  return narrationParts(input).map((slide) => {
    const spoken = slide.parts.filter((p) => p.trim() !== '');
    if (spoken.length === 0) return slideDurationMs(null);
    const clipMs = spoken.reduce((ms, part) => ms + (countWords(part) / wpm) * 60_000 + PART_OVERHEAD_MS, 0);
    return slideDurationMs(clipMs);
  });
}
