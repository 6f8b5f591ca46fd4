// A video analysis's result (POST /api/video/analyze; media-render's processing/analysis/types.ts,
// `VideoAnalysis`), read defensively from a job's data, and the texts of its card (Results'
// AnalysisCard): the engagement score with the factors that raised or lowered it, the quality
// verdicts, the loudness line, the scenes and the speech rate. Numbers go through the app's number
// formatting (lib/analytics: the interface language's `common.locale`); the server's verdicts,
// reasons, label, recommendations and notes are English sentences and are shown as given.
// No React here: the unit tests run it directly.
import { VIDEO_QUALITY_MEASURES, type VideoQualityMeasure } from '@trainwright/catalogue';
import type { TFunction } from 'i18next';
import { NO_FIGURE, countText, decimalText, shareText } from './analytics';
import { formatMoment } from './format';
import { transcriptOf, type Transcript } from './video-processing';

// ---------------------------------------------------------------------------------------------
// Shapes (the analysis's own, snake_case as the API sends them)

/** A measure's plain-language judgement: `ok` false when it is a problem a viewer would notice. */
export interface Verdict {
  verdict: string;
  ok: boolean;
}


export interface QualityMetrics {
  resolution: { width: number; height: number } & Verdict;
  frame_rate: { fps: number | null } & Verdict;
  bitrate: { kbps: number | null; bits_per_pixel: number | null } & Verdict;
  luma: { mean: number | null } & Verdict;
  contrast: { spread: number | null } & Verdict;
  saturation: { mean: number | null } & Verdict;
  sharpness: { method: string; value: number | null } & Verdict;
  noise: { sigma: number | null } & Verdict;
  black: { seconds: number | null; share: number | null } & Verdict;
  frozen: { seconds: number | null; share: number | null } & Verdict;
}

export interface LoudnessMetrics extends Verdict {
  has_audio: boolean;
  /** EBU R128 integrated loudness (LUFS); null when the track is silent. */
  integrated_lufs: number | null;
  loudness_range_lu: number | null;
  true_peak_dbtp: number | null;
  silence_share: number | null;
  offset_from_online_target_lu: number | null;
  targets: { online_lufs: number | null; broadcast_lufs: number | null; max_true_peak_dbtp: number | null };
}

export interface SceneMetrics {
  count: number;
  cuts: number;
  average_scene_seconds: number | null;
  cuts_per_minute: number | null;
}

export type SpeechMetrics =
  | ({ available: true; words: number; words_per_minute: number | null; speaking_share: number | null; engine: string } & Verdict)
  | { available: false; reason: string };

export interface EngagementFactor {
  factor: string;
  rating: number;
  weight: number;
  /** Points added (+) or taken (-). */
  points: number;
  effect: 'raised' | 'lowered' | 'neutral';
  reason: string;
}

export interface EngagementPrediction {
  /** 0..100. */
  score: number;
  method: string;
  label: string;
  factors: EngagementFactor[];
  not_measured: string[];
  recommendations: string[];
}

export interface VideoAnalysis {
  depth: string;
  duration_seconds: number;
  quality: QualityMetrics | null;
  loudness: LoudnessMetrics | null;
  scenes: SceneMetrics | null;
  speech: SpeechMetrics | null;
  engagement: EngagementPrediction | null;
  /** Present when the transcript was asked for. */
  transcript: Transcript | null;
  notes: string[];
}

// ---------------------------------------------------------------------------------------------
// Reading a job's data

type Obj = Record<string, unknown>;
const isRecord = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const numOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const num = (v: unknown): number => numOrNull(v) ?? 0;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : []);

function verdictOf(v: Obj): Verdict {
  return { verdict: str(v.verdict), ok: v.ok !== false };
}

function qualityOf(v: unknown): QualityMetrics | null {
  if (!isRecord(v)) return null;
  const part = (key: VideoQualityMeasure): Obj | null => (isRecord(v[key]) ? (v[key] as Obj) : null);
  const parts = Object.fromEntries(VIDEO_QUALITY_MEASURES.map((k) => [k, part(k)])) as Record<VideoQualityMeasure, Obj | null>;
  // A quality section without its measures is not one this card can show.
  if (VIDEO_QUALITY_MEASURES.some((k) => !parts[k])) return null;
  const p = parts as Record<VideoQualityMeasure, Obj>;
  return {
    resolution: { width: num(p.resolution.width), height: num(p.resolution.height), ...verdictOf(p.resolution) },
    frame_rate: { fps: numOrNull(p.frame_rate.fps), ...verdictOf(p.frame_rate) },
    bitrate: { kbps: numOrNull(p.bitrate.kbps), bits_per_pixel: numOrNull(p.bitrate.bits_per_pixel), ...verdictOf(p.bitrate) },
    luma: { mean: numOrNull(p.luma.mean), ...verdictOf(p.luma) },
    contrast: { spread: numOrNull(p.contrast.spread), ...verdictOf(p.contrast) },
    saturation: { mean: numOrNull(p.saturation.mean), ...verdictOf(p.saturation) },
    sharpness: { method: str(p.sharpness.method), value: numOrNull(p.sharpness.value), ...verdictOf(p.sharpness) },
    noise: { sigma: numOrNull(p.noise.sigma), ...verdictOf(p.noise) },
    black: { seconds: numOrNull(p.black.seconds), share: numOrNull(p.black.share), ...verdictOf(p.black) },
    frozen: { seconds: numOrNull(p.frozen.seconds), share: numOrNull(p.frozen.share), ...verdictOf(p.frozen) },
  };
}

function loudnessOf(v: unknown): LoudnessMetrics | null {
  if (!isRecord(v)) return null;
  const targets = isRecord(v.targets) ? v.targets : {};
  return {
    has_audio: v.has_audio !== false,
    integrated_lufs: numOrNull(v.integrated_lufs),
    loudness_range_lu: numOrNull(v.loudness_range_lu),
    true_peak_dbtp: numOrNull(v.true_peak_dbtp),
    silence_share: numOrNull(v.silence_share),
    offset_from_online_target_lu: numOrNull(v.offset_from_online_target_lu),
    targets: { online_lufs: numOrNull(targets.online_lufs), broadcast_lufs: numOrNull(targets.broadcast_lufs), max_true_peak_dbtp: numOrNull(targets.max_true_peak_dbtp) },
    ...verdictOf(v),
  };
}

function scenesOf(v: unknown): SceneMetrics | null {
  if (!isRecord(v) || numOrNull(v.count) === null) return null;
  return { count: num(v.count), cuts: num(v.cuts), average_scene_seconds: numOrNull(v.average_scene_seconds), cuts_per_minute: numOrNull(v.cuts_per_minute) };
}

function speechOf(v: unknown): SpeechMetrics | null {
  if (!isRecord(v)) return null;
  if (v.available !== true) return { available: false, reason: str(v.reason) };
  return { available: true, words: num(v.words), words_per_minute: numOrNull(v.words_per_minute), speaking_share: numOrNull(v.speaking_share), engine: str(v.engine), ...verdictOf(v) };
}

function engagementOf(v: unknown): EngagementPrediction | null {
  if (!isRecord(v) || numOrNull(v.score) === null) return null;
  const factors = (Array.isArray(v.factors) ? v.factors : []).filter(isRecord).map((f): EngagementFactor => {
    const points = num(f.points);
    const effect = f.effect === 'raised' || f.effect === 'lowered' || f.effect === 'neutral' ? f.effect : points > 0 ? 'raised' : points < 0 ? 'lowered' : 'neutral';
    return { factor: str(f.factor), rating: num(f.rating), weight: num(f.weight), points, effect, reason: str(f.reason) };
  });
  return {
    score: Math.max(0, Math.min(100, Math.round(num(v.score)))),
    method: str(v.method),
    label: str(v.label),
    factors,
    not_measured: strings(v.not_measured),
    recommendations: strings(v.recommendations),
  };
}

/** An analysis job's data as the card shows it; null when it is not an analysis. */
export function analysisOf(data: unknown): VideoAnalysis | null {
  if (!isRecord(data) || typeof data.depth !== 'string' || !('engagement' in data || 'quality' in data || 'loudness' in data)) return null;
  return {
    depth: data.depth,
    duration_seconds: num(data.duration_seconds),
    quality: qualityOf(data.quality),
    loudness: loudnessOf(data.loudness),
    scenes: scenesOf(data.scenes),
    speech: speechOf(data.speech),
    engagement: engagementOf(data.engagement),
    transcript: transcriptOf(data.transcript),
    notes: strings(data.notes),
  };
}

// ---------------------------------------------------------------------------------------------
// Texts

const A = 'videoProcessing.analysis';

/** A number with a sign unless zero ('+6', '-3.2'; '−3,2' in French), at most `digits` decimals. */
export function signedText(value: number, t: TFunction, digits = 1): string {
  return new Intl.NumberFormat(t('common.locale'), { maximumFractionDigits: digits, signDisplay: 'exceptZero' }).format(value);
}

/** A factor's or a measure's name in the interface language (an unknown one as sent). */
export function factorName(factor: string, t: TFunction): string {
  return t(`${A}.factors.${factor}`, { defaultValue: factor.replace(/_/g, ' ') });
}

/** '+6 points', '-3.2 points', '0 points'. */
export function pointsText(points: number, t: TFunction): string {
  return t(`${A}.points`, { count: Math.abs(points), points: signedText(points, t) });
}

/** The engagement's factors by their effect, the largest first. */
export function factorsByEffect(engagement: EngagementPrediction): Record<EngagementFactor['effect'], EngagementFactor[]> {
  const by = (effect: EngagementFactor['effect']) => engagement.factors.filter((f) => f.effect === effect).sort((a, b) => Math.abs(b.points) - Math.abs(a.points));
  return { raised: by('raised'), lowered: by('lowered'), neutral: by('neutral') };
}

/** 'Standard · 0:02'. */
export function depthLine(analysis: VideoAnalysis, t: TFunction): string {
  const depth = t(`videoProcessing.analytics.depths.${analysis.depth}`, { defaultValue: analysis.depth });
  return t(`${A}.depthLine`, { depth, duration: formatMoment(analysis.duration_seconds) });
}

/** One quality measure: its name, its measured figure, the server's verdict and whether it is fine. */
export interface QualityRow extends Verdict {
  measure: VideoQualityMeasure;
  name: string;
  figure: string;
}

function qualityFigure(q: QualityMetrics, measure: VideoQualityMeasure, t: TFunction): string {
  const d = (v: number | null, digits = 1) => (v === null ? NO_FIGURE : decimalText(v, t, digits));
  switch (measure) {
    case 'resolution':
      return t('videoProcessing.source.pixels', { width: q.resolution.width, height: q.resolution.height });
    case 'frame_rate':
      return q.frame_rate.fps === null ? NO_FIGURE : t(`${A}.figures.fps`, { value: d(q.frame_rate.fps, 2) });
    case 'bitrate':
      return q.bitrate.kbps === null ? NO_FIGURE : t(`${A}.figures.kbps`, { value: countText(q.bitrate.kbps, t) });
    case 'luma':
      return q.luma.mean === null ? NO_FIGURE : t(`${A}.figures.level`, { value: d(q.luma.mean) });
    case 'contrast':
      return q.contrast.spread === null ? NO_FIGURE : t(`${A}.figures.spread`, { value: d(q.contrast.spread) });
    case 'saturation':
      return q.saturation.mean === null ? NO_FIGURE : t(`${A}.figures.level`, { value: d(q.saturation.mean) });
    case 'sharpness':
      return d(q.sharpness.value, 2);
    case 'noise':
      return q.noise.sigma === null ? NO_FIGURE : t(`${A}.figures.sigma`, { value: d(q.noise.sigma, 2) });
    case 'black':
      return q.black.seconds === null ? NO_FIGURE : t(`${A}.figures.seconds`, { value: d(q.black.seconds) });
    case 'frozen':
      return q.frozen.share === null ? NO_FIGURE : t(`${A}.figures.share`, { value: shareText(q.frozen.share, t) });
  }
}

/** The quality measures in the analysis's order, each with its figure and verdict. */
export function qualityRows(quality: QualityMetrics, t: TFunction): QualityRow[] {
  return VIDEO_QUALITY_MEASURES.map((measure) => ({
    measure,
    name: t(`${A}.measures.${measure}`),
    figure: qualityFigure(quality, measure, t),
    verdict: quality[measure].verdict,
    ok: quality[measure].ok,
  }));
}

/** The loudness line: '-20.3 LUFS' (or no sound track, or a silent track). */
export function loudnessText(loudness: LoudnessMetrics, t: TFunction): string {
  if (!loudness.has_audio) return t(`${A}.loudness.noSound`);
  if (loudness.integrated_lufs === null) return t(`${A}.loudness.silent`);
  return t(`${A}.loudness.lufs`, { value: decimalText(loudness.integrated_lufs, t) });
}

/** The loudness's other figures: the true peak, the loudness range, the silent share. */
export function loudnessDetails(loudness: LoudnessMetrics, t: TFunction): string[] {
  if (!loudness.has_audio) return [];
  const details: string[] = [];
  if (loudness.true_peak_dbtp !== null) details.push(t(`${A}.loudness.truePeak`, { value: decimalText(loudness.true_peak_dbtp, t) }));
  if (loudness.loudness_range_lu !== null) details.push(t(`${A}.loudness.range`, { value: decimalText(loudness.loudness_range_lu, t) }));
  if (loudness.silence_share !== null) details.push(t(`${A}.loudness.silence`, { value: shareText(loudness.silence_share, t) }));
  return details;
}

/** '3 scenes · 1.5 cuts per minute · 4.2 s on average'. */
export function scenesText(scenes: SceneMetrics, t: TFunction): string {
  const parts = [t(`${A}.scenes.count`, { count: scenes.count, n: countText(scenes.count, t) })];
  if (scenes.cuts_per_minute !== null) parts.push(t(`${A}.scenes.cutsPerMinute`, { count: scenes.cuts_per_minute, value: decimalText(scenes.cuts_per_minute, t) }));
  if (scenes.average_scene_seconds !== null && scenes.count > 0) parts.push(t(`${A}.scenes.average`, { value: decimalText(scenes.average_scene_seconds, t) }));
  return parts.join(' · ');
}

/** '142 words per minute · 57 words · speaking 80% of the time'; or why speech was not measured. */
export function speechText(speech: SpeechMetrics, t: TFunction): string {
  if (!speech.available) return speech.reason ? t(`${A}.speech.notMeasuredBecause`, { reason: speech.reason }) : t(`${A}.speech.notMeasured`);
  const parts = [speech.words_per_minute === null ? t(`${A}.speech.noRate`) : t(`${A}.speech.rate`, { value: countText(Math.round(speech.words_per_minute), t) })];
  parts.push(t(`${A}.speech.words`, { count: speech.words, n: countText(speech.words, t) }));
  if (speech.speaking_share !== null) parts.push(t(`${A}.speech.speaking`, { value: shareText(speech.speaking_share, t) }));
  return parts.join(' · ');
}

/** The score's band for its bar's colour: 'high' from 70, 'medium' from 40, else 'low'. */
export function scoreBand(score: number): 'high' | 'medium' | 'low' {
  return score >= 70 ? 'high' : score >= 40 ? 'medium' : 'low';
}
