// Projects' branding logos (docs/security.md, case 12): the URL a user typed is fetched once per
// project, when media-render first learns of it (a project event, else the first render or the
// first request to show it), with the safe fetcher and the PNG/JPEG check; the checked bytes are
// stored and everything after uses them. Renders never fetch a URL again, and the browsers showing
// the logo (the project preview, the public share page) load it from us, never from the URL.
import { createHash } from 'node:crypto';
import { Access, AppError, isUuid } from '@trainwright/platform';
import type { RenderBranding } from '../domain/types.js';
import type { CompanyMembership, KeptLogo, KeptLogos, MediaStorage, Memberships, ProjectDirectory } from './ports.js';
import type { LogoSource } from './render.service.js';

/** Fetches and checks a logo URL (repositories/logo.repository.ts). */
export interface LogoFetcher {
  fetch(url: string): Promise<{ logo: RenderBranding['logo']; problem: string }>;
}

/** A project's logo URL as the project service or an event tells it ('' without a logo). */
export interface ProjectLogo {
  projectId: string;
  companyId: string;
  url: string;
}

/** Where a served logo's bytes are. */
export interface LogoTarget {
  storageKey: string;
  contentType: string;
  size: number;
}

export const LOGO_NOT_FOUND = 'This project has no logo that can be shown.';

export class LogoService implements LogoSource {
  constructor(
    private readonly deps: {
      fetcher: LogoFetcher;
      logos: KeptLogos;
      storage: Pick<MediaStorage, 'save' | 'delete' | 'read'>;
      projects: Pick<ProjectDirectory, 'project' | 'sharedProject'>;
      memberships: Memberships;
    },
  ) {
    this.access = new Access(deps.memberships);
  }

  private readonly access: Access<CompanyMembership>;

  /** The logo a render shows: the stored bytes (fetched now only if this URL was never fetched). */
  async logoOf(project: ProjectLogo): Promise<{ logo: RenderBranding['logo']; problem: string }> {
    if (!project.url) return { logo: null, problem: '' };
    const kept = await this.keep(project);
    if (!kept.storageKey) return { logo: null, problem: kept.problem };
    return { logo: { bytes: await this.deps.storage.read(kept.storageKey), mime: kept.mime as 'image/png' | 'image/jpeg', width: kept.width, height: kept.height }, problem: '' };
  }

  /** A project event told the project's logo URL: keep its logo, forget those of earlier URLs. */
  async learned(project: ProjectLogo): Promise<void> {
    if (project.url) await this.keep(project);
    await this.deleteStored(await this.deps.logos.forget(project.projectId, project.url || undefined));
  }

  /** The logo of a project the caller may read (NOT_FOUND for another company's, as the project service answers). */
  async forMember(userId: string, projectId: string): Promise<LogoTarget> {
    if (!isUuid(projectId)) throw AppError.notFound(LOGO_NOT_FOUND);
    const project = await this.deps.projects.project(userId, projectId);
    await this.access.require({ userId, companyId: project.companyId, action: 'project.read', notFoundMessage: 'Project not found' });
    return this.served({ projectId: project.id, companyId: project.companyId, url: project.branding?.logoUrl ?? '' });
  }

  /** The logo of the project a share link shows (the project service checks the token). */
  async forShareToken(token: string): Promise<LogoTarget> {
    const shared = await this.deps.projects.sharedProject(token);
    Access.grantedWithoutMembership('share_token');
    return this.served({ projectId: shared.projectId, companyId: shared.companyId, url: shared.logoUrl });
  }

  /** Forgets a deleted project's logos and removes their bytes. */
  async forgetProject(projectId: string): Promise<void> {
    await this.deleteStored(await this.deps.logos.forget(projectId));
  }

  private async served(project: ProjectLogo): Promise<LogoTarget> {
    if (!project.url) throw AppError.notFound(LOGO_NOT_FOUND);
    const kept = await this.keep(project);
    if (!kept.storageKey) throw AppError.notFound(LOGO_NOT_FOUND);
    return { storageKey: kept.storageKey, contentType: kept.mime, size: kept.size };
  }

  /** The one place a logo URL is fetched: once per (project, URL). */
  private keep(project: ProjectLogo): Promise<KeptLogo> {
    return this.deps.logos.once(project.projectId, project.url, async () => {
      const { logo, problem } = await this.deps.fetcher.fetch(project.url);
      const base = { ...project, mime: '', width: 0, height: 0, size: 0, storageKey: null, problem };
      if (!logo) return base;
      const urlHash = createHash('sha256').update(project.url).digest('hex').slice(0, 16);
      const storageKey = `companies/${project.companyId}/projects/${project.projectId}/logos/${urlHash}.${logo.mime === 'image/png' ? 'png' : 'jpg'}`;
      const size = await this.deps.storage.save(storageKey, logo.bytes);
      return { ...base, mime: logo.mime, width: logo.width, height: logo.height, size, storageKey };
    });
  }

  private async deleteStored(keys: string[]): Promise<void> {
    for (const key of keys) await this.deps.storage.delete(key);
  }
}
