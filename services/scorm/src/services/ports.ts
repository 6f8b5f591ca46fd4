// What both the package and the interactive video operations need from the other services,
// implemented in repositories/. Each domain's own ports are in its deps.ts.
import type { AuthMemberships } from '@trainwright/platform';
import type { ProjectSource } from './types.js';

/** Memberships as auth knows them: the caller's role and plan in a company, and their companies. */
export type Memberships = Pick<AuthMemberships, 'find' | 'companiesOf'>;

export interface ProjectDirectory {
  /** The project with the caller's rights (NOT_FOUND for another company's). */
  project(userId: string, projectId: string): Promise<ProjectSource>;
  /** The project's current content and look, for a build (no caller). */
  source(projectId: string): Promise<{ project: ProjectSource }>;
}

/** The project's narrated video as media-render keeps it (storage keys), with the caller's rights; `language`: a translation's ('' or absent: the project's own). */
export interface VideoDirectory {
  videoFiles(userId: string, projectId: string, language?: string): Promise<{ mp4: { storageKey: string; size: number } | null; vttStorageKey: string }>;
}
