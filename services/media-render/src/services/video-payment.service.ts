// A paid narrated video (billing's payment.succeeded of kind 'video') becomes the project's
// entitlement to one render, whose job is queued at once: video.status_changed 'queued'.
// Applied once per event and per payment; a redelivery while the render has not started enqueues
// the same job again (one job id per payment: BullMQ keeps one) and 'queued' again (dropped by the
// bus as a repeat).
import { isUuid } from '@trainwright/platform';
import type { ProjectDirectory, ProjectViews, VideoEntitlements, VideoEvents, VideoJobs } from './ports.js';

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

export class VideoPaymentService {
  constructor(
    private readonly deps: {
      entitlements: Pick<VideoEntitlements, 'grant'>;
      jobs: VideoJobs;
      events: VideoEvents;
      views: Pick<ProjectViews, 'find'>;
      projects: Pick<ProjectDirectory, 'renderInput'>;
    },
  ) {}

  /** 'ignored' (not a video payment), 'queued' (its render waits for a worker) or 'started' (its job ran already). */
  async paid(eventId: string, payment: VideoPayment): Promise<'ignored' | 'queued' | 'started'> {
    if (payment.kind !== 'video' || !payment.paymentId || !isUuid(payment.projectId)) return 'ignored';
    const project = await this.project(payment.projectId);
    const entitlement = await this.deps.entitlements.grant(eventId, { ...payment, companyId: project.companyId });
    if (entitlement.status !== 'available') return 'started';
    // Both idempotent: one job per payment, one 'queued' per payment (the bus drops a repeat).
    await this.deps.jobs.enqueue(payment.projectId, payment.paymentId);
    await this.deps.events.changed(
      { projectId: payment.projectId, companyId: entitlement.companyId || project.companyId, status: 'queued', contentVersion: project.contentVersion, paymentId: payment.paymentId },
      `${payment.paymentId}:queued`,
    );
    return 'queued';
  }

  /** The project's company and version: media-render's view, else the project service (a deleted project: none; its job fails and the payment is refunded). */
  private async project(projectId: string): Promise<{ companyId: string; contentVersion: number }> {
    const view = await this.deps.views.find(projectId);
    if (view && view !== 'deleted') return { companyId: view.companyId, contentVersion: view.contentVersion };
    if (view === 'deleted') return { companyId: '', contentVersion: 0 };
    try {
      const input = await this.deps.projects.renderInput(projectId);
      return { companyId: input.project.companyId, contentVersion: input.project.contentVersion };
    } catch (error) {
      if ((error as { status?: number }).status === 404) return { companyId: '', contentVersion: 0 };
      throw error;
    }
  }
}
