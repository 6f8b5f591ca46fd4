// The Payment Required dialog (document 2, "Payment Required dialog", "Payment dialog", the Payment
// errors and polling): a project's narrated video is paid for before it renders. It opens with the
// project, the format, billingType video_generation and estimatedDuration 1. When the address holds
// a session_id (a checkout returned here) it first checks that session (every 2000 ms, at most 5
// checks; paid: the success callback, and the dialog closes). Else it asks for the estimate (cost,
// minutes, slides, voice, seconds per slide, the plan's rate; the minimum when there is no narration
// yet) and offers 'Pay {amount}' (the checkout) and, when the video credits cover it, 'Pay with
// video credits ({balance})'. Closing is off while it loads, verifies or creates the payment.
// A translation's video (`language`, from the download dialog's language) names its language and
// is estimated and paid on its own (docs/billing.md).
import { useEffect, useReducer, useRef, useState } from 'react';
import { useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ApiError, isAbortError } from '~/lib/api';
import { billingApi, formatCents, goTo, pollPaymentStatus, type PaymentStatus } from '~/lib/billing';
import type { ProjectSummary } from '~/lib/projects';
import { notifyProjectsChanged } from '~/lib/useProjects';
import {
  DEFAULT_ESTIMATED_DURATION_MINUTES,
  VIDEO_BILLING_TYPE,
  canClosePaymentDialog,
  creditsCover,
  estimateErrorText,
  initialPaymentState,
  paymentDialogReducer,
  paymentErrorText,
  paymentIntroText,
  paymentMinutes,
  searchWithoutSession,
  sessionIdFromSearch,
  verifyOutcomeText,
  type PayMethod,
  type VideoFormat,
} from '~/lib/video-payment';
import { Modal } from '../Modal';
import { Button, ErrorBox, Spinner } from '../ui';

export interface PaymentRequiredDialogProps {
  project: Pick<ProjectSummary, 'id' | 'title'>;
  format: VideoFormat;
  /** A translation's video ('es'), named and priced on its own; '' or absent: the project's own. */
  language?: string;
  billingType?: typeof VIDEO_BILLING_TYPE;
  /** Minutes sent when no estimate is known (1). */
  estimatedDuration?: number;
  onClose: () => void;
  /** The returned session is paid (the dialog closes after calling it). */
  onSuccess: (status: PaymentStatus) => void;
}

export function PaymentRequiredDialog({
  project,
  format,
  language = '',
  billingType = VIDEO_BILLING_TYPE,
  estimatedDuration = DEFAULT_ESTIMATED_DURATION_MINUTES,
  onClose,
  onSuccess,
}: PaymentRequiredDialogProps) {
  const { t, i18n } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  // The session the checkout returned with, read once when the dialog opens.
  const [sessionId] = useState(() => (typeof window === 'undefined' ? null : sessionIdFromSearch(window.location.search)));
  const [state, dispatch] = useReducer(paymentDialogReducer, sessionId !== null, initialPaymentState);
  const paying = useRef(false);
  const latest = useRef({ onClose, onSuccess, t, searchParams, setSearchParams });
  latest.current = { onClose, onSuccess, t, searchParams, setSearchParams };

  const money = (cents: number) => formatCents(cents, i18n.language);
  const number = (value: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value);

  // Verifying the returned session.
  useEffect(() => {
    if (state.phase !== 'verifying' || !sessionId) return;
    const controller = new AbortController();
    let lastError: unknown;
    const check = async (signal?: AbortSignal) => {
      try {
        return await billingApi.status(sessionId, signal);
      } catch (error) {
        lastError = error;
        throw error;
      }
    };
    const forgetSession = () => {
      // Checked once: a dialog opened later starts from the estimate.
      const { searchParams: params, setSearchParams: set } = latest.current;
      if (!params.has('session_id')) return;
      set(new URLSearchParams(searchWithoutSession(params.toString())), { replace: true, preventScrollReset: true });
    };
    pollPaymentStatus({ check, signal: controller.signal })
      .then((outcome) => {
        if (controller.signal.aborted) return;
        forgetSession();
        if (outcome.kind === 'paid') {
          dispatch({ type: 'verified' });
          latest.current.onSuccess(outcome.status);
          latest.current.onClose();
        } else {
          dispatch({ type: 'verifyFailed', message: verifyOutcomeText(outcome, latest.current.t, lastError) });
        }
      })
      .catch(() => undefined); // aborted: the dialog closed
    return () => controller.abort();
  }, [state.phase, sessionId]);

  // Loading the estimate.
  useEffect(() => {
    if (state.phase !== 'loading') return;
    let cancelled = false;
    billingApi
      .videoEstimate(project.id, language)
      .then((estimate) => {
        if (!cancelled) dispatch({ type: 'estimateLoaded', estimate });
      })
      .catch((error: unknown) => {
        if (!cancelled && !isAbortError(error)) dispatch({ type: 'estimateFailed', message: estimateErrorText(error, latest.current.t) });
      });
    return () => {
      cancelled = true;
    };
  }, [state.phase, project.id, language]);

  const pay = async (method: PayMethod) => {
    if (paying.current || state.phase !== 'ready' || !state.estimate) return;
    if (method === 'credits' && !creditsCover(state.estimate)) return;
    paying.current = true;
    dispatch({ type: 'pay', method });
    try {
      const { checkout_url } = await billingApi.confirmVideo({
        project_id: project.id,
        billing_type: billingType,
        estimated_duration_minutes: paymentMinutes(state.estimate, estimatedDuration),
        format,
        ...(language ? { language } : {}),
        ...(method === 'credits' ? { use_credits: true } : {}),
      });
      if (!checkout_url) throw new ApiError(500, 'NO_CHECKOUT');
      goTo(checkout_url); // stays busy until the browser has left
    } catch (error) {
      paying.current = false;
      dispatch({ type: 'payFailed', message: paymentErrorText(error, t) });
      // Already paid and rendering (409): the card catches up.
      if (error instanceof ApiError && error.status === 409) notifyProjectsChanged();
    }
  };

  const closable = canClosePaymentDialog(state);
  const { estimate } = state;

  return (
    <Modal open onClose={onClose} title={t('payment.title')} description={project.title} dismissible={closable}>
      <div className="space-y-4" data-testid="payment-dialog" data-phase={state.phase}>
        <p className="text-sm text-slate-600" data-testid="payment-intro">{paymentIntroText(t, format, language, i18n.language)}</p>
        {/* The one rule for paying a video (docs/billing.md, "Pay-per-use video"). */}
        <p className="text-sm text-slate-600" data-testid="payment-rule">{t('payment.rule')}</p>

        {state.error && <ErrorBox onRetry={!estimate && state.phase === 'ready' ? () => dispatch({ type: 'retry' }) : undefined} retryLabel={t('common.retry')}>{state.error}</ErrorBox>}

        {(state.phase === 'verifying' || state.phase === 'loading' || state.phase === 'paid') && (
          <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
            <Spinner className="h-4 w-4 text-indigo-600" />
            {state.phase === 'loading' ? t('payment.loading') : state.phase === 'paid' ? t('payment.paid') : t('payment.verifying')}
          </p>
        )}

        {estimate && (
          <>
            <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
              <p className="text-sm text-slate-600">{t('payment.totalCost')}</p>
              <p className="text-3xl font-bold text-slate-900" data-testid="payment-total">
                {money(estimate.total_cost_cents)}
              </p>
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                <dt className="text-slate-600">{t('payment.minutes')}</dt>
                <dd className="text-right font-medium text-slate-900" data-testid="payment-minutes">
                  {t('payment.minutesValue', { count: estimate.total_estimated_minutes, value: number(estimate.total_estimated_minutes) })}
                </dd>
                <dt className="text-slate-600">{t('payment.slides')}</dt>
                <dd className="text-right font-medium text-slate-900" data-testid="payment-slides">
                  {number(estimate.slides_count)}
                </dd>
                <dt className="text-slate-600">{t('payment.voice')}</dt>
                <dd className="text-right font-medium text-slate-900">{estimate.voice_enabled ? t('payment.voiceOn') : t('payment.voiceOff')}</dd>
                <dt className="text-slate-600">{t('payment.perSlide')}</dt>
                <dd className="text-right font-medium text-slate-900">{t('payment.perSlideValue', { value: number(estimate.estimated_duration_per_slide) })}</dd>
                <dt className="text-slate-600">{t('payment.rate')}</dt>
                <dd className="text-right font-medium text-slate-900" data-testid="payment-rate">
                  {t('payment.rateValue', { amount: money(Math.round(estimate.rate_per_minute * 100)) })}
                </dd>
              </dl>
            </div>
            {!estimate.from_narration && (
              <p role="note" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="payment-minimum">
                {t('payment.minimumNote')}
              </p>
            )}
          </>
        )}

        {state.phase === 'paying' && (
          <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
            <Spinner className="h-4 w-4 text-indigo-600" />
            {t('payment.redirecting')}
          </p>
        )}

        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
          <Button variant="secondary" onClick={onClose} disabled={!closable}>
            {t('common.cancel')}
          </Button>
          {estimate && creditsCover(estimate) && (
            <Button variant="secondary" onClick={() => void pay('credits')} disabled={state.phase !== 'ready'}>
              {state.phase === 'paying' && state.method === 'credits' && <Spinner />}
              {t('payment.payWithCredits', { balance: money(estimate.credit_balance_cents) })}
            </Button>
          )}
          {estimate && (
            <Button onClick={() => void pay('card')} disabled={state.phase !== 'ready'}>
              {state.phase === 'paying' && state.method === 'card' && <Spinner />}
              {t('payment.pay', { amount: money(estimate.total_cost_cents) })}
            </Button>
          )}
        </div>
      </div>
    </Modal>
  );
}
