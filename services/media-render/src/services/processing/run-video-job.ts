import { extname, join } from 'node:path';
import { VIDEO_LIMITS, VIDEO_PROCESSING_MESSAGES as M, catalogueMessage } from '@trainwright/catalogue';
import { JobError, type MessageRef } from '@trainwright/platform';
import type { OperationOutput, ProcessingDeps, VideoFileRow, VideoJobPatch, VideoJobRow } from './deps.js';
import { shareBatchChunks } from './share-batch-chunks.js';

/** Progress is written (and announced) when it moved at least this many points, or the stage changed. */
const PROGRESS_STEP = 2;

/** Writes a job's progress in order, skipping steps too small to matter. */
function progressWriter(deps: Pick<ProcessingDeps, 'jobs' | 'events'>, jobId: string) {
  let last = { progress: -PROGRESS_STEP, stage: '' };
  let chain = Promise.resolve();
  const report = (fraction: number, stage: string) => {
    const progress = Math.max(0, Math.min(99, Math.floor(fraction * 100)));
    if (stage === last.stage && progress - last.progress < PROGRESS_STEP) return;
    last = { progress, stage };
    chain = chain.then(async () => {
      const job = await deps.jobs.updateJob(jobId, { progress, stage });
      if (job) await deps.events.changed(job);
    });
  };
  return { report, flushed: () => chain };
}

async function finish(deps: Pick<ProcessingDeps, 'jobs' | 'events'>, jobId: string, patch: VideoJobPatch): Promise<void> {
  const job = await deps.jobs.updateJob(jobId, patch);
  if (job) await deps.events.changed(job);
}

async function fail(deps: Pick<ProcessingDeps, 'jobs' | 'events'>, jobId: string, error: string, errorMessage: MessageRef | null): Promise<void> {
  await finish(deps, jobId, { status: 'failed', stage: '', error, errorMessage });
}

/**
 * Runs a queued job (the `video` queue's worker): its files copied into a work folder, the
 * operation run there with its real progress, each output stored under the company and recorded
 * with what ffprobe reads of it, then the job completed with its data. A failure the operation
 * explains (a JobError) ends the job with that message; a fault (or a JobError that says a retry
 * may cure it: ffmpeg stopped) is retried while attempts remain, then ends it with the generic
 * message. The work folder goes whatever happens.
 */
export async function runVideoJob(deps: ProcessingDeps, jobId: string, attempt: { number: number; of: number }): Promise<'completed' | 'failed' | 'skipped'> {
  const queued = await deps.jobs.findJob(jobId);
  if (!queued || queued.status === 'completed' || queued.status === 'failed') return 'skipped';
  const files = await Promise.all(queued.fileIds.map((id) => deps.files.findFile(id)));
  const background = queued.backgroundFileId ? await deps.files.findFile(queued.backgroundFileId) : undefined;
  if (files.some((f) => !f) || background === undefined && queued.backgroundFileId) {
    const message = catalogueMessage(M, 'fileNotFound');
    await fail(deps, jobId, message.text, { id: message.id, params: message.params });
    return 'failed';
  }
  await finish(deps, jobId, { status: 'running', progress: 0, stage: '', error: '', errorMessage: null });
  const progress = progressWriter(deps, jobId);
  const controller = new AbortController();
  // Every job ends: past its limit (long for long videos: a 4x upscale, two-pass stabilisation) it is stopped, not retried.
  const mediaSeconds = (files as VideoFileRow[]).reduce((n, f) => n + f.durationMs / 1000, 0);
  const limitMs = VIDEO_LIMITS.jobBaseMs + mediaSeconds * VIDEO_LIMITS.jobSecondsPerMediaSecond * 1000;
  const timer = setTimeout(() => controller.abort(new Error('time limit')), limitMs).unref();
  try {
    await deps.workDirs.use(async (dir) => {
      const local = async (row: VideoFileRow, name: string) => {
        const path = join(dir, `${name}${extname(row.filename).toLowerCase()}`);
        await deps.storage.copyTo(row.storageKey, path);
        return { row, path };
      };
      const inputs = {
        files: await Promise.all((files as VideoFileRow[]).map((row, i) => local(row, `input-${i}`))),
        ...(background ? { background: await local(background, 'background') } : {}),
      };
      const chunkRunner = queued.operation === 'batch' ? shareBatchChunks(deps, queued, controller.signal) : undefined;
      const result = await deps.operations.run(queued, inputs, dir, progress.report, controller.signal, chunkRunner);
      await progress.flushed();
      for (const [i, output] of result.outputs.entries()) await storeOutput(deps, queued, output, i);
      await finish(deps, jobId, { status: 'completed', progress: 100, stage: '', data: (result.data as object | undefined) ?? null });
    });
    return 'completed';
  } catch (error) {
    const timedOut = controller.signal.aborted;
    controller.abort();
    await progress.flushed().catch(() => undefined);
    if (timedOut) {
      const message = catalogueMessage(M, 'timedOut', Math.round(limitMs / 60_000));
      await fail(deps, jobId, message.text, { id: message.id, params: message.params });
      return 'failed';
    }
    const retry = attempt.number < attempt.of;
    if (error instanceof JobError && !(error.retryable && retry)) {
      await fail(deps, jobId, error.message, error.messageRef ?? null);
      return 'failed';
    }
    if (retry) throw error;
    const message = catalogueMessage(M, 'failed');
    await fail(deps, jobId, message.text, { id: message.id, params: message.params });
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

/** An output kept under the company, as a file of its own (probed for the list and the player). */
async function storeOutput(deps: ProcessingDeps, job: VideoJobRow, output: OperationOutput, index: number): Promise<void> {
  const key = `companies/${job.companyId}/video-processing/${job.id}/${index}${extname(output.filename).toLowerCase()}`;
  const size = await deps.storage.save(key, { path: output.path });
  const probed = output.kind === 'subtitles' ? undefined : await deps.probe.probe(output.path);
  await deps.files.insertFile({
    id: deps.newId(),
    companyId: job.companyId,
    createdBy: job.createdBy,
    origin: 'output',
    uploadId: null,
    projectId: null,
    jobId: job.id,
    storageKey: key,
    filename: output.filename,
    contentType: output.contentType,
    size,
    kind: probed?.kind ?? output.kind,
    durationMs: probed?.durationMs ?? 0,
    width: probed?.width ?? 0,
    height: probed?.height ?? 0,
    hasAudio: probed?.hasAudio ?? false,
    videoCodec: probed?.videoCodec ?? '',
  });
}

/** The worker died on every attempt: the job ends failed. */
export async function abandonVideoJob(deps: Pick<ProcessingDeps, 'jobs' | 'events'>, jobId: string): Promise<void> {
  const message = catalogueMessage(M, 'abandoned');
  await fail(deps, jobId, message.text, { id: message.id, params: message.params });
}
