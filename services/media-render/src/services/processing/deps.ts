// Advanced video processing (docs/video-processing.md): a company's videos and images, the jobs
// run on them on the `video` queue, and what those operations work with. Files are opaque ids
// (the API's video_path), never paths: every lookup is by id within the caller's company.
import type { MessageRef } from '@trainwright/platform';
import type { VideoFileKind, VideoJobStatus, VideoOperationName } from '@trainwright/catalogue';
import type { ChunkRunner, ProcessedChunk } from '../../processing/batch/run-batch.js';
import type { MediaStorage, Memberships, WorkDirs } from '../ports.js';

export interface VideoFileRow {
  id: string;
  companyId: string;
  createdBy: string;
  kind: VideoFileKind;
  /** upload: the caller's file; output: a job made it; project: a project's rendered video, copied. */
  origin: 'upload' | 'output' | 'project';
  uploadId: string | null;
  projectId: string | null;
  jobId: string | null;
  storageKey: string;
  filename: string;
  contentType: string;
  size: number;
  durationMs: number;
  width: number;
  height: number;
  hasAudio: boolean;
  videoCodec: string;
  createdAt: Date;
}

export interface VideoJobRow {
  id: string;
  companyId: string;
  createdBy: string;
  operation: VideoOperationName;
  status: VideoJobStatus;
  progress: number;
  stage: string;
  fileIds: string[];
  backgroundFileId: string | null;
  params: Record<string, unknown>;
  /** What the operation found (scenes, a transcript, an analysis); null when it only made files. */
  data: object | null;
  error: string;
  errorMessage: MessageRef | null;
  createdAt: Date;
  updatedAt: Date;
}

export type VideoJobPatch = Partial<Pick<VideoJobRow, 'status' | 'progress' | 'stage' | 'data' | 'error' | 'errorMessage'>>;

/** The files (repositories/video-processing.repository.ts). */
export interface VideoFiles {
  insertFile(row: Omit<VideoFileRow, 'createdAt'>): Promise<VideoFileRow>;
  /** The file, whatever its company (the caller checks access on its company). */
  findFile(id: string): Promise<VideoFileRow | undefined>;
  listFiles(companyId: string, limit: number): Promise<VideoFileRow[]>;
  deleteFile(id: string): Promise<void>;
  outputsOf(jobId: string): Promise<VideoFileRow[]>;
  /** Bytes of the companies' job outputs (their uploads count with the project service's uploads). */
  outputBytesOf(companyIds: readonly string[]): Promise<number>;
}

/** The jobs (repositories/video-processing.repository.ts). */
export interface VideoJobStore {
  /** Inserts the job unless the company has `maxActive` queued or running already (undefined then). */
  insertJob(row: Omit<VideoJobRow, 'createdAt' | 'updatedAt' | 'progress' | 'stage' | 'data' | 'error' | 'errorMessage' | 'status'>, maxActive: number): Promise<VideoJobRow | undefined>;
  findJob(id: string): Promise<VideoJobRow | undefined>;
  updateJob(id: string, patch: VideoJobPatch): Promise<VideoJobRow | undefined>;
}

/** What ffprobe says of a file (repositories/video-probe.repository.ts). */
export interface ProbeResult {
  kind: VideoFileKind;
  durationMs: number;
  width: number;
  height: number;
  hasAudio: boolean;
  videoCodec: string;
}

export interface VideoProbe {
  /** undefined when ffprobe cannot read it as a video or an image. */
  probe(path: string): Promise<ProbeResult | undefined>;
}

/** The `video` queue (repositories/video-processing-queue.repository.ts). */
export interface VideoQueue {
  enqueue(jobId: string): Promise<void>;
  /** Asks `count` other video workers to help with the batch's chunks (HELP_VIDEO_BATCH_JOB). */
  enqueueHelpers(jobId: string, count: number): Promise<void>;
}

/** A chunk of a batch's file, shared between the video workers. */
export interface BatchChunkRow {
  jobId: string;
  fileIndex: number;
  chunkIndex: number;
  durationSeconds: number;
  width: number;
  height: number;
  /** The chunk as split, in storage (every worker can read it). */
  inputKey: string;
  status: 'pending' | 'running' | 'done';
  /** The claim's id (a worker's turn at it), while running or once done. */
  claimedBy: string | null;
  /** 0..1, while running. */
  progress: number;
  /** The processed chunk: stored under `key`, or kept by the batch's own worker ('' key). */
  output: { key: string; width: number; height: number } | null;
}

export type BatchChunkKey = Pick<BatchChunkRow, 'jobId' | 'fileIndex' | 'chunkIndex'>;

/** The chunks (repositories/video-batch-chunks.repository.ts). */
export interface BatchChunkStore {
  addChunks(rows: ReadonlyArray<Pick<BatchChunkRow, 'jobId' | 'fileIndex' | 'chunkIndex' | 'durationSeconds' | 'width' | 'height' | 'inputKey'>>): Promise<void>;
  /** The job's next chunk nobody works on (pending, or running without a beat for `staleMs`), now claimed by `by`. */
  claimChunk(jobId: string, by: string, staleMs: number): Promise<BatchChunkRow | undefined>;
  /** The claimer's beat with its progress; false when the chunk is no longer its (claimed again, or the batch ended). */
  beatChunk(key: BatchChunkKey, by: string, progress: number): Promise<boolean>;
  /** Records the processed chunk; false (nothing recorded) when the claim was lost meanwhile. */
  finishChunk(key: BatchChunkKey, by: string, output: NonNullable<BatchChunkRow['output']>): Promise<boolean>;
  /** Gives the chunk back (its claimer could not process it: someone else tries). */
  releaseChunk(key: BatchChunkKey, by: string): Promise<void>;
  chunksOf(jobId: string): Promise<BatchChunkRow[]>;
  deleteChunks(jobId: string): Promise<void>;
}

/** video_job.changed (repositories/video-job-events.repository.ts). */
export interface VideoJobEvents {
  changed(job: VideoJobRow): Promise<void>;
}

/** A file an operation made, in the work folder. */
export interface OperationOutput {
  path: string;
  filename: string;
  contentType: string;
  kind: VideoFileKind;
}

/** The operations themselves (ffmpeg, the recognisers): processing/operations. */
export interface VideoOperations {
  run(
    job: VideoJobRow,
    inputs: { files: Array<{ row: VideoFileRow; path: string }>; background?: { row: VideoFileRow; path: string } },
    workDir: string,
    report: (fraction: number, stage: string) => void,
    signal: AbortSignal,
    /** Who processes a batch's chunks (the shared runner); this worker alone when absent. */
    chunkRunner?: ChunkRunner,
  ): Promise<{ outputs: OperationOutput[]; data?: unknown }>;
  /** A batch's chunk (split from one of the job's files) through the job's operations, in `workDir`; `background`: its chroma_key image, local. */
  runBatchChunk(
    job: VideoJobRow,
    chunk: { path: string; durationSeconds: number; width: number; height: number },
    background: string | undefined,
    workDir: string,
    onProgress: (fraction: number) => void,
    signal: AbortSignal,
  ): Promise<ProcessedChunk>;
}

export interface ProcessingDeps {
  memberships: Memberships;
  files: VideoFiles;
  jobs: VideoJobStore;
  probe: VideoProbe;
  queue: VideoQueue;
  events: VideoJobEvents;
  storage: MediaStorage;
  workDirs: WorkDirs;
  operations: VideoOperations;
  chunks: BatchChunkStore;
  /** How a batch shares its chunks: how many helpers it asks for at most, and when a silent claim is taken over. */
  batchSharing: { helpers: number; staleMs: number; beatMs: number };
  newId: () => string;
}
