// Advanced video processing's request and response shapes (docs/api.md, "Video processing"): the
// specification's field names, each number bounded by the catalogue's range (400 naming the field).
import { Type, type TSchema } from 'typebox';
import { ANALYSIS_DEPTHS, ASPECT_RATIOS, BATCH_OPERATIONS, SUBTITLE_FORMATS, VIDEO_JOB_STATUSES, VIDEO_LIMITS, VIDEO_RANGES, VIDEO_TRANSCRIPTION_LANGUAGES, type NumberRange } from '@trainwright/catalogue';
import { Nullable, Str } from '../../schemas/common.js';

/** A number within its catalogue range (and on its step where the specification gives one). */
function ranged(field: string, range: NumberRange, stepped = false): TSchema {
  const step = stepped && range.step ? ` in steps of ${range.step}` : '';
  return Type.Number({ minimum: range.min, maximum: range.max, ...(stepped && range.step ? { multipleOf: range.step } : {}), default: range.default, 'x-message': `${field} must be a number from ${range.min} to ${range.max}${step}` });
}

const Opt = <T extends TSchema>(schema: T) => Type.Optional(schema);
const R = VIDEO_RANGES;

/** Our file id: never a path (anything else names no file). */
export const FileId = Type.String({ maxLength: 100, description: "A video file's id (video_path): from an upload, or a job's output" });

export const ChromaKeyBody = Type.Object(
  {
    video_path: Opt(FileId),
    chroma_color: Opt(Type.String({ pattern: '^#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$', default: '#00ff00', 'x-message': 'chroma_color must be a colour like #00ff00' })),
    sensitivity: Opt(ranged('sensitivity', R.sensitivity)),
    background_image: Opt(Nullable(FileId)),
  },
  { additionalProperties: false },
);

export const ColorCorrectionBody = Type.Object(
  {
    video_path: Opt(FileId),
    brightness: Opt(ranged('brightness', R.brightness)),
    contrast: Opt(ranged('contrast', R.contrast)),
    saturation: Opt(ranged('saturation', R.saturation)),
    hue_shift: Opt(ranged('hue_shift', R.hue_shift, true)),
    gamma: Opt(ranged('gamma', R.gamma)),
  },
  { additionalProperties: false },
);

export const SceneDetectionBody = Type.Object(
  {
    video_path: Opt(FileId),
    sensitivity: Opt(ranged('sensitivity', R.scene_sensitivity)),
    min_scene_duration: Opt(ranged('min_scene_duration', R.min_scene_duration)),
    max_scenes: Opt(Type.Integer({ minimum: R.max_scenes.min, maximum: R.max_scenes.max, default: R.max_scenes.default })),
  },
  { additionalProperties: false },
);

export const SmartCropBody = Type.Object(
  {
    video_path: Opt(FileId),
    target_aspect: Type.Union(ASPECT_RATIOS.map((a) => Type.Literal(a))),
    focus_detection: Opt(Type.Boolean({ default: true })),
    preserve_motion: Opt(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);

export const QualityBody = Type.Object(
  {
    video_path: Opt(FileId),
    denoise: Opt(Type.Boolean({ default: true })),
    sharpen: Opt(Type.Boolean({ default: true })),
    upscale_factor: Opt(ranged('upscale_factor', R.upscale_factor, true)),
    enhance_contrast: Opt(Type.Boolean({ default: false })),
    stabilization: Opt(Type.Boolean({ default: false })),
  },
  { additionalProperties: false },
);

const literals = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));

export const TranscribeBody = Type.Object(
  {
    video_path: Opt(FileId),
    language_code: Opt(literals(VIDEO_TRANSCRIPTION_LANGUAGES)),
    enable_speaker_diarization: Opt(Type.Boolean({ default: true })),
    enable_word_timestamps: Opt(Type.Boolean({ default: true })),
    custom_vocabulary: Opt(Type.Array(Str(VIDEO_LIMITS.vocabularyPhraseChars), { maxItems: VIDEO_LIMITS.vocabularyPhrases })),
  },
  { additionalProperties: false },
);

/** Seconds within a transcript: from the start, at most a day. */
const Seconds = Type.Number({ minimum: 0, maximum: 86_400 });

/** A transcript as transcription answers it (result.data), or as a client edited it. */
const TranscriptData = Type.Object({
  engine: Opt(Str(200)),
  language_code: Opt(Str(20)),
  text: Opt(Str(2_000_000)),
  duration_seconds: Opt(Seconds),
  words: Type.Array(
    Type.Object({ word: Str(200), start: Seconds, end: Seconds, confidence: Opt(Type.Number({ minimum: 0, maximum: 1 })), speaker: Opt(Type.Integer({ minimum: 1, maximum: 100 })) }),
    { maxItems: VIDEO_LIMITS.transcriptWords },
  ),
  segments: Type.Array(Type.Object({ start: Seconds, end: Seconds, text: Str(10_000), speaker: Opt(Type.Integer({ minimum: 1, maximum: 100 })) }), { maxItems: VIDEO_LIMITS.transcriptWords }),
  diarization: Opt(Type.Object({ method: Str(200), speakers: Type.Integer({ minimum: 0, maximum: 100 }) })),
});

export const SubtitlesBody = Type.Object(
  {
    transcript_data: TranscriptData,
    max_chars_per_line: Opt(Type.Integer({ minimum: R.max_chars_per_line.min, maximum: R.max_chars_per_line.max, default: R.max_chars_per_line.default })),
    max_duration_per_subtitle: Opt(ranged('max_duration_per_subtitle', R.max_duration_per_subtitle)),
    subtitle_format: Opt(literals(SUBTITLE_FORMATS)),
    /** Burn the subtitles into this video (a job output holds the new video). */
    video_path: Opt(FileId),
    burn_in: Opt(Type.Boolean({ default: false })),
    company_id: Opt(Str(100)),
  },
  { additionalProperties: false },
);

export const AnalyzeBody = Type.Object(
  {
    video_path: Opt(FileId),
    include_transcript: Opt(Type.Boolean({ default: false })),
    include_quality_metrics: Opt(Type.Boolean({ default: true })),
    include_engagement_prediction: Opt(Type.Boolean({ default: true })),
    analysis_depth: Opt(literals(ANALYSIS_DEPTHS)),
    language_code: Opt(literals(VIDEO_TRANSCRIPTION_LANGUAGES)),
  },
  { additionalProperties: false },
);

export const BatchBody = Type.Object(
  {
    video_files: Type.Array(FileId, { maxItems: VIDEO_LIMITS.batchFiles }),
    operations: Type.Array(literals(BATCH_OPERATIONS), { minItems: 1, maxItems: BATCH_OPERATIONS.length, uniqueItems: true }),
    processing_parameters: Opt(Type.Record(Type.String({ maxLength: 50 }), Type.Unknown(), { maxProperties: 20 })),
    chunk_duration: Opt(ranged('chunk_duration', R.chunk_duration, true)),
    parallel_processing: Opt(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);

export const VideoFileJson = Type.Object({
  video_path: Type.String(),
  kind: Type.String({ description: 'video | image' }),
  origin: Type.String({ description: 'upload | output' }),
  filename: Type.String(),
  content_type: Type.String(),
  size: Type.Integer(),
  duration: Type.Number({ description: 'Seconds (0 for an image)' }),
  width: Type.Integer(),
  height: Type.Integer(),
  has_audio: Type.Boolean(),
  video_codec: Type.String(),
  job_id: Nullable(Type.String()),
  created_at: Type.String(),
  download_url: Type.String(),
});

export const JobStarted = Type.Object({ job_id: Type.String(), status: Type.Union(VIDEO_JOB_STATUSES.map((s) => Type.Literal(s))) });

export const VideoJobJson = Type.Object({
  job_id: Type.String(),
  operation: Type.String(),
  status: Type.Union(VIDEO_JOB_STATUSES.map((s) => Type.Literal(s))),
  progress: Type.Integer(),
  stage: Type.String(),
  video_files: Type.Array(Type.String()),
  parameters: Type.Record(Type.String(), Type.Unknown()),
  result: Nullable(
    Type.Object({
      output: Nullable(Type.Object({ video_path: Type.String(), download_url: Type.String(), metadata: VideoFileJson })),
      files: Type.Array(VideoFileJson),
      data: Type.Unknown(),
    }),
  ),
  error: Nullable(Type.String()),
  message_id: Type.Optional(Type.String()),
  params: Type.Optional(Type.Array(Type.Union([Type.String(), Type.Number()]))),
  created_at: Type.String(),
  updated_at: Type.String(),
});
