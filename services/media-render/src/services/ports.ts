// What the media-render services need from the outside world; repositories/ implements each
// (SQL, object storage, scratch folders, the auth and project services), main.ts wires them.
import { AppError, type Membership, type MembershipReadOptions } from '@trainwright/platform';
import type { Project } from '@trainwright/proto/trainwright/project/v1/project';
import type { RenderJobInput } from './render-input.js';

/** Rendered files, object storage, previews and clone samples under storage keys. */
export interface MediaStorage {
  /** Stores the bytes, or the file at `path`, under `key` (replacing what a killed attempt left); its size. */
  save(key: string, body: Buffer | { path: string }): Promise<number>;
  delete(key: string): Promise<void>;
  /** True when a non-empty object is stored under `key`. */
  has(key: string): Promise<boolean>;
  read(key: string): Promise<Buffer>;
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

/** The sets of rendered files per project and render key (each of one content version), and which set is current. */
export interface RenderedFiles {
  filesOf(projectId: string, renderKey: string): Promise<RenderedFile[]>;
  recordFile(file: { projectId: string; renderKey: string; contentVersion: number; format: string; companyId: string; storageKey: string; size: number }): Promise<void>;
  /**
   * Makes `renderKey` the current set and forgets the sets of its version and older ones, unless a
   * newer version's set is already current: then this set is forgotten (`current: false`). The
   * storage keys forgotten, for the caller to delete.
   */
  makeCurrent(projectId: string, renderKey: string, contentVersion: number): Promise<{ current: boolean; forgotten: string[] }>;
  /** Forgets every set of a project; their storage keys. */
  forgetProject(projectId: string): Promise<string[]>;
  /** The file of the last set that completed: the one downloads serve, whatever runs meanwhile. */
  currentFile(projectId: string, format: string): Promise<RenderedFile | undefined>;
}

/** The project service, as media-render reads it. */
export interface ProjectDirectory {
  /** The project with the caller's rights (NOT_FOUND for another company's). */
  project(userId: string, projectId: string): Promise<Project>;
  /** What a render job renders: the project, its resolved template, the owner's plan, the render key. */
  renderInput(projectId: string): Promise<RenderJobInput>;
}

export type CompanyMembership = Pick<Membership, 'capabilities' | 'ownerTier' | 'ownerUserId'>;

/** Memberships as auth knows them. */
export interface Memberships {
  /** The caller's membership of the company, or null when they are not a member. */
  find(userId: string, companyId: string, options?: MembershipReadOptions): Promise<CompanyMembership | null>;
}

/** The caller's membership; NOT_FOUND (as for a company that does not exist) when they are not a member. */
export async function membershipOf(memberships: Memberships, userId: string, companyId: string, options: MembershipReadOptions = {}): Promise<CompanyMembership> {
  const membership = await memberships.find(userId, companyId, options);
  if (!membership) throw AppError.notFound();
  return membership;
}
