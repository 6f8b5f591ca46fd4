// Projects' logos as kept (docs/security.md, case 12): a logo URL is fetched once per (project,
// URL) with the safe fetcher and the PNG/JPEG check, its checked bytes stored, and every render,
// preview and served logo after uses those bytes.
import { createHash } from 'node:crypto';
import type { RenderBranding } from '../domain/types.js';
import type { KeptLogo, KeptLogos, LogoFetcher, ProjectLogo, ProjectLogos } from '../services/logos/deps.js';
import type { MediaStorage } from '../services/ports.js';

export class ProjectLogoRepository implements ProjectLogos {
  constructor(
    private readonly fetcher: LogoFetcher,
    private readonly kept: KeptLogos,
    private readonly storage: Pick<MediaStorage, 'save' | 'delete' | 'read'>,
  ) {}

  /** The logo a render shows: the stored bytes (fetched now only if this URL was never fetched). */
  async logoOf(project: ProjectLogo): Promise<{ logo: RenderBranding['logo']; problem: string }> {
    if (!project.url) return { logo: null, problem: '' };
    const kept = await this.keep(project);
    if (!kept.storageKey) return { logo: null, problem: kept.problem };
    return { logo: { bytes: await this.storage.read(kept.storageKey), mime: kept.mime as 'image/png' | 'image/jpeg', width: kept.width, height: kept.height }, problem: '' };
  }

  keep(project: ProjectLogo): Promise<KeptLogo> {
    return this.kept.once(project.projectId, project.url, async () => {
      const { logo, problem } = await this.fetcher.fetch(project.url);
      const base = { ...project, mime: '', width: 0, height: 0, size: 0, storageKey: null, problem };
      if (!logo) return base;
      const urlHash = createHash('sha256').update(project.url).digest('hex').slice(0, 16);
      const storageKey = `companies/${project.companyId}/projects/${project.projectId}/logos/${urlHash}.${logo.mime === 'image/png' ? 'png' : 'jpg'}`;
      const size = await this.storage.save(storageKey, logo.bytes);
      return { ...base, mime: logo.mime, width: logo.width, height: logo.height, size, storageKey };
    });
  }

  async forget(projectId: string, exceptUrl?: string): Promise<void> {
    for (const key of await this.kept.forget(projectId, exceptUrl)) await this.storage.delete(key);
  }
}
