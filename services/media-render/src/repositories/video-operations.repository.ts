// The operations a video job runs, from the job's operation and parameters as the API named them
// (services/processing/deps.ts VideoOperations): the ffmpeg operations (processing/operations),
// subtitles from a transcript with an optional burn-in (processing/subtitles), batches in chunks
// (processing/batch), the analysis (processing/analysis) and transcription (the configured
// recogniser, processing/transcribe); outputs named after the input. A refusal a
// user can act on becomes a JobError with its message; anything else is a fault.
import { writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { AppError, JobError } from '@trainwright/platform';
import { UnsupportedLanguageError } from '../adapters/transcription/types.js';
import { analyzeVideo, type AnalysisParams, type TranscribeVideo } from '../processing/analysis/index.js';
import { batchParameters, processBatchChunk, runBatch, type BatchParams, type ChunkRunner, type ProcessedChunk } from '../processing/batch/run-batch.js';
import { chunkSeconds, outputArgs, runFfmpegPass, runVideoOperation, type VideoInput, type VideoOperation } from '../processing/operations/index.js';
import { burnInFilter, createSubtitles, serializeCues, type SubtitlesRequest } from '../processing/subtitles/index.js';
import { transcribeVideo, type TranscribeParams, type TranscriptionEngines } from '../processing/transcribe/transcribe-video.js';
import type { OperationOutput, VideoFileRow, VideoJobRow, VideoOperations } from '../services/processing/deps.js';

type Inputs = { files: Array<{ row: VideoFileRow; path: string }>; background?: { row: VideoFileRow; path: string } };
type Report = (fraction: number, stage: string) => void;
type Result = { outputs: OperationOutput[]; data?: object };

const stem = (row: VideoFileRow) => basename(row.filename, extname(row.filename)).slice(0, 80) || 'video';
const inputOf = ({ row, path }: { row: VideoFileRow; path: string }): VideoInput => ({ path, durationSeconds: row.durationMs / 1000, width: row.width, height: row.height, hasAudio: row.hasAudio });

/** A refusal of the request's content (an empty transcript) ends the job with its message. */
function asJobError(error: unknown): unknown {
  if (error instanceof AppError && error.code === 'VALIDATION_FAILED') return new JobError(error.message);
  if (error instanceof UnsupportedLanguageError) return new JobError(error.message);
  return error;
}

export class VideoOperationsRepository implements VideoOperations {
  /** The recognisers, made when first needed (the offline one asks Debian for its version). */
  constructor(private readonly engines: () => Promise<TranscriptionEngines>) {}

  /** A transcription of the input for the analysis's speech rate (its speakers are not needed). */
  private analysisTranscription(input: VideoInput, params: Record<string, unknown>, workDir: string): TranscribeVideo {
    return async ({ onProgress, signal }) => transcribeVideo(await this.engines(), input, { language_code: params.language_code as string | undefined, enable_speaker_diarization: false }, workDir, onProgress, signal);
  }

  async run(job: VideoJobRow, inputs: Inputs, workDir: string, report: Report, signal: AbortSignal, chunkRunner?: ChunkRunner): Promise<Result> {
    try {
      switch (job.operation) {
        case 'chroma_key':
        case 'color_correction':
        case 'scene_detection':
        case 'smart_crop':
        case 'quality':
          return await this.ffmpegOperation(job, inputs, workDir, report, signal);
        case 'subtitles':
          return await this.subtitles(job, inputs, workDir, report, signal);
        case 'batch':
          return await this.batch(job, inputs, workDir, report, signal, chunkRunner);
        case 'analyze':
          return await this.analyze(job, inputs, workDir, report, signal);
        case 'transcribe':
          return { outputs: [], data: await transcribeVideo(await this.engines(), inputOf(inputs.files[0]!), job.params as TranscribeParams, workDir, (f) => report(f, 'transcribe'), signal) };
        default:
          throw new Error(`video operation ${job.operation} has no runner yet`);
      }
    } catch (error) {
      throw asJobError(error);
    }
  }

  private async ffmpegOperation(job: VideoJobRow, inputs: Inputs, workDir: string, report: Report, signal: AbortSignal): Promise<Result> {
    const first = inputs.files[0]!;
    const operation = { kind: job.operation, ...job.params, ...(job.operation === 'chroma_key' ? { background_image: inputs.background?.path ?? null } : {}) } as VideoOperation;
    const result = await runVideoOperation(operation, inputOf(first), workDir, (fraction) => report(fraction, job.operation), signal);
    const name = `${stem(first.row)}-${job.operation.replace(/_/g, '-')}`;
    const outputs: OperationOutput[] = [];
    if (result.outputPath) outputs.push({ path: result.outputPath, filename: `${name}.mp4`, contentType: 'video/mp4', kind: 'video' });
    for (const [i, thumbnail] of (result.thumbnails ?? []).entries()) outputs.push({ path: thumbnail, filename: `${name}-scene-${i + 1}.jpg`, contentType: 'image/jpeg', kind: 'image' });
    return { outputs, ...(result.data ? { data: result.data } : {}) };
  }

  /** The analysis's figures (no file); its transcript, when asked for, by the configured recogniser. */
  private async analyze(job: VideoJobRow, inputs: Inputs, workDir: string, report: Report, signal: AbortSignal): Promise<Result> {
    const input = inputOf(inputs.files[0]!);
    const transcribe = job.params.include_transcript === true || job.params.analysis_depth === 'comprehensive' ? this.analysisTranscription(input, job.params, workDir) : undefined;
    const analysis = await analyzeVideo(input, job.params as AnalysisParams, workDir, (fraction) => report(fraction, 'analyze'), signal, transcribe);
    return { outputs: [], data: analysis };
  }

  /** Each file through the batch's operations in chunks: one output per file, in the files' order. */
  private async batch(job: VideoJobRow, inputs: Inputs, workDir: string, report: Report, signal: AbortSignal, runner?: ChunkRunner): Promise<Result> {
    const files = inputs.files.map((f) => ({ input: inputOf(f), name: `${stem(f.row)}-batch` }));
    const results = await runBatch(files, job.params as unknown as BatchParams, { workDir, ...(inputs.background ? { background: inputs.background.path } : {}), onProgress: report, signal, ...(runner ? { runner } : {}) });
    return {
      outputs: results.files.map((r, i) => ({ path: r.outputPath, filename: `${files[i]!.name}.mp4`, contentType: 'video/mp4', kind: 'video' as const })),
      data: {
        operations: job.params.operations,
        chunk_duration: chunkSeconds(job.params.chunk_duration),
        files: results.files.map((r, i) => ({ video_path: inputs.files[i]!.row.id, chunks: r.chunks })),
        workers: results.workers,
      },
    };
  }

  async runBatchChunk(job: VideoJobRow, chunk: { path: string; durationSeconds: number; width: number; height: number }, background: string | undefined, workDir: string, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<ProcessedChunk> {
    const params = job.params as unknown as BatchParams;
    try {
      return await processBatchChunk({ ...chunk, hasAudio: false }, params, batchParameters(params, background), workDir, onProgress, signal);
    } catch (error) {
      throw asJobError(error);
    }
  }

  /** The subtitle file; with a video and burn_in, the video with them drawn in (from the ASS form, which keeps every character). */
  private async subtitles(job: VideoJobRow, inputs: Inputs, workDir: string, report: Report, signal: AbortSignal): Promise<Result> {
    const file = createSubtitles(job.params as unknown as SubtitlesRequest);
    const video = inputs.files[0];
    const name = video ? `${stem(video.row)}-subtitles` : 'subtitles';
    const path = join(workDir, `subtitles.${file.extension}`);
    await writeFile(path, file.content);
    const outputs: OperationOutput[] = [{ path, filename: `${name}.${file.extension}`, contentType: file.contentType, kind: 'subtitles' }];
    const data = { subtitle_format: file.format, cue_count: file.cues.length, content: file.content };
    if (!video || job.params.burn_in !== true) return { outputs, data };
    const ass = join(workDir, 'burn-in.ass');
    await writeFile(ass, serializeCues(file.cues, 'ass', { playResX: video.row.width, playResY: video.row.height }));
    const burned = join(workDir, 'burned-in.mp4');
    const input = inputOf(video);
    await runFfmpegPass(
      { inputs: [{ path: video.path }], outputs: [{ target: burned, options: ['-filter_complex', `[0:v]${burnInFilter({ path: ass })}[video]`, ...outputArgs('[video]', input.hasAudio)] }], seconds: input.durationSeconds },
      { cwd: workDir, failure: 'The subtitles could not be burned in', onProgress: (fraction) => report(fraction, 'burning in subtitles'), signal },
    );
    outputs.unshift({ path: burned, filename: `${name}.mp4`, contentType: 'video/mp4', kind: 'video' });
    return { outputs, data };
  }
}
