// The speech section of an analysis from a transcript: words per minute of speaking time, and time
// speaking against time silent. Pure.
// - speaking time is the union of the words' spans with pauses shorter than PAUSE_SECONDS bridged
//   (a breath between words belongs to speaking; a longer stop does not), so the rate is the one a
//   listener hears while someone talks, as narration guidelines mean it; without word times the
//   segments' spans stand in, and the words are counted from the text;
// - bands: 130-160 wpm a comfortable pace (the usual guideline for narration; conversational
//   English averages about 150 wpm), 110-130 and 160-190 still fine, slower or faster a problem.
import type { Transcript } from '../../adapters/transcription/types.js';
import { mergeIntervals, type Interval } from './frame-metadata.js';
import type { SpeechMetrics } from './types.js';

export const PAUSE_SECONDS = 1;
export const SPEECH_RATE_BANDS = { slow: 110, comfortableFrom: 130, comfortableTo: 160, fast: 190 } as const;

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Spans with gaps shorter than `pause` closed. */
export function speakingSpans(spans: readonly Interval[], pause = PAUSE_SECONDS): Interval[] {
  const merged = mergeIntervals(spans);
  const out: Interval[] = [];
  for (const s of merged) {
    const last = out[out.length - 1];
    if (last && s.start - last.end < pause) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

export function speechRateVerdict(wpm: number | null): { verdict: string; ok: boolean } {
  const b = SPEECH_RATE_BANDS;
  if (wpm === null) return { verdict: 'no speech recognised', ok: true };
  if (wpm < b.slow) return { verdict: `slow speech (${Math.round(wpm)} words per minute)`, ok: false };
  if (wpm < b.comfortableFrom) return { verdict: 'a little slow', ok: true };
  if (wpm <= b.comfortableTo) return { verdict: 'a comfortable pace', ok: true };
  if (wpm <= b.fast) return { verdict: 'brisk', ok: true };
  return { verdict: `fast speech (${Math.round(wpm)} words per minute)`, ok: false };
}

/** The speech section from a transcript of a video of `durationSeconds`. */
export function measureSpeech(transcript: Transcript, durationSeconds: number): SpeechMetrics {
  const hasWordTimes = transcript.words.length > 0;
  const words = hasWordTimes ? transcript.words.length : transcript.text.split(/\s+/).filter((w) => w !== '').length;
  const spans = hasWordTimes ? transcript.words.map((w) => ({ start: w.start, end: w.end })) : transcript.segments.map((s) => ({ start: s.start, end: s.end }));
  const speaking = speakingSpans(spans).reduce((sum, s) => sum + (s.end - s.start), 0);
  const total = durationSeconds > 0 ? durationSeconds : transcript.duration_seconds;
  const speakingSeconds = Math.min(speaking, total > 0 ? total : speaking);
  const wpm = words > 0 && speakingSeconds > 0 ? words / (speakingSeconds / 60) : null;
  return {
    available: true,
    words,
    words_per_minute: wpm === null ? null : round(wpm),
    speaking_seconds: round(speakingSeconds, 2),
    silent_seconds: round(Math.max(0, total - speakingSeconds), 2),
    speaking_share: total > 0 ? round(speakingSeconds / total, 3) : 0,
    engine: transcript.engine,
    language_code: transcript.language_code,
    ...speechRateVerdict(wpm),
  };
}
