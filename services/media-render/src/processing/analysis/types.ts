// What a video analysis (POST /api/video/analyze) takes and gives. Parameter and output names are
// the API's (snake_case), so the job stores the result as it is and the gateway returns it
// unchanged. Every figure in the output comes from a measurement of this file (ffmpeg, ffprobe,
// the transcript); where nothing was measured the field is null and `notes` says why.
import type { AnalysisDepth, EngagementFactorName } from '@trainwright/catalogue';
import type { Transcript } from '../../adapters/transcription/types.js';

export { ANALYSIS_DEPTHS, type AnalysisDepth } from '@trainwright/catalogue';

export interface AnalysisParams {
  /** Default false; a transcript is also made at 'comprehensive' for the speech rate. */
  include_transcript?: boolean;
  /** Default true. */
  include_quality_metrics?: boolean;
  /** Default true. */
  include_engagement_prediction?: boolean;
  /** Default 'standard'. */
  analysis_depth?: AnalysisDepth;
}

/** A measure's plain-language judgement: `ok` false when it is a problem a viewer would notice. */
export interface Verdict {
  verdict: string;
  ok: boolean;
}

export interface QualityMetrics {
  resolution: { width: number; height: number } & Verdict;
  /** Average frame rate from the container (ffprobe avg_frame_rate); null when it gives none. */
  frame_rate: { fps: number | null } & Verdict;
  /** The video stream's bitrate (the container's total less the audio when the stream has none); bits per pixel per frame, from it. */
  bitrate: { kbps: number | null; bits_per_pixel: number | null; source: 'stream' | 'container' | null } & Verdict;
  /** Mean, darkest and brightest frame average of luma (signalstats YAVG), 8-bit levels (limited range: black 16, white 235). */
  luma: { mean: number; min: number; max: number } & Verdict;
  /** Mean spread between the 10th and 90th luma percentile of a frame (YHIGH - YLOW), 8-bit levels. */
  contrast: { spread: number } & Verdict;
  /** Mean chroma saturation (signalstats SATAVG), 8-bit levels (0 grey, ~181 the most). */
  saturation: { mean: number } & Verdict;
  /**
   * 'blurdetect': ffmpeg's mean edge width (higher is blurrier); 'laplacian': mean absolute
   * Laplacian response (higher is sharper), the proxy when this ffmpeg has no blurdetect.
   * Null value when no sampled frame had edges (all black or flat).
   */
  sharpness: { method: 'blurdetect' | 'laplacian'; value: number | null } & Verdict;
  /** Noise standard deviation in 8-bit levels (Immerkær's fast estimate; texture counts too, so it is an upper bound). */
  noise: { sigma: number } & Verdict;
  /** Time the picture is black (blackdetect), share of the duration. */
  black: { seconds: number; share: number } & Verdict;
  /** Time the picture is frozen, i.e. stands still for 2 s or more (freezedetect), not counting black; still slides count. */
  frozen: { seconds: number; share: number } & Verdict;
  /** How the frames were sampled: every 1/rate seconds, at most this size. */
  sampling: { frames: number; rate_fps: number; width: number; height: number };
}

export interface LoudnessMetrics {
  has_audio: boolean;
  /** EBU R128 integrated loudness (LUFS); null when the track is silent (below the absolute gate). */
  integrated_lufs: number | null;
  /** EBU R128 loudness range (LU). */
  loudness_range_lu: number | null;
  /** Maximum true peak over all channels (dBTP); null when silent. */
  true_peak_dbtp: number | null;
  /** Time under the silence threshold for at least a second (silencedetect), and its share of the duration. */
  silence_seconds: number | null;
  silence_share: number | null;
  /** Integrated loudness minus the target (LU): positive is louder. */
  offset_from_online_target_lu: number | null;
  offset_from_broadcast_target_lu: number | null;
  targets: { online_lufs: number; broadcast_lufs: number; max_true_peak_dbtp: number };
  verdict: string;
  ok: boolean;
}

export interface SceneMetrics {
  count: number;
  cuts: number;
  average_scene_seconds: number;
  shortest_scene_seconds: number;
  longest_scene_seconds: number;
  cuts_per_minute: number;
  /** The scene-score threshold a cut had to exceed. */
  threshold: number;
  /** The scenes themselves at 'comprehensive' (times in seconds). */
  items?: Array<{ index: number; start: number; end: number; duration: number; score: number }>;
}

export type SpeechMetrics =
  | {
      available: true;
      /** Words recognised. */
      words: number;
      /** Words per minute of speaking time. */
      words_per_minute: number | null;
      /** Time inside speech (words, with pauses under PAUSE_SECONDS bridged) and outside it. */
      speaking_seconds: number;
      silent_seconds: number;
      speaking_share: number;
      engine: string;
      language_code: string;
      verdict: string;
      ok: boolean;
    }
  | {
      available: false;
      /** Why there is no speech measure: no sound track, no transcriber, or the transcriber's refusal. */
      reason: string;
      /** The transcriber's error class, e.g. 'UnsupportedLanguageError'. */
      error?: string;
    };

export interface EngagementFactor {
  factor: EngagementFactorName;
  /** The measured figures the factor used. */
  measured: Record<string, number | string | boolean | null>;
  /** 0..1: how well the measure meets the norm. */
  rating: number;
  /** The most this factor can add or take away. */
  weight: number;
  /** Points added (+) or taken (-): weight x (2 x rating - 1). */
  points: number;
  effect: 'raised' | 'lowered' | 'neutral';
  reason: string;
}

export interface EngagementPrediction {
  /** 0..100. */
  score: number;
  method: 'rules';
  label: string;
  factors: EngagementFactor[];
  /** Factors that could not be measured (no transcript, basic depth, no audio): they count as neutral. */
  not_measured: EngagementFactor['factor'][];
  recommendations: string[];
}

export interface VideoAnalysis {
  depth: AnalysisDepth;
  duration_seconds: number;
  quality: QualityMetrics | null;
  loudness: LoudnessMetrics | null;
  scenes: SceneMetrics | null;
  speech: SpeechMetrics | null;
  engagement: EngagementPrediction | null;
  /** Present when include_transcript was asked: the transcript, or null when there is none. */
  transcript?: Transcript | null;
  /** What measured what. */
  engines: { measurement: string; scenes: string | null; transcription: string | null; engagement: string | null };
  notes: string[];
}

/** Called with 0..1, never decreasing; 1 once the analysis has succeeded. */
export type AnalysisProgress = (fraction: number) => void;

/** The caller's transcription of this video's audio; it may report progress and should stop on the signal. */
export type TranscribeVideo = (options: { onProgress: AnalysisProgress; signal: AbortSignal }) => Promise<Transcript>;
