// The loudness section of an analysis from ebur128's and silencedetect's frame metadata, and its
// verdict. Pure.
//
// Targets: -16 LUFS integrated for online video (AES TD1004, "Recommendations for loudness of
// audio streaming and network file playback", which also gives -1 dBTP as the highest true peak)
// and -23 LUFS for broadcast (EBU R128). The verdict judges against the online target, as
// training videos are watched online, and says so when a file sits at the broadcast level
// instead. Bands (ours): within 1 LU on target; -24..-13 LUFS acceptable (ok), quieter too quiet,
// louder too loud; a true peak above -1 dBTP may distort after lossy encoding.
//
// ebur128 prints the loudness so far on every 100 ms frame, so the last frame carries the whole
// file's integrated loudness, range and (running maximum) true peak; only the end of that file
// needs reading. Below its absolute gate (-70 LUFS) a track counts as silent: no loudness.
import { coveredSeconds, markedIntervals, numberOf, type FrameMetadata } from './frame-metadata.js';
import type { LoudnessMetrics } from './types.js';

export const LOUDNESS_TARGETS = { online_lufs: -16, broadcast_lufs: -23, max_true_peak_dbtp: -1 } as const;
const ON_TARGET_LU = 1;
const ACCEPTABLE = { quietest: -24, loudest: -13 };
/** ebur128's absolute gate: an integrated value at or below it means nothing passed the gate. */
const ABSOLUTE_GATE_LUFS = -70;
const MOSTLY_SILENT = 0.5;

export interface LoudnessReading {
  integratedLufs: number | null;
  rangeLu: number | null;
  /** dBTP over all channels; null when the peak is zero. */
  truePeakDbtp: number | null;
  /** The time of the last frame read (s): about where the audio ends. */
  lastTime: number | null;
}

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

/** The whole file's loudness from ebur128's frames (only the last frame with an integrated value counts). */
export function readLoudness(frames: readonly FrameMetadata[]): LoudnessReading {
  for (let i = frames.length - 1; i >= 0; i--) {
    const f = frames[i]!;
    const integrated = numberOf(f, 'lavfi.r128.I');
    if (integrated === null) continue;
    const peak = numberOf(f, 'lavfi.r128.true_peak');
    return {
      integratedLufs: integrated <= ABSOLUTE_GATE_LUFS ? null : integrated,
      rangeLu: integrated <= ABSOLUTE_GATE_LUFS ? null : numberOf(f, 'lavfi.r128.LRA'),
      truePeakDbtp: peak !== null && peak > 0 ? 20 * Math.log10(peak) : null,
      lastTime: f.time,
    };
  }
  return { integratedLufs: null, rangeLu: null, truePeakDbtp: null, lastTime: null };
}

/** Seconds of silence from silencedetect's frames; a silence still open at the end runs to `endTime`. */
export function silenceSeconds(frames: readonly FrameMetadata[], endTime: number): number {
  return coveredSeconds(markedIntervals(frames, 'lavfi.silence_start', 'lavfi.silence_end', endTime));
}

export function loudnessVerdict(integrated: number | null, truePeak: number | null, silenceShare: number | null): { verdict: string; ok: boolean } {
  if (integrated === null) return { verdict: 'the sound track is silent', ok: false };
  const { online_lufs: online, broadcast_lufs: broadcast, max_true_peak_dbtp: maxPeak } = LOUDNESS_TARGETS;
  const offset = integrated - online;
  let verdict: string;
  let ok = true;
  if (Math.abs(offset) <= ON_TARGET_LU) verdict = `on target for online video (${online} LUFS)`;
  else if (Math.abs(integrated - broadcast) <= ON_TARGET_LU) verdict = `at the broadcast level (${broadcast} LUFS): quieter than most online video`;
  else if (integrated < ACCEPTABLE.quietest) {
    verdict = `too quiet: ${round(-offset)} LU below the online target`;
    ok = false;
  } else if (integrated > ACCEPTABLE.loudest) {
    verdict = `too loud: ${round(offset)} LU above the online target`;
    ok = false;
  } else verdict = offset < 0 ? `a little quiet for online video (${round(-offset)} LU below ${online} LUFS)` : `a little loud for online video (${round(offset)} LU above ${online} LUFS)`;
  if (truePeak !== null && truePeak > maxPeak) {
    verdict += `; peaks reach ${round(truePeak)} dBTP and may distort`;
    ok = false;
  }
  if (silenceShare !== null && silenceShare >= MOSTLY_SILENT) verdict += '; mostly silent';
  return { verdict, ok };
}

/**
 * The loudness section from ebur128's frames (the end of its file is enough) and silencedetect's,
 * or null for a file without sound; `durationSeconds` is the video's (shares are of it), `origin`
 * the time its first frame carries.
 */
export function judgeLoudness(audio: { loudness: readonly FrameMetadata[]; silence: readonly FrameMetadata[] } | null, durationSeconds: number, origin = 0): LoudnessMetrics {
  const targets = { ...LOUDNESS_TARGETS };
  if (audio === null) {
    return {
      has_audio: false,
      integrated_lufs: null,
      loudness_range_lu: null,
      true_peak_dbtp: null,
      silence_seconds: null,
      silence_share: null,
      offset_from_online_target_lu: null,
      offset_from_broadcast_target_lu: null,
      targets,
      verdict: 'no sound track',
      ok: false,
    };
  }
  const reading = readLoudness(audio.loudness);
  const end = Math.max(origin + durationSeconds, reading.lastTime ?? 0);
  const silent = Math.min(durationSeconds, silenceSeconds(audio.silence, end));
  const share = durationSeconds > 0 ? Math.min(1, silent / durationSeconds) : null;
  const { verdict, ok } = loudnessVerdict(reading.integratedLufs, reading.truePeakDbtp, share);
  const i = reading.integratedLufs;
  return {
    has_audio: true,
    integrated_lufs: i === null ? null : round(i),
    loudness_range_lu: reading.rangeLu === null ? null : round(reading.rangeLu),
    true_peak_dbtp: reading.truePeakDbtp === null ? null : round(reading.truePeakDbtp),
    silence_seconds: round(silent, 2),
    silence_share: share === null ? null : round(share, 3),
    offset_from_online_target_lu: i === null ? null : round(i - targets.online_lufs),
    offset_from_broadcast_target_lu: i === null ? null : round(i - targets.broadcast_lufs),
    targets,
    verdict,
    ok,
  };
}
