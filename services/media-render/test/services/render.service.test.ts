// Render jobs with every port faked: no renderer, ffmpeg, storage, database or bus.
import type { TierId } from '@trainwright/catalogue';
import { Project } from '@trainwright/proto/trainwright/project/v1/project';
import { RenderError, type DocumentFormat, type VoiceSettings } from '../../src/domain/types.js';
import type { RenderedFile, RenderedFiles } from '../../src/services/ports.js';
import { INTERNAL_RENDER_FAILURE, RenderService, type RenderEvents, type Renderers } from '../../src/services/render.service.js';

const KEY = 'key-2';
const BASE = `companies/company-1/projects/project-1/renders/${KEY}/Fire_Safety`;
const VOICE: VoiceSettings = { provider: 'espeak', voice: 'en-us', pitch: 50, rate: 175 };

function project(changes: Partial<Project> = {}): Project {
  return Project.fromPartial({
    id: 'project-1',
    companyId: 'company-1',
    title: 'Fire Safety',
    status: 'creating_slides',
    slidesContent: '# Fire Safety\n\n## Exits\n**Content:**\n- Walk, do not run\n',
    visualFormat: 'mp4',
    voiceSelection: { voiceId: 'custom:v1' },
    ...changes,
  });
}

/** The stored rows of every render key, as the repository keeps them (rendered-file.repository.medium.test.ts checks the SQL). */
class FakeFiles implements Pick<RenderedFiles, 'filesOf' | 'recordFile' | 'makeCurrent' | 'forgetProject'> {
  rows: Array<RenderedFile & { renderKey: string; contentVersion: number }> = [];
  current = '';
  currentVersion = 0;
  async filesOf(_projectId: string, renderKey: string) {
    return this.rows.filter((r) => r.renderKey === renderKey);
  }
  async recordFile(f: { renderKey: string; contentVersion: number; format: string; storageKey: string; size: number }) {
    this.rows.push({ renderKey: f.renderKey, contentVersion: f.contentVersion, format: f.format, storage_key: f.storageKey, size: f.size });
  }
  async makeCurrent(_projectId: string, renderKey: string, contentVersion: number) {
    const current = contentVersion >= this.currentVersion;
    if (current) [this.current, this.currentVersion] = [renderKey, contentVersion];
    const forget = (r: { renderKey: string; contentVersion: number }) => (current ? r.renderKey !== renderKey && r.contentVersion <= contentVersion : r.renderKey === renderKey);
    const forgotten = this.rows.filter(forget).map((r) => r.storage_key);
    this.rows = this.rows.filter((r) => !forget(r));
    return { current, forgotten };
  }
  async forgetProject() {
    const keys = this.rows.map((r) => r.storage_key);
    this.rows = [];
    return keys;
  }
}

function setup(options: { project?: Project; tier?: TierId; trialState?: string; renderKey?: string; failDocument?: Partial<Record<DocumentFormat, Error>> } = {}) {
  const log: string[] = [];
  const files = new FakeFiles();
  const saved = new Map<string, string>();
  const deleted: string[] = [];
  const rendered: string[] = [];
  const renderers: Renderers = {
    document: async (format) => {
      const failure = options.failDocument?.[format];
      if (failure) throw failure;
      rendered.push(format);
      return Buffer.from(`${format} bytes`);
    },
    video: async (input, voice, workDir, progress) => {
      rendered.push(`video ${input.title} ${voice.voice} in ${workDir}${input.burnSubtitles ? ' with burned-in subtitles' : ''}`);
      await progress(50);
      return { mp4Path: `${workDir}/video.mp4`, movPath: `${workDir}/video.mov`, vttPath: `${workDir}/subtitles.vtt` };
    },
  };
  const events: RenderEvents & { log: string[] } = {
    log: [],
    async progress(_projectId, stage, percent) {
      this.log.push(`${stage} ${Math.round(percent)}`);
    },
    async completed() {
      this.log.push('completed');
    },
    async failed(_projectId, message) {
      this.log.push(`failed: ${message}`);
    },
  };
  const service = new RenderService({
    projects: { renderInput: async () => ({ project: options.project ?? project(), template: null, ownerTier: options.tier ?? 'professional', ownerTrialState: options.trialState ?? 'active', renderKey: options.renderKey ?? KEY }) },
    logos: { logoOf: async () => ({ logo: null, problem: 'Logo could not be loaded: it is not a PNG or JPEG image.' }) },
    voices: { settingsFor: async (voiceId) => (voiceId === 'custom:v1' ? VOICE : { provider: 'espeak', voice: 'default' }) },
    renderers,
    files,
    storage: {
      save: async (key, body) => {
        const content = Buffer.isBuffer(body) ? body.toString() : `file ${body.path}`;
        saved.set(key, content);
        return content.length;
      },
      delete: async (key) => void deleted.push(key),
    },
    workDirs: { use: (work) => work('/scratch/1') },
    logger: { warn: (details: object, message: string) => void log.push(`warn ${message} ${JSON.stringify(details)}`), error: (_details: object, message: string) => void log.push(`error ${message}`) } as never,
  });
  return { service, events, files, saved, deleted, rendered, log };
}

const FIRST = { attempt: 1, maxAttempts: 3 };

describe(RenderService.name, () => {
  describe('run', () => {
    it('should publish the progress stages in order and then completed', async () => {
      const { service, events } = setup();
      await service.run({ projectId: 'project-1', renderKey: KEY, contentVersion: 2 }, FIRST, events);
      expect(events.log).toEqual([
        'creating_slides 0',
        'creating_slides 100',
        'generating_documents 0',
        'generating_documents 33',
        'generating_documents 67',
        'generating_documents 100',
        'creating_video 0',
        'creating_video 48',
        'creating_video 100',
        'completed',
      ]);
    });

    it("should hand the project's burn_subtitles to the video renderer in the render input", async () => {
      for (const burnSubtitles of [true, false]) {
        const { service, events, rendered } = setup({ project: project({ burnSubtitles }) });
        await service.run({ projectId: 'project-1', renderKey: KEY, contentVersion: 2 }, FIRST, events);
        expect(rendered.filter((r) => r.startsWith('video'))).toEqual([`video Fire Safety en-us in /scratch/1${burnSubtitles ? ' with burned-in subtitles' : ''}`]);
      }
    });

    it('should render nothing once the owner trial is over, failing with the trial message', async () => {
      const { service, events, files } = setup({ tier: 'free-trial', trialState: 'expired' });
      const error = await service.run({ projectId: 'project-1', renderKey: KEY, contentVersion: 2 }, FIRST, events).catch((e: unknown) => e);
      expect(error).toMatchObject({ message: 'Your free trial has expired. Upgrade to continue creating training content.', retryable: false });
      expect(events.log).toEqual(['failed: Your free trial has expired. Upgrade to continue creating training content.']);
      expect(await files.filesOf('project-1', KEY)).toEqual([]);
    });

    it('should store and record every file under the render key', async () => {
      const { service, events, files, saved, rendered } = setup();
      const result = await service.run({ projectId: 'project-1', renderKey: KEY, contentVersion: 2 }, FIRST, events);
      expect(result).toEqual({ rendered: ['pptx', 'pdf', 'docx', 'txt', 'mp4', 'mov', 'vtt'], reused: [] });
      expect(rendered).toContain('video Fire Safety en-us in /scratch/1');
      expect(Object.fromEntries(saved)).toEqual({
        [`${BASE}.pptx`]: 'pptx bytes',
        [`${BASE}.pdf`]: 'pdf bytes',
        [`${BASE}.docx`]: 'docx bytes',
        [`${BASE}.txt`]: 'txt bytes',
        [`${BASE}.mp4`]: 'file /scratch/1/video.mp4',
        [`${BASE}.mov`]: 'file /scratch/1/video.mov',
        [`${BASE}.vtt`]: 'file /scratch/1/subtitles.vtt',
      });
      expect(files.rows.map((r) => `${r.renderKey} ${r.format} ${r.storage_key} ${r.size}`)).toContain(`${KEY} pptx ${BASE}.pptx 10`);
      expect(files.current).toBe(KEY);
    });

    it('should remove the files of older sets once the new set is current', async () => {
      const { service, events, files, deleted } = setup();
      files.rows.push({ renderKey: 'key-1', contentVersion: 1, format: 'pdf', storage_key: 'old/Fire_Safety.pdf', size: 3 }, { renderKey: 'key-1', contentVersion: 1, format: 'pptx', storage_key: 'old/Fire_Safety.pptx', size: 4 });
      await service.run({ projectId: 'project-1', renderKey: KEY, contentVersion: 2 }, FIRST, events);
      expect(deleted).toEqual(['old/Fire_Safety.pdf', 'old/Fire_Safety.pptx']);
      expect(files.rows.every((r) => r.renderKey === KEY)).toBe(true);
    });

    it('should keep the current set until the new one is complete', async () => {
      const { service, events, files, deleted } = setup({ failDocument: { docx: new RenderError('The disk is full.', true) } });
      Object.assign(files, { current: 'key-1', currentVersion: 1 });
      files.rows.push({ renderKey: 'key-1', contentVersion: 1, format: 'pdf', storage_key: 'old/Fire_Safety.pdf', size: 3 });
      await expect(service.run({ projectId: 'project-1', renderKey: KEY, contentVersion: 2 }, FIRST, events)).rejects.toMatchObject({ retryable: true });
      expect(files.current).toBe('key-1');
      expect(deleted).toEqual([]);
      expect(files.rows.filter((r) => r.renderKey === 'key-1')).toHaveLength(1);
    });

    it('should neither replace a newer version\'s set nor announce completion when it finishes last', async () => {
      const { service, events, files, deleted } = setup();
      Object.assign(files, { current: 'key-3', currentVersion: 3 });
      files.rows.push({ renderKey: 'key-3', contentVersion: 3, format: 'pdf', storage_key: 'new/Fire_Safety.pdf', size: 3 });
      await service.run({ projectId: 'project-1', renderKey: KEY, contentVersion: 2 }, FIRST, events);
      expect(files.current).toBe('key-3');
      expect(files.rows.map((r) => r.storage_key)).toEqual(['new/Fire_Safety.pdf']);
      expect(deleted).toContain(`${BASE}.pdf`);
      expect(events.log).not.toContain('completed');
    });

    it('should render no video when the plan has none', async () => {
      const { service, events, rendered } = setup({ tier: 'free-trial' });
      const result = await service.run({ projectId: 'project-1', renderKey: KEY, contentVersion: 2 }, FIRST, events);
      expect(result.rendered).toEqual(['pptx', 'pdf', 'docx', 'txt']);
      expect(rendered.some((r) => r.startsWith('video'))).toBe(false);
      expect(events.log).not.toContain('creating_video 0');
    });

    it('should reuse the files a previous attempt finished', async () => {
      const { service, events, files, rendered, saved } = setup();
      files.rows.push({ renderKey: KEY, contentVersion: 2, format: 'pptx', storage_key: `${BASE}.pptx`, size: 10 }, { renderKey: KEY, contentVersion: 2, format: 'pdf', storage_key: `${BASE}.pdf`, size: 9 });
      const result = await service.run({ projectId: 'project-1', renderKey: KEY, contentVersion: 2 }, { attempt: 2, maxAttempts: 3 }, events);
      expect(result).toEqual({ rendered: ['docx', 'txt', 'mp4', 'mov', 'vtt'], reused: ['pptx', 'pdf'] });
      expect(rendered.slice(0, 2)).toEqual(['docx', 'txt']);
      expect(saved.has(`${BASE}.pptx`)).toBe(false);
      expect(events.log.at(-1)).toBe('completed');
    });

    it('should do nothing when the content changed since the job was queued', async () => {
      const { service, events, rendered } = setup({ renderKey: 'key-3' });
      await expect(service.run({ projectId: 'project-1', renderKey: KEY, contentVersion: 2 }, FIRST, events)).resolves.toEqual({ rendered: [], reused: [] });
      expect(rendered).toEqual([]);
      expect(events.log).toEqual([]);
    });

    it('should render without the logo and say why when the logo cannot be used', async () => {
      const { service, events, log } = setup({ project: project({ branding: { companyName: 'Acme', website: 'acme.test', logoUrl: 'https://acme.test/logo.gif' } }) });
      await service.run({ projectId: 'project-1', renderKey: KEY, contentVersion: 2 }, FIRST, events);
      expect(log).toEqual(['warn rendering without the logo {"projectId":"project-1","problem":"Logo could not be loaded: it is not a PNG or JPEG image."}']);
    });

    it('should fail at once, publishing failed once, on a RenderError that is not retryable', async () => {
      const { service, events } = setup({ failDocument: { pdf: new RenderError('The PDF guide could not be written.') } });
      const error = await service.run({ projectId: 'project-1', renderKey: KEY, contentVersion: 2 }, FIRST, events).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RenderError);
      expect(error).toMatchObject({ message: 'The PDF guide could not be written.', retryable: false });
      expect(events.log.filter((e) => e.startsWith('failed'))).toEqual(['failed: The PDF guide could not be written.']);
      expect(events.log).not.toContain('completed');
    });

    it('should ask for a retry without publishing failed while attempts remain', async () => {
      const { service, events } = setup({ failDocument: { docx: new RenderError('The disk is full.', true) } });
      await expect(service.run({ projectId: 'project-1', renderKey: KEY, contentVersion: 2 }, FIRST, events)).rejects.toMatchObject({ message: 'The disk is full.', retryable: true });
      expect(events.log.some((e) => e.startsWith('failed'))).toBe(false);
    });

    it('should publish failed with a safe message on the last attempt of an unexpected fault', async () => {
      const { service, events, log } = setup({ failDocument: { txt: new Error('ENOSPC: /var/lib/secret') } });
      await expect(service.run({ projectId: 'project-1', renderKey: KEY, contentVersion: 2 }, { attempt: 3, maxAttempts: 3 }, events)).rejects.toMatchObject({ message: INTERNAL_RENDER_FAILURE, retryable: false });
      expect(events.log.at(-1)).toBe(`failed: ${INTERNAL_RENDER_FAILURE}`);
      expect(log).toEqual(['error render failed unexpectedly']);
    });
  });

  describe('forgetProject', () => {
    it("should forget every set of the project and remove their files", async () => {
      const { service, files, deleted } = setup();
      files.rows.push({ renderKey: KEY, contentVersion: 2, format: 'pdf', storage_key: `${BASE}.pdf`, size: 9 });
      await service.forgetProject('project-1');
      expect(deleted).toEqual([`${BASE}.pdf`]);
      expect(files.rows).toEqual([]);
    });
  });
});
