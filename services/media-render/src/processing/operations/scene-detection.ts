// Scene detection: ffmpeg scores every frame against the one before, the cuts are chosen here, and
// one JPEG per scene shows a frame from its middle.
// - the score is select's `scene` (0..1, the mean absolute difference of the two frames after
//   removing the mean brightness change, so a fade or flash scores lower than a cut), printed for
//   every frame by metadata=print into a file (not stderr: a long video has more lines than a log
//   tail keeps). Frames go through at up to 320 px wide: the score is a mean over the frame, so it
//   hardly depends on the size, and decoding stays the only real cost;
// - every frame is scored (select=gte(scene,0)) and the threshold is applied here rather than by
//   select=gt(scene,T), so min_scene_duration and max_scenes can keep the strongest cuts: a
//   cluster of frames above the threshold (a fast pan, a dissolve) gives one cut, its strongest;
// - sensitivity 0.1..1 maps linearly to the threshold 0.505..0.1 (0.5 gives 0.325, near ffmpeg's
//   usual 0.3-0.4); a hard cut between unrelated shots scores 0.6-1;
// - a thumbnail is the frame at the middle of its scene (away from both cuts and from a fade),
//   at most 480 px wide; several scenes share one ffmpeg (an input seek each), THUMBNAILS_PER_RUN
//   at a time, which saves a process start per scene without opening 50 decoders at once.
import { VIDEO_RANGES } from '@trainwright/catalogue';
import { resolve } from 'node:path';
import type { FfmpegPass } from './ffmpeg.runner.js';
import { clamp, num } from './encoding.js';
import type { Scene, SceneDetectionData, SceneDetectionParams, VideoInput } from './types.js';

export const DEFAULT_MIN_SCENE_SECONDS = VIDEO_RANGES.min_scene_duration.default;
export const DEFAULT_MAX_SCENES = VIDEO_RANGES.max_scenes.default;
export const SCENE_ANALYSIS_WIDTH = 320;
export const THUMBNAIL_WIDTH = 480;
export const THUMBNAILS_PER_RUN = 8;
const THRESHOLD = { atLeast: 0.505, atMost: 0.1 };
/** Times compare with this much slack: ffmpeg prints them rounded. */
const EPSILON = 1e-6;

export interface SceneScore {
  /** Seconds (the frame's pts_time). */
  time: number;
  score: number;
}

/** The scene score a cut must exceed at a sensitivity of 0.1..1 (clamped): higher sensitivity, lower threshold. */
export function sceneThreshold(sensitivity: number): number {
  const share = (clamp(sensitivity, 0.1, 1, 0.5) - 0.1) / 0.9;
  return Math.round((THRESHOLD.atLeast - share * (THRESHOLD.atLeast - THRESHOLD.atMost)) * 1e4) / 1e4;
}

/** The pass that writes every frame's scene score into `scoresFile` (a name in the pass's working folder). */
export function sceneScorePass(input: VideoInput, scoresFile: string): FfmpegPass {
  const scale = input.width > SCENE_ANALYSIS_WIDTH ? [`scale=${SCENE_ANALYSIS_WIDTH}:-2`] : [];
  const filters = [...scale, 'select=gte(scene\\,0)', `metadata=print:key=lavfi.scene_score:file=${scoresFile}`];
  return {
    inputs: [{ path: resolve(input.path) }],
    outputs: [{ target: '-', options: ['-map', '0:v:0', '-an', '-sn', '-vf', filters.join(','), '-f', 'null'] }],
    seconds: input.durationSeconds,
  };
}

/**
 * Frame scores from metadata=print output ('frame:1 pts:1024 pts_time:0.1' then
 * 'lavfi.scene_score=0.0466'), also when each line carries a log prefix ('[Parsed_metadata_2 @ 0x..] ').
 */
export function parseSceneScores(text: string): SceneScore[] {
  const scores: SceneScore[] = [];
  let time: number | null = null;
  for (const line of text.split(/\r?\n/)) {
    const at = /pts_time:\s*(-?[\d.]+(?:e[-+]?\d+)?)/i.exec(line);
    if (at) {
      time = Number(at[1]);
      continue;
    }
    const score = /lavfi\.scene_score=\s*([\d.]+(?:e[-+]?\d+)?)/i.exec(line);
    if (score && time !== null && Number.isFinite(time)) {
      scores.push({ time, score: Number(score[1]) });
      time = null;
    }
  }
  return scores;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The scenes of a video of `durationSeconds` from its frame scores (times from the first frame):
 * the cuts above the threshold, strongest first, each kept when it leaves at least
 * min_scene_duration to every kept cut and to both ends, until max_scenes scenes.
 */
export function pickScenes(scores: readonly SceneScore[], durationSeconds: number, params: SceneDetectionParams): SceneDetectionData {
  const threshold = sceneThreshold(params.sensitivity);
  const minSeconds = clamp(params.min_scene_duration, 0, 3600, DEFAULT_MIN_SCENE_SECONDS);
  const maxScenes = Math.round(clamp(params.max_scenes, 1, 10_000, DEFAULT_MAX_SCENES));
  const end = durationSeconds > 0 ? durationSeconds : Math.max(0, ...scores.map((s) => s.time));
  const candidates = scores
    .filter((s) => s.score > threshold && s.time > EPSILON && s.time < end - EPSILON)
    .sort((a, b) => b.score - a.score || a.time - b.time);
  const cuts: SceneScore[] = [];
  const room = minSeconds - EPSILON;
  for (const c of candidates) {
    if (cuts.length >= maxScenes - 1) break;
    if (c.time < room || end - c.time < room) continue;
    if (cuts.some((k) => Math.abs(k.time - c.time) < room)) continue;
    cuts.push(c);
  }
  cuts.sort((a, b) => a.time - b.time);
  const starts = [{ time: 0, score: 0 }, ...cuts];
  const scenes: Scene[] = starts.map((s, index) => {
    const start = round3(s.time);
    const stop = round3(index + 1 < starts.length ? starts[index + 1]!.time : end);
    return { index, start, end: stop, duration: round3(stop - start), score: round3(s.score) };
  });
  return { scenes, threshold };
}

/** Where each scene's thumbnail is taken: its middle. */
export const thumbnailTime = (scene: Scene): number => scene.start + scene.duration / 2;

/** The passes that write one JPEG per scene (`paths[i]` for `scenes[i]`), THUMBNAILS_PER_RUN per ffmpeg. */
export function thumbnailPasses(input: VideoInput, scenes: readonly Scene[], paths: readonly string[]): FfmpegPass[] {
  const scale = input.width > THUMBNAIL_WIDTH ? ['-vf', `scale=${THUMBNAIL_WIDTH}:-2`] : [];
  const passes: FfmpegPass[] = [];
  for (let first = 0; first < scenes.length; first += THUMBNAILS_PER_RUN) {
    const batch = scenes.slice(first, first + THUMBNAILS_PER_RUN);
    passes.push({
      // Input seeking: ffmpeg jumps to the keyframe before and decodes up to the time.
      inputs: batch.map((scene) => ({ path: resolve(input.path), options: ['-ss', num(thumbnailTime(scene), 3)] })),
      outputs: batch.map((_, i) => ({ target: paths[first + i]!, options: ['-map', `${i}:v:0`, '-frames:v', '1', ...scale, '-q:v', '3', '-update', '1', '-f', 'image2'] })),
      seconds: 0,
    });
  }
  return passes;
}
