// Paid narrated videos (pay-per-use): the payments made into entitlements to one render, their
// jobs on the render queue and their facts (video.status_changed). The renders and downloads read
// these ports too; what the payment operation works with is VideoDeps.
import type { CompanyPlans, Failure, MessageRef, OwnerPlan } from '@trainwright/platform';
import type { ProjectDirectory, ProjectViews, TranslationDirectory, TranslationJobs } from '../ports.js';
import type { VideoKey } from './paid-video.js';

/** A paid narrated video (pay-per-use): one render of the project's video. */
export type EntitlementStatus = 'available' | 'rendering' | 'consumed' | 'failed';

export interface VideoEntitlement {
  paymentId: string;
  projectId: string;
  companyId: string;
  amountCents: number;
  status: EntitlementStatus;
  /** The version the video was made for (consumed). */
  contentVersion: number | null;
  /** The version the payment was priced for: its video only (null: a payment from before versions). */
  paidVersion: number | null;
  /** The language whose video it pays for ('' the project's own): each language is paid on its own (paid-video.ts). */
  language: string;
  /** Why the render failed (failed). */
  error: string;
  /** The catalogue message `error` is (video.changed, trial.expired, ...); null for a text of its own. */
  errorMessage: MessageRef | null;
  /** The set the render works on (rendering, consumed). */
  renderKey: string | null;
  updatedAt: Date;
}

/** What claiming a payment's render found. */
export type EntitlementClaim =
  /** available -> rendering: this job renders. */
  | { kind: 'claimed'; entitlement: VideoEntitlement }
  /** Already rendering: a retry of the same payment continues. */
  | { kind: 'continued'; entitlement: VideoEntitlement }
  /** Another payment of the same project is rendering: wait for it. */
  | { kind: 'busy' }
  /** Consumed or failed already (the job ran before), or no such payment. */
  | { kind: 'finished'; status: EntitlementStatus | 'missing' };

/** The paid videos (repositories/video-entitlement.repository.ts). */
export interface VideoEntitlements {
  /**
   * Records the paid video once (the event id marked applied in the same transaction); the
   * payment's entitlement as stored, whether this call made it or an earlier one did.
   */
  grant(eventId: string, paid: { paymentId: string; projectId: string; companyId: string; amountCents: number; paidVersion: number | null; language?: string }): Promise<VideoEntitlement>;
  find(paymentId: string): Promise<VideoEntitlement | null>;
  /** The project's oldest paid video not started yet, or null. */
  nextAvailable(projectId: string): Promise<VideoEntitlement | null>;
  /** The project's paid videos of the language ('' its own) waiting or rendering (available or rendering). */
  pending(projectId: string, language?: string): Promise<VideoEntitlement[]>;
  /** Whether the video of this key is paid for: a payment of its language and version waiting, rendering or used (paid-video.ts). */
  paidFor(key: VideoKey): Promise<boolean>;
  /**
   * Takes the payment's render (available -> rendering), serialised per project: 'busy' while
   * another payment of the project renders and has been heard from since `staleBefore`.
   */
  claim(paymentId: string, staleBefore: Date): Promise<EntitlementClaim>;
  /** The render works on `renderKey`: recorded, and the entitlement's heartbeat (updated_at). */
  rendering(paymentId: string, renderKey: string): Promise<void>;
  /**
   * The video was made for `contentVersion`: the payment is used, and `ready` (its 'ready' fact) is
   * written with it (the outbox), once: a crash after this cannot lose it.
   */
  consume(paymentId: string, contentVersion: number, ready: VideoStatusChange): Promise<void>;
  /**
   * The render failed for good: the payment fails for `reason` (kept with it: error, error_message)
   * with `failed` written with it, carrying that reason, once (billing refunds on it).
   */
  fail(paymentId: string, reason: Failure, failed: VideoStatusChange): Promise<void>;
}

/** A change of a project's narrated video (video.status_changed). */
export interface VideoStatusChange {
  projectId: string;
  companyId: string;
  status: 'payment_required' | 'queued' | 'rendering' | 'ready' | 'failed';
  contentVersion: number;
  percent?: number;
  /** failed: why (the entitlement repository sets it, with errorMessage, from the payment's reason). */
  error?: string;
  /** The catalogue message `error` is, when it is one. */
  errorMessage?: MessageRef | null;
  paymentId?: string;
  /** A translation's paid video ('es'); absent or '': the project's own (paid-video.ts). */
  language?: string;
}

/**
 * Where the video's progress goes (the event bus: video.status_changed, occurred_at in
 * microseconds): payment_required, queued and rendering. The terminal facts (ready, failed) go
 * with the payment's state through VideoEntitlements.consume and fail.
 */
export interface VideoEvents {
  /** `id`: a message id that makes a repeated publication of the same step one (JetStream dedupe). */
  changed(change: VideoStatusChange, id?: string): Promise<void>;
}

/** The render queue's paid-video jobs (RENDER_VIDEO_JOB, one per payment). */
export interface VideoJobs {
  /** `plan`: the owner's, read when the job is created (the worker does not ask auth). */
  enqueue(projectId: string, paymentId: string, plan: OwnerPlan): Promise<void>;
}

export interface VideoDeps {
  entitlements: Pick<VideoEntitlements, 'grant' | 'fail'>;
  /** The project's own video's render (one job per payment). */
  jobs: VideoJobs;
  /** A translation's video is made by that language's render. */
  translationJobs: TranslationJobs;
  translations: Pick<TranslationDirectory, 'renderContent'>;
  events: VideoEvents;
  views: Pick<ProjectViews, 'find'>;
  /** Asked when the view misses: the project's company and version. */
  projects: Pick<ProjectDirectory, 'renderInput'>;
  /** The owner's plan a render job carries, read when it is queued. */
  companyPlans: CompanyPlans;
}
