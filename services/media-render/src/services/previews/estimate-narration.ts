// How long a project's narrated video will be, before it is paid for and rendered (pay-per-use
// prices it per minute): the video's slides (the title card, then each slide) with the narration
// the render would speak, timed at the voice's speaking rate plus the timeline's pauses, without
// synthesising anything. Tenancy as downloads and the preview: the caller's membership of the
// project's company (another company's project is NOT_FOUND); pricing a render is asking for one,
// so the role must allow editing the project, read fresh (the rate is the owner's plan now).
// A translation's video (`language`) is priced by that language's narration: the completed
// translation's text in the project's look, for the project's version it was translated from
// (the video's key, videos/paid-video.ts); none: NOT_FOUND.
import { CONTENT_LANGUAGES, languageNames } from '@trainwright/catalogue';
import { Access, AppError, isUuid } from '@trainwright/platform';
import { RenderError, type RenderInput } from '../../domain/types.js';
import { DOWNLOAD_MESSAGES } from '../downloads/messages.js';
import { readProjectView } from '../project-views.js';
import { renderInputOf, translatedProject } from '../renders/render-input.js';
import type { PreviewDeps } from './deps.js';
import { ESTIMATE_MESSAGES, PREVIEW_MESSAGES } from './messages.js';

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

export async function estimateNarration(
  deps: Pick<PreviewDeps, 'views' | 'projects' | 'memberships' | 'translations' | 'voices' | 'timing'>,
  userId: string,
  projectId: string,
  language = '',
): Promise<NarrationEstimate> {
  if (!isUuid(projectId)) throw AppError.notFound(PREVIEW_MESSAGES.notFound);
  if (language && !CONTENT_LANGUAGES.includes(language)) throw AppError.validation('language', DOWNLOAD_MESSAGES.unknownLanguage(language.slice(0, 20)));
  const view = await readProjectView(deps, userId, projectId, PREVIEW_MESSAGES.notFound);
  // Tenancy: only a member of the project's company learns anything about it.
  const membership = await new Access(deps.memberships).require({ userId, companyId: view.companyId, action: 'project.update', notFoundMessage: PREVIEW_MESSAGES.notFound });
  const input0 = await deps.projects.renderInput(projectId);
  const { template } = input0;
  let project = input0.project;
  let contentVersion = project.contentVersion;
  let translated = false;
  // The project's own language asked for by name is its own video.
  if (language && language !== (project.primaryLanguage || 'en')) {
    const translation = await deps.translations.renderContent(projectId, language);
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
  const voice = await deps.voices.settingsFor(project.voiceSelection?.voiceId ?? '', project.companyId);
  const secondsPerSlide = deps.timing.slideDurationsMs(input, voice).map((ms) => Math.round(ms) / 1000);
  const totalSeconds = Math.round(secondsPerSlide.reduce((t, s) => t + s, 0) * 1000) / 1000;
  return { ...base, slidesCount: secondsPerSlide.length, secondsPerSlide, totalSeconds, hasNarration: true, voiceEnabled: true };
}
