// The engagement prediction: a transparent rule-based score over the analysis's own measures, not
// a model trained on viewing data, and labelled so (method 'rules'). Pure.
//
// Score = 50 + the sum of six factors' points, clamped to 0..100. Each factor rates its measure
// 0..1 against a norm (piecewise linear between the points below) and adds weight x (2 x rating
// - 1) points: a rating of 1 adds the full weight, 0.5 nothing, 0 takes the weight away. The
// weights add up to 50, so a video meeting every norm scores 100. A factor whose measure is
// missing (no transcript, 'basic' depth without scenes, no quality pass) adds nothing and is
// listed in `not_measured`: the score then leans towards 50, it is never filled in by a guess.
//
// Factors, weights and the sources of their norms:
// - length (12): viewers of educational video watch about 6 minutes at most, whatever the
//   length (Guo, Kim & Rubin, "How video production affects student engagement: an empirical
//   study of MOOC videos", Learning at Scale 2014): 1 up to 6 min, 0.6 at 9, 0.4 at 12, 0.1 from 30;
// - visual_quality (10): each problem the quality verdicts find (resolution, frame rate,
//   bitrate, exposure, contrast, colour, focus, noise; quality-metrics.ts) takes 0.25 off 1;
// - pacing (8): the average scene length. Guo et al. found slides interleaved with the speaker
//   more engaging than slides alone, i.e. a picture that changes; the bands are our rule of thumb,
//   not from a study: 5-30 s per scene 1, under 2 s 0.3 (too fast to follow), 60 s 0.6, 120 s
//   0.3, 300 s or more 0.2; a clip of one shot under 5 s rates 1 (short, not fast-cut);
// - speech_rate (8): 130-160 words per minute 1 (the usual narration guideline; Guo et al. also
//   found fast-speaking instructors held attention better, so fast falls off more gently than
//   slow): 110 wpm 0.5, 80 wpm 0, 190 wpm 0.6, 240 wpm 0.2;
// - loudness (7): distance of the integrated loudness from the online target (-16 LUFS, AES
//   TD1004): within 1 LU 1, 4 LU 0.6, 10 LU 0.1, 20 LU 0; a true peak above -1 dBTP x 0.8; a
//   silent track 0.1, no sound track 0.2 (captions can carry a silent video, narration is usual);
// - dead_air (5): 1 less the largest of: silence (silencedetect) beyond 15% of the duration,
//   reaching 1 at 60%; black beyond 2%, reaching 1 at 22%; a still picture beyond 60%, at most
//   0.5 at 100% (still slides are normal in training video).
import type { EngagementFactor, EngagementPrediction, LoudnessMetrics, QualityMetrics, SceneMetrics, SpeechMetrics } from './types.js';

export const ENGAGEMENT_WEIGHTS: Record<EngagementFactor['factor'], number> = {
  length: 12,
  visual_quality: 10,
  pacing: 8,
  speech_rate: 8,
  loudness: 7,
  dead_air: 5,
};

export const ENGAGEMENT_LABEL = 'A heuristic prediction from transparent rules over the measured figures, not a model trained on viewing data.';

type Curve = ReadonlyArray<readonly [number, number]>;
export const LENGTH_CURVE: Curve = [[0, 1], [6, 1], [9, 0.6], [12, 0.4], [30, 0.1]];
export const SCENE_LENGTH_CURVE: Curve = [[2, 0.3], [5, 1], [30, 1], [60, 0.6], [120, 0.3], [300, 0.2]];
/** Scenes shorter than this on average are fast cutting (the curve's full rating starts here). */
const FAST_SCENE_SECONDS = 5;
export const SPEECH_RATE_CURVE: Curve = [[80, 0], [110, 0.5], [130, 1], [160, 1], [190, 0.6], [240, 0.2]];
export const LOUDNESS_OFFSET_CURVE: Curve = [[0, 1], [1, 1], [4, 0.6], [10, 0.1], [20, 0]];
const QUALITY_PROBLEM_COST = 0.25;
const PEAK_FACTOR = 0.8;
const NO_AUDIO_RATING = 0.2;
const SILENT_TRACK_RATING = 0.1;
const DEAD_AIR = { silenceFrom: 0.15, silenceFull: 0.6, blackFrom: 0.02, blackFull: 0.22, stillFrom: 0.6, stillFull: 1, stillMax: 0.5 };

export interface EngagementInputs {
  durationSeconds: number;
  quality: QualityMetrics | null;
  loudness: LoudnessMetrics | null;
  scenes: SceneMetrics | null;
  speech: SpeechMetrics | null;
}

/** `curve` at x: linear between its points, flat beyond its ends. */
export function rateOn(curve: Curve, x: number): number {
  const first = curve[0]!;
  const last = curve[curve.length - 1]!;
  if (x <= first[0]) return first[1];
  if (x >= last[0]) return last[1];
  for (let i = 1; i < curve.length; i++) {
    const [x1, y1] = curve[i]!;
    const [x0, y0] = curve[i - 1]!;
    if (x <= x1) return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
  }
  return last[1];
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
const ramp = (x: number, from: number, full: number) => clamp01((x - from) / (full - from));
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;
const pct = (share: number) => `${Math.round(share * 100)}%`;

function factor(name: EngagementFactor['factor'], rating: number, measured: EngagementFactor['measured'], reason: string): EngagementFactor {
  const weight = ENGAGEMENT_WEIGHTS[name];
  const r = clamp01(rating);
  const points = round(weight * (2 * r - 1));
  return { factor: name, measured, rating: round(r, 3), weight, points, effect: points > 0 ? 'raised' : points < 0 ? 'lowered' : 'neutral', reason };
}

const QUALITY_KEYS = ['resolution', 'frame_rate', 'bitrate', 'luma', 'contrast', 'saturation', 'sharpness', 'noise'] as const;

/** What to do about each quality problem. */
const QUALITY_ADVICE: Record<(typeof QUALITY_KEYS)[number], string> = {
  resolution: 'Record or export at 720p or more.',
  frame_rate: 'Export at 24 frames per second or more so motion looks smooth.',
  bitrate: 'Export at a higher bitrate to avoid blocky compression artefacts.',
  luma: 'Correct the exposure (colour correction brightness or gamma) or light the scene better.',
  contrast: 'Raise the contrast (colour correction or the quality operation\'s contrast enhancement).',
  saturation: 'Lower the colour saturation (colour correction).',
  sharpness: 'Refocus the camera, or sharpen the picture (the quality operation\'s sharpen).',
  noise: 'Light the scene better or denoise the picture (the quality operation\'s denoise).',
};

export function lengthFactor(durationSeconds: number): { factor: EngagementFactor; advice: string | null } {
  const minutes = durationSeconds / 60;
  const rating = rateOn(LENGTH_CURVE, minutes);
  const length = minutes < 1 ? `${round(durationSeconds)} s` : `${round(minutes)} minutes`;
  const reason = minutes <= 6 ? `${length}: within the 6 minutes viewers of training video typically watch` : `${length}: viewers typically stop watching after about 6 minutes`;
  return {
    factor: factor('length', rating, { duration_minutes: round(minutes, 2) }, reason),
    advice: rating < 1 ? `Split the video into parts of 6 minutes or less (it runs ${round(minutes)} minutes).` : null,
  };
}

export function pacingFactor(scenes: SceneMetrics): { factor: EngagementFactor; advice: string | null } {
  const a = scenes.average_scene_seconds;
  const measured = { average_scene_seconds: a, cuts_per_minute: scenes.cuts_per_minute, scenes: scenes.count };
  if (scenes.cuts === 0 && a <= FAST_SCENE_SECONDS) {
    // One short shot is a short clip, not fast cutting.
    return { factor: factor('pacing', 1, measured, `one continuous shot of ${round(a)} s`), advice: null };
  }
  const rating = rateOn(SCENE_LENGTH_CURVE, a);
  let reason = `scenes average ${round(a)} s: a lively but followable pace`;
  let advice: string | null = null;
  if (a < FAST_SCENE_SECONDS) {
    reason = a < 2 ? `scenes average ${round(a)} s: cuts come faster than viewers can follow` : `scenes average ${round(a)} s: fast cutting`;
    advice = `Hold shots longer: scenes average ${round(a)} s.`;
  } else if (a > 30) {
    reason = `scenes average ${round(a)} s: the picture changes rarely`;
    advice = `Change the picture more often (a new slide, shot, zoom or highlight every 5-30 s): scenes average ${round(a)} s.`;
  }
  return { factor: factor('pacing', rating, measured, reason), advice };
}

export function speechRateFactor(wpm: number): { factor: EngagementFactor; advice: string | null } {
  const rating = rateOn(SPEECH_RATE_CURVE, wpm);
  const measured = { words_per_minute: wpm };
  if (wpm < 130) return { factor: factor('speech_rate', rating, measured, `${Math.round(wpm)} words per minute: slower than the comfortable 130-160`), advice: `Speak a little faster or trim pauses (${Math.round(wpm)} words per minute; 130-160 is comfortable).` };
  if (wpm > 160) return { factor: factor('speech_rate', rating, measured, `${Math.round(wpm)} words per minute: faster than the comfortable 130-160`), advice: `Speak a little slower (${Math.round(wpm)} words per minute; 130-160 is comfortable).` };
  return { factor: factor('speech_rate', rating, measured, `${Math.round(wpm)} words per minute: a comfortable pace`), advice: null };
}

export function loudnessFactor(loudness: LoudnessMetrics): { factor: EngagementFactor; advice: string[] } {
  const target = loudness.targets.online_lufs;
  if (!loudness.has_audio) {
    return { factor: factor('loudness', NO_AUDIO_RATING, { has_audio: false }, 'no sound track'), advice: ['Add narration, or captions that carry what a narrator would say.'] };
  }
  const i = loudness.integrated_lufs;
  if (i === null) {
    return { factor: factor('loudness', SILENT_TRACK_RATING, { has_audio: true, integrated_lufs: null }, 'the sound track is silent'), advice: ['The sound track is silent: add narration or remove the empty track.'] };
  }
  const offset = Math.abs(i - target);
  const peak = loudness.true_peak_dbtp;
  const overPeak = peak !== null && peak > loudness.targets.max_true_peak_dbtp;
  const rating = rateOn(LOUDNESS_OFFSET_CURVE, offset) * (overPeak ? PEAK_FACTOR : 1);
  const advice: string[] = [];
  if (offset > 1) advice.push(`Normalise the sound to about ${target} LUFS (it measures ${round(i)} LUFS).`);
  if (overPeak) advice.push(`Lower the peaks below ${loudness.targets.max_true_peak_dbtp} dBTP (they reach ${round(peak)} dBTP).`);
  const reason = offset <= 1 ? `${round(i)} LUFS: on the online target` : `${round(i)} LUFS: ${round(offset)} LU ${i < target ? 'below' : 'above'} the online target of ${target} LUFS${overPeak ? ', peaks may distort' : ''}`;
  return { factor: factor('loudness', rating, { integrated_lufs: i, true_peak_dbtp: peak }, reason), advice };
}

export function visualQualityFactor(quality: QualityMetrics): { factor: EngagementFactor; advice: string[] } {
  const problems = QUALITY_KEYS.filter((k) => !quality[k].ok);
  const rating = 1 - QUALITY_PROBLEM_COST * problems.length;
  const reason = problems.length === 0 ? 'no visible picture problem measured' : `picture problems: ${problems.map((k) => quality[k].verdict).join(', ')}`;
  return { factor: factor('visual_quality', rating, { problems: problems.length, found: problems.join(', ') }, reason), advice: problems.map((k) => QUALITY_ADVICE[k]) };
}

export function deadAirFactor(quality: QualityMetrics | null, loudness: LoudnessMetrics | null): { factor: EngagementFactor; advice: string[] } {
  const silence = loudness?.silence_share ?? null;
  const black = quality?.black.share ?? null;
  const still = quality?.frozen.share ?? null;
  const penalties = {
    silence: silence === null ? 0 : ramp(silence, DEAD_AIR.silenceFrom, DEAD_AIR.silenceFull),
    black: black === null ? 0 : ramp(black, DEAD_AIR.blackFrom, DEAD_AIR.blackFull),
    still: still === null ? 0 : DEAD_AIR.stillMax * ramp(still, DEAD_AIR.stillFrom, DEAD_AIR.stillFull),
  };
  const worst = Math.max(penalties.silence, penalties.black, penalties.still);
  const advice: string[] = [];
  const parts: string[] = [];
  if (penalties.silence > 0) {
    advice.push(`Trim or fill the silent stretches (${pct(silence!)} of the video is silent).`);
    parts.push(`${pct(silence!)} silent`);
  }
  if (penalties.black > 0) {
    advice.push(`Cut the black stretches (${round(quality!.black.seconds)} s).`);
    parts.push(`${pct(black!)} black`);
  }
  if (penalties.still > 0) {
    advice.push('Add movement to the still stretches (a zoom, a highlight, a cut to the speaker).');
    parts.push(`${pct(still!)} still`);
  }
  const reason = parts.length === 0 ? 'little silence, black or standing picture' : `dead air: ${parts.join(', ')}`;
  return { factor: factor('dead_air', 1 - worst, { silence_share: silence, black_share: black, frozen_share: still }, reason), advice };
}

/** The engagement prediction from the analysis's measures. */
export function predictEngagement(inputs: EngagementInputs): EngagementPrediction {
  const factors: EngagementFactor[] = [];
  const recommendations: string[] = [];
  const notMeasured: EngagementFactor['factor'][] = [];
  const add = (result: { factor: EngagementFactor; advice: string | string[] | null }) => {
    factors.push(result.factor);
    for (const a of [result.advice].flat()) if (a) recommendations.push(a);
  };
  if (inputs.durationSeconds > 0) add(lengthFactor(inputs.durationSeconds));
  else notMeasured.push('length');
  if (inputs.scenes && inputs.scenes.count > 0) add(pacingFactor(inputs.scenes));
  else notMeasured.push('pacing');
  if (inputs.speech?.available && inputs.speech.words_per_minute !== null) add(speechRateFactor(inputs.speech.words_per_minute));
  else notMeasured.push('speech_rate');
  if (inputs.loudness) add(loudnessFactor(inputs.loudness));
  else notMeasured.push('loudness');
  if (inputs.quality) add(visualQualityFactor(inputs.quality));
  else notMeasured.push('visual_quality');
  if (inputs.quality || inputs.loudness?.has_audio) add(deadAirFactor(inputs.quality, inputs.loudness));
  else notMeasured.push('dead_air');
  const total = factors.reduce((sum, f) => sum + f.points, 0);
  return {
    score: Math.round(Math.min(100, Math.max(0, 50 + total))),
    method: 'rules',
    label: ENGAGEMENT_LABEL,
    factors,
    not_measured: notMeasured,
    recommendations,
  };
}
