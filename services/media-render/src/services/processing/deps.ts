// Advanced video processing (docs/video-processing.md): a company's videos and images, the jobs
// run on them on the `video` queue, and what those operations work with. Files are opaque ids
// (the API's video_path), never paths: every lookup is by id within the caller's company.
import type { MessageRef } from '@trainwright/platform';
import type { VideoFileKind, VideoJobStatus, VideoOperationName } from '@trainwright/catalogue';
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
  ): Promise<{ outputs: OperationOutput[]; data?: unknown }>;
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
  newId: () => string;
}
