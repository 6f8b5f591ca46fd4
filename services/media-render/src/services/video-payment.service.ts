// A paid narrated video (billing's payment.succeeded of kind 'video') becomes the project's
// entitlement to one render, whose job is queued at once: video.status_changed 'queued'. A
// translation's video (the payment names its language, paid-video.ts) is made by that language's
// translation render (translation-render.service.ts), queued here; without a completed
// translation into it the payment fails at once (billing refunds it).
// Applied once per event and per payment; a redelivery while the render has not started enqueues
// the same job again (one job id per payment: BullMQ keeps one) and 'queued' again (dropped by the
// bus as a repeat).
import { CONTENT_LANGUAGES, languageNames } from '@trainwright/catalogue';
import { isUuid } from '@trainwright/platform';
import type { ProjectDirectory, ProjectViews, TranslationDirectory, TranslationJobs, VideoEntitlements, VideoEvents, VideoJobs } from './ports.js';
import { VIDEO_MESSAGES } from './video-render.service.js';

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
      entitlements: Pick<VideoEntitlements, 'grant' | 'fail'>;
      jobs: VideoJobs;
      translationJobs: TranslationJobs;
      translations: Pick<TranslationDirectory, 'renderContent'>;
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
    if (payment.language) return this.translationPaid(payment, entitlement.companyId || project.companyId);
    // Both idempotent: one job per payment, one 'queued' per payment (the bus drops a repeat).
    await this.deps.jobs.enqueue(payment.projectId, payment.paymentId);
    await this.deps.events.changed(
      { projectId: payment.projectId, companyId: entitlement.companyId || project.companyId, status: 'queued', contentVersion: project.contentVersion, paymentId: payment.paymentId },
      `${payment.paymentId}:queued`,
    );
    return 'queued';
  }

  /**
   * A translation's video paid for: its language's completed translation renders again for this
   * payment (one job per payment: `again`); the render uses the payment (translation-render).
   */
  private async translationPaid(payment: VideoPayment, companyId: string): Promise<'ignored' | 'queued'> {
    const language = payment.language!;
    const base = { projectId: payment.projectId, companyId, contentVersion: payment.paidVersion ?? 0, paymentId: payment.paymentId, language };
    const summary = CONTENT_LANGUAGES.includes(language) ? (await this.deps.translations.renderContent(payment.projectId, language))?.summary : undefined;
    if (!summary || summary.status !== 'completed') {
      const error = VIDEO_MESSAGES.noTranslation(CONTENT_LANGUAGES.includes(language) ? languageNames(language).name : language.slice(0, 20));
      await this.deps.entitlements.fail(payment.paymentId, error, { ...base, status: 'failed', error });
      return 'ignored';
    }
    await this.deps.translationJobs.enqueue({ projectId: payment.projectId, language, version: summary.version, translationId: summary.id, again: `video:${payment.paymentId}` });
    await this.deps.events.changed({ ...base, status: 'queued' }, `${payment.paymentId}:queued`);
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
