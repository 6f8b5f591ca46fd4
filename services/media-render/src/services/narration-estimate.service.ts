// How long a project's narrated video will be, before it is paid for and rendered (pay-per-use
// prices it per minute): the video's slides (the title card, then each slide) with the narration
// the render would speak, timed at the voice's speaking rate plus the timeline's pauses, without
// synthesising anything. Tenancy as downloads and the preview: the caller's membership of the
// project's company (another company's project is NOT_FOUND); pricing a render is asking for one,
// so the role must allow editing the project, read fresh (the rate is the owner's plan now).
// A translation's video (`language`) is priced by that language's narration: the completed
// translation's text in the project's look, for the project's version it was translated from
// (the video's key, paid-video.ts); none: NOT_FOUND.
import { CONTENT_LANGUAGES, languageNames } from '@trainwright/catalogue';
import { Access, AppError, isUuid } from '@trainwright/platform';
import { RenderError, type RenderInput, type VoiceSettings } from '../domain/types.js';
import { DOWNLOAD_MESSAGES, viewOfProject } from './download.service.js';
import type { CompanyMembership, Memberships, ProjectDirectory, ProjectView, ProjectViews, TranslationDirectory } from './ports.js';
import { renderInputOf, translatedProject } from './render-input.js';
import type { VoiceSettingsSource } from './render.service.js';

/** Times the narration without speaking it (video/estimate.ts). */
export interface NarrationTiming {
  /** Each video slide's time on screen in ms, in video order (the title card first). */
  slideDurationsMs(input: RenderInput, voice: VoiceSettings): number[];
}

export interface NarrationEstimate {
  slidesCount: number;
  secondsPerSlide: number[];
  totalSeconds: number;
  hasNarration: boolean;
  voiceEnabled: boolean;
  visualFormat: string;
  ownerTier: string;
  companyId: string;
  /** The project's content version the estimate is for (a payment pays for its video only). */
  contentVersion: number;
}

export const ESTIMATE_MESSAGES = {
  /** A translation's video priced while the project has no completed translation into it (its English name). */
  noTranslation: (languageName: string) => `This project has no completed translation into ${languageName}. Translate it first, then pay for its video.`,
} as const;

export class NarrationEstimateService {
  /** The one access check, on the memberships the service is given. */
  private readonly access: Access<CompanyMembership>;

  constructor(
    private readonly deps: {
      views: Pick<ProjectViews, 'find' | 'keepRead'>;
      projects: Pick<ProjectDirectory, 'project' | 'renderInput'>;
      memberships: Memberships;
      translations: Pick<TranslationDirectory, 'renderContent'>;
      voices: VoiceSettingsSource;
      timing: NarrationTiming;
    },
  ) {
    this.access = new Access(deps.memberships);
  }

  async estimate(userId: string, projectId: string, language = ''): Promise<NarrationEstimate> {
    if (!isUuid(projectId)) throw AppError.notFound('Project not found');
    if (language && !CONTENT_LANGUAGES.includes(language)) throw AppError.validation('language', DOWNLOAD_MESSAGES.unknownLanguage(language.slice(0, 20)));
    let view: ProjectView | 'deleted' | null = await this.deps.views.find(projectId);
    if (view === 'deleted') throw AppError.notFound('Project not found');
    if (!view) {
      // With the caller's rights: NOT_FOUND for another company's project.
      view = viewOfProject(await this.deps.projects.project(userId, projectId));
      await this.deps.views.keepRead(view);
    }
    // Tenancy: only a member of the project's company learns anything about it.
    const membership = await this.access.require({ userId, companyId: view.companyId, action: 'project.update', notFoundMessage: 'Project not found' });
    const input0 = await this.deps.projects.renderInput(projectId);
    const { template } = input0;
    let project = input0.project;
    let contentVersion = project.contentVersion;
    let translated = false;
    // The project's own language asked for by name is its own video.
    if (language && language !== (project.primaryLanguage || 'en')) {
      const translation = await this.deps.translations.renderContent(projectId, language);
      if (!translation?.summary || translation.summary.status !== 'completed') throw AppError.notFound(ESTIMATE_MESSAGES.noTranslation(languageNames(language).name));
      project = translatedProject(project, translation);
      contentVersion = translation.summary.sourceVersion;
      translated = true;
    }
    const base = { visualFormat: project.visualFormat, ownerTier: membership.ownerTier, companyId: project.companyId, contentVersion };
    const none = { ...base, slidesCount: 0, secondsPerSlide: [], totalSeconds: 0, hasNarration: false, voiceEnabled: false };
    // The narration is the generated content's (notes, script, points): none before it exists.
    // A completed translation's text is its narration (its slides' notes), generated or not.
    if (!project.generatedContent && !translated) return none;
    let input: RenderInput;
    try {
      // The logo does not change the narration: the estimate draws nothing.
      input = renderInputOf(project, template, null);
    } catch (error) {
      if (error instanceof RenderError) return none;
      throw error;
    }
    const voice = await this.deps.voices.settingsFor(project.voiceSelection?.voiceId ?? '', project.companyId);
    const secondsPerSlide = this.deps.timing.slideDurationsMs(input, voice).map((ms) => Math.round(ms) / 1000);
    const totalSeconds = Math.round(secondsPerSlide.reduce((t, s) => t + s, 0) * 1000) / 1000;
    return { ...base, slidesCount: secondsPerSlide.length, secondsPerSlide, totalSeconds, hasNarration: true, voiceEnabled: true };
  }
}
