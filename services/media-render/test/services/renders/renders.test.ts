// Render jobs (the documents' and the paid narrated video's) with every port faked: no renderer,
// ffmpeg, storage, database or bus.
import { VIDEO_MESSAGES } from '@trainwright/catalogue';
import type { Failure, OutboxEvent, OwnerPlan } from '@trainwright/platform';
import { Project } from '@trainwright/proto/trainwright/project/v1/project';
import { RenderError, type DocumentFormat, type VoiceSettings } from '../../../src/domain/types.js';
import type { RenderedFile, RenderedFiles } from '../../../src/services/ports.js';
import type { RenderDeps, RenderEvents, Renderers } from '../../../src/services/renders/deps.js';
import { forgetProjectRenders } from '../../../src/services/renders/forget-renders.js';
import { INTERNAL_RENDER_FAILURE, renderProject } from '../../../src/services/renders/render-project.js';
import { abandonPaidVideo, renderPaidVideo, VIDEO_STALE_MS, VIDEO_WAIT_MS } from '../../../src/services/renders/render-video.js';
import type { VideoEvents, VideoJobs, VideoStatusChange } from '../../../src/services/videos/deps.js';
import { FakeEntitlements } from '../fake-entitlements.js';

const KEY = 'key-2';
/** The owner's plan a job carries (read when it was created). */
const PLAN: OwnerPlan = { tier: 'professional', trialState: 'active' };
const ENDED_TRIAL: OwnerPlan = { tier: 'free-trial', trialState: 'expired' };
const RENDER = { projectId: 'project-1', renderKey: KEY, contentVersion: 2, plan: PLAN };
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
    contentVersion: 2,
    ...changes,
  });
}

/** The stored rows of every render key, as the repository keeps them (rendered-file.repository.medium.test.ts checks the SQL). */
class FakeFiles implements Pick<RenderedFiles, 'filesOf' | 'recordFile' | 'makeCurrent' | 'forgetProject' | 'forgetLanguage' | 'forgetSupersededVideos'> {
  rows: Array<RenderedFile & { renderKey: string; contentVersion: number }> = [];
  current = '';
  currentVersion = 0;
  async filesOf(_projectId: string, renderKey: string) {
    return this.rows.filter((r) => r.renderKey === renderKey);
  }
  async recordFile(f: { renderKey: string; contentVersion: number; format: string; storageKey: string; size: number }) {
    this.rows.push({ renderKey: f.renderKey, contentVersion: f.contentVersion, format: f.format, storage_key: f.storageKey, size: f.size });
  }
  /** Sees each fact written with a set made current (the repository's outbox, which the relay publishes). */
  onFact: (fact: OutboxEvent) => void = () => undefined;
  async makeCurrent(_projectId: string, renderKey: string, contentVersion: number, _language = '', facts: OutboxEvent[] = []) {
    const current = contentVersion >= this.currentVersion;
    if (current) [this.current, this.currentVersion] = [renderKey, contentVersion];
    if (current) facts.forEach((f) => this.onFact(f));
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
  async forgetLanguage(): Promise<string[]> {
    return [];
  }
  async forgetSupersededVideos(_projectId: string, renderKey: string) {
    const superseded = (r: { renderKey: string; format: string }) => r.renderKey !== renderKey && ['mp4', 'mov', 'vtt'].includes(r.format);
    const keys = this.rows.filter(superseded).map((r) => r.storage_key);
    this.rows = this.rows.filter((r) => !superseded(r));
    return keys;
  }
}

/** Video facts as lines: 'rendering 40 pay_1', 'failed pay_1: message'. */
class FakeVideoEvents implements VideoEvents {
  log: string[] = [];
  changes: VideoStatusChange[] = [];
  async changed(change: VideoStatusChange) {
    this.changes.push(change);
    const payment = change.paymentId ? ` ${change.paymentId}` : '';
    this.log.push(change.status === 'rendering' ? `rendering ${change.percent}${payment}` : change.status === 'failed' ? `failed${payment}: ${change.error}` : `${change.status}${payment}`);
  }
}

function setup(
  options: {
    project?: Project;
    renderKey?: string | (() => string);
    failDocument?: Partial<Record<DocumentFormat, Error>>;
    failVideo?: Error;
  } = {},
) {
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
      if (options.failVideo) throw options.failVideo;
      rendered.push(`video ${input.title} ${voice.voice} in ${workDir}${input.burnSubtitles ? ' with burned-in subtitles' : ''}`);
      await progress(50);
      return { mp4Path: `${workDir}/video.mp4`, movPath: `${workDir}/video.mov`, vttPath: `${workDir}/subtitles.vtt`, durationMs: 1000 };
    },
  };
  const events: RenderEvents & { log: string[]; failures: Failure[] } = {
    log: [],
    failures: [],
    async progress(_projectId, stage, percent) {
      this.log.push(`${stage} ${Math.round(percent)}`);
    },
    completion: (projectId) => ({ subject: 'render.completed', payload: new TextEncoder().encode(projectId) }),
    async failed(_projectId, failure) {
      this.log.push(`failed: ${failure.text}`);
      this.failures.push(failure);
    },
  };
  // render.completed goes out with the set made current: it lands in the same log as the progress.
  files.onFact = (fact) => void events.log.push(fact.subject === 'render.completed' ? 'completed' : fact.subject);
  const videoEvents = new FakeVideoEvents();
  // A payment's end writes its fact beside the progress (the outbox, then the same bus).
  const entitlements = new FakeEntitlements(videoEvents);
  const queued: string[] = [];
  const videoJobs: VideoJobs = { enqueue: async (projectId, paymentId, plan) => void queued.push(`${projectId} ${paymentId} ${plan.tier}`) };
  const renderKey = () => (typeof options.renderKey === 'function' ? options.renderKey() : (options.renderKey ?? KEY));
  const projects = { renderInput: async () => ({ project: options.project ?? project(), template: null, renderKey: renderKey() }) };
  const logos = { logoOf: async () => ({ logo: null, problem: 'Logo could not be loaded: it is not a PNG or JPEG image.' }) };
  const storage = {
    save: async (key: string, body: Buffer | { path: string }) => {
      const content = Buffer.isBuffer(body) ? body.toString() : `file ${body.path}`;
      saved.set(key, content);
      return content.length;
    },
    delete: async (key: string) => void deleted.push(key),
  };
  const logger = { warn: (details: object, message: string) => void log.push(`warn ${message} ${JSON.stringify(details)}`), error: (_details: object, message: string) => void log.push(`error ${message}`) } as never;
  const sleeps: number[] = [];
  const deps: RenderDeps = {
    projects,
    translations: { renderContent: async () => null },
    translationJobs: { enqueue: async () => undefined },
    companyPlans: { companyPlan: async () => PLAN },
    logos,
    voices: { settingsFor: async (voiceId) => (voiceId === 'custom:v1' ? VOICE : { provider: 'espeak', voice: 'default' }) },
    renderers,
    files,
    storage,
    workDirs: { use: (work) => work('/scratch/1') },
    entitlements,
    videoJobs,
    videoEvents,
    logger,
    clock: () => new Date(),
    sleep: async (ms) => {
      sleeps.push(ms);
      // The other payment's render finishes while this one waits.
      for (const r of entitlements.rows) if (r.status === 'rendering') r.status = 'consumed';
    },
    videoWaitMs: VIDEO_WAIT_MS,
    videoStaleMs: VIDEO_STALE_MS,
  };
  return { deps, events, files, saved, deleted, rendered, log, entitlements, videoEvents, queued, sleeps };
}

const FIRST = { attempt: 1, maxAttempts: 3 };

describe('render jobs', () => {
  describe(renderProject.name, () => {
    it('should publish the progress stages in order and then completed', async () => {
      const { deps, events } = setup();
      await renderProject(deps, RENDER, FIRST, events);
      expect(events.log).toEqual([
        'creating_slides 0',
        'creating_slides 100',
        'generating_documents 0',
        'generating_documents 33',
        'generating_documents 67',
        'generating_documents 100',
        'completed',
      ]);
    });

    it('should render no video but say it waits for a payment (pay-per-use), the documents completing as before', async () => {
      const { deps, events, rendered, videoEvents, queued } = setup();
      const result = await renderProject(deps, RENDER, FIRST, events);
      expect(result.rendered).toEqual(['pptx', 'pdf', 'docx', 'txt']);
      expect(rendered.some((r) => r.startsWith('video'))).toBe(false);
      expect(events.log.at(-1)).toBe('completed');
      expect(videoEvents.log).toEqual(['payment_required']);
      expect(videoEvents.changes[0]).toEqual({ projectId: 'project-1', companyId: 'company-1', status: 'payment_required', contentVersion: 2 });
      expect(queued).toEqual([]);
    });

    it('should release a payment made already to its video job instead of asking for one', async () => {
      const { deps, events, videoEvents, queued, entitlements } = setup();
      entitlements.pay('pay_used', 'consumed');
      entitlements.pay('pay_1');
      await renderProject(deps, RENDER, FIRST, events);
      expect(queued).toEqual(['project-1 pay_1 professional']);
      expect(videoEvents.log).toEqual([]);
    });

    it('should leave the video to a paid render under way (it renders the newest version)', async () => {
      const { deps, events, videoEvents, queued, entitlements } = setup();
      entitlements.pay('pay_1', 'rendering');
      await renderProject(deps, RENDER, FIRST, events);
      expect([...queued, ...videoEvents.log]).toEqual([]);
    });

    it('should keep the video of a set that has it already (a retry) and ask for no payment', async () => {
      const { deps, events, videoEvents, files } = setup();
      files.rows.push({ renderKey: KEY, contentVersion: 2, format: 'mp4', storage_key: `${BASE}.mp4`, size: 5 }, { renderKey: KEY, contentVersion: 2, format: 'mov', storage_key: `${BASE}.mov`, size: 5 });
      const result = await renderProject(deps, RENDER, { attempt: 2, maxAttempts: 3 }, events);
      expect(result.reused).toEqual(['mp4', 'mov']);
      expect(files.rows.filter((r) => r.format === 'mp4' || r.format === 'mov')).toHaveLength(2);
      expect(videoEvents.log).toEqual([]);
    });

    it('should not ask for a payment for a slides project nor for a set a newer version replaced', async () => {
      const slides = setup({ project: project({ visualFormat: 'powerpoint' }) });
      await renderProject(slides.deps, RENDER, FIRST, slides.events);
      expect(slides.videoEvents.log).toEqual([]);
      const stale = setup();
      Object.assign(stale.files, { current: 'key-3', currentVersion: 3 });
      await renderProject(stale.deps, RENDER, FIRST, stale.events);
      expect(stale.videoEvents.log).toEqual([]);
    });

    it('should render nothing once the owner trial is over, failing with the trial message', async () => {
      const { deps, events, files } = setup();
      const error = await renderProject(deps, { ...RENDER, plan: ENDED_TRIAL }, FIRST, events).catch((e: unknown) => e);
      expect(error).toMatchObject({ message: 'Your free trial has expired. Upgrade to continue creating training content.', retryable: false });
      expect(events.log).toEqual(['failed: Your free trial has expired. Upgrade to continue creating training content.']);
      // By id, so the web shows it in the user's language; the error the job ends with keeps it too.
      expect(events.failures).toEqual([{ text: 'Your free trial has expired. Upgrade to continue creating training content.', message: { id: 'trial.expired', params: [] } }]);
      expect(error).toMatchObject({ messageRef: { id: 'trial.expired', params: [] } });
      expect(await files.filesOf('project-1', KEY)).toEqual([]);
    });

    it('should store and record every file under the render key', async () => {
      const { deps, events, files, saved, rendered } = setup();
      const result = await renderProject(deps, RENDER, FIRST, events);
      expect(result).toEqual({ rendered: ['pptx', 'pdf', 'docx', 'txt'], reused: [] });
      expect(rendered).toEqual(['pptx', 'pdf', 'docx', 'txt']);
      expect(Object.fromEntries(saved)).toEqual({
        [`${BASE}.pptx`]: 'pptx bytes',
        [`${BASE}.pdf`]: 'pdf bytes',
        [`${BASE}.docx`]: 'docx bytes',
        [`${BASE}.txt`]: 'txt bytes',
      });
      expect(files.rows.map((r) => `${r.renderKey} ${r.format} ${r.storage_key} ${r.size}`)).toContain(`${KEY} pptx ${BASE}.pptx 10`);
      expect(files.current).toBe(KEY);
    });

    it('should remove the files of older sets once the new set is current', async () => {
      const { deps, events, files, deleted } = setup();
      files.rows.push({ renderKey: 'key-1', contentVersion: 1, format: 'pdf', storage_key: 'old/Fire_Safety.pdf', size: 3 }, { renderKey: 'key-1', contentVersion: 1, format: 'pptx', storage_key: 'old/Fire_Safety.pptx', size: 4 });
      await renderProject(deps, RENDER, FIRST, events);
      expect(deleted).toEqual(['old/Fire_Safety.pdf', 'old/Fire_Safety.pptx']);
      expect(files.rows.every((r) => r.renderKey === KEY)).toBe(true);
    });

    it('should keep the current set until the new one is complete', async () => {
      const { deps, events, files, deleted } = setup({ failDocument: { docx: new RenderError('The disk is full.', true) } });
      Object.assign(files, { current: 'key-1', currentVersion: 1 });
      files.rows.push({ renderKey: 'key-1', contentVersion: 1, format: 'pdf', storage_key: 'old/Fire_Safety.pdf', size: 3 });
      await expect(renderProject(deps, RENDER, FIRST, events)).rejects.toMatchObject({ retryable: true });
      expect(files.current).toBe('key-1');
      expect(deleted).toEqual([]);
      expect(files.rows.filter((r) => r.renderKey === 'key-1')).toHaveLength(1);
    });

    it('should neither replace a newer version\'s set nor announce completion when it finishes last', async () => {
      const { deps, events, files, deleted } = setup();
      Object.assign(files, { current: 'key-3', currentVersion: 3 });
      files.rows.push({ renderKey: 'key-3', contentVersion: 3, format: 'pdf', storage_key: 'new/Fire_Safety.pdf', size: 3 });
      await renderProject(deps, RENDER, FIRST, events);
      expect(files.current).toBe('key-3');
      expect(files.rows.map((r) => r.storage_key)).toEqual(['new/Fire_Safety.pdf']);
      expect(deleted).toContain(`${BASE}.pdf`);
      expect(events.log).not.toContain('completed');
    });

    it('should render no video and ask for no payment when the plan has none', async () => {
      const { deps, events, rendered, videoEvents } = setup();
      const result = await renderProject(deps, { ...RENDER, plan: { tier: 'free-trial', trialState: 'active_trial' } }, FIRST, events);
      expect(result.rendered).toEqual(['pptx', 'pdf', 'docx', 'txt']);
      expect(rendered.some((r) => r.startsWith('video'))).toBe(false);
      expect(events.log).not.toContain('creating_video 0');
      expect(videoEvents.log).toEqual([]);
    });

    it('should reuse the files a previous attempt finished', async () => {
      const { deps, events, files, rendered, saved } = setup();
      files.rows.push({ renderKey: KEY, contentVersion: 2, format: 'pptx', storage_key: `${BASE}.pptx`, size: 10 }, { renderKey: KEY, contentVersion: 2, format: 'pdf', storage_key: `${BASE}.pdf`, size: 9 });
      const result = await renderProject(deps, RENDER, { attempt: 2, maxAttempts: 3 }, events);
      expect(result).toEqual({ rendered: ['docx', 'txt'], reused: ['pptx', 'pdf'] });
      expect(rendered.slice(0, 2)).toEqual(['docx', 'txt']);
      expect(saved.has(`${BASE}.pptx`)).toBe(false);
      expect(events.log.at(-1)).toBe('completed');
    });

    it('should do nothing when the content changed since the job was queued', async () => {
      const { deps, events, rendered } = setup({ renderKey: 'key-3' });
      await expect(renderProject(deps, RENDER, FIRST, events)).resolves.toEqual({ rendered: [], reused: [] });
      expect(rendered).toEqual([]);
      expect(events.log).toEqual([]);
    });

    it('should render without the logo and say why when the logo cannot be used', async () => {
      const { deps, events, log } = setup({ project: project({ branding: { companyName: 'Acme', website: 'acme.test', logoUrl: 'https://acme.test/logo.gif' } }) });
      await renderProject(deps, RENDER, FIRST, events);
      expect(log).toEqual(['warn rendering without the logo {"projectId":"project-1","problem":"Logo could not be loaded: it is not a PNG or JPEG image."}']);
    });

    it('should fail at once, publishing failed once, on a RenderError that is not retryable', async () => {
      const { deps, events } = setup({ failDocument: { pdf: new RenderError('The PDF guide could not be written.') } });
      const error = await renderProject(deps, RENDER, FIRST, events).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RenderError);
      expect(error).toMatchObject({ message: 'The PDF guide could not be written.', retryable: false });
      expect(events.log.filter((e) => e.startsWith('failed'))).toEqual(['failed: The PDF guide could not be written.']);
      // A text of its own (a renderer's words): no catalogue message beside it.
      expect(events.failures).toEqual([{ text: 'The PDF guide could not be written.', message: null }]);
      expect(events.log).not.toContain('completed');
    });

    it('should ask for a retry without publishing failed while attempts remain', async () => {
      const { deps, events } = setup({ failDocument: { docx: new RenderError('The disk is full.', true) } });
      await expect(renderProject(deps, RENDER, FIRST, events)).rejects.toMatchObject({ message: 'The disk is full.', retryable: true });
      expect(events.log.some((e) => e.startsWith('failed'))).toBe(false);
    });

    it('should publish failed with a safe message on the last attempt of an unexpected fault', async () => {
      const { deps, events, log } = setup({ failDocument: { txt: new Error('ENOSPC: /var/lib/secret') } });
      await expect(renderProject(deps, RENDER, { attempt: 3, maxAttempts: 3 }, events)).rejects.toMatchObject({ message: INTERNAL_RENDER_FAILURE.text, retryable: false });
      expect(events.log.at(-1)).toBe(`failed: ${INTERNAL_RENDER_FAILURE.text}`);
      expect(events.failures).toEqual([{ text: INTERNAL_RENDER_FAILURE.text, message: { id: 'render.internal', params: [] } }]);
      expect(log).toEqual(['error render failed unexpectedly']);
    });
  });

  describe(`the paid video job (${renderPaidVideo.name})`, () => {
    const JOB = { jobId: 'project-1-video-pay_1', attempt: 1, maxAttempts: 3 };
    const PAID = { projectId: 'project-1', paymentId: 'pay_1', plan: PLAN };

    it('should render the narrated video as the main render did, keep it in the current set and use the payment', async () => {
      const { deps, files, saved, rendered, entitlements, videoEvents } = setup();
      entitlements.pay('pay_1');
      const result = await renderPaidVideo(deps, PAID, JOB);
      expect(result).toEqual({ rendered: ['mp4', 'mov', 'vtt'], contentVersion: 2 });
      expect(rendered).toEqual(['video Fire Safety en-us in /scratch/1']);
      expect(Object.fromEntries(saved)).toEqual({
        [`${BASE}.mp4`]: 'file /scratch/1/video.mp4',
        [`${BASE}.mov`]: 'file /scratch/1/video.mov',
        [`${BASE}.vtt`]: 'file /scratch/1/subtitles.vtt',
      });
      expect(files.rows.map((r) => `${r.renderKey} ${r.format}`)).toEqual([`${KEY} mp4`, `${KEY} mov`, `${KEY} vtt`]);
      expect(videoEvents.log).toEqual(['rendering 0 pay_1', 'rendering 50 pay_1', 'ready pay_1']);
      expect(entitlements.rows[0]).toMatchObject({ status: 'consumed', contentVersion: 2, renderKey: KEY });
    });

    it("should hand the project's burn_subtitles to the video renderer in the render input", async () => {
      for (const burnSubtitles of [true, false]) {
        const { deps, rendered, entitlements } = setup({ project: project({ burnSubtitles }) });
        entitlements.pay('pay_1');
        await renderPaidVideo(deps, PAID, JOB);
        expect(rendered).toEqual([`video Fire Safety en-us in /scratch/1${burnSubtitles ? ' with burned-in subtitles' : ''}`]);
      }
    });

    it('should run once per payment: a payment used or failed already renders nothing and says nothing again (its end wrote its fact)', async () => {
      for (const status of ['consumed', 'failed'] as const) {
        const { deps, rendered, entitlements, videoEvents } = setup();
        entitlements.pay('pay_1', status);
        await expect(renderPaidVideo(deps, PAID, JOB)).resolves.toEqual({ rendered: [], contentVersion: null });
        expect(rendered).toEqual([]);
        expect(videoEvents.changes).toEqual([]);
      }
    });

    it("should continue a retry of the same payment, using the files its last attempt kept", async () => {
      const { deps, files, rendered, entitlements, videoEvents } = setup();
      Object.assign(entitlements.pay('pay_1', 'rendering'), { renderKey: KEY });
      files.rows.push({ renderKey: KEY, contentVersion: 2, format: 'mp4', storage_key: `${BASE}.mp4`, size: 5 }, { renderKey: KEY, contentVersion: 2, format: 'mov', storage_key: `${BASE}.mov`, size: 5 });
      await renderPaidVideo(deps, PAID, { ...JOB, attempt: 2 });
      expect(rendered).toEqual([]);
      expect(videoEvents.log).toEqual(['ready pay_1']);
      expect(entitlements.rows[0]!.status).toBe('consumed');
    });

    it("should wait for another payment's render of the same project before rendering", async () => {
      const { deps, rendered, entitlements, sleeps } = setup();
      entitlements.pay('pay_0', 'rendering');
      entitlements.pay('pay_1');
      await renderPaidVideo(deps, PAID, JOB);
      expect(sleeps).toEqual([5000]);
      expect(rendered).toHaveLength(1);
      expect(entitlements.rows.map((r) => `${r.paymentId} ${r.status}`)).toEqual(['pay_0 consumed', 'pay_1 consumed']);
    });

    it('should fail the payment (billing refunds it) when the project changed while it rendered', async () => {
      const keys = ['key-2', 'key-3'];
      const { deps, rendered, entitlements, videoEvents } = setup({ renderKey: () => keys.shift()! });
      entitlements.pay('pay_1');
      await expect(renderPaidVideo(deps, PAID, JOB)).rejects.toMatchObject({ message: VIDEO_MESSAGES.changed, retryable: false });
      expect(rendered).toHaveLength(1);
      expect(entitlements.rows[0]).toMatchObject({ status: 'failed', error: VIDEO_MESSAGES.changed, errorMessage: { id: 'video.changed', params: [] } });
      expect(videoEvents.log.at(-1)).toBe(`failed pay_1: ${VIDEO_MESSAGES.changed}`);
      expect(videoEvents.changes.at(-1)).toMatchObject({ status: 'failed', error: VIDEO_MESSAGES.changed, errorMessage: { id: 'video.changed', params: [] } });
    });

    it('should render only the version the payment was priced for', async () => {
      const { deps, rendered, entitlements, videoEvents } = setup();
      entitlements.pay('pay_1').paidVersion = 99;
      await expect(renderPaidVideo(deps, PAID, JOB)).rejects.toMatchObject({ message: VIDEO_MESSAGES.changed, retryable: false });
      expect(rendered).toEqual([]);
      expect(videoEvents.log).toEqual([`failed pay_1: ${VIDEO_MESSAGES.changed}`]);
    });

    it('should say once how a payment ended, when its job runs once more', async () => {
      const { deps, entitlements, videoEvents } = setup();
      entitlements.pay('pay_1');
      await renderPaidVideo(deps, PAID, JOB);
      await renderPaidVideo(deps, PAID, JOB);
      expect(videoEvents.changes.filter((c) => c.status === 'ready')).toHaveLength(1);
      expect(entitlements.rows[0]!.status).toBe('consumed');
    });

    it('should fail the payment (billing refunds it) once the trial is over, rendering nothing', async () => {
      const { deps, rendered, entitlements, videoEvents } = setup();
      entitlements.pay('pay_1');
      await expect(renderPaidVideo(deps, { ...PAID, plan: ENDED_TRIAL }, JOB)).rejects.toMatchObject({ retryable: false });
      expect(rendered).toEqual([]);
      expect(entitlements.rows[0]!.status).toBe('failed');
      expect(videoEvents.log).toEqual(['failed pay_1: Your free trial has expired. Upgrade to continue creating training content.']);
      expect(videoEvents.changes[0]).toMatchObject({ projectId: 'project-1', companyId: 'company-1', paymentId: 'pay_1', status: 'failed', errorMessage: { id: 'trial.expired', params: [] } });
    });

    it('should fail the payment when the project is no longer a video project', async () => {
      const { deps, entitlements, videoEvents } = setup({ project: project({ visualFormat: 'powerpoint' }) });
      entitlements.pay('pay_1');
      await expect(renderPaidVideo(deps, PAID, JOB)).rejects.toMatchObject({ message: VIDEO_MESSAGES.notVideo, retryable: false });
      expect(videoEvents.log).toEqual([`failed pay_1: ${VIDEO_MESSAGES.notVideo}`]);
    });

    it('should retry a fault a retry may cure, keeping the payment, and fail it on the last attempt', async () => {
      const { deps, entitlements, videoEvents } = setup({ failVideo: new RenderError('ffmpeg was killed.', true) });
      entitlements.pay('pay_1');
      await expect(renderPaidVideo(deps, PAID, JOB)).rejects.toMatchObject({ retryable: true });
      expect(entitlements.rows[0]!.status).toBe('rendering');
      expect(videoEvents.log).toEqual(['rendering 0 pay_1']);
      await expect(renderPaidVideo(deps, PAID, { ...JOB, attempt: 3 })).rejects.toMatchObject({ message: 'ffmpeg was killed.', retryable: false });
      expect(entitlements.rows[0]).toMatchObject({ status: 'failed', error: 'ffmpeg was killed.', errorMessage: null });
      expect(videoEvents.log.at(-1)).toBe('failed pay_1: ffmpeg was killed.');
      expect(videoEvents.changes.at(-1)).toMatchObject({ error: 'ffmpeg was killed.', errorMessage: null });
    });

    it('should fail the payment when every worker running it died (abandoned)', async () => {
      const { deps, entitlements, videoEvents } = setup();
      entitlements.pay('pay_1', 'rendering');
      await abandonPaidVideo(deps, PAID);
      expect(entitlements.rows[0]!.status).toBe('failed');
      expect(videoEvents.changes).toEqual([
        { projectId: 'project-1', companyId: 'company-1', status: 'failed', contentVersion: 0, error: VIDEO_MESSAGES.abandoned, errorMessage: { id: 'video.abandoned', params: [] }, paymentId: 'pay_1' },
      ]);
      // Reported once: a payment failed already is not refunded twice.
      await abandonPaidVideo(deps, PAID);
      expect(videoEvents.changes).toHaveLength(1);
    });
  });

  describe(forgetProjectRenders.name, () => {
    it("should forget every set of the project and remove their files", async () => {
      const { deps, files, deleted } = setup();
      files.rows.push({ renderKey: KEY, contentVersion: 2, format: 'pdf', storage_key: `${BASE}.pdf`, size: 9 });
      await forgetProjectRenders(deps, 'project-1');
      expect(deleted).toEqual([`${BASE}.pdf`]);
      expect(files.rows).toEqual([]);
    });
  });
});
