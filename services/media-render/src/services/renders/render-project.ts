// One render job: the project's current content and settings made into every file it offers,
// stage by stage (creating_slides: pptx; generating_documents: pdf, docx, txt), with real
// progress. Files are keyed by the render key, so a job that is run again (a retry, a worker
// killed mid-render) reuses what is done. The set downloads serve stays the last one that
// completed until the new set is complete; a render of an older version that finishes after a
// newer one never replaces it. The narrated video (mp4, mov) is pay-per-use: it is not rendered
// here but by the paid-video job (render-video.ts), once per payment; this job releases a payment
// made already, or announces that the video waits for one (payment_required).
import { RENDER_FAILURES, TIERS, catalogueMessage } from '@trainwright/catalogue';
import { failureOf, isExpectedFailure, type OwnerPlan } from '@trainwright/platform';
import { RenderError } from '../../domain/types.js';
import type { RenderDeps, RenderEvents } from './deps.js';
import { readJobInput } from './job-input.js';
import { renderInputOf } from './render-input.js';
import { brandingOf, deleteStored, renderDocuments, type RenderedSet } from './rendered-set.js';

export interface RenderRequest {
  projectId: string;
  renderKey: string;
  /** The project's content version the render key was made for (0: a job from before versions). */
  contentVersion: number;
  /** The owner's plan when the job was created. */
  plan: OwnerPlan;
}

export const INTERNAL_RENDER_FAILURE = catalogueMessage(RENDER_FAILURES, 'internal');
/** When the worker running a render died on every attempt (killed, out of memory). */
export const ABANDONED_RENDER = 'Rendering stopped because the worker running it stopped unexpectedly several times. Please try again.';

/**
 * Renders what is missing of the set, makes it current and removes older sets (or, when a newer
 * version's set completed first, removes this one and publishes no completion). Throws a
 * RenderError: retryable while attempts remain for a fault a retry may cure (render.failed
 * is published only when it is not).
 */
export async function renderProject(
  deps: Pick<RenderDeps, 'projects' | 'logos' | 'renderers' | 'files' | 'storage' | 'logger' | 'entitlements' | 'videoJobs' | 'videoEvents'>,
  request: RenderRequest,
  job: { attempt: number; maxAttempts: number },
  events: RenderEvents,
): Promise<{ rendered: string[]; reused: string[] }> {
  const { projectId, renderKey, contentVersion, plan } = request;
  try {
    const input = await readJobInput(deps, projectId, plan);
    // The content changed since this job was queued: the newer job renders it.
    if (input.renderKey !== renderKey) return { rendered: [], reused: [] };
    const project = input.project;
    const done = new Map((await deps.files.filesOf(projectId, renderKey)).map((f) => [f.format, f]));
    const renderInput = renderInputOf(project, input.template, await brandingOf(deps, project));
    const wantsVideo = project.visualFormat === 'mp4' || project.visualFormat === 'mov';
    const videoAllowed = TIERS[plan.tier].capabilities.videoGeneration;
    const set = { projectId, companyId: project.companyId, title: project.title, renderKey, contentVersion };
    const rendered = await renderDocuments(deps, set, renderInput, done, (stage, percent) => events.progress(projectId, stage, percent));

    const { current, forgotten } = await deps.files.makeCurrent(projectId, renderKey, contentVersion, '', [events.completion(projectId)]);
    await deleteStored(deps, forgotten);
    // The set's video, when the project has one and the plan allows it, is paid per render. A set
    // whose mp4 and mov exist already (a retry, or a paid render that got here first) keeps them.
    if (current && wantsVideo && videoAllowed && !(done.has('mp4') && done.has('mov'))) await releaseVideo(deps, set, plan);
    return { rendered, reused: [...done.keys()] };
  } catch (error) {
    if (!isExpectedFailure(error)) deps.logger.error({ err: error, projectId }, 'render failed unexpectedly');
    const retryable = error instanceof RenderError ? error.retryable : (error as { status?: number }).status !== 404;
    // The user's message, with its catalogue id when it is one (a trial refusal): the project keeps both.
    const failure = failureOf(error, INTERNAL_RENDER_FAILURE);
    if (!retryable || job.attempt >= job.maxAttempts) {
      await events.failed(projectId, failure);
      throw RenderError.of(failure, false);
    }
    throw RenderError.of(failure, true);
  }
}

/**
 * The set's narrated video: a paid render under way makes it (it renders the project's newest
 * version); a payment not used yet is released to its job; otherwise the video waits for one.
 */
async function releaseVideo(deps: Pick<RenderDeps, 'entitlements' | 'videoJobs' | 'videoEvents'>, set: RenderedSet, plan: OwnerPlan): Promise<void> {
  const pending = await deps.entitlements.pending(set.projectId);
  if (pending.some((e) => e.status === 'rendering')) return;
  const paid = pending.find((e) => e.status === 'available');
  if (paid) return deps.videoJobs.enqueue(set.projectId, paid.paymentId, plan);
  await deps.videoEvents.changed(
    { projectId: set.projectId, companyId: set.companyId, status: 'payment_required', contentVersion: set.contentVersion },
    `${set.projectId}:${set.renderKey}:payment_required`,
  );
}
