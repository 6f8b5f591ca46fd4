// How long a project's narrated video will be, before it is paid for and rendered (pay-per-use
// prices it per minute): the video's slides (the title card, then each slide) with the narration
// the render would speak, timed at the voice's speaking rate plus the timeline's pauses, without
// synthesising anything. Tenancy as downloads and the preview: the caller's membership of the
// project's company (another company's project is NOT_FOUND); pricing a render is asking for one,
// so the role must allow editing the project, read fresh (the rate is the owner's plan now).
import { roleAllows } from '@trainwright/catalogue';
import { AppError, isUuid } from '@trainwright/platform';
import { RenderError, type RenderInput, type VoiceSettings } from '../domain/types.js';
import { viewOfProject } from './download.service.js';
import type { Memberships, ProjectDirectory, ProjectView, ProjectViews } from './ports.js';
import { renderInputOf } from './render-input.js';
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

export class NarrationEstimateService {
  constructor(
    private readonly deps: {
      views: Pick<ProjectViews, 'find' | 'keepRead'>;
      projects: Pick<ProjectDirectory, 'project' | 'renderInput'>;
      memberships: Memberships;
      voices: VoiceSettingsSource;
      timing: NarrationTiming;
    },
  ) {}

  async estimate(userId: string, projectId: string): Promise<NarrationEstimate> {
    if (!isUuid(projectId)) throw AppError.notFound('Project not found');
    let view: ProjectView | 'deleted' | null = await this.deps.views.find(projectId);
    if (view === 'deleted') throw AppError.notFound('Project not found');
    if (!view) {
      // With the caller's rights: NOT_FOUND for another company's project.
      view = viewOfProject(await this.deps.projects.project(userId, projectId));
      await this.deps.views.keepRead(view);
    }
    // Tenancy: only a member of the project's company learns anything about it.
    const membership = await this.deps.memberships.find(userId, view.companyId, { fresh: true });
    if (!membership) throw AppError.notFound('Project not found');
    if (!roleAllows(membership.role, 'project.update')) throw AppError.forbidden();
    const { project, template } = await this.deps.projects.renderInput(projectId);
    const base = { visualFormat: project.visualFormat, ownerTier: membership.ownerTier, companyId: project.companyId, contentVersion: project.contentVersion };
    const none = { ...base, slidesCount: 0, secondsPerSlide: [], totalSeconds: 0, hasNarration: false, voiceEnabled: false };
    // The narration is the generated content's (notes, script, points): none before it exists.
    if (!project.generatedContent) return none;
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
