// What the scorm service's operations need from the world, implemented in repositories/.
import type { TierId } from '@trainwright/catalogue';
import type { AuthMemberships } from '@trainwright/platform';
import type { PackageRecord, PackageSettings, PackageStatus, ProjectSource } from './types.js';

export interface PackageStore {
  /** A new queued package (its job is enqueued by the caller). */
  create(row: { projectId: string; companyId: string; createdBy: string; settings: PackageSettings }): Promise<PackageRecord>;
  find(id: string): Promise<PackageRecord | null>;
  /** The companies' packages (one project's when given), newest first. */
  listFor(companyIds: readonly string[], projectId: string | null, limit: number): Promise<PackageRecord[]>;
  /** Moves a package on: building with its progress, ready with its zip, or failed with the reason; publishes the fact (outbox). */
  update(id: string, change: { status: PackageStatus; progress?: number; error?: string; contentVersion?: number; hasVideo?: boolean; storageKey?: string; size?: number }): Promise<PackageRecord | null>;
  /** Counts a download of a ready package. */
  countDownload(id: string): Promise<void>;
  /** Forgets a project's packages; their storage keys, for the caller to delete. */
  deleteProject(projectId: string): Promise<string[]>;
}

/** Memberships as auth knows them: the caller's role and plan in a company, and their companies. */
export type Memberships = Pick<AuthMemberships, 'find' | 'companiesOf'>;

export interface ProjectDirectory {
  /** The project with the caller's rights (NOT_FOUND for another company's). */
  project(userId: string, projectId: string): Promise<ProjectSource>;
  /** The project's current content and look, for a build (no caller). */
  source(projectId: string): Promise<{ project: ProjectSource; ownerTier: TierId }>;
}

/** The project's narrated video as media-render keeps it (storage keys), with the caller's rights. */
export interface VideoDirectory {
  videoFiles(userId: string, projectId: string): Promise<{ mp4: { storageKey: string; size: number } | null; vttStorageKey: string }>;
}

export interface PackageJobs {
  enqueue(packageId: string): Promise<void>;
}

export interface ProgressEvents {
  progress(p: PackageRecord): Promise<void>;
}

/** Assembles and keeps a package's zip (the package library, storage and a work directory). */
export interface PackageAssembler {
  assemble(request: AssembleRequest, progress: (percent: number) => Promise<void>): Promise<{ storageKey: string; size: number }>;
  delete(storageKey: string): Promise<void>;
}

export interface AssembleRequest {
  packageRecord: PackageRecord;
  project: ProjectSource;
  video: { mp4StorageKey: string; vttStorageKey: string } | null;
}
