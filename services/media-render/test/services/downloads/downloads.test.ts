// Downloads with every port faked: no process, database or network.
import { videoNotInPlanMessage, type TierId } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { Project } from '@trainwright/proto/trainwright/project/v1/project';
import type { CountResult, DownloadCounter, DownloadDeps, DownloadRecord } from '../../../src/services/downloads/deps.js';
import { getDownloadUsage } from '../../../src/services/downloads/get-download-usage.js';
import { getVideoFiles } from '../../../src/services/downloads/get-video-files.js';
import { DOWNLOAD_MESSAGES } from '../../../src/services/downloads/messages.js';
import { openDownload, RANGE_CONTINUATION_MS } from '../../../src/services/downloads/open-download.js';
import { applyProjectChange, markProjectDeleted } from '../../../src/services/downloads/project-changes.js';
import type { CompanyMembership, Memberships, ProjectDirectory, ProjectView, ProjectViewChange, ProjectViews, RenderedFile, RenderedFiles } from '../../../src/services/ports.js';
import { viewOfProject } from '../../../src/services/project-views.js';

const USER = 'user-1';
const COMPANY = 'company-1';
const PROJECT = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const NOW = new Date('2026-03-17T10:00:00Z');

function completedProject(changes: Partial<Project> = {}): Project {
  return Project.fromPartial({ id: PROJECT, companyId: COMPANY, title: 'Fire Safety: Basics', status: 'completed', scriptContent: 'NARRATOR: Hello.', hasContent: true, visualFormat: 'mp4', contentVersion: 1, ...changes });
}

class FakeDownloads implements DownloadCounter {
  counted: Array<{ limit: number; since: Date; ownerUserId: string; format: string }> = [];
  /** Every counted download with its user, file and time, for ranges that continue one. */
  readonly records: Array<DownloadRecord & { at: Date }> = [];
  constructor(
    private readonly already: number,
    private readonly now: () => Date = () => NOW,
  ) {}
  async countDownload(d: DownloadRecord, limit: number, since: Date, continuesSince?: Date): Promise<CountResult> {
    if (continuesSince && this.records.some((r) => r.userId === d.userId && r.storageKey === d.storageKey && r.projectId === d.projectId && r.format === d.format && r.at >= continuesSince)) return 'continued';
    if (limit !== -1 && this.already + this.counted.length >= limit) return 'refused';
    this.counted.push({ limit, since, ownerUserId: d.ownerUserId, format: d.format });
    this.records.push({ ...d, at: this.now() });
    return 'counted';
  }
  /** `already` counts as the owner's, before any record. */
  async countedSince(ownerUserId: string, since: Date): Promise<number> {
    return this.already + this.records.filter((r) => r.ownerUserId === ownerUserId && r.at >= since).length;
  }
}

/** The views in memory (the real repository's ordering is tested against PostgreSQL). */
class FakeViews implements ProjectViews {
  readonly views = new Map<string, ProjectView | 'deleted'>();
  readonly changes: ProjectViewChange[] = [];
  async find(projectId: string) {
    return this.views.get(projectId) ?? null;
  }
  async apply(change: ProjectViewChange) {
    this.changes.push(change);
  }
  async keepRead(view: ProjectView) {
    if (!this.views.has(view.projectId)) this.views.set(view.projectId, view);
  }
  async markDeleted(projectId: string) {
    this.views.set(projectId, 'deleted');
  }
}

/**
 * `project`: the project as the view holds it (the steady state); `miss`: no view is kept, and the
 * project service answers this (a project from before the views, or whose event is not applied yet).
 */
function setup(options: { project?: Project; miss?: Project | AppError; deleted?: boolean; tier?: TierId; member?: boolean; files?: Partial<Record<string, RenderedFile>>; already?: number; paid?: Array<'available' | 'rendering'>; paidLanguage?: string } = {}) {
  const views = new FakeViews();
  if (options.deleted) views.views.set(PROJECT, 'deleted');
  else if (!options.miss) views.views.set(PROJECT, viewOfProject(options.project ?? completedProject()));
  const lookups: string[] = [];
  const projects: Pick<ProjectDirectory, 'project'> = {
    project: async (userId, projectId) => {
      lookups.push(`${userId}:${projectId}`);
      if (options.miss instanceof AppError) throw options.miss;
      return options.miss ?? options.project ?? completedProject();
    },
  };
  const membership: CompanyMembership = { ownerTier: options.tier ?? 'professional', ownerUserId: 'owner-1', capabilities: [], role: 'owner' };
  const asked: string[] = [];
  const memberships: Memberships = {
    find: async (userId, companyId) => {
      asked.push(`${userId}:${companyId}`);
      return options.member === false ? null : membership;
    },
  };
  const stored = options.files ?? { pptx: { format: 'pptx', storage_key: 'k/deck.pptx', size: 10 }, mp4: { format: 'mp4', storage_key: 'k/video.mp4', size: 99 } };
  // A translation's files are keyed '<language>:<format>'.
  const files: Pick<RenderedFiles, 'currentFile'> = { currentFile: async (_projectId, format, language = '') => stored[language ? `${language}:${format}` : format] };
  const downloads = new FakeDownloads(options.already ?? 0);
  // The project's paid videos waiting or rendering.
  const entitlements = { pending: async (_projectId: string, language = '') => (language === (options.paidLanguage ?? '') ? (options.paid ?? []) : []).map((status, i) => ({ paymentId: `pay_${i}`, projectId: PROJECT, companyId: COMPANY, amountCents: 100, status, contentVersion: null, paidVersion: null, language, renderKey: null, error: '', errorMessage: null, updatedAt: NOW })) };
  // The plan 'owner-1' owns; the caller (USER) owns none.
  const plans = { ownedCompany: async (userId: string) => (userId === 'owner-1' ? { ownerTier: membership.ownerTier } : null) };
  const deps: DownloadDeps = { views, projects, memberships, files, downloads, plans, entitlements, clock: () => NOW };
  return { deps, downloads, lookups, views, asked };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('downloads', () => {
  describe('open a translation (language)', () => {
    const translated = { pptx: { format: 'pptx', storage_key: 'k/deck.pptx', size: 10 }, 'es:pdf': { format: 'pdf', storage_key: 'k-es/guide.pdf', size: 20 } };

    it('should serve the language\'s file, named with the language, counted like any download', async () => {
      const { deps, downloads } = setup({ files: translated });
      await expect(openDownload(deps, USER, PROJECT, 'pdf', 'download', 'es')).resolves.toMatchObject({ storageKey: 'k-es/guide.pdf', filename: 'Fire Safety Basics (Spanish).pdf', size: 20 });
      expect(downloads.counted).toHaveLength(1);
    });

    it('should say a language\'s files are still being prepared, whatever the project\'s status', async () => {
      for (const status of ['completed', 'generating']) {
        const { deps } = setup({ files: translated, project: completedProject({ status }) });
        const error = await failure(openDownload(deps, USER, PROJECT, 'docx', 'download', 'es'));
        expect(error).toMatchObject({ code: 'CONFLICT', message: 'The files in Spanish are still being prepared. Please try again in a moment.' });
      }
    });

    it("should serve the project's own files for the project's own language", async () => {
      const { deps } = setup({ files: translated, project: completedProject({ primaryLanguage: 'fr' }) });
      await expect(openDownload(deps, USER, PROJECT, 'pptx', 'download', 'fr')).resolves.toMatchObject({ storageKey: 'k/deck.pptx', filename: 'Fire Safety Basics.pptx' });
    });

    it('should refuse a code that is no content language (400) before asking for the project', async () => {
      const { deps, lookups } = setup({ files: translated });
      const error = await failure(openDownload(deps, USER, PROJECT, 'pdf', 'download', 'xx'));
      expect(error).toMatchObject({ status: 400, message: 'Unknown language: xx.', detail: { field: 'language' } });
      expect(lookups).toEqual([]);
    });

    it('should ask for the payment of a translation\'s video of its own, whatever the project\'s own video', async () => {
      const unpaid = setup({ files: { pptx: translated.pptx } });
      const ask = { code: 'PAYMENT_REQUIRED', message: DOWNLOAD_MESSAGES.translationVideoNotPaid('Spanish') };
      expect(await failure(openDownload(unpaid.deps, USER, PROJECT, 'mp4', 'download', 'es'))).toMatchObject(ask);
      // The project's own video made (and a payment of its own rendering): still none of Spanish's.
      const own = setup({ files: { mp4: { format: 'mp4', storage_key: 'k/video.mp4', size: 99 } }, paid: ['rendering'] });
      expect(await failure(openDownload(own.deps, USER, PROJECT, 'mp4', 'download', 'es'))).toMatchObject(ask);
      // Spanish's own payment rendering: wait for it.
      const spanish = setup({ files: { mp4: { format: 'mp4', storage_key: 'k/video.mp4', size: 99 } }, paid: ['rendering'], paidLanguage: 'es' });
      expect(await failure(openDownload(spanish.deps, USER, PROJECT, 'mp4', 'download', 'es'))).toMatchObject({ code: 'CONFLICT', message: DOWNLOAD_MESSAGES.videoRendering });
    });
  });

  describe(`${getVideoFiles.name} (for a package)`, () => {
    const video = { mp4: { format: 'mp4', storage_key: 'k/video.mp4', size: 99 }, vtt: { format: 'vtt', storage_key: 'k/captions.vtt', size: 5 } };

    it('should name the current video and captions to a member, counting nothing', async () => {
      const { deps, downloads } = setup({ files: video });
      await expect(getVideoFiles(deps, USER, PROJECT)).resolves.toEqual({ project: expect.objectContaining({ projectId: PROJECT }), mp4: video.mp4, vtt: video.vtt });
      expect(downloads.counted).toHaveLength(0);
    });

    it('should answer no video without one, or on a plan without video, and NOT_FOUND to a stranger', async () => {
      const none = { project: expect.objectContaining({ projectId: PROJECT }) };
      expect(await getVideoFiles(setup({ files: { pptx: { format: 'pptx', storage_key: 'k/deck.pptx', size: 10 } } }).deps, USER, PROJECT)).toEqual(none);
      expect(await getVideoFiles(setup({ files: video, tier: 'free-trial' }).deps, USER, PROJECT)).toEqual(none);
      expect(await failure(getVideoFiles(setup({ files: video, member: false }).deps, USER, PROJECT))).toMatchObject({ code: 'NOT_FOUND' });
    });
  });

  describe(openDownload.name, () => {
    it('should answer the stored file with the title as its name', async () => {
      const { deps, downloads } = setup();
      await expect(openDownload(deps, USER, PROJECT, 'pptx', 'download')).resolves.toEqual({
        storageKey: 'k/deck.pptx',
        filename: 'Fire Safety Basics.pptx',
        contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
        size: 10,
      });
      expect(downloads.counted).toEqual([{ limit: 25, since: new Date('2026-03-01T00:00:00Z'), ownerUserId: 'owner-1', format: 'pptx' }]);
    });

    it('should refuse an unknown format before asking for the project', async () => {
      const { deps, lookups } = setup();
      const error = await failure(openDownload(deps, USER, PROJECT, 'gif', 'download'));
      expect(error).toMatchObject({ code: 'VALIDATION_FAILED', status: 400, message: DOWNLOAD_MESSAGES.unknownFormat, detail: { field: 'format' } });
      expect(lookups).toEqual([]);
    });

    it('should read the project from its view, asking the project service nothing', async () => {
      const { deps, lookups, asked } = setup();
      for (let i = 0; i < 3; i++) await openDownload(deps, USER, PROJECT, 'pptx', 'download');
      expect(lookups).toEqual([]);
      expect(asked).toEqual([`${USER}:${COMPANY}`, `${USER}:${COMPANY}`, `${USER}:${COMPANY}`]);
    });

    it('should ask the project service once on a view miss and keep its answer', async () => {
      const { deps, lookups, views } = setup({ miss: completedProject({ title: 'Older Project', contentVersion: 3 }) });
      await expect(openDownload(deps, USER, PROJECT, 'pptx', 'download')).resolves.toMatchObject({ filename: 'Older Project.pptx' });
      await expect(openDownload(deps, USER, PROJECT, 'pptx', 'download')).resolves.toMatchObject({ filename: 'Older Project.pptx' });
      expect(lookups).toEqual([`${USER}:${PROJECT}`]);
      expect(views.views.get(PROJECT)).toEqual({
        projectId: PROJECT,
        companyId: COMPANY,
        title: 'Older Project',
        status: 'completed',
        visualFormat: 'mp4',
        hasContent: true,
        contentVersion: 3,
      });
    });

    it("should answer NOT_FOUND for another company's project as the project service does on a miss, keeping nothing", async () => {
      const { deps, downloads, views } = setup({ miss: AppError.notFound(DOWNLOAD_MESSAGES.notFound) });
      const error = await failure(openDownload(deps, USER, PROJECT, 'pptx', 'download'));
      expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404, message: 'Project not found' });
      expect(downloads.counted).toEqual([]);
      expect(views.views.size).toBe(0);
    });

    it("should answer NOT_FOUND for a kept project of a company the caller is not in, before telling anything of it", async () => {
      // An unfinished project would answer 409 with its title to a member.
      const { deps, downloads, lookups } = setup({ member: false, project: completedProject({ status: 'creating_video' }), files: {} });
      const error = await failure(openDownload(deps, USER, PROJECT, 'pptx', 'download'));
      expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404, message: 'Project not found' });
      expect(error.message).not.toContain('Fire Safety');
      expect(downloads.counted).toEqual([]);
      expect(lookups).toEqual([]);
    });

    it('should answer NOT_FOUND for a deleted project or an id that is no project, asking no service', async () => {
      const deleted = setup({ deleted: true });
      expect(await failure(openDownload(deleted.deps, USER, PROJECT, 'pptx', 'download'))).toMatchObject({ code: 'NOT_FOUND', message: 'Project not found' });
      expect(deleted.lookups).toEqual([]);
      const garbage = setup();
      expect(await failure(openDownload(garbage.deps, USER, 'project-1', 'pptx', 'download'))).toMatchObject({ code: 'NOT_FOUND', message: 'Project not found' });
      expect(garbage.lookups).toEqual([]);
    });

    it('should pass project events on to the views', async () => {
      const { deps, views } = setup();
      const change: ProjectViewChange = { projectId: PROJECT, companyId: COMPANY, at: 5, title: 'Renamed' };
      await applyProjectChange(deps, change);
      await markProjectDeleted(deps, PROJECT, COMPANY);
      expect(views.changes).toEqual([change]);
      expect(views.views.get(PROJECT)).toBe('deleted');
    });

    it('should answer 409 with the status while a project that never completed has no files', async () => {
      const { deps } = setup({ project: completedProject({ status: 'creating_video' }), files: {} });
      const error = await failure(openDownload(deps, USER, PROJECT, 'pptx', 'download'));
      expect(error).toMatchObject({
        code: 'CONFLICT',
        status: 409,
        message: 'Project "Fire Safety: Basics" is not ready for download yet (status: Creating Video).',
        detail: { status: 'creating_video' },
      });
    });

    it('should serve the last complete set while an edit is generated or rendered again', async () => {
      for (const status of ['pending', 'analyzing', 'creating_slides', 'creating_video', 'failed']) {
        const { deps, downloads } = setup({ project: completedProject({ status, contentVersion: 2, filesVersion: 1 }) });
        await expect(openDownload(deps, USER, PROJECT, 'pptx', 'download')).resolves.toMatchObject({ storageKey: 'k/deck.pptx', size: 10 });
        expect(downloads.counted).toHaveLength(1);
      }
    });

    it('should answer 409 with the status for a format the last set lacks while the next one renders', async () => {
      const { deps } = setup({ project: completedProject({ status: 'creating_slides' }), files: { pptx: { format: 'pptx', storage_key: 'k/deck.pptx', size: 10 } } });
      const error = await failure(openDownload(deps, USER, PROJECT, 'mp4', 'download'));
      expect(error).toMatchObject({ code: 'CONFLICT', message: 'Project "Fire Safety: Basics" is not ready for download yet (status: Creating Slides).' });
    });

    it('should answer 409 when the project has no content', async () => {
      const { deps } = setup({ project: completedProject({ scriptContent: '  ', slidesContent: '', hasContent: false }) });
      expect(await failure(openDownload(deps, USER, PROJECT, 'pptx', 'download'))).toMatchObject({ code: 'CONFLICT', message: DOWNLOAD_MESSAGES.noContent('Fire Safety: Basics') });
    });

    it('should answer 403 for a video when the plan has no video', async () => {
      const { deps, downloads } = setup({ tier: 'free-trial' });
      const error = await failure(openDownload(deps, USER, PROJECT, 'mp4', 'download'));
      expect(error).toMatchObject({ code: 'FEATURE_NOT_AVAILABLE', status: 403, message: videoNotInPlanMessage('free-trial') });
      expect(downloads.counted).toEqual([]);
    });

    it('should answer 403 for a video the plan lacks before it says the project is not ready', async () => {
      // The project's view may still be rendering when the project service already says completed.
      const { deps } = setup({ tier: 'free-trial', project: completedProject({ status: 'generating_documents' }) });
      expect(await failure(openDownload(deps, USER, PROJECT, 'mp4', 'preview'))).toMatchObject({ code: 'FEATURE_NOT_AVAILABLE', message: videoNotInPlanMessage('free-trial') });
    });

    it('should answer 409 for a video of a project made as slides only', async () => {
      const { deps } = setup({ project: completedProject({ visualFormat: 'powerpoint' }), files: {} });
      expect(await failure(openDownload(deps, USER, PROJECT, 'mov', 'download'))).toMatchObject({ code: 'CONFLICT', message: DOWNLOAD_MESSAGES.noVideo });
    });

    it('should answer 402 for the video of a video project whose video is not paid for (pay-per-use), counting nothing', async () => {
      for (const format of ['mp4', 'mov']) {
        const { deps, downloads } = setup({ files: { pptx: { format: 'pptx', storage_key: 'k/deck.pptx', size: 10 } } });
        const error = await failure(openDownload(deps, USER, PROJECT, format, 'download'));
        expect(error).toMatchObject({ code: 'PAYMENT_REQUIRED', status: 402, message: 'This narrated video renders once it is paid for. Pay for it from the project.' });
        expect(downloads.counted).toEqual([]);
      }
      // The other formats are served as before.
      const { deps } = setup({ files: { pptx: { format: 'pptx', storage_key: 'k/deck.pptx', size: 10 } } });
      await expect(openDownload(deps, USER, PROJECT, 'pptx', 'download')).resolves.toMatchObject({ storageKey: 'k/deck.pptx' });
    });

    it('should answer 409 for the video while a paid render of it waits or runs', async () => {
      for (const paid of [['available'], ['rendering']] as const) {
        const { deps } = setup({ files: { pptx: { format: 'pptx', storage_key: 'k/deck.pptx', size: 10 } }, paid: [...paid] });
        const error = await failure(openDownload(deps, USER, PROJECT, 'mov', 'preview'));
        expect(error).toMatchObject({ code: 'CONFLICT', status: 409, message: 'The narrated video is still rendering. Try again when it is ready.' });
      }
    });

    it('should serve the paid video once it is in the current set', async () => {
      const { deps } = setup({ paid: [] });
      await expect(openDownload(deps, USER, PROJECT, 'mp4', 'download')).resolves.toMatchObject({ storageKey: 'k/video.mp4', contentType: 'video/mp4' });
    });

    it('should answer 409 while the files are still being rendered', async () => {
      const { deps } = setup({ files: {} });
      expect(await failure(openDownload(deps, USER, PROJECT, 'pdf', 'download'))).toMatchObject({ code: 'CONFLICT', message: DOWNLOAD_MESSAGES.notRendered });
    });

    it("should answer 403 with the catalogue's message when the download limit is reached", async () => {
      const { deps } = setup({ already: 25 });
      const error = await failure(openDownload(deps, USER, PROJECT, 'pptx', 'download'));
      expect(error).toMatchObject({ code: 'PLAN_LIMIT_REACHED', status: 403, message: 'Your Professional plan allows 25 downloads per month. Upgrade to download more.' });
    });

    it('should count all of a trial\'s downloads, not only this month\'s', async () => {
      const { deps, downloads } = setup({ tier: 'free-trial', already: 3 });
      const error = await failure(openDownload(deps, USER, PROJECT, 'pptx', 'download'));
      expect(error.message).toBe('Your Free Trial plan allows 3 downloads during the trial. Upgrade to download more.');
      const fresh = setup({ tier: 'free-trial' });
      await openDownload(fresh.deps, USER, PROJECT, 'pptx', 'download');
      expect(fresh.downloads.counted[0]!.since).toEqual(new Date(0));
    });

    it('should not count a range that continues a download of the same file, even at the limit', async () => {
      const { deps, downloads } = setup({ tier: 'free-trial' });
      await openDownload(deps, USER, PROJECT, 'pptx', 'download');
      await openDownload(deps, USER, PROJECT, 'pptx', 'download');
      await openDownload(deps, USER, PROJECT, 'pptx', 'range'); // continues: free
      await openDownload(deps, USER, PROJECT, 'pptx', 'preview'); // never counted
      expect(downloads.counted).toHaveLength(2);
      await expect(openDownload(deps, USER, PROJECT, 'pptx', 'range')).resolves.toMatchObject({ storageKey: 'k/deck.pptx' });
      expect(downloads.counted).toHaveLength(2);
    });

    it('should count a range that continues nothing, and refuse it past the limit', async () => {
      const files = { pptx: { format: 'pptx', storage_key: 'k/deck.pptx', size: 10 }, pdf: { format: 'pdf', storage_key: 'k/guide.pdf', size: 20 } };
      const { deps, downloads } = setup({ tier: 'free-trial', files });
      await openDownload(deps, USER, PROJECT, 'pptx', 'download');
      await openDownload(deps, USER, PROJECT, 'pdf', 'range'); // no pdf counted yet: a new download
      expect(downloads.counted.map((c) => c.format)).toEqual(['pptx', 'pdf']);
      await openDownload(deps, USER, PROJECT, 'pdf', 'range'); // continues
      await openDownload(deps, USER, PROJECT, 'pdf', 'download'); // a whole file is always a download
      expect(downloads.counted).toHaveLength(3);
      const error = await failure(openDownload(deps, 'user-2', PROJECT, 'pdf', 'range')); // another member's download is not theirs to continue
      expect(error).toMatchObject({ code: 'PLAN_LIMIT_REACHED', message: 'Your Free Trial plan allows 3 downloads during the trial. Upgrade to download more.' });
    });

    it('should count a range again once the files changed or the continuation window passed', async () => {
      let now = NOW;
      const stored: Record<string, RenderedFile> = { pptx: { format: 'pptx', storage_key: 'k/v1/deck.pptx', size: 10 } };
      const views = new FakeViews();
      views.views.set(PROJECT, viewOfProject(completedProject()));
      const downloads = new FakeDownloads(0, () => now);
      const deps: DownloadDeps = {
        views,
        projects: { project: async () => completedProject() },
        memberships: { find: async () => ({ ownerTier: 'professional', ownerUserId: 'owner-1', capabilities: [], role: 'owner' as const }) },
        files: { currentFile: async (_p, format) => stored[format] },
        downloads,
        plans: { ownedCompany: async () => ({ ownerTier: 'professional' }) },
        entitlements: { pending: async () => [] },
        clock: () => now,
      };
      await openDownload(deps, USER, PROJECT, 'pptx', 'range');
      await openDownload(deps, USER, PROJECT, 'pptx', 'range');
      expect(downloads.counted).toHaveLength(1);
      stored.pptx = { format: 'pptx', storage_key: 'k/v2/deck.pptx', size: 12 }; // an edit rendered a new set
      await openDownload(deps, USER, PROJECT, 'pptx', 'range');
      expect(downloads.counted).toHaveLength(2);
      now = new Date(NOW.getTime() + RANGE_CONTINUATION_MS + 1000);
      await openDownload(deps, USER, PROJECT, 'pptx', 'range');
      expect(downloads.counted).toHaveLength(3);
    });

    it("should play the preview's video uncounted yet keep the plan's video gate and tenancy", async () => {
      const { deps, downloads } = setup({ already: 25 });
      for (let i = 0; i < 3; i++) await expect(openDownload(deps, USER, PROJECT, 'mp4', 'preview')).resolves.toMatchObject({ storageKey: 'k/video.mp4', size: 99 });
      expect(downloads.counted).toEqual([]);
      const trial = setup({ tier: 'free-trial' });
      expect(await failure(openDownload(trial.deps, USER, PROJECT, 'mp4', 'preview'))).toMatchObject({ code: 'FEATURE_NOT_AVAILABLE', message: videoNotInPlanMessage('free-trial') });
      const other = setup({ member: false });
      expect(await failure(openDownload(other.deps, USER, PROJECT, 'mp4', 'preview'))).toMatchObject({ code: 'NOT_FOUND' });
      expect(trial.downloads.counted).toEqual([]);
    });
  });

  describe(getDownloadUsage.name, () => {
    it("should count the owner's downloads of the calendar month, as the refusal counts them, for whoever downloaded", async () => {
      const { deps } = setup({ already: 2 });
      await openDownload(deps, USER, PROJECT, 'pptx', 'download');
      // USER is a member: the download counts against the plan owner's usage, not theirs.
      expect(await getDownloadUsage(deps, 'owner-1')).toEqual({ used: 3, limit: 25, since: new Date('2026-03-01T00:00:00Z') });
    });

    it('should count the whole trial for the free trial, and reach the limit where the refusal does', async () => {
      const { deps } = setup({ tier: 'free-trial', already: 2 });
      expect(await getDownloadUsage(deps, 'owner-1')).toEqual({ used: 2, limit: 3, since: new Date(0) });
      await openDownload(deps, USER, PROJECT, 'pptx', 'download');
      expect(await getDownloadUsage(deps, 'owner-1')).toMatchObject({ used: 3, limit: 3 });
      expect(await failure(openDownload(deps, USER, PROJECT, 'pptx', 'download'))).toMatchObject({ code: 'PLAN_LIMIT_REACHED' });
      expect((await getDownloadUsage(deps, 'owner-1')).used).toBe(3);
    });

    it('should answer -1 for an unlimited plan, and NOT_FOUND for a user who owns no company', async () => {
      const { deps } = setup({ tier: 'enterprise' });
      expect(await getDownloadUsage(deps, 'owner-1')).toMatchObject({ used: 0, limit: -1 });
      expect(await failure(getDownloadUsage(deps, USER))).toMatchObject({ code: 'NOT_FOUND' });
    });
  });
});
