// The product's jobs: each declared once here, imported by the service that enqueues it and by
// the worker that runs it.
import { defineJob } from './jobs.js';
import type { OwnerPlan } from './memberships.js';

/** The retry budget of a job that calls other services: its tries are 3 s and 6 s apart, so the
 * last one comes 9 s after the first, longer than a peer takes to restart (2.7 s under the
 * supervisor on the CI machine while every process was killed in turn; an attempt that met the
 * restarted project service with 1 s and 2 s of backoff failed the project). */
const PEER_RETRIES = { attempts: 3, backoffMs: 3000 } as const;

/** Generates a project's content (the generator's workers). `contentVersion` keys the job to what
 * is generated, so an edit generates again. `plan`: the owner's, as it was when the job was
 * created (memberships.ts OwnerPlan); the worker does not ask auth. */
export const GENERATE_PROJECT_JOB = defineJob<{ projectId: string; contentVersion: string; plan: OwnerPlan }>({
  queue: 'generate',
  name: 'generate',
  ...PEER_RETRIES,
  jobId: (p) => `${p.projectId}-generate-${p.contentVersion}`,
});

/** Deletes the data of free trials whose retention has passed (auth's maintenance worker, on a
 * schedule; idempotent: each account is purged once). */
export const PURGE_EXPIRED_TRIALS_JOB = defineJob<Record<string, never>>({
  queue: 'maintenance',
  name: 'purge-expired-trials',
  attempts: 3,
  backoffMs: 60_000,
  jobId: () => 'purge-expired-trials',
});

/** Renders a project's documents and video (media-render's workers). Keyed by what it renders:
 * the same content and settings are rendered once. `contentVersion` is the version the render key
 * was made for: the finished files are that version's. `plan` as GENERATE_PROJECT_JOB's. */
export const RENDER_PROJECT_JOB = defineJob<{ projectId: string; renderKey: string; contentVersion: string; plan: OwnerPlan }>({
  queue: 'render',
  name: 'render',
  ...PEER_RETRIES,
  jobId: (p) => `${p.projectId}-render-${p.renderKey}`,
});

/** Renders a project's paid narrated video (pay-per-use; media-render's workers), queued when
 * billing's payment.succeeded for the project arrives: one job per payment. The video joins the
 * project's current set of files. `plan` as GENERATE_PROJECT_JOB's. */
export const RENDER_VIDEO_JOB = defineJob<{ projectId: string; paymentId: string; plan: OwnerPlan }>({
  queue: 'render',
  name: 'render-video',
  ...PEER_RETRIES,
  jobId: (p) => `${p.projectId}-video-${p.paymentId}`,
});

/** Billing's periodic upkeep (billing's worker, on a schedule): scheduled downgrades whose period
 * ended, grace periods that ran out, renewals of the local test checkout's subscriptions. One id:
 * a run still waiting is not queued twice. */
export const BILLING_MAINTENANCE_JOB = defineJob<Record<string, never>>({
  queue: 'billing',
  name: 'billing-maintenance',
  attempts: 3,
  backoffMs: 30_000,
  jobId: () => 'billing-maintenance',
});

/** Translates a project into one language (the translation service's workers). `runId` is the
 * start that queued it: a translation started again, or deleted, makes an older run's job end
 * without writing. */
export const TRANSLATE_PROJECT_JOB = defineJob<{ translationId: string; runId: string }>({
  queue: 'translate',
  name: 'translate',
  ...PEER_RETRIES,
  jobId: (p) => `${p.translationId}-translate-${p.runId}`,
});

/** Renders the files of one translation of a project (media-render's workers), queued when the
 * translation service's translation.completed arrives: one job per translation and version (a
 * translation deleted and made again is a new translation, so it renders again). `again` names
 * what asks for a version rendered before (the project's new look, a video paid for later): BullMQ
 * keeps a finished job under its id, so the id names it too. `plan` as GENERATE_PROJECT_JOB's. */
export const RENDER_TRANSLATION_JOB = defineJob<{ projectId: string; language: string; version: number; translationId: string; plan: OwnerPlan; again?: string }>({
  queue: 'render',
  name: 'render-translation',
  ...PEER_RETRIES,
  // BullMQ refuses ':' in an id.
  jobId: (p) => `${p.translationId}-render-v${p.version}${p.again ? `-${p.again.replace(/[^A-Za-z0-9_-]/g, '_')}` : ''}`,
});

/** Builds one SCORM / cmi5 package (the scorm service's workers). A package is built once: its
 * id is the job's. */
export const BUILD_SCORM_PACKAGE_JOB = defineJob<{ packageId: string }>({
  queue: 'scorm',
  name: 'build-package',
  ...PEER_RETRIES,
  jobId: (p) => `${p.packageId}-build`,
});

/** Prepares one version of a project's interactive video (the scorm service's workers): pins the
 * project's current narrated video and captions in storage, so the published version keeps the
 * video its elements were timed against. A version is prepared once: its id is the job's. */
export const PREPARE_INTERACTIVE_VIDEO_JOB = defineJob<{ videoId: string; version: number }>({
  queue: 'scorm',
  name: 'prepare-interactive-video',
  ...PEER_RETRIES,
  jobId: (p) => `${p.videoId}-interactive-v${p.version}`,
});

/** Renders one course of the education centre (its training video and manual; media-render's
 * workers) for one edition of the courses (`libraryKey`: a hash of their sources); `run` counts the
 * edition's starts, so a course whose run failed is rendered again under a new id (BullMQ keeps a
 * failed job's id). Background work: a user's render never waits behind it. */
export const RENDER_EDUCATION_JOB = defineJob<{ libraryKey: string; run: number; slug: string }>({
  queue: 'render',
  name: 'render-education',
  attempts: 2,
  backoffMs: 5000,
  priority: 10,
  jobId: (p) => `education-${p.libraryKey}-${p.run}-${p.slug}`,
});

/**
 * Reads a company's new learner statements into the dashboards' sessions and answers (the scorm
 * service's `analytics` worker; docs/analytics.md, "Rollups"). Queued after statements are stored,
 * one per company per window of a second (`window` numbers it), run when the window ends: every
 * statement is read by the job of the window its request finished in.
 */
export const ROLLUP_LEARNER_STATEMENTS_JOB = defineJob<{ companyId: string; window: number }>({
  queue: 'analytics',
  name: 'rollup-learner-statements',
  attempts: 5,
  backoffMs: 2000,
  jobId: (p) => `${p.companyId}-rollup-${p.window}`,
});

/** Makes the learning record store's month partitions ahead of the clock (the scorm service's `analytics` worker, daily). */
export const XAPI_PARTITIONS_JOB = defineJob<Record<string, never>>({
  queue: 'analytics',
  name: 'xapi-partitions',
  attempts: 3,
  backoffMs: 60_000,
  jobId: () => 'xapi-partitions',
});

/** One attempt of an integration's delivery (the integration service's workers). The receiver's
 * failures are not the job's: the attempt is logged and the next one queued on the delivery
 * schedule (catalogue DELIVERY_RETRY_SCHEDULE_MS). These retries are for the service's own faults
 * (the database restarting). `replay`: a user asked for it, whatever the delivery's status. */
export const DELIVER_INTEGRATION_EVENT_JOB = defineJob<{ deliveryId: string; attempt: number; replay?: boolean }>({
  queue: 'integration',
  name: 'deliver',
  ...PEER_RETRIES,
  jobId: (p) => `${p.deliveryId}-${p.replay ? 'replay-' : ''}${p.attempt}`,
});

/** Runs one advanced video-processing job (media-render's `video` workers, apart from the
 * narration renders so neither starves the other): the job's row holds its operation and state.
 * Two attempts: a worker that died may have been killed by the operation's own size. */
export const PROCESS_VIDEO_JOB = defineJob<{ jobId: string }>({
  queue: 'video',
  name: 'process-video',
  attempts: 2,
  backoffMs: 5000,
  jobId: (p) => `video-job-${p.jobId}`,
});

/** Helps a running batch (PROCESS_VIDEO_JOB, operation batch) on another `video` worker: claims
 * the batch's chunks one at a time until none is left (media-render's
 * services/processing/help-batch.ts). One attempt: a helper that dies stops beating, and its
 * chunk is claimed again by the batch's own worker or another helper. */
export const HELP_VIDEO_BATCH_JOB = defineJob<{ jobId: string; helper: number }>({
  queue: 'video',
  name: 'help-video-batch',
  attempts: 1,
  backoffMs: 1000,
  jobId: (p) => `video-job-${p.jobId}-helper-${p.helper}`,
});
