// The package operations, one a file here: export (validate, check, queue), list, get, open for
// download, and the build a job runs. What they all work with: the ports they read and write
// through (the repositories implement them; tests fake the other services) and a logger for the job.
import type { InteractiveVideoMetadata } from '@trainwright/catalogue';
import type { Failure, Logger } from '@trainwright/platform';
import type { InteractiveMedia, InteractiveVideoStore } from '../interactive/deps.js';
import type { CourseLrs } from '../../package/index.js';
import type { Memberships, ProjectDirectory, VideoDirectory } from '../ports.js';
import type { SenderCredentials } from '../xapi/sender-credentials.js';
import type { PackageRecord, PackageSettings, PackageStatus, ProjectSource, TranslatedContent } from '../types.js';

export interface PackageStore {
  /** A new queued package (its job is enqueued by the caller). */
  create(row: { projectId: string; companyId: string; createdBy: string; language: string; settings: PackageSettings }): Promise<PackageRecord>;
  find(id: string): Promise<PackageRecord | null>;
  /** The companies' packages (one project's when given), newest first. */
  listFor(companyIds: readonly string[], projectId: string | null, limit: number): Promise<PackageRecord[]>;
  /**
   * Moves a package on: building with its progress, ready with its zip, or failed with the reason
   * (its text and catalogue message; any other status clears them); publishes the fact (outbox).
   */
  update(id: string, change: PackageChange): Promise<PackageRecord | null>;
  /** Counts a download of a ready package. */
  countDownload(id: string): Promise<void>;
  /** Forgets a project's packages; their storage keys, for the caller to delete. */
  deleteProject(projectId: string): Promise<string[]>;
}

/** A package's next state (a ready package stays as it is). */
export type PackageChange =
  | { status: 'failed'; failure: Failure }
  | { status: Exclude<PackageStatus, 'failed'>; progress?: number; contentVersion?: number; hasVideo?: boolean; storageKey?: string; size?: number };

/** The translation service. */
export interface TranslationDirectory {
  /** A completed translation's content (GetRenderContent, as media-render renders it); null when there is none completed. */
  renderContent(projectId: string, language: string): Promise<TranslatedContent | null>;
  /**
   * Texts that go with the project's content (its interactive video's) translated as the content
   * is, with the company's glossary and translation memory (TranslateTexts): one per text, in
   * order; `untranslatable` with the engine's reason when it has no route or cannot translate them.
   */
  translateTexts(request: { companyId: string; projectId: string; from: string; to: string; texts: readonly string[] }): Promise<{ texts: string[] } | { untranslatable: string }>;
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
  /**
   * The video to package: the published interactive video's pinned copy when there is one, else
   * the project's current render; in a translated package, that language's render.
   */
  video: { mp4StorageKey: string; vttStorageKey: string } | null;
  /** The published interactive video's elements, timed against `video` (its pinned copy, or retimed to the translated render). */
  interactive: InteractiveVideoMetadata | null;
  /** A package with tracking: its sender credential, so the player reports to Trainwright's LRS too; null without tracking. */
  lrs: CourseLrs | null;
}

export interface PackageDeps {
  store: PackageStore;
  projects: ProjectDirectory;
  videos: VideoDirectory;
  /** A translated package's content (the completed translation, as media-render renders it) and its interactive video's texts. */
  translations: TranslationDirectory;
  memberships: Memberships;
  jobs: PackageJobs;
  assembler: PackageAssembler;
  progressEvents: ProgressEvents;
  /** The project's interactive video, whose published version a package carries. */
  interactive: Pick<InteractiveVideoStore, 'findByProject' | 'findVersion'>;
  /** The videos' lengths and captions, to retime a published interactive video to a translated video. */
  media: Pick<InteractiveMedia, 'durationOf' | 'text'>;
  /** The sender credential a package with tracking reports to Trainwright's LRS with (one per package). */
  senders: Pick<SenderCredentials, 'tracking'>;
  logger: Pick<Logger, 'warn' | 'error'>;
}
