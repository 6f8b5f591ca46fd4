// Downloads with every port faked: no process, database or network.
import type { TierId } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { Project } from '@trainwright/proto/trainwright/project/v1/project';
import { DOWNLOAD_MESSAGES, DownloadService, type DownloadCounter } from '../../src/services/download.service.js';
import type { CompanyMembership, Memberships, ProjectDirectory, RenderedFile, RenderedFiles } from '../../src/services/ports.js';

const USER = 'user-1';
const COMPANY = 'company-1';
const NOW = new Date('2026-03-17T10:00:00Z');

function completedProject(changes: Partial<Project> = {}): Project {
  return Project.fromPartial({ id: 'project-1', companyId: COMPANY, title: 'Fire Safety: Basics', status: 'completed', scriptContent: 'NARRATOR: Hello.', visualFormat: 'mp4', ...changes });
}

class FakeDownloads implements DownloadCounter {
  counted: Array<{ limit: number; since: Date; ownerUserId: string; format: string }> = [];
  constructor(private readonly already: number) {}
  async countDownload(d: { ownerUserId: string; format: string }, limit: number, since: Date): Promise<boolean> {
    if (limit !== -1 && this.already + this.counted.length >= limit) return false;
    this.counted.push({ limit, since, ownerUserId: d.ownerUserId, format: d.format });
    return true;
  }
}

function setup(options: { project?: Project | AppError; tier?: TierId; member?: boolean; files?: Partial<Record<string, RenderedFile>>; already?: number } = {}) {
  const project = options.project ?? completedProject();
  const lookups: string[] = [];
  const projects: Pick<ProjectDirectory, 'project'> = {
    project: async (userId, projectId) => {
      lookups.push(`${userId}:${projectId}`);
      if (project instanceof AppError) throw project;
      return project;
    },
  };
  const membership: CompanyMembership = { ownerTier: options.tier ?? 'professional', ownerUserId: 'owner-1', capabilities: [] };
  const memberships: Memberships = { find: async () => (options.member === false ? null : membership) };
  const stored = options.files ?? { pptx: { format: 'pptx', storage_key: 'k/deck.pptx', size: 10 }, mp4: { format: 'mp4', storage_key: 'k/video.mp4', size: 99 } };
  const files: Pick<RenderedFiles, 'currentFile'> = { currentFile: async (_projectId, format) => stored[format] };
  const downloads = new FakeDownloads(options.already ?? 0);
  const service = new DownloadService({ projects, memberships, files, downloads, clock: () => NOW });
  return { service, downloads, lookups };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe(DownloadService.name, () => {
  describe('open', () => {
    it('should answer the stored file with the title as its name', async () => {
      const { service, downloads } = setup();
      await expect(service.open(USER, 'project-1', 'pptx', true)).resolves.toEqual({
        storageKey: 'k/deck.pptx',
        filename: 'Fire Safety Basics.pptx',
        contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
        size: 10,
      });
      expect(downloads.counted).toEqual([{ limit: 25, since: new Date('2026-03-01T00:00:00Z'), ownerUserId: 'owner-1', format: 'pptx' }]);
    });

    it('should refuse an unknown format before asking for the project', async () => {
      const { service, lookups } = setup();
      const error = await failure(service.open(USER, 'project-1', 'gif', true));
      expect(error).toMatchObject({ code: 'VALIDATION_FAILED', status: 400, message: DOWNLOAD_MESSAGES.unknownFormat, detail: { field: 'format' } });
      expect(lookups).toEqual([]);
    });

    it("should answer NOT_FOUND for another company's project as the project directory does", async () => {
      const { service, downloads } = setup({ project: AppError.notFound() });
      const error = await failure(service.open(USER, 'project-1', 'pptx', true));
      expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404 });
      expect(downloads.counted).toEqual([]);
    });

    it('should answer NOT_FOUND when the caller is no longer a member of the company', async () => {
      const { service } = setup({ member: false });
      expect(await failure(service.open(USER, 'project-1', 'pptx', true))).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    });

    it('should answer 409 with the status while a project that never completed has no files', async () => {
      const { service } = setup({ project: completedProject({ status: 'creating_video' }), files: {} });
      const error = await failure(service.open(USER, 'project-1', 'pptx', true));
      expect(error).toMatchObject({
        code: 'CONFLICT',
        status: 409,
        message: 'Project "Fire Safety: Basics" is not ready for download yet (status: Creating Video).',
        detail: { status: 'creating_video' },
      });
    });

    it('should serve the last complete set while an edit is generated or rendered again', async () => {
      for (const status of ['pending', 'analyzing', 'creating_slides', 'creating_video', 'failed']) {
        const { service, downloads } = setup({ project: completedProject({ status, contentVersion: 2, filesVersion: 1 }) });
        await expect(service.open(USER, 'project-1', 'pptx', true)).resolves.toMatchObject({ storageKey: 'k/deck.pptx', size: 10 });
        expect(downloads.counted).toHaveLength(1);
      }
    });

    it('should answer 409 with the status for a format the last set lacks while the next one renders', async () => {
      const { service } = setup({ project: completedProject({ status: 'creating_slides' }), files: { pptx: { format: 'pptx', storage_key: 'k/deck.pptx', size: 10 } } });
      const error = await failure(service.open(USER, 'project-1', 'mp4', true));
      expect(error).toMatchObject({ code: 'CONFLICT', message: 'Project "Fire Safety: Basics" is not ready for download yet (status: Creating Slides).' });
    });

    it('should answer 409 when the project has no content', async () => {
      const { service } = setup({ project: completedProject({ scriptContent: '  ', slidesContent: '' }) });
      expect(await failure(service.open(USER, 'project-1', 'pptx', true))).toMatchObject({ code: 'CONFLICT', message: DOWNLOAD_MESSAGES.noContent('Fire Safety: Basics') });
    });

    it('should answer 403 for a video when the plan has no video', async () => {
      const { service, downloads } = setup({ tier: 'free-trial' });
      const error = await failure(service.open(USER, 'project-1', 'mp4', true));
      expect(error).toMatchObject({ code: 'FEATURE_NOT_AVAILABLE', status: 403, message: DOWNLOAD_MESSAGES.videoNotInPlan('Free Trial') });
      expect(downloads.counted).toEqual([]);
    });

    it('should answer 409 for a video of a project made as slides only', async () => {
      const { service } = setup({ project: completedProject({ visualFormat: 'powerpoint' }), files: {} });
      expect(await failure(service.open(USER, 'project-1', 'mov', true))).toMatchObject({ code: 'CONFLICT', message: DOWNLOAD_MESSAGES.noVideo });
    });

    it('should answer 409 while the files are still being rendered', async () => {
      const { service } = setup({ files: {} });
      expect(await failure(service.open(USER, 'project-1', 'pdf', true))).toMatchObject({ code: 'CONFLICT', message: DOWNLOAD_MESSAGES.notRendered });
    });

    it("should answer 403 with the catalogue's message when the download limit is reached", async () => {
      const { service } = setup({ already: 25 });
      const error = await failure(service.open(USER, 'project-1', 'pptx', true));
      expect(error).toMatchObject({ code: 'PLAN_LIMIT_REACHED', status: 403, message: 'Your Professional plan allows 25 downloads per month. Upgrade to download more.' });
    });

    it('should count all of a trial\'s downloads, not only this month\'s', async () => {
      const { service, downloads } = setup({ tier: 'free-trial', already: 3 });
      const error = await failure(service.open(USER, 'project-1', 'pptx', true));
      expect(error.message).toBe('Your Free Trial plan allows 3 downloads during the trial. Upgrade to download more.');
      const fresh = setup({ tier: 'free-trial' });
      await fresh.service.open(USER, 'project-1', 'pptx', true);
      expect(fresh.downloads.counted[0]!.since).toEqual(new Date(0));
    });

    it('should not count a range that continues a download, even at the limit', async () => {
      const { service, downloads } = setup({ already: 25 });
      await expect(service.open(USER, 'project-1', 'mp4', false)).resolves.toMatchObject({ storageKey: 'k/video.mp4', filename: 'Fire Safety Basics.mp4', contentType: 'video/mp4' });
      expect(downloads.counted).toEqual([]);
    });

    it("should play the preview's video uncounted yet keep the plan's video gate and tenancy", async () => {
      const { service, downloads } = setup({ already: 25 });
      for (let i = 0; i < 3; i++) await expect(service.open(USER, 'project-1', 'mp4', false)).resolves.toMatchObject({ storageKey: 'k/video.mp4', size: 99 });
      expect(downloads.counted).toEqual([]);
      const trial = setup({ tier: 'free-trial' });
      expect(await failure(trial.service.open(USER, 'project-1', 'mp4', false))).toMatchObject({ code: 'FEATURE_NOT_AVAILABLE', message: DOWNLOAD_MESSAGES.videoNotInPlan('Free Trial') });
      const other = setup({ project: AppError.notFound() });
      expect(await failure(other.service.open(USER, 'project-1', 'mp4', false))).toMatchObject({ code: 'NOT_FOUND' });
      expect(trial.downloads.counted).toEqual([]);
    });
  });
});
