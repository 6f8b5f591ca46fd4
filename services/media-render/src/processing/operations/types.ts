// What the advanced video operations take and give. Parameter names are the specification's
// (part 1 section 7, "Video processing"), so the job code passes an API body through unchanged;
// ranges are checked at the API, and every builder here clamps again (a stored job may predate a
// change of range).
import { RenderError } from '../../domain/types.js';

/** The file an operation reads, as the caller probed it. */
export interface VideoInput {
  path: string;
  durationSeconds: number;
  /** The picture's size as displayed (after any rotation the container asks for). */
  width: number;
  height: number;
  hasAudio: boolean;
}

export interface ChromaKeyParams {
  /** '#00ff00' (also '#0f0'); anything else keys pure green. */
  chroma_color: string;
  /** 0.1..1: how far from the key colour a pixel may be and still go (chromakey similarity and blend). */
  sensitivity: number;
  /** A local PNG or JPEG to show where the key colour was; without one the key shows black. */
  background_image?: string | null;
}

export interface ColorCorrectionParams {
  /** -1..1, added to luma (0 unchanged). */
  brightness: number;
  /** 0.1..3 (1 unchanged). */
  contrast: number;
  /** 0..3 (1 unchanged, 0 grey). */
  saturation: number;
  /** -180..180 degrees. */
  hue_shift: number;
  /** 0.1..10 (1 unchanged). */
  gamma?: number;
}

export interface SceneDetectionParams {
  /** 0.1..1: higher finds more cuts (a lower scene-score threshold). */
  sensitivity: number;
  /** Shortest scene in seconds (default 2). */
  min_scene_duration?: number;
  /** Most scenes reported (default 50): the strongest cuts are kept. */
  max_scenes?: number;
}

export const TARGET_ASPECTS = ['16:9', '4:3', '1:1', '9:16'] as const;
export type TargetAspect = (typeof TARGET_ASPECTS)[number];

export interface SmartCropParams {
  target_aspect: TargetAspect;
  /** Follow the region of most motion (default true); false crops the centre. */
  focus_detection?: boolean;
  /** Move the crop like a camera operator would: smoothed over a second and with a pan-speed limit (default true). */
  preserve_motion?: boolean;
}

export interface QualityParams {
  denoise: boolean;
  sharpen: boolean;
  /** 1..4 in steps of 0.5. */
  upscale_factor: number;
  /** Default false. */
  enhance_contrast?: boolean;
  stabilization: boolean;
}

export type VideoOperation =
  | ({ kind: 'chroma_key' } & ChromaKeyParams)
  | ({ kind: 'color_correction' } & ColorCorrectionParams)
  | ({ kind: 'scene_detection' } & SceneDetectionParams)
  | ({ kind: 'smart_crop' } & SmartCropParams)
  | ({ kind: 'quality' } & QualityParams);

export type VideoOperationKind = VideoOperation['kind'];

/** One scene of a scene detection: times in seconds from the start of the video. */
export interface Scene {
  /** From 0, in time order. */
  index: number;
  start: number;
  end: number;
  duration: number;
  /** ffmpeg's scene-change score (0..1) of the cut that starts the scene; 0 for the first scene. */
  score: number;
}

export interface SceneDetectionData {
  scenes: Scene[];
  /** The scene score a cut had to exceed (from the sensitivity). */
  threshold: number;
}

export interface VideoOperationResult {
  /** The processed video (H.264/AAC mp4 in the work dir); none for scene detection. */
  outputPath?: string;
  width?: number;
  height?: number;
  /** Scene detection's scenes. */
  data?: SceneDetectionData;
  /** Scene detection: one JPEG per scene, in the order of `data.scenes`. */
  thumbnails?: string[];
}

/** Called with 0..1, never decreasing; 1 once the operation has succeeded. */
export type ProgressListener = (fraction: number) => void;

/**
 * Why an operation failed: a file it was given cannot be read (the background image), ffmpeg is
 * not installed, it refused the input or failed, it was killed from outside (out of memory, a
 * stopping machine), or the caller's signal aborted it.
 */
export type VideoOperationErrorCode = 'invalid_input' | 'ffmpeg_missing' | 'ffmpeg_failed' | 'ffmpeg_killed' | 'aborted';

/**
 * An operation that did not produce its result. The message is for the user ('The chroma key
 * could not be applied: ...'); `detail` keeps ffmpeg's own reason for the logs. Retryable (the
 * RenderError flag the job runner reads) only when ffmpeg was killed from outside: a refused
 * input fails again, and an abort is the caller's own decision.
 */
export class VideoOperationError extends RenderError {
  constructor(
    readonly code: VideoOperationErrorCode,
    message: string,
    readonly detail = '',
  ) {
    super(message, code === 'ffmpeg_killed');
    this.name = 'VideoOperationError';
  }
}
