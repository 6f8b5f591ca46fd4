// One render job: the project's current content and settings made into every file it offers,
// stage by stage (creating_slides: pptx; generating_documents: pdf, docx, txt; creating_video:
// narrated mp4 and mov), with real progress. Files are keyed by the render key, so a job that
// is run again (a retry, a worker killed mid-render) reuses what is done. The set downloads serve
// stays the last one that completed until the new set is complete; a render of an older version
// that finishes after a newer one never replaces it.
import { TIERS, isTrialState, trialRefusal } from '@trainwright/catalogue';
import type { Logger } from '@trainwright/platform';
import type { Project } from '@trainwright/proto/trainwright/project/v1/project';
import { RenderError, type DocumentFormat, type DownloadFormat, type ProgressReporter, type RenderBranding, type RenderInput, type VoiceSettings } from '../domain/types.js';
import type { MediaStorage, ProjectDirectory, RenderedFiles, WorkDirs } from './ports.js';
import { renderInputOf } from './render-input.js';

/** Where the job's facts go (the event bus in production). */
export interface RenderEvents {
  progress(projectId: string, stage: 'creating_slides' | 'generating_documents' | 'creating_video', percent: number): Promise<void>;
  completed(projectId: string): Promise<void>;
  failed(projectId: string, message: string): Promise<void>;
}

/** Where each attempt of a job publishes (`run.id` tells attempts apart; every event carries the
 * job's content version); progress goes to `onProgress` too. */
export interface RenderEventChannel {
  forRun(run: { id: string; contentVersion: number }, onProgress: (stage: string, percent: number) => Promise<void>): RenderEvents;
}

/** The technology that makes the files (pdf-lib, pptxgenjs, docx, resvg, the speech engine, ffmpeg). */
export interface Renderers {
  document(format: DocumentFormat, input: RenderInput): Promise<Buffer>;
  /**
   * Renders the narrated mp4 in `workDir` and the same streams as mov; `vttPath` is the WebVTT
   * subtitles when they were written.
   */
  video(input: RenderInput, voice: VoiceSettings, workDir: string, progress: ProgressReporter): Promise<{ mp4Path: string; movPath: string; vttPath: string | null }>;
}

/** A project's logo as kept (fetched once per URL, services/logo.service.ts); null with the reason when it cannot be used. */
export interface LogoSource {
  logoOf(project: { projectId: string; companyId: string; url: string }): Promise<{ logo: RenderBranding['logo']; problem: string }>;
}

/** The settings a voice id narrates with (premade or the company's own; the default voice for ''). */
export interface VoiceSettingsSource {
  settingsFor(voiceId: string, companyId: string): Promise<VoiceSettings>;
}

export interface RenderRequest {
  projectId: string;
  renderKey: string;
  /** The project's content version the render key was made for (0: a job from before versions). */
  contentVersion: number;
}

export const INTERNAL_RENDER_FAILURE = 'Rendering failed because of an internal error. Please try again.';
/** When the worker running a render died on every attempt (killed, out of memory). */
export const ABANDONED_RENDER = 'Rendering stopped because the worker running it stopped unexpectedly several times. Please try again.';

export class RenderService {
  constructor(
    private readonly deps: {
      projects: Pick<ProjectDirectory, 'renderInput'>;
      logos: LogoSource;
      voices: VoiceSettingsSource;
      renderers: Renderers;
      files: Pick<RenderedFiles, 'filesOf' | 'recordFile' | 'makeCurrent' | 'forgetProject'>;
      storage: Pick<MediaStorage, 'save' | 'delete'>;
      workDirs: WorkDirs;
      logger: Pick<Logger, 'warn' | 'error'>;
    },
  ) {}

  /**
   * Renders what is missing of the set, makes it current and removes older sets (or, when a newer
   * version's set completed first, removes this one and publishes no completion). Throws a
   * RenderError: retryable while attempts remain for a fault a retry may cure (render.failed
   * is published only when it is not).
   */
  async run(request: RenderRequest, job: { attempt: number; maxAttempts: number }, events: RenderEvents): Promise<{ rendered: string[]; reused: string[] }> {
    const { projectId, renderKey, contentVersion } = request;
    try {
      const input = await this.deps.projects.renderInput(projectId);
      // The content changed since this job was queued: the newer job renders it.
      if (input.renderKey !== renderKey) return { rendered: [], reused: [] };
      // A job queued before the owner's trial ended renders nothing after it.
      const refusal = isTrialState(input.ownerTrialState) ? trialRefusal(input.ownerTrialState) : null;
      if (refusal) throw new RenderError(refusal);
      const project = input.project;
      const done = new Map((await this.deps.files.filesOf(projectId, renderKey)).map((f) => [f.format, f]));
      const renderInput = renderInputOf(project, input.template, await this.branding(project));
      const wantsVideo = project.visualFormat === 'mp4' || project.visualFormat === 'mov';
      const videoAllowed = TIERS[input.ownerTier].capabilities.videoGeneration;
      const rendered: string[] = [];
      const keep = async (format: DownloadFormat | 'vtt', body: Buffer | { path: string }) => {
        const key = `companies/${project.companyId}/projects/${projectId}/renders/${renderKey}/${fileBase(project.title)}.${format}`;
        const size = await this.deps.storage.save(key, body);
        await this.deps.files.recordFile({ projectId, renderKey, contentVersion, format, companyId: project.companyId, storageKey: key, size });
        rendered.push(format);
      };

      await events.progress(projectId, 'creating_slides', 0);
      if (!done.has('pptx')) await keep('pptx', await this.deps.renderers.document('pptx', renderInput));
      await events.progress(projectId, 'creating_slides', 100);

      const documents = ['pdf', 'docx', 'txt'] as const;
      for (const [i, format] of documents.entries()) {
        await events.progress(projectId, 'generating_documents', (i / documents.length) * 100);
        if (!done.has(format)) await keep(format, await this.deps.renderers.document(format, renderInput));
      }
      await events.progress(projectId, 'generating_documents', 100);

      if (wantsVideo && videoAllowed && !(done.has('mp4') && done.has('mov'))) {
        await events.progress(projectId, 'creating_video', 0);
        await this.deps.workDirs.use(async (workDir) => {
          const voice = await this.deps.voices.settingsFor(project.voiceSelection?.voiceId ?? '', project.companyId);
          const video = await this.deps.renderers.video(renderInput, voice, workDir, (p) => events.progress(projectId, 'creating_video', Math.min(95, p * 0.95)));
          await keep('mp4', { path: video.mp4Path });
          await keep('mov', { path: video.movPath });
          if (video.vttPath) await keep('vtt', { path: video.vttPath });
        });
        await events.progress(projectId, 'creating_video', 100);
      }

      const { current, forgotten } = await this.deps.files.makeCurrent(projectId, renderKey, contentVersion);
      await this.deleteStored(forgotten);
      if (current) await events.completed(projectId);
      return { rendered, reused: [...done.keys()] };
    } catch (error) {
      const known = error instanceof RenderError;
      if (!known) this.deps.logger.error({ err: error, projectId }, 'render failed unexpectedly');
      const retryable = known ? error.retryable : (error as { status?: number }).status !== 404;
      const message = known ? error.message : INTERNAL_RENDER_FAILURE;
      if (!retryable || job.attempt >= job.maxAttempts) {
        await events.failed(projectId, message);
        throw new RenderError(message, false);
      }
      throw new RenderError(message, true);
    }
  }

  /** Forgets a deleted project's renders and removes their files. */
  async forgetProject(projectId: string): Promise<void> {
    await this.deleteStored(await this.deps.files.forgetProject(projectId));
  }

  private async deleteStored(keys: string[]): Promise<void> {
    for (const key of keys) await this.deps.storage.delete(key);
  }

  private async branding(project: Project): Promise<RenderBranding | null> {
    if (!project.branding) return null;
    const { logo, problem } = await this.deps.logos.logoOf({ projectId: project.id, companyId: project.companyId, url: project.branding.logoUrl });
    if (problem) this.deps.logger.warn({ projectId: project.id, problem }, 'rendering without the logo');
    return { companyName: project.branding.companyName, website: project.branding.website, logo };
  }
}

/** A file name from the title: letters, digits, spaces turned into underscores; never empty. */
export function fileBase(title: string): string {
  const base = title
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 100);
  return base || 'training';
}
