// The operations a video job runs (processing/operations: ffmpeg through fluent-ffmpeg), from the
// job's operation and parameters as the API named them; outputs named after the input.
import { basename, extname } from 'node:path';
import { runVideoOperation, type VideoOperation } from '../processing/operations/index.js';
import type { OperationOutput, VideoFileRow, VideoJobRow, VideoOperations } from '../services/processing/deps.js';

/** The operation of a single-file job, its parameters passed through (the operations clamp them again). */
function operationOf(job: VideoJobRow, background: string | undefined): VideoOperation {
  const p = job.params;
  switch (job.operation) {
    case 'chroma_key':
      return { kind: 'chroma_key', ...(p as object), background_image: background ?? null } as VideoOperation;
    case 'color_correction':
    case 'scene_detection':
    case 'smart_crop':
    case 'quality':
      return { kind: job.operation, ...(p as object) } as VideoOperation;
    default:
      throw new Error(`video operation ${job.operation} has no runner yet`);
  }
}

const stem = (row: VideoFileRow) => basename(row.filename, extname(row.filename)).slice(0, 80) || 'video';

export class VideoOperationsRepository implements VideoOperations {
  async run(
    job: VideoJobRow,
    inputs: { files: Array<{ row: VideoFileRow; path: string }>; background?: { row: VideoFileRow; path: string } },
    workDir: string,
    report: (fraction: number, stage: string) => void,
    signal: AbortSignal,
  ): Promise<{ outputs: OperationOutput[]; data?: unknown }> {
    const { row, path } = inputs.files[0]!;
    const input = { path, durationSeconds: row.durationMs / 1000, width: row.width, height: row.height, hasAudio: row.hasAudio };
    const result = await runVideoOperation(operationOf(job, inputs.background?.path), input, workDir, (fraction) => report(fraction, job.operation), signal);
    const outputs: OperationOutput[] = [];
    const name = `${stem(row)}-${job.operation.replace(/_/g, '-')}`;
    if (result.outputPath) outputs.push({ path: result.outputPath, filename: `${name}.mp4`, contentType: 'video/mp4', kind: 'video' });
    for (const [i, thumbnail] of (result.thumbnails ?? []).entries()) outputs.push({ path: thumbnail, filename: `${name}-scene-${i + 1}.jpg`, contentType: 'image/jpeg', kind: 'image' });
    return { outputs, ...(result.data ? { data: result.data } : {}) };
  }
}
