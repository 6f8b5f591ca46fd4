// A project's files in each language it is translated into (docs/translation.md). When the
// translation service completes a translation, its documents (pptx, pdf, docx, txt) are rendered
// with the project's look (template, branding, plan: GetGenerationInput) and the translation's
// text (GetRenderContent), and kept as that language's set of files. A set is keyed by what its
// files are drawn from (setKeyOf: the translation's version and text in the project's look) and
// its content version is the translation's: the last complete set of a language is served while a
// newer one renders, and a render of an older version that finishes late never replaces it
// (RenderedFiles.makeCurrent).
//
// Rendered again (render-translations-again.ts): after each render of the project's own files (a
// new look renders every completed translation in it; an edit of the project's text alone finds
// their sets complete), and after the project's video of a version was paid for and made (the
// translations of that version get their video, next to the documents they have).
//
// Pay-per-use (videos/paid-video.ts): the narrated video (mp4, mov, WebVTT in the language) of a
// translation is made only when that language's video of the content version translated is paid
// for: each language is paid on its own, the project's own payment pays for none of them. The
// video is rendered before the set is made current, so a language's files appear together; until
// a set has its own, the language's last paid video stays downloadable. A payment of the
// language's video (videos/record-video-payment.ts queues this render for it) is used once the
// set with its video is current: video.status_changed 'ready' names it; a render that fails for
// good fails the language's waiting payments ('failed': billing refunds them).
//
// Progress goes to the job only: render.* events are the project's own pipeline.
import { createHash } from 'node:crypto';
import { TIERS, VIDEO_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { failure, failureOf, isExpectedFailure, type Failure, type OwnerPlan } from '@trainwright/platform';
import type { Project } from '@trainwright/proto/trainwright/project/v1/project';
import type { Translation } from '@trainwright/proto/trainwright/translation/v1/translation';
import { RenderError, type RenderInput } from '../../domain/types.js';
import type { RenderedFile } from '../ports.js';
import type { VideoEntitlement } from '../videos/deps.js';
import { isVideoPaid, paysFor, pendingVideos, type VideoKey } from '../videos/paid-video.js';
import type { RenderDeps } from './deps.js';
import { readJobInput } from './job-input.js';
import { renderInputOf, translatedProject, type RenderJobInput } from './render-input.js';
import { brandingOf, deleteStored, renderDocuments, renderNarratedVideo, type RenderedSet } from './rendered-set.js';

/** Why a waiting payment of a translation's video is refunded when the translation is redone from a newer version. */
export const STRANDED_VIDEO_MESSAGE = catalogueMessage(VIDEO_MESSAGES, 'stranded');

/** Why a translation's render failed for a fault (logged), as its waiting payments keep it. */
export const INTERNAL_TRANSLATION_RENDER_FAILURE = 'Rendering the translation failed because of an internal error.';

/** How often a job renders again when the project's look changes while it renders. */
const LOOK_ROUNDS = 3;

/** A translation's render job (RENDER_TRANSLATION_JOB on the `render` queue). */
export interface TranslationRenderRequest {
  projectId: string;
  language: string;
  /** The translation version translation.completed announced. */
  version: number;
  /** The owner's plan when the job was created. */
  plan: OwnerPlan;
}

/** A language's set as the project looks now. */
interface Target {
  input: RenderJobInput;
  project: Project;
  renderInput: RenderInput;
  set: RenderedSet & { language: string };
}

type TranslationRenderDeps = Pick<RenderDeps, 'projects' | 'translations' | 'logos' | 'voices' | 'renderers' | 'files' | 'storage' | 'workDirs' | 'entitlements' | 'logger'>;

/**
 * Renders what is missing of the language's set and makes it current. A translation deleted, or
 * changed again since the job was queued (the newer version's job renders it), renders nothing.
 * Throws a RenderError (retryable while attempts remain for a fault a retry may cure).
 */
export async function renderTranslation(
  deps: TranslationRenderDeps,
  request: TranslationRenderRequest,
  job: { attempt: number; maxAttempts: number },
  progress: (stage: string, percent: number) => Promise<void>,
): Promise<{ rendered: string[]; reused: string[] }> {
  const { projectId, language, version } = request;
  // The video this set's payments pay for (known once the translation is read).
  let videoKey: VideoKey | null = null;
  let companyId = '';
  try {
    const translation = await deps.translations.renderContent(projectId, language);
    if (!translation?.summary || translation.summary.version !== version) return { rendered: [], reused: [] };
    videoKey = { projectId, language, contentVersion: translation.summary.sourceVersion };
    const rendered: string[] = [];
    let target = await targetOf(deps, request, translation);
    companyId = target.set.companyId;
    await failStranded(deps, videoKey, companyId);
    let done: Map<string, RenderedFile>;
    for (let round = 1; ; round += 1) {
      done = new Map((await deps.files.filesOf(projectId, target.set.renderKey)).map((f) => [f.format, f]));
      rendered.push(...(await renderMissing(deps, target, translation, done, progress)));
      // The look changed while this rendered: draw the new one instead. A set of the same version
      // replaces the current one, so a set in an older look must not follow a newer one's.
      const now = await targetOf(deps, request, translation);
      if (now.set.renderKey === target.set.renderKey || round === LOOK_ROUNDS) break;
      target = now;
    }
    const { current, forgotten } = await deps.files.makeCurrent(projectId, target.set.renderKey, version, language);
    await deleteStored(deps, forgotten);
    // Its own paid video is ready: the one kept from before goes, and its payments are used.
    if (current && (done.has('mp4') || rendered.includes('mp4'))) {
      await deleteStored(deps, await deps.files.forgetSupersededVideos(projectId, target.set.renderKey, language));
      for (const paid of await paymentsOf(deps, videoKey)) {
        await deps.entitlements.consume(paid.paymentId, videoKey.contentVersion, { projectId, companyId, status: 'ready', percent: 100, contentVersion: videoKey.contentVersion, paymentId: paid.paymentId, language });
      }
    }
    await progress('completed', 100);
    return { rendered, reused: [...done.keys()] };
  } catch (error) {
    if (!isExpectedFailure(error)) deps.logger.error({ err: error, projectId, language }, 'translation render failed unexpectedly');
    const retryable = error instanceof RenderError ? error.retryable : (error as { status?: number }).status !== 404;
    const reason = failureOf(error, INTERNAL_TRANSLATION_RENDER_FAILURE);
    // Failed for good: the language's video paid for will not come from this render (refunded).
    if (videoKey && !(retryable && job.attempt < job.maxAttempts)) await failPayments(deps, await paymentsOf(deps, videoKey), videoKey, companyId, reason);
    throw RenderError.of(reason, retryable && job.attempt < job.maxAttempts);
  }
}

/** The language's payments waiting for the video of this key. */
async function paymentsOf(deps: Pick<RenderDeps, 'entitlements'>, key: VideoKey): Promise<VideoEntitlement[]> {
  return (await pendingVideos(deps.entitlements, key.projectId, key.language)).filter((p) => paysFor(p, key));
}

/**
 * Payments of this language's video for an older project version than the translation is now
 * made from (it was translated again after an edit, before their video rendered): no render can
 * make that video any more, so they fail and billing refunds them.
 */
async function failStranded(deps: Pick<RenderDeps, 'entitlements'>, key: VideoKey, companyId: string): Promise<void> {
  const waiting = await pendingVideos(deps.entitlements, key.projectId, key.language);
  await failPayments(deps, waiting.filter((p) => p.paidVersion !== null && p.paidVersion < key.contentVersion), key, companyId, failure(STRANDED_VIDEO_MESSAGE));
}

/** Fails these payments of the language's video and says so (billing refunds on 'failed'). */
async function failPayments(deps: Pick<RenderDeps, 'entitlements'>, payments: VideoEntitlement[], key: VideoKey, companyId: string, reason: Failure): Promise<void> {
  for (const paid of payments) {
    const contentVersion = paid.paidVersion ?? key.contentVersion;
    await deps.entitlements.fail(paid.paymentId, reason, { projectId: key.projectId, companyId: companyId || paid.companyId, status: 'failed', contentVersion, paymentId: paid.paymentId, language: key.language });
  }
}

/** The translation in the project's look as it is now, and its set. */
async function targetOf(deps: Pick<RenderDeps, 'projects' | 'logos' | 'logger'>, request: TranslationRenderRequest, translation: Translation): Promise<Target> {
  const { projectId, language } = request;
  const input = await readJobInput(deps, projectId, request.plan);
  const project = translatedProject(input.project, translation);
  const renderInput = renderInputOf(project, input.template, await brandingOf(deps, project));
  const version = translation.summary!.version;
  const set = { projectId, companyId: project.companyId, title: project.title, renderKey: setKeyOf(renderInput, project, version), contentVersion: version, language };
  return { input, project, renderInput, set };
}

/** The set's documents not made yet, and its video when the version's video was paid for. The formats rendered. */
async function renderMissing(
  deps: Pick<RenderDeps, 'renderers' | 'storage' | 'files' | 'voices' | 'workDirs' | 'entitlements'>,
  target: Target,
  translation: Translation,
  done: ReadonlyMap<string, unknown>,
  progress: (stage: string, percent: number) => Promise<void>,
): Promise<string[]> {
  const { input, project, renderInput, set } = target;
  const rendered = await renderDocuments(deps, set, renderInput, done, progress);
  const wantsVideo = project.visualFormat === 'mp4' || project.visualFormat === 'mov';
  if (
    wantsVideo &&
    TIERS[input.plan.tier].capabilities.videoGeneration &&
    !(done.has('mp4') && done.has('mov')) &&
    (await isVideoPaid(deps.entitlements, { projectId: set.projectId, language: set.language, contentVersion: translation.summary!.sourceVersion }))
  ) {
    await progress('creating_video', 0);
    rendered.push(...(await renderNarratedVideo(deps, project, renderInput, set, (p) => progress('creating_video', p))));
  }
  return rendered;
}

/**
 * A language's set is keyed by what its files are drawn from: the translation's text in the
 * project's look (the render input: template, styles, branding with the logo's bytes, burned
 * subtitles), the visual format and voice its video takes, and the translation's version. Not by
 * the project's render key: an edit of the project's own text renders the project again but leaves
 * its translations' files as they were, so their sets are found complete.
 */
export function setKeyOf(input: RenderInput, project: Pick<Project, 'visualFormat' | 'voiceSelection'>, version: number): string {
  const logo = input.branding?.logo;
  const drawn = {
    ...input,
    // The project's updated_at: every edit changes it, and a set is not drawn again for its date.
    generatedAt: '',
    branding: input.branding && { ...input.branding, logo: logo && { ...logo, bytes: digest(logo.bytes) } },
  };
  const key = digest(JSON.stringify([drawn, project.visualFormat, project.voiceSelection ?? null])).slice(0, 24);
  return `${key}-${input.language}-t${version}`;
}

function digest(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
