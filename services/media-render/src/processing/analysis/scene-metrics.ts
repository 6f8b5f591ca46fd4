// The scenes section of an analysis: scene detection's own cut picking (pickScenes) over the
// measurement pass's scene scores, summarised as count, lengths and cuts per minute. Pure.
// - the usual sensitivity (0.5, threshold 0.325) and a shortest scene of 1 s rather than the
//   operation's 2 s: pacing wants every real cut (fast-cut footage changes shot every 1-2 s),
//   while a dissolve or a flash (a run of high-scoring frames) still counts once;
// - no cap on the count: a count is reported, not a list of thumbnails; the scenes themselves are
//   listed (comprehensive) up to MAX_LISTED_SCENES, the API's own max_scenes.
import { pickScenes, type SceneScore } from '../operations/scene-detection.js';
import type { SceneDetectionParams } from '../operations/types.js';
import type { SceneMetrics } from './types.js';

export const MAX_LISTED_SCENES = 500;
export const ANALYSIS_SCENE_PARAMS: SceneDetectionParams = { sensitivity: 0.5, min_scene_duration: 1, max_scenes: 10_000 };

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

/** The scenes section from frame scores (times as ffmpeg printed them) of a video of `durationSeconds`; `withItems` lists the scenes. */
export function summariseScenes(scores: readonly SceneScore[], durationSeconds: number, withItems: boolean): SceneMetrics {
  // Times from the first frame, as the scene detection operation counts them.
  const origin = scores[0]?.time ?? 0;
  const data = pickScenes(
    scores.map((s) => ({ time: s.time - origin, score: s.score })),
    durationSeconds,
    ANALYSIS_SCENE_PARAMS,
  );
  const lengths = data.scenes.map((s) => s.duration);
  const cuts = Math.max(0, data.scenes.length - 1);
  const minutes = durationSeconds / 60;
  return {
    count: data.scenes.length,
    cuts,
    average_scene_seconds: lengths.length > 0 ? round(lengths.reduce((a, b) => a + b, 0) / lengths.length) : 0,
    shortest_scene_seconds: lengths.length > 0 ? round(Math.min(...lengths)) : 0,
    longest_scene_seconds: lengths.length > 0 ? round(Math.max(...lengths)) : 0,
    cuts_per_minute: minutes > 0 ? round(cuts / minutes) : 0,
    threshold: data.threshold,
    ...(withItems ? { items: data.scenes.slice(0, MAX_LISTED_SCENES).map((s) => ({ index: s.index, start: s.start, end: s.end, duration: s.duration, score: s.score })) } : {}),
  };
}
