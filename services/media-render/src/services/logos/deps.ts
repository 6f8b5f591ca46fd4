// Projects' branding logos (docs/security.md, case 12): the URL a user typed is fetched once per
// project, when media-render first learns of it (a project event, else the first render or the
// first request to show it), with the safe fetcher and the PNG/JPEG check; the checked bytes are
// stored and everything after uses them (repositories/project-logo.repository.ts keeps them).
// Renders never fetch a URL again, and the browsers showing the logo (the project preview, the
// public share page) load it from us, never from the URL.
import type { RenderBranding } from '../../domain/types.js';
import type { Memberships, ProjectDirectory } from '../ports.js';
import type { LogoSource } from '../renders/deps.js';

/** A project's logo URL as the project service or an event tells it ('' without a logo). */
export interface ProjectLogo {
  projectId: string;
  companyId: string;
  url: string;
}

/** A project's logo as kept for one URL: the stored bytes' key, or the reason it could not be used. */
export interface KeptLogo {
  projectId: string;
  companyId: string;
  url: string;
  mime: string;
  width: number;
  height: number;
  size: number;
  /** Null when the logo could not be used. */
  storageKey: string | null;
  problem: string;
}

/** The logos kept per (project, logo URL) (repositories/kept-logo.repository.ts). */
export interface KeptLogos {
  /**
   * The logo kept for the project's URL; when there is none, runs `fetch` and keeps its result.
   * `fetch` runs once per (project, URL) across every process: a concurrent caller waits for it.
   * A failed fetch (no usable logo) is run again only once its answer is ten minutes old.
   */
  once(projectId: string, url: string, fetch: () => Promise<KeptLogo>): Promise<KeptLogo>;
  /** Forgets the project's logos (all, or all but the one of `exceptUrl`); their storage keys. */
  forget(projectId: string, exceptUrl?: string): Promise<string[]>;
}


/** Fetches and checks a logo URL (repositories/logo.repository.ts). */
export interface LogoFetcher {
  fetch(url: string): Promise<{ logo: RenderBranding['logo']; problem: string }>;
}

/** Projects' logos as kept: fetched once per (project, URL), their bytes stored (repositories/project-logo.repository.ts). */
export interface ProjectLogos extends LogoSource {
  /** The one place a logo URL is fetched: the logo kept for the project's URL, fetched now only if it never was. */
  keep(project: ProjectLogo): Promise<KeptLogo>;
  /** Forgets the project's logos (all, or all but the one of `exceptUrl`) and removes their bytes. */
  forget(projectId: string, exceptUrl?: string): Promise<void>;
}

export interface LogoDeps {
  logos: ProjectLogos;
  /** Whether the caller may read the project, and the project a share link shows. */
  projects: Pick<ProjectDirectory, 'project' | 'sharedProject'>;
  memberships: Memberships;
}
