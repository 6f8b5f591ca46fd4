// Analyses one video (POST /api/video/analyze): ffprobe for the stream facts, one ffmpeg decode
// (measurement-pass.ts) for picture, sound and scene measures, then the caller's transcription
// for the speech rate, then the verdicts and the rule-based engagement prediction. Scratch files
// live in the work dir under a name of their own and are removed either way.
// - what runs: the measurement pass when quality metrics or an engagement prediction are asked,
//   or the depth includes scenes (standard, comprehensive); quality and loudness are measured for
//   the prediction even when include_quality_metrics is false, and then left out of the output;
//   a transcript when include_transcript or at comprehensive, and only for a file with sound;
// - a transcription that fails (a language without a model, the provider down) does not fail the
//   analysis: speech says why. Only an abort or the time limit stops everything;
// - progress: the measurement pass is ffmpeg's position over the duration; with a transcription
//   it takes MEASURE_WEIGHT and the transcription the rest, from the transcriber's own progress
//   where it has any (pocketsphinx takes about 0.3 s per second of audio here; the measurement
//   pass took 0.16-0.28 s per second of a 1080p30 clip, basic to comprehensive);
// - bounded time: analysisTimeLimitMs, after which ffmpeg (and the transcription, through its
//   signal) is stopped and the analysis fails.
import { forwardOnly } from '../operations/run-video-operation.js';
import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { abortedError, runFfmpegPass } from '../operations/ffmpeg.runner.js';
import { parseSceneScores } from '../operations/scene-detection.js';
import { VideoOperationError, type VideoInput } from '../operations/types.js';
import type { Transcript } from '../../adapters/transcription/types.js';
import { predictEngagement } from './engagement-score.js';
import { parseFrameMetadata } from './frame-metadata.js';
import { judgeLoudness } from './loudness-metrics.js';
import { analysisSize, measurementFiles, measurementPass, sampleRate, type MeasurementPlan, type SharpnessMethod } from './measurement-pass.js';
import { judgeQuality, measurePicture } from './quality-metrics.js';
import { summariseScenes } from './scene-metrics.js';
import { measureSpeech } from './speech-rate.js';
import { ANALYSIS_DEPTHS, type AnalysisDepth, type AnalysisParams, type AnalysisProgress, type LoudnessMetrics, type QualityMetrics, type SceneMetrics, type SpeechMetrics, type TranscribeVideo, type VideoAnalysis } from './types.js';
import { hasBlurdetect, probeVideo } from './video-probe.js';

export const ANALYSIS_FAILURE = 'The video could not be analysed';
export const MEASURE_WEIGHT = 0.4;
/** ebur128's last frames, enough for the final values (a frame's block is under 1 KB). */
const LOUDNESS_TAIL_BYTES = 8192;

/** The most an analysis may take: two minutes plus twice the duration, twice more with a transcription. */
export function analysisTimeLimitMs(durationSeconds: number, transcribing: boolean): number {
  const seconds = Math.max(0, durationSeconds);
  return (120 + seconds * (transcribing ? 4 : 2)) * 1000;
}

/** The parameters with the API's defaults. */
export function analysisSettings(params: AnalysisParams): { depth: AnalysisDepth; transcript: boolean; quality: boolean; engagement: boolean } {
  const depth = ANALYSIS_DEPTHS.includes(params.analysis_depth as AnalysisDepth) ? (params.analysis_depth as AnalysisDepth) : 'standard';
  return {
    depth,
    transcript: params.include_transcript === true,
    quality: params.include_quality_metrics !== false,
    engagement: params.include_engagement_prediction !== false,
  };
}


async function readTail(path: string, bytes: number): Promise<string> {
  const file = await open(path, 'r').catch(() => null);
  if (!file) return '';
  try {
    const { size } = await file.stat();
    const length = Math.min(size, bytes);
    const buffer = Buffer.alloc(length);
    await file.read(buffer, 0, length, size - length);
    return buffer.toString('utf8');
  } finally {
    await file.close();
  }
}

const readText = (path: string) => readFile(path, 'utf8').catch(() => '');

/** `promise`, or a rejection as soon as `signal` aborts: a transcriber that ignores the signal cannot hold the analysis past its limit. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export interface AnalyzeOptions {
  /** Replaces analysisTimeLimitMs. */
  timeLimitMs?: number;
}

/**
 * Analyses `input`, writing scratch files into `workDir`; `onProgress` hears 0..1. `transcribe`
 * (the caller's, for this video's audio) is asked when the speech rate is wanted; its failure is
 * reported in `speech`. Throws a VideoOperationError when the file cannot be read, ffmpeg fails or
 * is missing, `signal` aborts, or the time limit passes.
 */
export async function analyzeVideo(
  input: VideoInput,
  params: AnalysisParams,
  workDir: string,
  onProgress: AnalysisProgress,
  signal?: AbortSignal,
  transcribe?: TranscribeVideo,
  options: AnalyzeOptions = {},
): Promise<VideoAnalysis> {
  const failure = ANALYSIS_FAILURE;
  if (signal?.aborted) throw abortedError(failure);
  const settings = analysisSettings(params);
  const dir = resolve(workDir);
  await mkdir(dir, { recursive: true });
  const base = `analysis-${randomUUID().slice(0, 8)}`;
  const progress = forwardOnly(onProgress);
  const notes: string[] = [];

  const probe = await probeVideo(input.path, failure, { width: input.width, height: input.height });
  if (!probe.hasVideo) throw new VideoOperationError('invalid_input', `${failure}: the file has no picture.`);
  const duration = input.durationSeconds > 0 ? input.durationSeconds : probe.durationSeconds;
  const hasAudio = probe.hasAudio;
  const wantsSpeech = settings.transcript || settings.depth === 'comprehensive';
  const transcribing = wantsSpeech && hasAudio && transcribe !== undefined;
  const withScenes = settings.depth !== 'basic';
  const measuring = settings.quality || settings.engagement || withScenes;

  // One signal for the caller's abort and the time limit.
  const limitMs = options.timeLimitMs ?? analysisTimeLimitMs(duration, transcribing);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, limitMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const stopped = (): VideoOperationError =>
    timedOut ? new VideoOperationError('ffmpeg_failed', `${failure}: it took longer than the ${Math.ceil(limitMs / 60_000)} minutes allowed.`) : abortedError(failure);

  let files: ReturnType<typeof measurementFiles> | null = null;
  try {
    let quality: QualityMetrics | null = null;
    let loudness: LoudnessMetrics | null = null;
    let scenes: SceneMetrics | null = null;
    let sharpness: SharpnessMethod = 'blurdetect';
    const measureShare = transcribing ? MEASURE_WEIGHT : 1;
    if (measuring) {
      sharpness = (await hasBlurdetect()) ? 'blurdetect' : 'laplacian';
      if (sharpness === 'laplacian') notes.push('This ffmpeg has no blurdetect filter: sharpness is the mean Laplacian response (higher is sharper).');
      const measureInput: VideoInput = { ...input, durationSeconds: duration, hasAudio };
      const plan: MeasurementPlan = { rate: sampleRate(settings.depth, duration), size: analysisSize(input.width, input.height), sharpness, scenes: withScenes, audio: hasAudio };
      files = measurementFiles(base, plan);
      try {
        await runFfmpegPass(measurementPass(measureInput, plan, files), { cwd: dir, failure, signal: controller.signal, onProgress: (f) => progress(f * measureShare) });
      } catch (err) {
        throw controller.signal.aborted ? stopped() : err;
      }
      const at = (name: string) => join(dir, name);
      const picture = parseFrameMetadata(await readText(at(files.picture)));
      const measures = measurePicture(
        picture,
        parseFrameMetadata(await readText(at(files.noise))),
        { method: sharpness, frames: files.sharpness ? parseFrameMetadata(await readText(at(files.sharpness))) : [] },
        duration,
      );
      if (measures) quality = judgeQuality(measures, probe, duration, sharpness, { rate: plan.rate, ...plan.size });
      else notes.push('No frame could be measured: the picture measures are missing.');
      const origin = picture[0]?.time ?? 0;
      loudness = judgeLoudness(
        files.loudness && files.silence ? { loudness: parseFrameMetadata(await readTail(at(files.loudness), LOUDNESS_TAIL_BYTES)), silence: parseFrameMetadata(await readText(at(files.silence))) } : null,
        duration,
        origin,
      );
      if (files.scenes) scenes = summariseScenes(parseSceneScores(await readText(at(files.scenes))), duration, settings.depth === 'comprehensive');
    }
    if (!hasAudio) notes.push('The video has no sound track: loudness and speech could not be measured.');
    if (!withScenes) notes.push("Scenes are counted at 'standard' and 'comprehensive' depth.");
    progress(measureShare);

    let speech: SpeechMetrics | null = null;
    let transcript: Transcript | null = null;
    if (wantsSpeech) {
      if (!hasAudio) speech = { available: false, reason: 'The video has no sound track.' };
      else if (!transcribe) speech = { available: false, reason: 'No speech recogniser is available for this analysis.' };
      else {
        try {
          const transcription = transcribe({ onProgress: (f) => progress(measureShare + Math.min(1, Math.max(0, f)) * (1 - measureShare)), signal: controller.signal });
          transcript = await untilAborted(transcription, controller.signal);
          speech = measureSpeech(transcript, duration);
        } catch (err) {
          if (controller.signal.aborted) throw stopped();
          const error = err instanceof Error ? err : new Error(String(err));
          speech = { available: false, reason: error.message, error: error.constructor.name };
          notes.push(`The speech could not be transcribed: ${error.message}`);
        }
      }
    } else notes.push("Speech rate needs a transcript: ask include_transcript or 'comprehensive' depth.");
    if (controller.signal.aborted) throw stopped();

    const engagement = settings.engagement ? predictEngagement({ durationSeconds: duration, quality, loudness, scenes, speech }) : null;
    if (!settings.quality && measuring && settings.engagement) notes.push('Quality and loudness were measured for the engagement prediction and left out (include_quality_metrics false).');
    const analysis: VideoAnalysis = {
      depth: settings.depth,
      duration_seconds: Math.round(duration * 1000) / 1000,
      quality: settings.quality ? quality : null,
      loudness: settings.quality ? loudness : null,
      scenes,
      speech,
      engagement,
      ...(settings.transcript ? { transcript } : {}),
      engines: {
        measurement: measuring ? `ffmpeg (signalstats, ${sharpness === 'blurdetect' ? 'blurdetect' : 'Laplacian proxy'}, Immerkær noise, blackdetect, freezedetect${hasAudio ? ', ebur128, silencedetect' : ''})` : 'ffprobe',
        scenes: scenes ? 'ffmpeg scene score (scene detection)' : null,
        transcription: transcript?.engine ?? null,
        engagement: engagement ? 'rules' : null,
      },
      notes,
    };
    progress(1);
    return analysis;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    if (files) {
      const names = Object.values(files).filter((n): n is string => typeof n === 'string');
      await Promise.all(names.map((name) => rm(join(dir, name), { force: true })));
    }
  }
}
