// A paid narrated video (billing's payment.succeeded of kind 'video') becomes the project's
// entitlement to one render, whose job is queued at once: video.status_changed 'queued'. A
// translation's video (the payment names its language, paid-video.ts) is made by that language's
// translation render (renders/render-translation.ts), queued here; without a completed
// translation into it the payment fails at once (billing refunds it).
// Applied once per event and per payment; a redelivery while the render has not started enqueues
// the same job again (one job id per payment: BullMQ keeps one) and 'queued' again (dropped by the
// bus as a repeat).
import { catalogueMessage, CONTENT_LANGUAGES, VIDEO_MESSAGES } from '@trainwright/catalogue';
import { failure, isUuid, type OwnerPlan } from '@trainwright/platform';
import type { VideoDeps } from './deps.js';

export interface VideoPayment {
  paymentId: string;
  /** subscription, add_on, credits, video: only 'video' is a render. */
  kind: string;
  projectId: string;
  amountCents: number;
  /** The content version it was priced for (null: not said). */
  paidVersion: number | null;
  /** The language whose video it pays for ('' or absent: the project's own; paid-video.ts). */
  language?: string;
}

/** 'ignored' (not a video payment, or a deleted project's: failed at once), 'queued' (its render waits for a worker) or 'started' (its job ran already). */
export async function recordVideoPayment(deps: VideoDeps, eventId: string, payment: VideoPayment): Promise<'ignored' | 'queued' | 'started'> {
  if (payment.kind !== 'video' || !payment.paymentId || !isUuid(payment.projectId)) return 'ignored';
  const project = await projectOf(deps, payment.projectId);
  const entitlement = await deps.entitlements.grant(eventId, { ...payment, companyId: project.companyId });
  if (entitlement.status !== 'available') return 'started';
  const companyId = entitlement.companyId || project.companyId;
  if (!companyId) {
    // The project was deleted: nothing to render, the payment fails at once (billing refunds it).
    const reason = failure(catalogueMessage(VIDEO_MESSAGES, 'projectDeleted'));
    await deps.entitlements.fail(payment.paymentId, reason, { projectId: payment.projectId, companyId, status: 'failed', contentVersion: payment.paidVersion ?? 0, paymentId: payment.paymentId, language: payment.language ?? '' });
    return 'ignored';
  }
  // The owner's plan as it is now travels with the job (its worker does not ask auth).
  const plan = await deps.companyPlans.companyPlan(companyId);
  if (payment.language) return translationPaid(deps, payment, companyId, plan);
  // Both idempotent: one job per payment, one 'queued' per payment (the bus drops a repeat).
  await deps.jobs.enqueue(payment.projectId, payment.paymentId, plan);
  await deps.events.changed(
    { projectId: payment.projectId, companyId, status: 'queued', contentVersion: project.contentVersion, paymentId: payment.paymentId },
    `${payment.paymentId}:queued`,
  );
  return 'queued';
}

/**
 * A translation's video paid for: its language's completed translation renders again for this
 * payment (one job per payment: `again`); the render uses the payment (render-translation.ts).
 */
async function translationPaid(deps: Pick<VideoDeps, 'translations' | 'entitlements' | 'translationJobs' | 'events'>, payment: VideoPayment, companyId: string, plan: OwnerPlan): Promise<'ignored' | 'queued'> {
  const language = payment.language!;
  const base = { projectId: payment.projectId, companyId, contentVersion: payment.paidVersion ?? 0, paymentId: payment.paymentId, language };
  const summary = CONTENT_LANGUAGES.includes(language) ? (await deps.translations.renderContent(payment.projectId, language))?.summary : undefined;
  if (!summary || summary.status !== 'completed') {
    // The language's code (cut short: it came in a payment): the catalogue names it in the user's language.
    const reason = failure(catalogueMessage(VIDEO_MESSAGES, 'noTranslation', language.slice(0, 20)));
    await deps.entitlements.fail(payment.paymentId, reason, { ...base, status: 'failed' });
    return 'ignored';
  }
  await deps.translationJobs.enqueue({ projectId: payment.projectId, language, version: summary.version, translationId: summary.id, plan, again: `video:${payment.paymentId}` });
  await deps.events.changed({ ...base, status: 'queued' }, `${payment.paymentId}:queued`);
  return 'queued';
}

/** The project's company and version: media-render's view, else the project service (a deleted project: none; its job fails and the payment is refunded). */
async function projectOf(deps: Pick<VideoDeps, 'views' | 'projects'>, projectId: string): Promise<{ companyId: string; contentVersion: number }> {
  const view = await deps.views.find(projectId);
  if (view && view !== 'deleted') return { companyId: view.companyId, contentVersion: view.contentVersion };
  if (view === 'deleted') return { companyId: '', contentVersion: 0 };
  try {
    const input = await deps.projects.renderInput(projectId);
    return { companyId: input.project.companyId, contentVersion: input.project.contentVersion };
  } catch (error) {
    if ((error as { status?: number }).status === 404) return { companyId: '', contentVersion: 0 };
    throw error;
  }
}
