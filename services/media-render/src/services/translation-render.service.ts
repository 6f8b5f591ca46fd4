// A project's files in each language it is translated into (docs/translation.md). When the
// translation service completes a translation, its documents (pptx, pdf, docx, txt) are rendered
// with the project's look (template, branding, plan: GetGenerationInput) and the translation's
// text (GetRenderContent), and kept as that language's set of files. A set is keyed by the
// project's render key, the language and the translation's version, and its content version is
// the translation's: the last complete set of a language is served while a newer one renders, and
// a render of an older version that finishes late never replaces it (RenderedFiles.makeCurrent).
//
// Pay-per-use: the narrated video (mp4, mov, WebVTT in the language) of a translation is made when
// the project's own video of the content version translated was paid for and rendered (a consumed
// payment of that version): one payment covers that version's video in every language. The video
// is rendered before the set is made current, so a language's files appear together.
//
// Progress goes to the job only: render.* events are the project's own pipeline.
import { TIERS, isTrialState, trialRefusal } from '@trainwright/catalogue';
import type { Logger } from '@trainwright/platform';
import { RenderError } from '../domain/types.js';
import type { MediaStorage, ProjectDirectory, RenderedFiles, TranslationDirectory, VideoEntitlements, WorkDirs } from './ports.js';
import { renderInputOf, translatedProject } from './render-input.js';
import { brandingOf, renderDocuments, renderNarratedVideo, type LogoSource, type Renderers, type VoiceSettingsSource } from './render.service.js';

/** A translation's render job (RENDER_TRANSLATION_JOB on the `render` queue). */
export interface TranslationRenderRequest {
  projectId: string;
  language: string;
  /** The translation version translation.completed announced. */
  version: number;
}

export class TranslationRenderService {
  constructor(
    private readonly deps: {
      projects: Pick<ProjectDirectory, 'renderInput'>;
      translations: TranslationDirectory;
      logos: LogoSource;
      voices: VoiceSettingsSource;
      renderers: Renderers;
      files: Pick<RenderedFiles, 'filesOf' | 'recordFile' | 'makeCurrent' | 'forgetLanguage'>;
      storage: Pick<MediaStorage, 'save' | 'delete'>;
      workDirs: WorkDirs;
      entitlements: Pick<VideoEntitlements, 'paidFor'>;
      logger: Pick<Logger, 'warn' | 'error'>;
    },
  ) {}

  /**
   * Renders what is missing of the language's set and makes it current. A translation deleted, or
   * changed again since the job was queued (the newer version's job renders it), renders nothing.
   * Throws a RenderError (retryable while attempts remain for a fault a retry may cure).
   */
  async run(request: TranslationRenderRequest, job: { attempt: number; maxAttempts: number }, progress: (stage: string, percent: number) => Promise<void>): Promise<{ rendered: string[]; reused: string[] }> {
    const { projectId, language, version } = request;
    try {
      const translation = await this.deps.translations.renderContent(projectId, language);
      if (!translation || translation.summary?.version !== version) return { rendered: [], reused: [] };
      const input = await this.deps.projects.renderInput(projectId);
      const refusal = isTrialState(input.ownerTrialState) ? trialRefusal(input.ownerTrialState) : null;
      if (refusal) throw new RenderError(refusal);
      const project = translatedProject(input.project, translation);
      const renderInput = renderInputOf(project, input.template, await brandingOf(this.deps, project));
      const set = { projectId, companyId: project.companyId, title: project.title, renderKey: `${input.renderKey}-${language}-t${version}`, contentVersion: version, language };
      const done = new Map((await this.deps.files.filesOf(projectId, set.renderKey)).map((f) => [f.format, f]));
      const rendered = await renderDocuments(this.deps, set, renderInput, done, progress);
      const wantsVideo = project.visualFormat === 'mp4' || project.visualFormat === 'mov';
      if (
        wantsVideo &&
        TIERS[input.ownerTier].capabilities.videoGeneration &&
        !(done.has('mp4') && done.has('mov')) &&
        (await this.deps.entitlements.paidFor(projectId, translation.summary.sourceVersion))
      ) {
        await progress('creating_video', 0);
        rendered.push(...(await renderNarratedVideo(this.deps, project, renderInput, set, (p) => progress('creating_video', p))));
      }
      const { forgotten } = await this.deps.files.makeCurrent(projectId, set.renderKey, version, language);
      await this.deleteStored(forgotten);
      await progress('completed', 100);
      return { rendered, reused: [...done.keys()] };
    } catch (error) {
      const known = error instanceof RenderError;
      if (!known) this.deps.logger.error({ err: error, projectId, language }, 'translation render failed unexpectedly');
      const retryable = known ? error.retryable : (error as { status?: number }).status !== 404;
      throw new RenderError(known ? error.message : 'Rendering the translation failed because of an internal error.', retryable && job.attempt < job.maxAttempts);
    }
  }

  /** translation.deleted: the language's files go (their storage too). */
  async forgetLanguage(projectId: string, language: string): Promise<void> {
    await this.deleteStored(await this.deps.files.forgetLanguage(projectId, language));
  }

  private async deleteStored(keys: string[]): Promise<void> {
    for (const key of keys) await this.deps.storage.delete(key);
  }
}
