// POST /api/video/subtitles: a subtitle file from a transcript. The request's settings are checked
// here, so the route only passes the body on; a transcript with nothing said is refused (400)
// rather than answered with an empty file, which ffmpeg cannot even read as SRT.
import { VIDEO_RANGES } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import type { Transcript } from '../../adapters/transcription/types.js';
import { buildTranscriptCues, DEFAULT_CUE_RULES, type SpeakerPrefix } from './build-cues.js';
import { serializeCues, SUBTITLE_CONTENT_TYPES, SUBTITLE_FORMATS, type AssOptions, type SpeakerCue, type SubtitleFormat } from './cue-format.js';

export interface SubtitlesRequest {
  transcript_data: Transcript;
  /** Display columns per line (CJK characters count two), 10-120; default 50. */
  max_chars_per_line?: number;
  /** Seconds, 1-30; default 5. */
  max_duration_per_subtitle?: number;
  /** Default 'srt'. */
  subtitle_format?: SubtitleFormat;
  /** How a change of speaker shows in a diarized transcript; default 'dash'. */
  speaker_prefix?: SpeakerPrefix;
}

export interface SubtitlesFile {
  format: SubtitleFormat;
  /** File name extension, without the dot. */
  extension: SubtitleFormat;
  contentType: string;
  content: string;
  cues: SpeakerCue[];
}

/** The catalogue's ranges (the API and the dialog check the same). */
export const MAX_CHARS_PER_LINE_RANGE = VIDEO_RANGES.max_chars_per_line;
export const MAX_DURATION_RANGE_SECONDS = VIDEO_RANGES.max_duration_per_subtitle;

function numberIn(field: string, value: unknown, fallback: number, range: { min: number; max: number }): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < range.min || value > range.max) {
    throw AppError.validation(field, `${field} must be a number from ${range.min} to ${range.max}.`);
  }
  return value;
}

function checkTranscript(value: unknown): Transcript {
  const t = value as Partial<Transcript> | null | undefined;
  if (!t || typeof t !== 'object' || !Array.isArray(t.words) || !Array.isArray(t.segments)) {
    throw AppError.validation('transcript_data', 'transcript_data must be a transcript with words and segments.');
  }
  return { ...t, text: t.text ?? '', language_code: t.language_code ?? 'en-US', duration_seconds: t.duration_seconds ?? 0 } as Transcript;
}

/** The subtitle file the request asks for. */
export function createSubtitles(request: SubtitlesRequest, ass: AssOptions = {}): SubtitlesFile {
  const transcript = checkTranscript(request.transcript_data);
  const maxCharsPerLine = Math.floor(numberIn('max_chars_per_line', request.max_chars_per_line, DEFAULT_CUE_RULES.maxCharsPerLine, MAX_CHARS_PER_LINE_RANGE));
  const maxSeconds = numberIn('max_duration_per_subtitle', request.max_duration_per_subtitle, DEFAULT_CUE_RULES.maxDurationMs / 1000, MAX_DURATION_RANGE_SECONDS);
  const format = request.subtitle_format ?? 'srt';
  if (!SUBTITLE_FORMATS.includes(format)) throw AppError.validation('subtitle_format', `subtitle_format must be one of ${SUBTITLE_FORMATS.join(', ')}.`);
  const speakerPrefix = request.speaker_prefix ?? DEFAULT_CUE_RULES.speakerPrefix;
  if (!['dash', 'label', 'none'].includes(speakerPrefix)) throw AppError.validation('speaker_prefix', 'speaker_prefix must be dash, label or none.');

  const maxDurationMs = Math.round(maxSeconds * 1000);
  // The minimum display time never exceeds the maximum a cue may last.
  const cues = buildTranscriptCues(transcript, { maxCharsPerLine, maxDurationMs, minDisplayMs: Math.min(DEFAULT_CUE_RULES.minDisplayMs, maxDurationMs), speakerPrefix });
  if (cues.length === 0) throw AppError.validation('transcript_data', 'The transcript has no words to make subtitles from.');
  return { format, extension: format, contentType: SUBTITLE_CONTENT_TYPES[format], content: serializeCues(cues, format, ass), cues };
}
