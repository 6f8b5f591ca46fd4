// Advanced video processing's request and response shapes (docs/api.md, "Video processing"): the
// specification's field names, each number bounded by the catalogue's range (400 naming the field).
import { Type, type TSchema } from 'typebox';
import { ANALYSIS_DEPTHS, ASPECT_RATIOS, VIDEO_JOB_STATUSES, VIDEO_RANGES, type NumberRange } from '@trainwright/catalogue';
import { Nullable } from '../../schemas/common.js';

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

export const AnalysisDepth = Type.Union(ANALYSIS_DEPTHS.map((d) => Type.Literal(d)));

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
