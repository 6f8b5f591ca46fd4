// Runs one video operation on a file: its passes in order (pure builders in the operation's file,
// run by runFfmpegPass), the result in the work dir under a name of its own (`<kind>-<id>.mp4`, so
// operations chained in one dir never overwrite their own input), progress over all passes, and
// on failure no partial output left behind. Scratch files (scores, transforms, crop commands)
// are removed either way.
//
// Progress weights of the two-pass operations: scene detection 0.85 scoring, 0.15 thumbnails
// (an input seek and one decoded frame per scene); smart crop 0.3 analysis (decode and a tiny
// scale, no encode), 0.7 render; stabilised quality DETECT_WEIGHT detect, the rest render.
import { randomUUID } from 'node:crypto';
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { chromaKeyPass } from './chroma-key.js';
import { colorCorrectionPass } from './color-correction.js';
import { evenDown } from './encoding.js';
import { abortedError, runFfmpegPass, type FfmpegPass, type PassContext } from './ffmpeg.runner.js';
import { DETECT_WEIGHT, qualityPass, stabiliseDetectPass } from './quality.js';
import { parseSceneScores, pickScenes, sceneScorePass, thumbnailPasses } from './scene-detection.js';
import { analysisSize, cropRenderPass, cropWindow, motionAnalysisPass, MotionTracker, planCrop, type FocusPoint } from './smart-crop.js';
import { VideoOperationError, type ProgressListener, type VideoInput, type VideoOperation, type VideoOperationKind, type VideoOperationResult } from './types.js';

/** The start of the user's message when an operation fails. */
export const OPERATION_FAILURES: Record<VideoOperationKind, string> = {
  chroma_key: 'The chroma key could not be applied',
  color_correction: 'The colour correction could not be applied',
  scene_detection: 'The scenes could not be detected',
  smart_crop: 'The smart crop could not be applied',
  quality: 'The video quality could not be enhanced',
};

const SCORING_WEIGHT = 0.85;
const ANALYSIS_WEIGHT = 0.3;

/** A listener that hears 0..1, only forwards, and cannot fail the operation by throwing. */
export function forwardOnly(listener: ProgressListener): ProgressListener {
  let last = 0;
  return (fraction) => {
    const f = Math.min(1, Math.max(0, fraction));
    if (f <= last) return;
    last = f;
    try {
      listener(f);
    } catch {
      // A lost progress update is not worth the job.
    }
  };
}

/**
 * Runs `operation` on `input`, writing into `workDir`; `onProgress` hears 0..1. Throws a
 * VideoOperationError when ffmpeg fails, is missing, or `signal` aborts (ffmpeg is killed).
 */
export async function runVideoOperation(
  operation: VideoOperation,
  input: VideoInput,
  workDir: string,
  onProgress: ProgressListener,
  signal?: AbortSignal,
): Promise<VideoOperationResult> {
  const dir = resolve(workDir);
  await mkdir(dir, { recursive: true });
  const failure = OPERATION_FAILURES[operation.kind];
  const base = `${operation.kind}-${randomUUID().slice(0, 8)}`;
  const outPath = join(dir, `${base}.mp4`);
  const progress = forwardOnly(onProgress);
  /** Names (in dir) removed at the end; paths removed on failure. */
  const scratch: string[] = [];
  const outputs: string[] = [];
  const run = (pass: FfmpegPass, from: number, to: number) => {
    const context: PassContext = { cwd: dir, failure, signal, onProgress: (f) => progress(from + f * (to - from)) };
    return runFfmpegPass(pass, context);
  };
  const scratchName = (suffix: string) => {
    const name = `${base}${suffix}`;
    scratch.push(name);
    return name;
  };
  const written = <T extends string>(path: T): T => {
    outputs.push(path);
    return path;
  };
  try {
    if (signal?.aborted) throw abortedError(failure);
    let result: VideoOperationResult;
    switch (operation.kind) {
      case 'chroma_key': {
        const background = typeof operation.background_image === 'string' && operation.background_image.trim() !== '' ? operation.background_image : null;
        if (background) {
          await access(background).catch(() => {
            throw new VideoOperationError('invalid_input', `${failure}: the background image could not be read.`, background);
          });
        }
        await run(chromaKeyPass(operation, input, written(outPath)), 0, 1);
        result = { outputPath: outPath, width: evenDown(input.width), height: evenDown(input.height) };
        break;
      }
      case 'color_correction': {
        await run(colorCorrectionPass(operation, input, written(outPath)), 0, 1);
        result = { outputPath: outPath, width: evenDown(input.width), height: evenDown(input.height) };
        break;
      }
      case 'scene_detection': {
        const scoresFile = scratchName('-scores.txt');
        await run(sceneScorePass(input, scoresFile), 0, SCORING_WEIGHT);
        const scores = parseSceneScores(await readFile(join(dir, scoresFile), 'utf8').catch(() => ''));
        // Times from the first frame: a container may start its clock above zero.
        const origin = scores[0]?.time ?? 0;
        const data = pickScenes(
          scores.map((s) => ({ time: s.time - origin, score: s.score })),
          input.durationSeconds,
          operation,
        );
        const thumbnails = data.scenes.map((s) => written(join(dir, `${base}-scene-${String(s.index + 1).padStart(3, '0')}.jpg`)));
        const passes = thumbnailPasses(input, data.scenes, thumbnails);
        for (const [k, pass] of passes.entries()) {
          await run(pass, 0, 0);
          progress(SCORING_WEIGHT + ((1 - SCORING_WEIGHT) * (k + 1)) / passes.length);
        }
        result = { data, thumbnails };
        break;
      }
      case 'smart_crop': {
        const window = cropWindow(input.width, input.height, operation.target_aspect);
        const axis = operation.focus_detection !== false ? window.axis : null;
        const analyse = axis !== null;
        let points: FocusPoint[] | null = null;
        if (axis) {
          const size = analysisSize(input.width, input.height);
          const scale = axis === 'x' ? input.width / size.width : input.height / size.height;
          const windowExtent = axis === 'x' ? window.width : window.height;
          const tracker = new MotionTracker(size, axis, windowExtent / scale, scale);
          await run(motionAnalysisPass(input, tracker), 0, ANALYSIS_WEIGHT);
          points = tracker.points;
        }
        const commandsFile = scratchName('-crop.cmd');
        const plan = planCrop(input, operation, points, commandsFile);
        if (plan.commands) await writeFile(join(dir, commandsFile), plan.commands);
        await run(cropRenderPass(input, plan.filter, written(outPath)), analyse ? ANALYSIS_WEIGHT : 0, 1);
        result = { outputPath: outPath, width: plan.window.width, height: plan.window.height };
        break;
      }
      case 'quality': {
        let transforms: string | null = null;
        if (operation.stabilization) {
          transforms = scratchName('-transforms.trf');
          await run(stabiliseDetectPass(input, transforms), 0, DETECT_WEIGHT);
        }
        const pass = qualityPass(operation, input, written(outPath), transforms);
        await run(pass, transforms ? DETECT_WEIGHT : 0, 1);
        result = { outputPath: outPath, width: pass.width, height: pass.height };
        break;
      }
      default:
        throw new VideoOperationError('invalid_input', `Unknown video operation '${(operation as { kind: string }).kind}'.`);
    }
    progress(1);
    return result;
  } catch (err) {
    // A half-written video or a partial set of thumbnails must not pass for a result.
    await Promise.all(outputs.map((path) => rm(path, { force: true })));
    throw err;
  } finally {
    await Promise.all(scratch.map((name) => rm(join(dir, name), { force: true })));
  }
}
