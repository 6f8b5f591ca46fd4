import { VIDEO_LIMITS, VIDEO_OPERATIONS, VIDEO_PROCESSING_MESSAGES as M, catalogueMessage, type VideoOperationName } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { requireVideoProcessing } from './access.js';
import type { ProcessingDeps, VideoFileRow, VideoJobRow } from './deps.js';

export interface StartVideoJob {
  operation: string;
  fileIds: string[];
  backgroundFileId: string;
  /** The company of a job without files (subtitles from a transcript). */
  companyId: string;
  /** As the gateway validated them against the catalogue's ranges. */
  params: Record<string, unknown>;
}

/** The files a job names, each of one company the caller may process videos in. */
async function filesOf(deps: Pick<ProcessingDeps, 'files'>, ids: string[]): Promise<VideoFileRow[]> {
  const files = await Promise.all(ids.map((id) => deps.files.findFile(id)));
  if (files.some((f) => !f) || new Set(files.map((f) => f!.companyId)).size > 1) throw new AppError('NOT_FOUND', M.fileNotFound);
  return files as VideoFileRow[];
}

/**
 * Queues an operation on the caller's videos: checked (the files exist in one company where the
 * caller may process videos, are videos, have sound for a transcript; the background is an
 * image), recorded as queued and put on the `video` queue. Its progress and end arrive as
 * video_job.changed and in GetVideoJob.
 */
export async function startVideoJob(deps: Pick<ProcessingDeps, 'memberships' | 'files' | 'jobs' | 'queue' | 'events' | 'newId'>, userId: string, input: StartVideoJob): Promise<VideoJobRow> {
  if (!(VIDEO_OPERATIONS as readonly string[]).includes(input.operation)) throw AppError.validation('operation', `operation must be one of ${VIDEO_OPERATIONS.join(', ')}`);
  const operation = input.operation as VideoOperationName;
  // Subtitles are made from a transcript alone; every other operation works on videos.
  const needsFiles = operation !== 'subtitles';
  if (input.fileIds.length === 0 && needsFiles) throw AppError.validation(operation === 'batch' ? 'video_files' : 'video_path', operation === 'batch' ? M.selectBatchFiles : M.uploadFirst);
  const files = await filesOf(deps, input.fileIds);
  const background = input.backgroundFileId ? (await filesOf(deps, [input.backgroundFileId]))[0] : undefined;
  const companyId = files[0]?.companyId ?? input.companyId;
  if (background && background.companyId !== companyId) throw new AppError('NOT_FOUND', M.fileNotFound);
  await requireVideoProcessing(deps, userId, companyId, 'video.process', M.fileNotFound);
  const field = operation === 'batch' ? 'video_files' : 'video_path';
  if (files.some((f) => f.kind !== 'video')) throw AppError.validation(field, M.notVideo);
  if (background && background.kind !== 'image') throw AppError.validation('background_image', M.notImage);
  const wantsSpeech = operation === 'transcribe' || (operation === 'analyze' && input.params.include_transcript === true);
  if (wantsSpeech && files.some((f) => !f.hasAudio)) throw AppError.validation('video_path', M.noAudio);
  const id = deps.newId();
  const row = { id, companyId, createdBy: userId, operation, fileIds: files.map((f) => f.id), backgroundFileId: background?.id ?? null, params: input.params };
  const job = await deps.jobs.insertJob(row, VIDEO_LIMITS.activeJobsPerCompany);
  if (!job) throw new AppError('RATE_LIMITED', catalogueMessage(M, 'tooManyActive', VIDEO_LIMITS.activeJobsPerCompany), { limit: VIDEO_LIMITS.activeJobsPerCompany });
  await deps.queue.enqueue(id);
  await deps.events.changed(job);
  return job;
}
