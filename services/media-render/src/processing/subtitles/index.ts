// Subtitles from a word-timed transcript (POST /api/video/subtitles) and the ffmpeg filter that
// burns a subtitle file into a video. The conventions the cues follow are in build-cues.ts.
export { createSubtitles, MAX_CHARS_PER_LINE_RANGE, MAX_DURATION_RANGE_SECONDS, type SubtitlesFile, type SubtitlesRequest } from './create-subtitles.js';
export { buildTranscriptCues, DEFAULT_CUE_RULES, MAX_CUE_LINES, type CueRules, type SpeakerPrefix } from './build-cues.js';
export {
  formatAssTimestamp,
  formatTimestamp,
  serializeCues,
  toAss,
  toSrt,
  toWebVtt,
  SUBTITLE_CONTENT_TYPES,
  SUBTITLE_FORMATS,
  type AssOptions,
  type Cue,
  type SpeakerCue,
  type SubtitleFormat,
} from './cue-format.js';
export { burnInFilter, escapeFilterArguments, escapeFilterValue, DEFAULT_FORCE_STYLE, type BurnInFilterOptions } from './burn-in-filter.js';
