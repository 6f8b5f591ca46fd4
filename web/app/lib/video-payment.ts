// The pay-per-use video (document 2, "Payment Required dialog", "Payment dialog", the Payment
// errors and polling; document 1 section 7: a video download goes through the dialog first). The
// dialog's state machine as a pure reducer, its error texts, the session_id the checkout returns
// with, and the video state a project card shows. No React and no browser API here, so the unit
// tests run them directly; the calls and the polling are billing.ts's.
import type { TFunction } from 'i18next';
import { ApiError, NETWORK_ERROR } from './api';
import { checkoutEndText, type PollOutcome, type VideoEstimate } from './billing';
import { isVideoFormat } from './downloads';
import { failureMessageOf, serverErrorText, type FailureMessage } from './errors';
import type { ProjectSummary } from './projects';

/** What the dashboard opens the dialog with (document 2, section 3 "Billing"). */
export const VIDEO_BILLING_TYPE = 'video_generation' as const;
export const DEFAULT_ESTIMATED_DURATION_MINUTES = 1;

export type VideoFormat = 'mp4' | 'mov';
export type PayMethod = 'card' | 'credits';

/** The video format to pay for: the chosen one, else the project's visual format, else mp4. */
export function videoFormatOf(format: string | null | undefined, project?: Pick<ProjectSummary, 'visual_format'>): VideoFormat {
  if (format && isVideoFormat(format)) return format as VideoFormat;
  if (project && isVideoFormat(project.visual_format)) return project.visual_format as VideoFormat;
  return 'mp4';
}

// ---------------------------------------------------------------------------------------------
// The dialog's states.

export type PaymentPhase =
  /** Checking the session the checkout returned with (session_id in the address). */
  | 'verifying'
  /** Asking for the estimate. */
  | 'loading'
  /** The estimate (or the error that kept it away) with the pay buttons. */
  | 'ready'
  /** Creating the payment; on success the browser leaves for the checkout. */
  | 'paying'
  /** The returned session is paid: the dialog reports success and closes. */
  | 'paid';

export interface PaymentDialogState {
  phase: PaymentPhase;
  estimate: VideoEstimate | null;
  /** The text of the last failure (estimate, payment or verification), shown above the estimate. */
  error: string | null;
  /** How the payment being created is paid ('paying' only). */
  method: PayMethod | null;
}

export type PaymentDialogEvent =
  | { type: 'open'; hasSession: boolean }
  /** The returned session was checked: paid, or the message of any other outcome. */
  | { type: 'verified' }
  | { type: 'verifyFailed'; message: string }
  | { type: 'estimateLoaded'; estimate: VideoEstimate }
  | { type: 'estimateFailed'; message: string }
  /** Try the estimate again (after it failed). */
  | { type: 'retry' }
  | { type: 'pay'; method: PayMethod }
  | { type: 'payFailed'; message: string };

export function initialPaymentState(hasSession: boolean): PaymentDialogState {
  return { phase: hasSession ? 'verifying' : 'loading', estimate: null, error: null, method: null };
}

/**
 * The dialog's transitions. Opening checks a returned session first (verifying), else loads the
 * estimate. A session that is not paid shows its message and the estimate loads, so the user can
 * pay again. Paying needs an estimate (credits: one the balance covers); a failed payment keeps the
 * estimate. Events that do not fit the current phase change nothing.
 */
export function paymentDialogReducer(state: PaymentDialogState, event: PaymentDialogEvent): PaymentDialogState {
  switch (event.type) {
    case 'open':
      return initialPaymentState(event.hasSession);
    case 'verified':
      return state.phase === 'verifying' ? { ...state, phase: 'paid', error: null } : state;
    case 'verifyFailed':
      return state.phase === 'verifying' ? { ...state, phase: 'loading', error: event.message } : state;
    case 'estimateLoaded':
      // A verification failure stays shown above the estimate.
      return state.phase === 'loading' ? { ...state, phase: 'ready', estimate: event.estimate } : state;
    case 'estimateFailed':
      return state.phase === 'loading' ? { ...state, phase: 'ready', estimate: null, error: event.message } : state;
    case 'retry':
      return state.phase === 'ready' && state.estimate === null ? { ...state, phase: 'loading', error: null } : state;
    case 'pay': {
      if (state.phase !== 'ready' || !state.estimate) return state;
      if (event.method === 'credits' && !creditsCover(state.estimate)) return state;
      return { ...state, phase: 'paying', method: event.method, error: null };
    }
    case 'payFailed':
      return state.phase === 'paying' ? { ...state, phase: 'ready', method: null, error: event.message } : state;
  }
}

/** Closing (Escape, the backdrop, the close button) is off while something is under way. */
export function canClosePaymentDialog(state: Pick<PaymentDialogState, 'phase'>): boolean {
  return state.phase === 'ready' || state.phase === 'paid';
}

/** The video credits pay for it: a balance at least the cost. */
export function creditsCover(estimate: Pick<VideoEstimate, 'credit_balance_cents' | 'total_cost_cents'>): boolean {
  return estimate.total_cost_cents > 0 && estimate.credit_balance_cents >= estimate.total_cost_cents;
}

/** The minutes the payment request sends: the estimate's, else the dialog's estimatedDuration (1). */
export function paymentMinutes(estimate: Pick<VideoEstimate, 'total_estimated_minutes'> | null, estimatedDuration: number): number {
  const minutes = estimate?.total_estimated_minutes;
  const value = typeof minutes === 'number' && Number.isFinite(minutes) && minutes > 0 ? minutes : estimatedDuration;
  return Math.max(1, Math.ceil(value));
}

/** The session id the checkout returned with (`?session_id=...`), or null. */
export function sessionIdFromSearch(search: string): string | null {
  const value = new URLSearchParams(search).get('session_id')?.trim();
  return value ? value : null;
}

/** The address without its session_id (so a dialog opened later does not check it again). */
export function searchWithoutSession(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('session_id');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

// ---------------------------------------------------------------------------------------------
// Error texts (document 2, section 8 "Payment"): the screen's prefix, then the server's message,
// else the specification's own words for the failed call.

/** The server's message (in the interface language when the catalogue has it), else the fallback. */
function reasonOf(error: unknown, t: TFunction, fallbackKey: string): string {
  if (error instanceof ApiError) {
    if (error.code === NETWORK_ERROR) return t('errors.network');
    return serverErrorText(error, t) ?? t(fallbackKey);
  }
  return error instanceof Error && error.message ? error.message : t(fallbackKey);
}

/** 'Failed to calculate cost: ...' (the estimate; else 'Failed to get billing estimate'). */
export function estimateErrorText(error: unknown, t: TFunction): string {
  return t('payment.errors.estimate', { message: reasonOf(error, t, 'payment.errors.estimateFallback') });
}

/** 'Payment failed: ...' (creating the payment; else 'Failed to create payment session'). */
export function paymentErrorText(error: unknown, t: TFunction): string {
  return t('payment.errors.payment', { message: reasonOf(error, t, 'payment.errors.paymentFallback') });
}

/**
 * The text of a returned session that is not paid: expired or failed, its message or 'Payment
 * failed or expired'; still unpaid after the checks, the timeout text; the check answered with an
 * error, 'Failed to verify payment: ...' (else 'Failed to check payment status'); no answer, an
 * unknown session or anything unexpected, 'Payment verification failed: ...'. `lastError` is the
 * error the last check threw (the polling reports a 404 without it).
 */
export function verifyOutcomeText(outcome: Exclude<PollOutcome, { kind: 'paid' }>, t: TFunction, lastError?: unknown): string {
  switch (outcome.kind) {
    case 'failed':
      return (outcome.status.message && checkoutEndText(outcome.status, t)) || t('payment.errors.failedOrExpired');
    case 'timeout':
      return t('payment.errors.timeout');
    case 'notFound':
      return t('payment.errors.verification', {
        message: (lastError instanceof ApiError ? serverErrorText(lastError, t) : undefined) ?? t('errors.notFound'),
      });
    case 'error': {
      const { error } = outcome;
      if (error instanceof ApiError && error.code !== NETWORK_ERROR) {
        return t('payment.errors.verify', { message: reasonOf(error, t, 'payment.errors.verifyFallback') });
      }
      return t('payment.errors.verification', { message: reasonOf(error, t, 'errors.unexpected') });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The project card.

export type VideoCardState =
  | { kind: 'awaitingPayment' }
  | { kind: 'rendering'; status: 'queued' | 'rendering'; progress: number }
  | { kind: 'ready' }
  | { kind: 'failed' }
  | null;

/** What a card shows of the pay-per-use video; null for none or an unknown state. */
export function videoCardState(project: Pick<ProjectSummary, 'video_status' | 'video_progress'>): VideoCardState {
  const status = project.video_status;
  switch (status) {
    case 'payment_required':
      return { kind: 'awaitingPayment' };
    case 'queued':
    case 'rendering': {
      const raw = typeof project.video_progress === 'number' && Number.isFinite(project.video_progress) ? project.video_progress : 0;
      return { kind: 'rendering', status: status === 'queued' ? 'queued' : 'rendering', progress: Math.round(Math.min(100, Math.max(0, raw))) };
    }
    // The success page sends the payer to the card: it says when the video is ready.
    case 'ready':
      return { kind: 'ready' };
    case 'failed':
      return { kind: 'failed' };
    default:
      return null;
  }
}

/** Why a project's narrated video failed, as storedFailureText shows it. */
export function videoFailureOf(project: Pick<ProjectSummary, 'video_error' | 'video_error_message_id' | 'video_error_params'>): FailureMessage & { error: string | null } {
  return { error: project.video_error ?? null, error_message_id: project.video_error_message_id, error_params: project.video_error_params };
}

/** A video download must be paid for first (the dialog opens instead of the download). */
export function videoNeedsPayment(project: Pick<ProjectSummary, 'video_status'>, format: string): boolean {
  return isVideoFormat(format) && project.video_status === 'payment_required';
}

/** The video a download in `language` pays for: '' the project's own (its primary language), else the translation's. */
export function paymentLanguageOf(language: string, primary: string): string {
  return language === primary ? '' : language;
}

/**
 * The dialog's opening sentence: a translation's video names its language (in the interface
 * language, as a sentence writes it: 'Spanish', 'francés') and that it is paid on its own.
 */
export function paymentIntroText(t: TFunction, format: VideoFormat, language: string, uiLanguage: string): string {
  const formatLabel = t(`downloads.formats.${format}`);
  if (!language) return t('payment.intro', { format: formatLabel });
  let name = language;
  try {
    name = new Intl.DisplayNames([uiLanguage], { type: 'language' }).of(language) ?? language;
  } catch {
    // an unknown code or locale: the code
  }
  return t('payment.introLanguage', { format: formatLabel, language: name });
}

/** A 402 PAYMENT_REQUIRED from a download. */
export function isPaymentRequiredError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 402 || error.code === 'PAYMENT_REQUIRED');
}

/** The live event video.status_changed (GET /api/events). */
export interface VideoStatusChange extends FailureMessage {
  project_id: string;
  video_status: string;
  video_progress?: number | null;
  error?: string | null;
  /** The content version the event is about; one older than the card's is stale (an edit came). */
  content_version?: number | null;
  /** '' or absent: the project's own video; else a translation's, which the card does not show. */
  language?: string | null;
}

/** A project with a live video state applied (the progress kept when the event has none). */
export function applyVideoStatusChange<P extends ProjectSummary>(project: P, change: VideoStatusChange): P {
  if (change.language) return project;
  if (change.content_version && project.content_version && change.content_version < project.content_version) return project;
  const failed = change.video_status === 'failed';
  const message = failed ? failureMessageOf(change) : {};
  return {
    ...project,
    video_status: change.video_status,
    video_error: failed ? (change.error ?? null) : null,
    video_error_message_id: message.error_message_id,
    video_error_params: message.error_params,
    video_progress: typeof change.video_progress === 'number' ? change.video_progress : change.video_status === 'ready' ? 100 : (project.video_progress ?? 0),
  };
}

/**
 * A list read answered before the project service stored the video state the page already heard:
 * media-render announces a video's payment_required when the render ends, and the project's
 * 'completed' that makes the list reload can be answered before the project service has stored it
 * (its own consumer of the announcement), so the answer says no video state. The last state heard
 * live for each project fills in an answer that has none, unless an edit made the card's content
 * newer than the one the state was about.
 */
export function withHeardVideoStates<P extends ProjectSummary>(projects: P[], heard: ReadonlyMap<string, VideoStatusChange>): P[] {
  return projects.map((project) => {
    const change = heard.get(project.id);
    if (!change || project.video_status) return project;
    if (!change.content_version || !project.content_version || change.content_version !== project.content_version) return project;
    return applyVideoStatusChange(project, change);
  });
}
