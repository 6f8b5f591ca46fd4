// The paid narrated video (pay-per-use): one job per payment (RENDER_VIDEO_JOB) renders the
// project's video exactly as the main render used to (the same renderers, voice settings and
// scratch folder), as mp4, mov and WebVTT kept in the project's current set (its current render
// key), so downloads serve them with the documents. Its facts go out as video.status_changed:
// rendering with the percent, ready, or failed with the payment billing refunds.
//
// A payment is claimed once (available -> rendering; a retry of the same payment continues) and
// used once the video is made (consumed with the version). Two payments of one project never
// render at once: the second waits its turn. A payment pays for the video of the content version
// it was priced for: when the project is at another version before or after the render, the
// payment fails and billing refunds it (the card asks for a new payment of the new version).
// A job run again after its payment ended (its event may not have reached the bus) publishes
// that end again, under the same message id.
import { catalogueMessage, TIERS, VIDEO_MESSAGES } from '@trainwright/catalogue';
import { failure, failureOf, isExpectedFailure, type Failure, type OwnerPlan } from '@trainwright/platform';
import { RenderError } from '../../domain/types.js';
import { paysFor } from '../videos/paid-video.js';
import type { VideoStatusChange } from '../videos/deps.js';
import type { RenderDeps } from './deps.js';
import { readJobInput } from './job-input.js';
import { INTERNAL_RENDER_FAILURE } from './render-project.js';
import { renderInputOf } from './render-input.js';
import { brandingOf, deleteStored, renderNarratedVideo } from './rendered-set.js';

/** How often a payment waiting for another payment's render of the same project looks again. */
export const VIDEO_WAIT_MS = 5000;
/** A render not heard from for this long (its worker died and was not retried) no longer holds the project. */
export const VIDEO_STALE_MS = 30 * 60 * 1000;
/** Progress steps smaller than this are not worth an event. */
const MIN_STEP = 5;

export interface VideoRenderRequest {
  projectId: string;
  paymentId: string;
  /** The owner's plan when the job was created. */
  plan: OwnerPlan;
}

/**
 * Renders the payment's video. Throws a RenderError: retryable while attempts remain for a fault
 * a retry may cure; on the last attempt (or one no retry can cure) the payment is failed and
 * video.status_changed 'failed' names it (billing refunds it).
 */
export async function renderPaidVideo(
  deps: Pick<RenderDeps, 'projects' | 'logos' | 'voices' | 'renderers' | 'files' | 'storage' | 'workDirs' | 'entitlements' | 'videoEvents' | 'logger' | 'clock' | 'sleep' | 'videoWaitMs' | 'videoStaleMs'>,
  request: VideoRenderRequest,
  job: { jobId: string; attempt: number; maxAttempts: number },
): Promise<{ rendered: string[]; contentVersion: number | null }> {
  const { projectId, paymentId, plan } = request;
  let companyId = '';
  let contentVersion = 0;
  try {
    const claim = await claimTurn(deps, paymentId);
    // Ended before (a redelivered job): its fact was written with its end (the outbox).
    if (claim.kind === 'finished') return { rendered: [], contentVersion: null };
    companyId = claim.entitlement.companyId;
    // A retry of this payment whose files of the key exist already only has to use the payment.
    const continued = claim.kind === 'continued' ? claim.entitlement.renderKey : null;
    const input = await readJobInput(deps, projectId, plan);
    const project = input.project;
    companyId = project.companyId;
    contentVersion = project.contentVersion;
    if (project.visualFormat !== 'mp4' && project.visualFormat !== 'mov') throw new RenderError(catalogueMessage(VIDEO_MESSAGES, 'notVideo'));
    if (!TIERS[plan.tier].capabilities.videoGeneration) throw new RenderError(catalogueMessage(VIDEO_MESSAGES, 'notInPlan'));
    // One rule (videos/paid-video.ts): the payment pays for the project's own video of this version only.
    if (!paysFor(claim.entitlement, { projectId, language: '', contentVersion })) throw new RenderError(catalogueMessage(VIDEO_MESSAGES, claim.entitlement.language ? 'otherLanguage' : 'changed'));
    const set = { projectId, companyId, title: project.title, renderKey: input.renderKey, contentVersion };
    await deps.entitlements.rendering(paymentId, input.renderKey);
    const done = new Set((await deps.files.filesOf(projectId, input.renderKey)).map((f) => f.format));
    let rendered: string[] = [];
    if (!(continued === input.renderKey && done.has('mp4') && done.has('mov'))) {
      const renderInput = renderInputOf(project, input.template, await brandingOf(deps, project));
      const progress = progressOf(deps, { projectId, companyId, contentVersion, paymentId }, input.renderKey, `${job.jobId}:${job.attempt}`);
      await progress(0);
      rendered = await renderNarratedVideo(deps, project, renderInput, set, (p) => progress(Math.min(99, p)));
    }
    // The project changed while it rendered: the video made is not the one users download.
    if ((await deps.projects.renderInput(projectId)).renderKey !== input.renderKey) throw new RenderError(catalogueMessage(VIDEO_MESSAGES, 'changed'));
    // The new paid video is ready: the one kept from the version before goes, then the payment is used ('ready' written with it).
    await deleteStored(deps, await deps.files.forgetSupersededVideos(projectId, input.renderKey));
    await deps.entitlements.consume(paymentId, contentVersion, { projectId, companyId, status: 'ready', contentVersion, paymentId, percent: 100 });
    return { rendered, contentVersion };
  } catch (error) {
    if (!isExpectedFailure(error)) deps.logger.error({ err: error, projectId, paymentId }, 'video render failed unexpectedly');
    const retryable = error instanceof RenderError ? error.retryable : (error as { status?: number }).status !== 404;
    // The payment keeps the reason with its catalogue id (video.changed, trial.expired, ...) when it is one.
    const reason = failureOf(error, INTERNAL_RENDER_FAILURE);
    if (!retryable || job.attempt >= job.maxAttempts) {
      await failPayment(deps, request, reason, companyId, contentVersion);
      throw RenderError.of(reason, false);
    }
    throw RenderError.of(reason, true);
  }
}

type PaymentOf = Pick<VideoRenderRequest, 'projectId' | 'paymentId'>;

/** Every attempt's worker died: the payment fails (and is refunded) instead of waiting for ever. */
export async function abandonPaidVideo(deps: Pick<RenderDeps, 'entitlements'>, request: PaymentOf): Promise<void> {
  await failPayment(deps, request, failure(catalogueMessage(VIDEO_MESSAGES, 'abandoned')), '', 0);
}

async function failPayment(deps: Pick<RenderDeps, 'entitlements'>, request: PaymentOf, reason: Failure, companyId: string, contentVersion: number): Promise<void> {
  const entitlement = await deps.entitlements.find(request.paymentId);
  // Used already (consumed) or failed before: nothing to refund twice (fail changes only a payment not ended).
  if (entitlement && entitlement.status !== 'available' && entitlement.status !== 'rendering') return;
  await deps.entitlements.fail(request.paymentId, reason, {
    projectId: request.projectId,
    companyId: companyId || entitlement?.companyId || '',
    status: 'failed',
    contentVersion,
    paymentId: request.paymentId,
  });
}

/** The payment's render, once no other payment of the project renders (waits its turn). */
async function claimTurn(deps: Pick<RenderDeps, 'entitlements' | 'clock' | 'sleep' | 'videoWaitMs' | 'videoStaleMs'>, paymentId: string) {
  for (;;) {
    const claim = await deps.entitlements.claim(paymentId, new Date(deps.clock().getTime() - deps.videoStaleMs));
    if (claim.kind !== 'busy') return claim;
    await deps.sleep(deps.videoWaitMs);
  }
}

/** 'rendering' with the percent, in steps worth an event; each step is the render's heartbeat too. */
function progressOf(
  deps: Pick<RenderDeps, 'entitlements' | 'videoEvents'>,
  video: Omit<VideoStatusChange, 'status'> & { paymentId: string },
  renderKey: string,
  run: string,
): (percent: number) => Promise<void> {
  let last = -1;
  return async (percent) => {
    const value = Math.max(0, Math.min(100, Math.floor(percent)));
    if (last >= 0 && value - last < MIN_STEP) return;
    last = value;
    await deps.entitlements.rendering(video.paymentId, renderKey);
    await deps.videoEvents.changed({ ...video, status: 'rendering', percent: value }, `${video.paymentId}:${run}:rendering:${value}`);
  };
}
