// One render job: the project's current content and settings made into every file it offers,
// stage by stage (creating_slides: pptx; generating_documents: pdf, docx, txt), with real
// progress. Files are keyed by the render key, so a job that is run again (a retry, a worker
// killed mid-render) reuses what is done. The set downloads serve stays the last one that
// completed until the new set is complete; a render of an older version that finishes after a
// newer one never replaces it. The narrated video (mp4, mov) is pay-per-use: it is not rendered
// here but by the paid-video job (video-render.service.ts), once per payment; this job releases
// a payment made already, or announces that the video waits for one (payment_required).
import { TIERS, isTrialState, trialRefusal } from '@trainwright/catalogue';
import type { Logger, OutboxEvent } from '@trainwright/platform';
import type { Project } from '@trainwright/proto/trainwright/project/v1/project';
import { RenderError, type DocumentFormat, type DownloadFormat, type ProgressReporter, type RenderBranding, type RenderInput, type VoiceSettings } from '../domain/types.js';
import type { MediaStorage, ProjectDirectory, RenderedFiles, VideoEntitlements, VideoEvents, VideoJobs, WorkDirs } from './ports.js';
import { renderInputOf } from './render-input.js';

/** Where the job's facts go (the event bus in production). */
export interface RenderEvents {
  progress(projectId: string, stage: 'creating_slides' | 'generating_documents' | 'creating_video', percent: number): Promise<void>;
  /** render.completed, written with the set made current (the outbox): a crash after it cannot lose it. */
  completion(projectId: string): OutboxEvent;
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
      renderers: Pick<Renderers, 'document'>;
      files: Pick<RenderedFiles, 'filesOf' | 'recordFile' | 'makeCurrent' | 'forgetProject'>;
      storage: Pick<MediaStorage, 'save' | 'delete'>;
      logger: Pick<Logger, 'warn' | 'error'>;
      /** Paid narrated videos (pay-per-use) and their jobs and facts. */
      entitlements: Pick<VideoEntitlements, 'pending'>;
      videoJobs: VideoJobs;
      videoEvents: VideoEvents;
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
      if (refusal) throw new RenderError(refusal.text);
      const project = input.project;
      const done = new Map((await this.deps.files.filesOf(projectId, renderKey)).map((f) => [f.format, f]));
      const renderInput = renderInputOf(project, input.template, await this.branding(project));
      const wantsVideo = project.visualFormat === 'mp4' || project.visualFormat === 'mov';
      const videoAllowed = TIERS[input.ownerTier].capabilities.videoGeneration;
      const set = { projectId, companyId: project.companyId, title: project.title, renderKey, contentVersion };
      const rendered = await renderDocuments(this.deps, set, renderInput, done, (stage, percent) => events.progress(projectId, stage, percent));

      const { current, forgotten } = await this.deps.files.makeCurrent(projectId, renderKey, contentVersion, '', [events.completion(projectId)]);
      await this.deleteStored(forgotten);
      // The set's video, when the project has one and the plan allows it, is paid per render. A set
      // whose mp4 and mov exist already (a retry, or a paid render that got here first) keeps them.
      if (current && wantsVideo && videoAllowed && !(done.has('mp4') && done.has('mov'))) await this.releaseVideo(set);
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

  /**
   * The set's narrated video: a paid render under way makes it (it renders the project's newest
   * version); a payment not used yet is released to its job; otherwise the video waits for one.
   */
  private async releaseVideo(set: RenderedSet): Promise<void> {
    const pending = await this.deps.entitlements.pending(set.projectId);
    if (pending.some((e) => e.status === 'rendering')) return;
    const paid = pending.find((e) => e.status === 'available');
    if (paid) return this.deps.videoJobs.enqueue(set.projectId, paid.paymentId);
    await this.deps.videoEvents.changed(
      { projectId: set.projectId, companyId: set.companyId, status: 'payment_required', contentVersion: set.contentVersion },
      `${set.projectId}:${set.renderKey}:payment_required`,
    );
  }

  /** Forgets a deleted project's renders and removes their files. */
  async forgetProject(projectId: string): Promise<void> {
    await this.deleteStored(await this.deps.files.forgetProject(projectId));
  }

  private async deleteStored(keys: string[]): Promise<void> {
    for (const key of keys) await this.deps.storage.delete(key);
  }

  private branding(project: Project): Promise<RenderBranding | null> {
    return brandingOf(this.deps, project);
  }
}

/** The project's branding with its logo as kept (rendered without the logo when it cannot be used). */
export async function brandingOf(deps: { logos: LogoSource; logger: Pick<Logger, 'warn'> }, project: Project): Promise<RenderBranding | null> {
  if (!project.branding) return null;
  const { logo, problem } = await deps.logos.logoOf({ projectId: project.id, companyId: project.companyId, url: project.branding.logoUrl });
  if (problem) deps.logger.warn({ projectId: project.id, problem }, 'rendering without the logo');
  return { companyName: project.branding.companyName, website: project.branding.website, logo };
}

/** One set of rendered files: a project's files for one render key (of one content version). */
export interface RenderedSet {
  projectId: string;
  companyId: string;
  title: string;
  renderKey: string;
  contentVersion: number;
  /** A translation's language; absent or '' for the project's own files. */
  language?: string;
}

/**
 * The set's documents not rendered yet (`done` holds those that are), stage by stage:
 * creating_slides (pptx), then generating_documents (pdf, docx, txt). The formats rendered.
 */
export async function renderDocuments(
  deps: { renderers: Pick<Renderers, 'document'>; storage: Pick<MediaStorage, 'save'>; files: Pick<RenderedFiles, 'recordFile'> },
  set: RenderedSet,
  input: RenderInput,
  done: ReadonlyMap<string, unknown>,
  progress: (stage: 'creating_slides' | 'generating_documents', percent: number) => Promise<void>,
): Promise<string[]> {
  const rendered: string[] = [];
  const keep = async (format: DocumentFormat) => {
    if (done.has(format)) return;
    await keepRenderedFile(deps, set, format, await deps.renderers.document(format, input));
    rendered.push(format);
  };
  await progress('creating_slides', 0);
  await keep('pptx');
  await progress('creating_slides', 100);
  const documents = ['pdf', 'docx', 'txt'] as const;
  for (const [i, format] of documents.entries()) {
    await progress('generating_documents', (i / documents.length) * 100);
    await keep(format);
  }
  await progress('generating_documents', 100);
  return rendered;
}

/** Stores a file of the set under companies/<c>/projects/<p>/renders/<key>/<Title>.<ext> and records it. */
export async function keepRenderedFile(
  deps: { storage: Pick<MediaStorage, 'save'>; files: Pick<RenderedFiles, 'recordFile'> },
  set: RenderedSet,
  format: DownloadFormat | 'vtt',
  body: Buffer | { path: string },
): Promise<void> {
  const key = `companies/${set.companyId}/projects/${set.projectId}/renders/${set.renderKey}/${fileBase(set.title)}.${format}`;
  const size = await deps.storage.save(key, body);
  await deps.files.recordFile({ projectId: set.projectId, renderKey: set.renderKey, contentVersion: set.contentVersion, format, companyId: set.companyId, storageKey: key, size, language: set.language ?? '' });
}

/**
 * The set's narrated mp4 and mov (and WebVTT subtitles when written), rendered in a scratch folder
 * with the project's voice and kept in the set; `progress` gets the render's percent. The formats
 * kept. `language`: a translation's, which the voice speaks (espeak-ng switches to a voice of it).
 */
export async function renderNarratedVideo(
  deps: { voices: VoiceSettingsSource; renderers: Pick<Renderers, 'video'>; workDirs: WorkDirs; storage: Pick<MediaStorage, 'save'>; files: Pick<RenderedFiles, 'recordFile'> },
  project: Project,
  renderInput: RenderInput,
  set: RenderedSet,
  progress: (percent: number) => Promise<void>,
): Promise<string[]> {
  return deps.workDirs.use(async (workDir) => {
    // Spoken in the content's language (a translation's, or the project's own after its primary
    // language changed): the chosen voice, moved to that language when it speaks another.
    const voice = await deps.voices.settingsFor(project.voiceSelection?.voiceId ?? '', project.companyId);
    const video = await deps.renderers.video(renderInput, { ...voice, language: renderInput.language }, workDir, progress);
    await keepRenderedFile(deps, set, 'mp4', { path: video.mp4Path });
    await keepRenderedFile(deps, set, 'mov', { path: video.movPath });
    if (video.vttPath) await keepRenderedFile(deps, set, 'vtt', { path: video.vttPath });
    return video.vttPath ? ['mp4', 'mov', 'vtt'] : ['mp4', 'mov'];
  });
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
