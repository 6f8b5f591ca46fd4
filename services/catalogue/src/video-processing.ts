// Advanced video processing (part 2 sections 2, 3, 5, 7 and 9; docs/video-processing.md): the
// operations a company on a plan (or add-on) with advancedVideoProcessing runs on its own videos,
// their parameters with the specification's ranges and defaults, and the messages. The gateway
// validates requests against these ranges (400 naming the field), media-render runs the jobs, and
// the web dialog draws its controls from the same numbers.
import { defineMessages } from './messages.js';

/** The operations a job runs (one per API call; batch runs several over chunks of several files). */
export const VIDEO_OPERATIONS = ['chroma_key', 'color_correction', 'scene_detection', 'smart_crop', 'quality', 'analyze', 'transcribe', 'subtitles', 'batch'] as const;
export type VideoOperationName = (typeof VIDEO_OPERATIONS)[number];

/** What a batch may run on each chunk (part 2 section 7, "Batch operations"). */
export const BATCH_OPERATIONS = ['chroma_key', 'color_correction', 'noise_reduction', 'sharpening', 'upscaling'] as const;
export type BatchOperationName = (typeof BATCH_OPERATIONS)[number];

export const ASPECT_RATIOS = ['16:9', '4:3', '1:1', '9:16'] as const;
export const SUBTITLE_FORMATS = ['srt', 'vtt', 'ass'] as const;
export const ANALYSIS_DEPTHS = ['basic', 'standard', 'comprehensive'] as const;
export type AnalysisDepth = (typeof ANALYSIS_DEPTHS)[number];
/** The measures of an analysis's picture quality, in the order they are shown. */
export const VIDEO_QUALITY_MEASURES = ['resolution', 'frame_rate', 'bitrate', 'luma', 'contrast', 'saturation', 'sharpness', 'noise', 'black', 'frozen'] as const;
export type VideoQualityMeasure = (typeof VIDEO_QUALITY_MEASURES)[number];
/** The factors of an analysis's engagement prediction. */
export const ENGAGEMENT_FACTORS = ['length', 'pacing', 'speech_rate', 'loudness', 'visual_quality', 'dead_air'] as const;
export type EngagementFactorName = (typeof ENGAGEMENT_FACTORS)[number];
export const VIDEO_JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type VideoJobStatus = (typeof VIDEO_JOB_STATUSES)[number];

/** A number parameter's range, step and default (the form's control and the server's check). */
export interface NumberRange {
  min: number;
  max: number;
  step?: number;
  default: number;
}

/** Every ranged parameter, by the name the API takes (part 2 section 5, "Video processing"). */
export const VIDEO_RANGES = {
  sensitivity: { min: 0.1, max: 1, step: 0.1, default: 0.5 },
  brightness: { min: -1, max: 1, step: 0.05, default: 0 },
  contrast: { min: 0.1, max: 3, step: 0.05, default: 1 },
  saturation: { min: 0, max: 3, step: 0.05, default: 1 },
  hue_shift: { min: -180, max: 180, step: 10, default: 0 },
  gamma: { min: 0.1, max: 10, step: 0.1, default: 1 },
  scene_sensitivity: { min: 0.1, max: 1, step: 0.1, default: 0.5 },
  min_scene_duration: { min: 0.5, max: 60, step: 0.5, default: 2 },
  max_scenes: { min: 1, max: 500, step: 1, default: 50 },
  upscale_factor: { min: 1, max: 4, step: 0.5, default: 1 },
  chunk_duration: { min: 60, max: 1800, step: 60, default: 300 },
  max_chars_per_line: { min: 10, max: 120, step: 1, default: 50 },
  max_duration_per_subtitle: { min: 1, max: 30, step: 0.5, default: 5 },
} as const satisfies Record<string, NumberRange>;

export const VIDEO_DEFAULTS = {
  chroma_color: '#00ff00',
  target_aspect: '16:9' as (typeof ASPECT_RATIOS)[number],
  focus_detection: true,
  preserve_motion: true,
  denoise: true,
  sharpen: true,
  enhance_contrast: false,
  stabilization: false,
  analysis_depth: 'standard' as (typeof ANALYSIS_DEPTHS)[number],
  include_transcript: false,
  include_quality_metrics: true,
  include_engagement_prediction: true,
  enable_speaker_diarization: true,
  enable_word_timestamps: true,
  parallel_processing: true,
  language_code: 'en-US',
  subtitle_format: 'srt' as (typeof SUBTITLE_FORMATS)[number],
};

/** The specification's transcription languages (part 2 section 9). */
export const VIDEO_TRANSCRIPTION_LANGUAGES = ['en-US', 'en-GB', 'es-ES', 'fr-FR', 'de-DE', 'it-IT', 'pt-BR'] as const;
export type VideoTranscriptionLanguage = (typeof VIDEO_TRANSCRIPTION_LANGUAGES)[number];

export const VIDEO_LIMITS = {
  /** The FAQ's video upload cap; the plan's fileUploadLimitMB applies too, the smaller wins. */
  uploadBytes: 1024 * 1024 * 1024,
  /** Files one batch takes. */
  batchFiles: 20,
  /** Custom vocabulary: phrases and each phrase's length. */
  vocabularyPhrases: 500,
  vocabularyPhraseChars: 100,
  /** A subtitles request's transcript: words at most (about three hours of speech). */
  transcriptWords: 30_000,
  /** Jobs one company may have queued or running at once (the queue is shared). */
  activeJobsPerCompany: 10,
  /** A job's time limit: this much, plus jobSecondsPerMediaSecond for each second of its videos. */
  jobBaseMs: 5 * 60_000,
  jobSecondsPerMediaSecond: 30,
};

/** A file of the processing: videos, still images (a chroma key's background, scene thumbnails) and subtitle files. */
export const VIDEO_FILE_KINDS = ['video', 'image', 'subtitles'] as const;
export type VideoFileKind = (typeof VIDEO_FILE_KINDS)[number];

export const VIDEO_PROCESSING_MESSAGES = defineMessages('videoProcessing', {
  /** The dialog's alerts (part 2 section 5). */
  uploadFirst: 'Please upload a video first',
  selectBatchFiles: 'Please select video files for batch processing',
  fileNotFound: 'Video not found',
  jobNotFound: 'Video job not found',
  notReadable: 'The file could not be read as a video: it may be damaged or in a format we do not support.',
  notImage: 'The background image must be a PNG or JPEG image uploaded for video processing.',
  notVideo: 'This file is an image: choose a video.',
  noAudio: 'This video has no sound track, so there is nothing to transcribe.',
  noProjectVideo: 'This project has no rendered video yet: render (and pay for) its narrated video first.',
  tooManyActive: (max: number) => `Your company already has ${max} video jobs waiting or running. Please wait for one to finish.`,
  failed: 'The video processing failed because of an internal error. Please try again.',
  abandoned: 'The video processing stopped because its worker stopped unexpectedly several times.',
  timedOut: (minutes: number) => `The video processing took longer than its limit of ${minutes} minutes and was stopped.`,
} as const);
