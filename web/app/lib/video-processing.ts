// Advanced Video Processing (part 2 sections 2, 3, 5, 7-9; docs/web.md "Advanced Video Processing"):
// the shapes of the gateway's video calls, each tool's settings with the catalogue's ranges and
// defaults, the steps a tool runs (one job each, one after another; the subtitles are a job made
// from the transcript the run just read), the checks before a run ('Please upload a video first', 'Please select
// video files for batch processing'), the results list's reducer fed by the calls' answers and the
// live `video_job.changed` events, and the texts ('HTTP {status}: {text}' for a refusal without
// the server's own message). No React here: the unit tests run it directly.
import type { TFunction } from 'i18next';
import {
  ANALYSIS_DEPTHS,
  ASPECT_RATIOS,
  BATCH_OPERATIONS,
  EXPECTED_MIME,
  SUBTITLE_FORMATS,
  UPLOAD_KINDS,
  VIDEO_DEFAULTS,
  VIDEO_LIMITS,
  VIDEO_RANGES,
  VIDEO_TRANSCRIPTION_LANGUAGES,
  extensionOf,
  maxUploadBytes,
  type BatchOperationName,
  type NumberRange,
  type VideoJobStatus,
  type VideoOperationName,
} from '@trainwright/catalogue';
import { ApiError, NETWORK_ERROR, fetchWithSession, readBody, toError } from './api';
import { failureMessageOf, serverMessageText, storedFailureText, type StoredFailure } from './errors';
import { MB, precheckFile, sendMultipart, type MultipartHandle, type PrecheckError } from './uploads';

// ---------------------------------------------------------------------------------------------
// Shapes (docs/api.md, "Video processing")

export interface VideoFile {
  /** The file's id: what the calls name as video_path (never a path on disk). */
  video_path: string;
  kind: 'video' | 'image' | 'subtitles' | (string & {});
  origin: 'upload' | 'output' | (string & {});
  filename: string;
  content_type: string;
  size: number;
  /** Seconds (0 for an image). */
  duration: number;
  width: number;
  height: number;
  has_audio: boolean;
  video_codec: string;
  job_id: string | null;
  created_at: string;
  download_url: string;
}

export interface TranscriptWord {
  word: string;
  start: number;
  end: number;
  confidence?: number;
  /** 1-based, when speakers were told apart. */
  speaker?: number | string;
}

export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
  speaker?: number | string;
}

export interface Transcript {
  engine: string;
  language_code: string;
  text: string;
  words: TranscriptWord[];
  segments: TranscriptSegment[];
  duration_seconds: number;
  diarization?: { method: string; speakers: number };
}

export interface Scene {
  index: number;
  start: number;
  end: number;
  duration: number;
  score: number;
}

export interface SceneData {
  scenes: Scene[];
  threshold: number;
}

export interface VideoJobResult {
  output: { video_path: string; download_url: string; metadata: VideoFile } | null;
  /** Every output: videos, and a scene detection's thumbnails (images, in scene order). */
  files: VideoFile[];
  /** Scene detection: SceneData; transcription: Transcript; subtitles: SubtitlesData; analysis: VideoAnalysis (lib/video-analysis.ts). */
  data: unknown;
}

export interface VideoJob {
  job_id: string;
  operation: string;
  status: VideoJobStatus | (string & {});
  progress: number;
  stage: string;
  video_files: string[];
  parameters: Record<string, unknown>;
  result: VideoJobResult | null;
  error: string | null;
  message_id?: string;
  params?: Array<string | number>;
}

/** `video_job.changed` on /api/events. */
export interface VideoJobEvent extends StoredFailure {
  job_id: string;
  operation: string;
  status: VideoJobStatus | (string & {});
  progress: number;
  stage: string;
}

/** A subtitles job's data; its file is in result.files (kind 'subtitles'). */
export interface SubtitlesData {
  subtitle_format: string;
  cue_count: number;
  content: string;
}

export const VIDEO_JOB_EVENT = 'video_job.changed';

/** Every operation is a job (202 {job_id}), subtitles too. */
export type JobOperation = VideoOperationName;

export const videoPaths = {
  uploads: '/video/uploads',
  files: '/video/files',
  job: (id: string) => `/video/jobs/${encodeURIComponent(id)}`,
  operations: {
    chroma_key: '/video/effects/chroma-key',
    color_correction: '/video/effects/color-correction',
    scene_detection: '/video/enhance/scene-detection',
    smart_crop: '/video/enhance/smart-crop',
    quality: '/video/enhance/quality',
    transcribe: '/video/transcribe',
    subtitles: '/video/subtitles',
    analyze: '/video/analyze',
    batch: '/video/batch-process',
  } satisfies Record<JobOperation, string>,
};

export const isTerminal = (status: string) => status === 'completed' || status === 'failed';

const clampPercent = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.min(100, Math.round(value))) : 0);

/** A `video_job.changed` event's data; null without a job id. */
export function parseVideoJobEvent(data: unknown): VideoJobEvent | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  if (typeof d.job_id !== 'string' || !d.job_id) return null;
  const status = typeof d.status === 'string' && d.status ? d.status : 'running';
  const error = typeof d.error === 'string' ? d.error : '';
  return {
    job_id: d.job_id,
    operation: typeof d.operation === 'string' ? d.operation : '',
    status,
    progress: status === 'completed' ? 100 : clampPercent(d.progress),
    stage: typeof d.stage === 'string' ? d.stage : '',
    error,
    ...failureMessageOf(d),
  };
}

/** A read job's failure in the shape of a stored one (the job names its message `message_id`). */
export function jobFailureOf(job: Pick<VideoJob, 'error' | 'message_id' | 'params'>): StoredFailure {
  return { error: job.error ?? '', ...failureMessageOf({ error_message_id: job.message_id, error_params: job.params }) };
}

/** Where a <video> or <img> plays a file: its download address asked to answer inline. */
export function inlineUrl(downloadUrl: string): string {
  return `${downloadUrl}${downloadUrl.includes('?') ? '&' : '?'}inline=1`;
}

// ---------------------------------------------------------------------------------------------
// Settings (part 2 sections 3, 5 and 9): one draft per tool, the catalogue's defaults

/** A number kept in its catalogue range and on its step (a range input's value, a stored draft). */
export function inRange(value: number, range: NumberRange): number {
  if (!Number.isFinite(value)) return range.default;
  const clamped = Math.min(range.max, Math.max(range.min, value));
  if (!range.step) return clamped;
  const decimals = (String(range.step).split('.')[1] ?? '').length;
  const snapped = range.min + Math.round((clamped - range.min) / range.step) * range.step;
  return Number(Math.min(range.max, snapped).toFixed(decimals));
}

export type AspectRatio = (typeof ASPECT_RATIOS)[number];
export type SubtitleFormat = (typeof SUBTITLE_FORMATS)[number];
export type AnalysisDepth = (typeof ANALYSIS_DEPTHS)[number];
export type TranscriptionLanguage = (typeof VIDEO_TRANSCRIPTION_LANGUAGES)[number];

export interface EffectsSettings {
  chromaKey: boolean;
  chroma_color: string;
  sensitivity: number;
  /** An uploaded image's id (video_path), or null: the keyed colour shows black. */
  background_image: string | null;
  colorCorrection: boolean;
  brightness: number;
  contrast: number;
  saturation: number;
  hue_shift: number;
  gamma: number;
}

export interface EnhancementSettings {
  sceneDetection: boolean;
  scene_sensitivity: number;
  min_scene_duration: number;
  max_scenes: number;
  smartCrop: boolean;
  target_aspect: AspectRatio;
  focus_detection: boolean;
  preserve_motion: boolean;
  quality: boolean;
  denoise: boolean;
  sharpen: boolean;
  upscale_factor: number;
  enhance_contrast: boolean;
  stabilization: boolean;
}

export interface AnalyticsSettings {
  transcribe: boolean;
  language_code: TranscriptionLanguage;
  enable_speaker_diarization: boolean;
  /** One phrase a line, as typed. */
  custom_vocabulary: string;
  subtitles: boolean;
  subtitle_format: SubtitleFormat;
  /** Burn the subtitles into the video (a new video; the subtitle file too). */
  burn_in: boolean;
  analyze: boolean;
  analysis_depth: AnalysisDepth;
  include_transcript: boolean;
  include_quality_metrics: boolean;
  include_engagement_prediction: boolean;
}

export interface BatchSettings {
  video_files: string[];
  operations: BatchOperationName[];
  chunk_duration: number;
  parallel_processing: boolean;
}

export interface VideoSettings {
  effects: EffectsSettings;
  enhancement: EnhancementSettings;
  analytics: AnalyticsSettings;
  batch: BatchSettings;
}

export const VIDEO_TOOLS = ['effects', 'enhancement', 'analytics', 'batch'] as const;
export type VideoTool = (typeof VIDEO_TOOLS)[number];

const R = VIDEO_RANGES;
const D = VIDEO_DEFAULTS;

/** Every tool's settings as the dialog opens: the catalogue's defaults, no step chosen yet. */
export function defaultVideoSettings(): VideoSettings {
  return {
    effects: {
      chromaKey: false,
      chroma_color: D.chroma_color,
      sensitivity: R.sensitivity.default,
      background_image: null,
      colorCorrection: false,
      brightness: R.brightness.default,
      contrast: R.contrast.default,
      saturation: R.saturation.default,
      hue_shift: R.hue_shift.default,
      gamma: R.gamma.default,
    },
    enhancement: {
      sceneDetection: false,
      scene_sensitivity: R.scene_sensitivity.default,
      min_scene_duration: R.min_scene_duration.default,
      max_scenes: R.max_scenes.default,
      smartCrop: false,
      target_aspect: D.target_aspect,
      focus_detection: D.focus_detection,
      preserve_motion: D.preserve_motion,
      quality: false,
      denoise: D.denoise,
      sharpen: D.sharpen,
      upscale_factor: R.upscale_factor.default,
      enhance_contrast: D.enhance_contrast,
      stabilization: D.stabilization,
    },
    analytics: {
      transcribe: false,
      language_code: D.language_code as TranscriptionLanguage,
      enable_speaker_diarization: D.enable_speaker_diarization,
      custom_vocabulary: '',
      subtitles: false,
      subtitle_format: D.subtitle_format,
      burn_in: false,
      analyze: false,
      analysis_depth: D.analysis_depth,
      include_transcript: D.include_transcript,
      include_quality_metrics: D.include_quality_metrics,
      include_engagement_prediction: D.include_engagement_prediction,
    },
    batch: {
      video_files: [],
      operations: [],
      chunk_duration: R.chunk_duration.default,
      parallel_processing: D.parallel_processing,
    },
  };
}

/** The custom vocabulary as the API takes it: one trimmed phrase a line, none empty, within the catalogue's limits. */
export function vocabularyOf(text: string): string[] {
  const phrases = text
    .split(/\r?\n/)
    .map((line) => line.trim().slice(0, VIDEO_LIMITS.vocabularyPhraseChars))
    .filter(Boolean);
  return [...new Set(phrases)].slice(0, VIDEO_LIMITS.vocabularyPhrases);
}

// ---------------------------------------------------------------------------------------------
// Steps: what a tool's Run does, in order

/** A job started by one call (202 {job_id}) and followed until it ends. */
export interface JobStep {
  kind: 'job';
  operation: JobOperation;
  body: Record<string, unknown>;
  /** The files it reads (the 'before' of its result). */
  sources: VideoFile[];
}

/**
 * Subtitles made from the transcript the run's transcription step read: a subtitles job (POST
 * /api/video/subtitles) whose body is complete once that transcript is known (`subtitlesJob`).
 */
export interface SubtitlesStep {
  kind: 'subtitles';
  subtitle_format: SubtitleFormat;
  /** Burn them into the video the transcript is of (sources[0]). */
  burn_in: boolean;
  sources: VideoFile[];
}

export type VideoStep = JobStep | SubtitlesStep;

/** Why a tool cannot run: an i18n key under videoProcessing (messages.* are the catalogue's). */
export type StepsProblem = 'messages.uploadFirst' | 'messages.selectBatchFiles' | 'messages.noAudio' | 'alerts.chooseStep' | 'alerts.chooseOperation';

export type StepsOutcome = { steps: VideoStep[] } | { problem: StepsProblem };

/** A transcript with nothing in it: what a subtitles job is sent when the run read none (the server then says why it cannot make subtitles). */
const NO_TRANSCRIPT = { text: '', words: [], segments: [] };

/**
 * The subtitles request for a transcript (the specification's 50 characters a line and 5 s a
 * subtitle); with `burnInto`, the video they are burned into (video_path and burn_in: true).
 */
export function subtitlesRequest(transcript: Transcript | null, format: SubtitleFormat, burnInto?: VideoFile | null): Record<string, unknown> {
  return {
    transcript_data: transcript ?? NO_TRANSCRIPT,
    max_chars_per_line: R.max_chars_per_line.default,
    max_duration_per_subtitle: R.max_duration_per_subtitle.default,
    subtitle_format: format,
    ...(burnInto ? { video_path: burnInto.video_path, burn_in: true } : {}),
  };
}

/** The subtitles job of a transcript: a run's subtitles step once its transcript is read, or a results' download. */
export function subtitlesJob(transcript: Transcript | null, format: SubtitleFormat, sources: VideoFile[], burnIn = false): JobStep {
  const video = burnIn ? sources.find((f) => f.kind === 'video') : undefined;
  return { kind: 'job', operation: 'subtitles', body: subtitlesRequest(transcript, format, video), sources };
}

/**
 * What batch processing passes to each operation (processing_parameters, per operation): the
 * effects tab's chroma key colour and sensitivity and its colour correction, and the quality
 * section's upscale factor when it enlarges; any other operation takes the server's defaults.
 */
export function batchParameters(settings: VideoSettings, operations: readonly BatchOperationName[]): Record<string, Record<string, unknown>> {
  const e = settings.effects;
  const parameters: Record<string, Record<string, unknown>> = {};
  if (operations.includes('chroma_key')) parameters.chroma_key = { chroma_color: e.chroma_color, sensitivity: inRange(e.sensitivity, R.sensitivity) };
  if (operations.includes('color_correction')) {
    parameters.color_correction = {
      brightness: inRange(e.brightness, R.brightness),
      contrast: inRange(e.contrast, R.contrast),
      saturation: inRange(e.saturation, R.saturation),
      hue_shift: inRange(e.hue_shift, R.hue_shift),
      gamma: inRange(e.gamma, R.gamma),
    };
  }
  const upscale = inRange(settings.enhancement.upscale_factor, R.upscale_factor);
  if (operations.includes('upscaling') && upscale > 1) parameters.upscaling = { upscale_factor: upscale };
  return parameters;
}

/**
 * The steps a tool's Run makes, in order, or why it cannot run: the checks of part 2 section 5
 * first (a video chosen; for batch, videos selected), then at least one step chosen. Every single
 * step reads the chosen video; subtitles follow the transcription they are made from.
 */
export function stepsFor(tool: VideoTool, settings: VideoSettings, chosen: VideoFile | null, files: readonly VideoFile[] = []): StepsOutcome {
  if (tool === 'batch') {
    const b = settings.batch;
    const selected = b.video_files.map((id) => files.find((f) => f.video_path === id)).filter((f): f is VideoFile => !!f && f.kind === 'video');
    if (selected.length === 0) return { problem: 'messages.selectBatchFiles' };
    const operations = BATCH_OPERATIONS.filter((op) => b.operations.includes(op));
    if (operations.length === 0) return { problem: 'alerts.chooseOperation' };
    return {
      steps: [
        {
          kind: 'job',
          operation: 'batch',
          sources: selected.slice(0, VIDEO_LIMITS.batchFiles),
          body: {
            video_files: selected.slice(0, VIDEO_LIMITS.batchFiles).map((f) => f.video_path),
            operations,
            processing_parameters: batchParameters(settings, operations),
            chunk_duration: inRange(b.chunk_duration, R.chunk_duration),
            parallel_processing: b.parallel_processing,
          },
        },
      ],
    };
  }
  if (!chosen || chosen.kind !== 'video') return { problem: 'messages.uploadFirst' };
  const video_path = chosen.video_path;
  const job = (operation: JobOperation, body: Record<string, unknown>): JobStep => ({ kind: 'job', operation, body: { video_path, ...body }, sources: [chosen] });
  const steps: VideoStep[] = [];
  if (tool === 'effects') {
    const e = settings.effects;
    if (e.chromaKey) steps.push(job('chroma_key', { chroma_color: e.chroma_color, sensitivity: inRange(e.sensitivity, R.sensitivity), background_image: e.background_image }));
    if (e.colorCorrection) {
      steps.push(
        job('color_correction', {
          brightness: inRange(e.brightness, R.brightness),
          contrast: inRange(e.contrast, R.contrast),
          saturation: inRange(e.saturation, R.saturation),
          hue_shift: inRange(e.hue_shift, R.hue_shift),
          gamma: inRange(e.gamma, R.gamma),
        }),
      );
    }
  } else if (tool === 'enhancement') {
    const e = settings.enhancement;
    if (e.sceneDetection) {
      steps.push(
        job('scene_detection', {
          sensitivity: inRange(e.scene_sensitivity, R.scene_sensitivity),
          min_scene_duration: inRange(e.min_scene_duration, R.min_scene_duration),
          max_scenes: inRange(e.max_scenes, R.max_scenes),
        }),
      );
    }
    if (e.smartCrop) steps.push(job('smart_crop', { target_aspect: e.target_aspect, focus_detection: e.focus_detection, preserve_motion: e.preserve_motion }));
    if (e.quality) {
      steps.push(
        job('quality', {
          denoise: e.denoise,
          sharpen: e.sharpen,
          upscale_factor: inRange(e.upscale_factor, R.upscale_factor),
          enhance_contrast: e.enhance_contrast,
          stabilization: e.stabilization,
        }),
      );
    }
  } else {
    const a = settings.analytics;
    const speech = a.transcribe || (a.analyze && a.include_transcript);
    if (speech && !chosen.has_audio) return { problem: 'messages.noAudio' };
    if (a.transcribe) {
      steps.push(
        job('transcribe', {
          language_code: a.language_code,
          enable_speaker_diarization: a.enable_speaker_diarization,
          enable_word_timestamps: D.enable_word_timestamps,
          custom_vocabulary: vocabularyOf(a.custom_vocabulary),
        }),
      );
      if (a.subtitles) steps.push({ kind: 'subtitles', subtitle_format: a.subtitle_format, burn_in: a.burn_in, sources: [chosen] });
    }
    if (a.analyze) {
      steps.push(
        job('analyze', {
          include_transcript: a.include_transcript,
          include_quality_metrics: a.include_quality_metrics,
          include_engagement_prediction: a.include_engagement_prediction,
          analysis_depth: a.analysis_depth,
        }),
      );
    }
  }
  return steps.length > 0 ? { steps } : { problem: 'alerts.chooseStep' };
}

// ---------------------------------------------------------------------------------------------
// Reading a job's data

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** A scene detection's scenes (null when the data is not one). */
export function sceneDataOf(data: unknown): SceneData | null {
  if (!isRecord(data) || !Array.isArray(data.scenes)) return null;
  const scenes = data.scenes.filter(isRecord).map((s, i) => ({
    index: typeof s.index === 'number' ? s.index : i,
    start: num(s.start),
    end: num(s.end),
    duration: num(s.duration),
    score: num(s.score),
  }));
  return { scenes, threshold: num(data.threshold) };
}

/** A transcription's transcript (null when the data is not one). */
export function transcriptOf(data: unknown): Transcript | null {
  if (!isRecord(data) || typeof data.text !== 'string' || !Array.isArray(data.words)) return null;
  const speakerOf = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? { speaker: v } : {});
  return {
    engine: typeof data.engine === 'string' ? data.engine : '',
    language_code: typeof data.language_code === 'string' ? data.language_code : '',
    text: data.text,
    words: data.words.filter(isRecord).filter((w) => typeof w.word === 'string').map((w) => ({
      word: w.word as string,
      start: num(w.start),
      end: num(w.end),
      ...(typeof w.confidence === 'number' ? { confidence: w.confidence } : {}),
      ...speakerOf(w.speaker),
    })),
    segments: (Array.isArray(data.segments) ? data.segments : []).filter(isRecord).map((s) => ({
      start: num(s.start),
      end: num(s.end),
      text: typeof s.text === 'string' ? s.text : '',
      ...speakerOf(s.speaker),
    })),
    duration_seconds: num(data.duration_seconds),
    ...(isRecord(data.diarization) ? { diarization: { method: String(data.diarization.method ?? ''), speakers: num(data.diarization.speakers) } } : {}),
  };
}

/** The words of a segment (by time; a word belongs to the segment it starts in). */
export function wordsOfSegment(words: readonly TranscriptWord[], segment: TranscriptSegment, last: boolean): TranscriptWord[] {
  return words.filter((w) => w.start >= segment.start - 0.001 && (last ? w.start <= segment.end + 0.001 : w.start < segment.end - 0.001));
}

/** A transcript in paragraphs: its segments with their words, or one paragraph of every word. */
export function transcriptParagraphs(transcript: Transcript): { start: number; speaker?: number | string; text: string; words: TranscriptWord[] }[] {
  if (transcript.segments.length === 0) return [{ start: transcript.words[0]?.start ?? 0, text: transcript.text, words: transcript.words }];
  return transcript.segments.map((segment, i) => ({
    start: segment.start,
    ...(segment.speaker !== undefined ? { speaker: segment.speaker } : {}),
    text: segment.text,
    words: wordsOfSegment(transcript.words, segment, i === transcript.segments.length - 1),
  }));
}

/** A subtitles job's data (null when the data is not one). */
export function subtitlesDataOf(data: unknown): SubtitlesData | null {
  if (!isRecord(data) || typeof data.content !== 'string' || typeof data.subtitle_format !== 'string') return null;
  return { subtitle_format: data.subtitle_format, cue_count: num(data.cue_count), content: data.content };
}

/** A result's video outputs, images (a scene detection's thumbnails, in scene order) and subtitle files. */
export function outputsOf(job: VideoJob | null): { videos: VideoFile[]; images: VideoFile[]; subtitles: VideoFile[] } {
  const files = job?.result?.files ?? [];
  return { videos: files.filter((f) => f.kind === 'video'), images: files.filter((f) => f.kind === 'image'), subtitles: files.filter((f) => f.kind === 'subtitles') };
}

// ---------------------------------------------------------------------------------------------
// The results list

export interface VideoResult {
  /** The job's id. */
  id: string;
  /** The operation's name. */
  operation: string;
  status: VideoJobStatus | (string & {});
  progress: number;
  stage: string;
  sources: VideoFile[];
  /** The job as last read (its result once completed). */
  job: VideoJob | null;
  failure: StoredFailure | null;
}

export type ResultsAction =
  | { type: 'started'; id: string; operation: string; sources: VideoFile[] }
  | { type: 'event'; event: VideoJobEvent }
  | { type: 'read'; job: VideoJob };

const STATUS_ORDER: Record<string, number> = { queued: 0, running: 1, completed: 2, failed: 2 };

/** The results, newest first. An event or a read never takes a job back (a late 'running' after 'completed'). */
export function resultsReducer(results: VideoResult[], action: ResultsAction): VideoResult[] {
  switch (action.type) {
    case 'started':
      if (results.some((r) => r.id === action.id)) return results;
      return [{ id: action.id, operation: action.operation, status: 'queued', progress: 0, stage: '', sources: action.sources, job: null, failure: null }, ...results];
    case 'event':
    case 'read': {
      const id = action.type === 'event' ? action.event.job_id : action.job.job_id;
      if (!results.some((r) => r.id === id)) return results;
      return results.map((r) => {
        if (r.id !== id) return r;
        if (isTerminal(r.status) && r.job) return r;
        if (action.type === 'event') {
          const e = action.event;
          if ((STATUS_ORDER[e.status] ?? 1) < (STATUS_ORDER[r.status] ?? 1)) return r;
          if (e.status === r.status && e.progress < r.progress) return r;
          return { ...r, status: e.status, progress: e.progress, stage: e.stage, failure: e.status === 'failed' ? { error: e.error, error_message_id: e.error_message_id, error_params: e.error_params } : null };
        }
        const job = action.job;
        if ((STATUS_ORDER[job.status] ?? 1) < (STATUS_ORDER[r.status] ?? 1)) return r;
        return {
          ...r,
          status: job.status,
          progress: job.status === 'completed' ? 100 : Math.max(clampPercent(job.progress), job.status === r.status ? r.progress : 0),
          stage: job.stage,
          job,
          failure: job.status === 'failed' ? jobFailureOf(job) : null,
        };
      });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Calls (through the app's API client: the user's own session)

/** A refusal with its HTTP status line (what 'HTTP {status}: {text}' shows when the body says nothing). */
export class VideoHttpError extends ApiError {
  constructor(
    status: number,
    readonly statusText: string,
  ) {
    super(status, `HTTP_${status}`);
    this.name = 'VideoHttpError';
  }
}

/** Reason phrases for an answer that came without one (an upload's XMLHttpRequest, HTTP/2). */
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** A non-OK answer as an error: the body's code, message and message id when it is the API's JSON, else its status line. */
export function videoCallError(status: number, statusText: string, body: unknown): ApiError {
  const b = isRecord(body) ? body : null;
  if (b && (typeof b.message === 'string' || typeof b.code === 'string')) return toError(status, body);
  return new VideoHttpError(status, statusText || REASONS[status] || '');
}

async function call<T>(path: string, options: { method?: 'GET' | 'POST' | 'DELETE'; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const init: RequestInit = { method: options.method ?? 'GET', credentials: 'same-origin', headers, signal: options.signal ?? null };
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  const res = await fetchWithSession(path, init);
  const body = await readBody(res);
  if (!res.ok) throw videoCallError(res.status, res.statusText, body);
  return body as T;
}

export function fetchVideoFiles(signal?: AbortSignal): Promise<VideoFile[]> {
  return call<{ files?: VideoFile[] }>(videoPaths.files, signal ? { signal } : {}).then((answer) => (Array.isArray(answer?.files) ? answer.files : []));
}

/** DELETE /api/video/files/{video_path}: the file goes (an upload gives its storage back). */
export async function deleteVideoFile(videoPath: string): Promise<void> {
  await call(`${videoPaths.files}/${encodeURIComponent(videoPath)}`, { method: 'DELETE' });
}

export function fetchVideoJob(jobId: string, signal?: AbortSignal): Promise<VideoJob> {
  return call<VideoJob>(videoPaths.job(jobId), signal ? { signal } : {});
}

export function startVideoJob(step: JobStep): Promise<{ job_id: string; status: string }> {
  return call(videoPaths.operations[step.operation], { method: 'POST', body: step.body });
}

/** POST /api/video/uploads (multipart `file`) with the bytes sent reported; an expired session is renewed once. */
export function uploadVideoFile(file: File, onProgress: (sent: number, total: number) => void): MultipartHandle<VideoFile> {
  const handle = sendMultipart<VideoFile>(
    videoPaths.uploads,
    () => {
      const form = new FormData();
      form.append('file', file, file.name);
      return form;
    },
    onProgress,
    { totalBytes: file.size },
  );
  // sendMultipart knows no status line: a refusal without the API's JSON gets its reason phrase.
  const promise = handle.promise.catch((error: unknown) => {
    if (error instanceof ApiError && error.code === `HTTP_${error.status}` && !error.serverMessage && error.status > 0) throw new VideoHttpError(error.status, REASONS[error.status] ?? '');
    throw error;
  });
  return { promise, cancel: handle.cancel };
}

// ---------------------------------------------------------------------------------------------
// Uploads' checks (the server's own rules: UPLOAD_KINDS.video and the plan's upload limit)

const VIDEO_EXTENSIONS = UPLOAD_KINDS.video.extensions.filter((ext) => EXPECTED_MIME[ext]?.startsWith('video/'));
const IMAGE_EXTENSIONS = UPLOAD_KINDS.video.extensions.filter((ext) => !EXPECTED_MIME[ext]?.startsWith('video/'));

export const videoUploadRule = { extensions: VIDEO_EXTENSIONS, maxBytes: UPLOAD_KINDS.video.maxBytes };
export const imageUploadRule = { extensions: IMAGE_EXTENSIONS, maxBytes: UPLOAD_KINDS.video.maxBytes };

export type VideoPrecheck = PrecheckError | { code: 'notVideo' } | { code: 'notImage' };

/** A video for processing: only a file whose type starts with video/ (part 2 section 5), then the server's extension and size checks. */
export function precheckVideo(file: { name: string; size: number; type: string }, planLimitMB?: number | null): VideoPrecheck | null {
  if (!file.type.startsWith('video/')) return { code: 'notVideo' };
  return precheckFile(file, videoUploadRule, planLimitMB);
}

/** A chroma key's background: a PNG or JPEG image. */
export function precheckBackground(file: { name: string; size: number; type: string }, planLimitMB?: number | null): VideoPrecheck | null {
  if (file.type !== 'image/png' && file.type !== 'image/jpeg') return { code: 'notImage' };
  return precheckFile(file, imageUploadRule, planLimitMB);
}

export function videoUploadMaxBytes(planLimitMB?: number | null): number {
  return maxUploadBytes(UPLOAD_KINDS.video, planLimitMB);
}

// ---------------------------------------------------------------------------------------------
// Texts

/** '12.35 MB' (two decimals, Intl's unit in the interface language: '12,35 Mo'). */
export function sizeInMb(bytes: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'megabyte', unitDisplay: 'short', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(bytes / MB);
}

/** A number as a control shows it: at most the step's decimals, in the interface language. */
export function rangeValueText(value: number, range: NumberRange, language: string): string {
  const decimals = range.step ? (String(range.step).split('.')[1] ?? '').length : 2;
  return new Intl.NumberFormat(language, { maximumFractionDigits: decimals }).format(value);
}

/**
 * What went wrong, for 'Error: {message}': the server's message (by its id in the interface
 * language when this app has it), else 'HTTP {status}: {text}' for a refusal without one, else
 * the client's own reason (no connection, a time limit).
 */
export function videoErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    const named = error.messageRef ? serverMessageText(error.messageRef, t) : null;
    if (named) return named;
    if (error.serverMessage) return error.serverMessage;
    if (error.code === NETWORK_ERROR) return t('errors.network');
    if (error.status > 0) {
      const text = error instanceof VideoHttpError ? error.statusText : (REASONS[error.status] ?? '');
      return t('videoProcessing.httpError', { status: error.status, text }).trim();
    }
  }
  if (error instanceof Error && error.message) return error.message;
  return t('errors.unexpected');
}

/** A failed job's reason: by its catalogue id when this app has the text, else as stored. */
export function jobFailureText(failure: StoredFailure | null, t: TFunction): string {
  return (failure && storedFailureText(failure, t)) || t('videoProcessing.messages.failed');
}

/** An operation's name in the interface language (an unknown one as sent). */
export function operationName(operation: string, t: TFunction): string {
  return t(`videoProcessing.operations.${operation}`, { defaultValue: operation.replace(/_/g, ' ') });
}

/** A pre-check's text (the shared upload texts, or the video tool's own). */
export function precheckKey(problem: VideoPrecheck): { key: string } | null {
  if (problem.code === 'notVideo') return { key: 'videoProcessing.source.notVideo' };
  if (problem.code === 'notImage') return { key: 'videoProcessing.effects.backgroundNotImage' };
  return null;
}
