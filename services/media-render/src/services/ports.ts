// What several media-render domains need from the outside world (storage, scratch folders, the
// rendered files, the project and translation services, the project views, memberships);
// repositories/ implements each, main.ts wires them. Each domain's own ports are in its deps.ts.
import type { Membership, MembershipReadOptions, OutboxEvent, OwnerPlan } from '@trainwright/platform';
import type { Project } from '@trainwright/proto/trainwright/project/v1/project';
import type { Translation } from '@trainwright/proto/trainwright/translation/v1/translation';
import type { ProjectRenderInput } from './renders/render-input.js';

/** Rendered files, object storage, previews and clone samples under storage keys. */
export interface MediaStorage {
  /** Stores the bytes, or the file at `path`, under `key` (replacing what a killed attempt left); its size. */
  save(key: string, body: Buffer | { path: string }): Promise<number>;
  delete(key: string): Promise<void>;
  /** True when a non-empty object is stored under `key`. */
  has(key: string): Promise<boolean>;
  read(key: string): Promise<Buffer>;
  /** Copies the object to a local file (streamed: videos may be large). */
  copyTo(key: string, path: string): Promise<void>;
}

/** Scratch folders for work done in files (video frames, narration, previews). */
export interface WorkDirs {
  /** Runs `work` in a new empty folder, removed afterwards whatever happens. */
  use<T>(work: (dir: string) => Promise<T>): Promise<T>;
}

export interface RenderedFile {
  format: string;
  storage_key: string;
  size: number;
}

/**
 * The sets of rendered files per project and render key (each of one content version and one
 * language), and which set of each language is current. `language` '' is the project's own files;
 * a translation's sets carry its language, and their content version is the translation's version.
 */
export interface RenderedFiles {
  filesOf(projectId: string, renderKey: string): Promise<RenderedFile[]>;
  recordFile(file: { projectId: string; renderKey: string; contentVersion: number; format: string; companyId: string; storageKey: string; size: number; language?: string }): Promise<void>;
  /**
   * Makes `renderKey` the current set of its language and forgets that language's sets of its
   * version and older ones, unless a newer version's set is already current: then this set is
   * forgotten (`current: false`). The last paid video (mp4, mov, vtt) of a set forgotten is kept
   * while the new set has none: a paid video stays downloadable until the next paid one is ready
   * (videos/paid-video.ts). The storage keys forgotten, for the caller to delete. `facts` (render.completed)
   * are written with it when the set becomes current.
   */
  makeCurrent(projectId: string, renderKey: string, contentVersion: number, language?: string, facts?: OutboxEvent[]): Promise<{ current: boolean; forgotten: string[] }>;
  /** Forgets every set of a project, in every language; their storage keys. */
  forgetProject(projectId: string): Promise<string[]>;
  /** Forgets a project's sets in one translated language; their storage keys. */
  forgetLanguage(projectId: string, language: string): Promise<string[]>;
  /**
   * The file of the language's last set that completed: the one downloads serve, whatever runs
   * meanwhile. A video format the current set lacks is the kept last paid video's, if any.
   */
  currentFile(projectId: string, format: string, language?: string): Promise<RenderedFile | undefined>;
  /**
   * The language's video files (mp4, mov, vtt) kept from older sets once the set `renderKey` has
   * its own (its paid video is ready); their storage keys, for the caller to delete.
   */
  forgetSupersededVideos(projectId: string, renderKey: string, language?: string): Promise<string[]>;
  /** The bytes of every rendered file these companies hold (counted against their owner's storage). */
  bytesOf(companyIds: readonly string[]): Promise<number>;
}

/** The project service, as media-render reads it. */
export interface ProjectDirectory {
  /** The project with the caller's rights (NOT_FOUND for another company's); downloads ask on a view miss. */
  project(userId: string, projectId: string): Promise<Project>;
  /** What a render job renders: the project, its resolved template and the render key. */
  renderInput(projectId: string): Promise<ProjectRenderInput>;
  /** The project a share link shows, by its token (NOT_FOUND for an unknown or revoked one). */
  sharedProject(token: string): Promise<{ projectId: string; companyId: string; logoUrl: string }>;
}

/** The translation service, as media-render reads it. */
export interface TranslationDirectory {
  /** A completed translation's content to render (GetRenderContent); null when there is none (deleted). */
  renderContent(projectId: string, language: string): Promise<Translation | null>;
}

/** The render queue's translation renders (RENDER_TRANSLATION_JOB, one per translation and version). */
export interface TranslationJobs {
  /**
   * `again`: what asks for a version rendered before to be rendered again (the project's new look,
   * a video paid for); one job per translation, version and `again`.
   */
  enqueue(request: { projectId: string; language: string; version: number; translationId: string; plan: OwnerPlan; again?: string }): Promise<void>;
}

/** What downloads need of a project: media-render's own view, kept from the project service's events. */
export interface ProjectView {
  projectId: string;
  companyId: string;
  title: string;
  status: string;
  visualFormat: string;
  /** Generated content, or the project's own slides or script, is present. */
  hasContent: boolean;
  contentVersion: number;
}

/**
 * A change of a project as an event tells it (project.created / updated / status_changed). Parts
 * absent are left as they are; `at` (microseconds) with the content version orders the changes.
 */
export interface ProjectViewChange {
  projectId: string;
  companyId: string;
  /** When the change was decided, in microseconds since the epoch. */
  at: number;
  /** The status, format and content as committed (absent: a change of the status alone). */
  state?: { status: string; visualFormat: string; hasContent: boolean; contentVersion: number };
  /** A change of the status alone (project.status_changed), of whatever version the view holds. */
  status?: string;
  /** Present when the change set the title. */
  title?: string;
}

/** The views of the projects downloads are served for (repositories/project-view.repository.ts). */
export interface ProjectViews {
  /** The project's view; 'deleted' once the project was deleted; null while none is kept, or not all of it is known yet. */
  find(projectId: string): Promise<ProjectView | 'deleted' | null>;
  /**
   * Applies a change: each part it tells (the state, the status alone, the title) is written only
   * if the change is not older than the one that part came from. Idempotent, in any order.
   */
  apply(change: ProjectViewChange): Promise<void>;
  /** Keeps a view read from the project service for the parts no event has told yet (events win). */
  keepRead(view: ProjectView): Promise<void>;
  /** The project was deleted: its view stays as a tombstone, so a late event cannot bring it back. */
  markDeleted(projectId: string, companyId: string): Promise<void>;
}

export type CompanyMembership = Pick<Membership, 'capabilities' | 'ownerTier' | 'ownerUserId' | 'role'>;

/** Memberships as auth knows them. */
export interface Memberships {
  /** The caller's membership of the company, or null when they are not a member. */
  find(userId: string, companyId: string, options?: MembershipReadOptions): Promise<CompanyMembership | null>;
}
