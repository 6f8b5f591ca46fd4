// What the scorm service's operations need from the world, implemented in repositories/.
import type { InteractiveVideoMetadata, TierId } from '@trainwright/catalogue';
import type { AuthMemberships } from '@trainwright/platform';
import type {
  InteractiveEventInput,
  InteractiveVersionSummary,
  InteractiveVideoRecord,
  InteractiveVideoView,
  NewInteractiveVersion,
} from './interactive/types.js';
import type { PackageRecord, PackageSettings, PackageStatus, ProjectSource, TranslatedContent } from './types.js';

export interface PackageStore {
  /** A new queued package (its job is enqueued by the caller). */
  create(row: { projectId: string; companyId: string; createdBy: string; language: string; settings: PackageSettings }): Promise<PackageRecord>;
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

/** The project's narrated video as media-render keeps it (storage keys), with the caller's rights; `language`: a translation's ('' or absent: the project's own). */
export interface VideoDirectory {
  videoFiles(userId: string, projectId: string, language?: string): Promise<{ mp4: { storageKey: string; size: number } | null; vttStorageKey: string }>;
}

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
}

// ---- Interactive video

export interface InteractiveVideoStore {
  /**
   * A new version of the project's interactive video (the video made with its share token when it
   * is the first): the version numbered after the current one, the video `processing` at 0 %.
   */
  createVersion(row: NewInteractiveVersion): Promise<InteractiveVideoView>;
  /** The project's interactive video with its current version. */
  findByProject(projectId: string): Promise<InteractiveVideoView | null>;
  /** The video with one of its versions. */
  findVersion(videoId: string, version: number): Promise<InteractiveVideoView | null>;
  /** The video behind a share token with its published version (null when none is published). */
  findPublished(token: string): Promise<InteractiveVideoView | null>;
  /** Every version, newest first. */
  listVersions(videoId: string): Promise<InteractiveVersionSummary[]>;
  /** The current version's progress while it is processing (null: not the current version, or no longer processing). */
  progress(videoId: string, version: number, progress: number): Promise<InteractiveVideoRecord | null>;
  /**
   * The version's media pinned: published (when newer than the published one), and ready when it is
   * the current version (its event through the outbox). Null when the video is gone.
   */
  pin(videoId: string, version: number, media: { videoKey: string; captionsKey: string | null; videoSize: number; captionsSize: number; videoSeconds: number }): Promise<InteractiveVideoRecord | null>;
  /** The current version failed (its event through the outbox); null when it is not the current version. */
  fail(videoId: string, version: number, error: string): Promise<InteractiveVideoRecord | null>;
  /** Of these projects, those of the company with a published interactive video: project id -> token. */
  publishedTokens(companyId: string, projectIds: readonly string[]): Promise<Record<string, string>>;
  recordEvent(videoId: string, version: number, event: InteractiveEventInput): Promise<void>;
  /** Forgets a project's interactive video (versions and events); its pinned media's keys, for the caller to delete. */
  deleteProject(projectId: string): Promise<string[]>;
}

export interface InteractiveJobs {
  enqueue(videoId: string, version: number): Promise<void>;
}

export interface InteractiveProgressEvents {
  progress(video: InteractiveVideoRecord): Promise<void>;
}

/** Media in the object storage shared with media-render: the narrated video's length, captions, pinned copies. */
export interface InteractiveMedia {
  /** Seconds of an mp4 kept in storage. */
  durationOf(storageKey: string): Promise<number>;
  /** A text object (the WebVTT captions). */
  text(storageKey: string): Promise<string>;
  /** Copies the video (and captions) to the version's own keys, reporting the share copied (0-100). */
  pin(
    from: { videoKey: string; captionsKey: string | null },
    to: { videoKey: string; captionsKey: string },
    progress: (percent: number) => Promise<void>,
  ): Promise<{ videoSize: number; videoSeconds: number; captionsKey: string | null; captionsSize: number }>;
  delete(storageKey: string): Promise<void>;
}
