// The payment-success page (document 2, "Payment-success page"): reads session_id from the
// address, checks GET /api/billing/status/{id} every 2000 ms, at most 5 times. Paid: 'Payment
// Successful!' with the next steps (a video: being generated, an email when ready, downloads in
// the project dashboard; a plan, add-on or credits: what is now active), the signed-in user
// refreshed so the plan shows at once, and a redirect to /dashboard after 5000 ms. Anything else:
// 'Payment Error' with the message and 'Return to Dashboard'.
import { useEffect, useState } from 'react';
import type { MetaFunction } from '@remix-run/node';
import { Link, useNavigate, useSearchParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ADD_ON_IDS, type AddOnId } from '@trainwright/catalogue';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { CheckIcon, WarningIcon } from '~/components/icons';
import { Button, Card, Spinner, buttonClass } from '~/components/ui';
import { useHydrated } from '~/lib/server-data';
import { useSignedInUser } from '~/lib/auth';
import {
  SUCCESS_REDIRECT_MS,
  billingApi,
  formatCents,
  pollOutcomeMessage,
  pollPaymentStatus,
  type BillingSubscription,
  type PaymentStatus,
  type PollOutcome,
} from '~/lib/billing';
import { formatList, planName } from '~/lib/format';

export const meta: MetaFunction = () => [{ title: 'Payment · Trainwright' }];

type View =
  | { state: 'noSession' }
  | { state: 'processing' }
  | { state: 'paid'; status: PaymentStatus }
  | { state: 'error'; message: string };

const isAddOnId = (value: string): value is AddOnId => (ADD_ON_IDS as readonly string[]).includes(value);

export default function BillingSuccess() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const ready = useHydrated();
  const { refreshUser } = useSignedInUser();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id')?.trim() ?? '';
  const [view, setView] = useState<View>(sessionId ? { state: 'processing' } : { state: 'noSession' });
  const [subscription, setSubscription] = useState<BillingSubscription | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(Math.round(SUCCESS_REDIRECT_MS / 1000));

  useEffect(() => {
    if (!sessionId) {
      setView({ state: 'noSession' });
      return;
    }
    setView({ state: 'processing' });
    const controller = new AbortController();
    pollPaymentStatus({ check: (signal) => billingApi.status(sessionId, signal), signal: controller.signal })
      .then(async (outcome) => {
        if (controller.signal.aborted) return;
        if (outcome.kind === 'paid') {
          // The new plan, add-on or credits: shown at once, here (what changed) and in the top bar.
          const [current] = await Promise.all([
            billingApi.subscription(controller.signal).catch(() => null),
            refreshUser().catch(() => undefined),
          ]);
          if (controller.signal.aborted) return;
          setSubscription(current);
          setView({ state: 'paid', status: outcome.status });
        } else {
          setView({ state: 'error', message: pollOutcomeMessage(outcome, t) });
        }
      })
      .catch(() => undefined); // aborted: the page was left
    return () => controller.abort();
    // `t` changes with the language; the check must not restart for that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionId, refreshUser]);

  const paid = view.state === 'paid';
  useEffect(() => {
    if (!paid) return;
    const started = Date.now();
    const tick = window.setInterval(() => {
      setSecondsLeft(Math.max(0, Math.ceil((SUCCESS_REDIRECT_MS - (Date.now() - started)) / 1000)));
    }, 250);
    const timer = window.setTimeout(() => navigate('/dashboard'), SUCCESS_REDIRECT_MS);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(timer);
    };
  }, [paid, navigate]);

  const dashboardButton = (
    <Button disabled={!ready} onClick={() => navigate('/dashboard')}>
      {t('billingSuccess.returnToDashboard')}
    </Button>
  );

  let content;
  if (view.state === 'processing') {
    content = (
      <div role="status" className="text-center">
        <Spinner className="mx-auto h-10 w-10 text-indigo-600" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('billingSuccess.processing')}</h1>
        <p className="mt-2 text-sm text-slate-600">{t('billingSuccess.processingText')}</p>
      </div>
    );
  } else if (view.state === 'paid') {
    const purpose = view.status.purpose;
    const addOns = (subscription?.add_ons ?? []).filter(isAddOnId);
    const steps =
      purpose === 'video'
        ? [t('billingSuccess.videoGenerating'), t('billingSuccess.videoCard'), t('billingSuccess.videoDownloads')]
        : purpose === 'credits'
          ? [subscription ? t('billingSuccess.creditsActive', { amount: formatCents(subscription.credit_balance_cents, i18n.language) }) : t('billingSuccess.changesApplied')]
          : subscription
            ? [
                t('billingSuccess.planActive', { plan: planName(t, subscription.tier) }),
                ...(subscription.interval ? [subscription.interval === 'year' ? t('billing.billedYearly') : t('billing.billedMonthly')] : []),
                ...(addOns.length > 0
                  ? [t('billingSuccess.addOnsActive', { names: formatList(addOns.map((id) => t(`addOns.${id}`)), i18n.language) })]
                  : []),
              ]
            : [t('billingSuccess.changesApplied')];
    content = (
      <div className="text-center">
        <div className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-green-50 text-green-600">
          <CheckIcon className="h-6 w-6" />
        </div>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('billingSuccess.success')}</h1>
        <div className="mt-6 rounded-lg bg-slate-50 p-4 text-left">
          <h2 className="text-sm font-semibold text-slate-900">{t('billingSuccess.nextSteps')}</h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700" data-testid="next-steps">
            {steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
        </div>
        <p className="mt-4 text-sm text-slate-600" role="status">
          {t('billingSuccess.redirecting', { count: secondsLeft })}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          {dashboardButton}
          {purpose !== 'video' && (
            <Link to="/billing" className={buttonClass('secondary')}>
              {t('billingSuccess.viewBilling')}
            </Link>
          )}
        </div>
      </div>
    );
  } else {
    const message = view.state === 'noSession' ? t('billingSuccess.noSession') : view.message;
    content = (
      <div className="text-center">
        <div className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-red-50 text-red-600">
          <WarningIcon className="h-6 w-6" />
        </div>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('billingSuccess.error')}</h1>
        <p role="alert" className="mt-2 text-sm text-red-700" data-testid="payment-error">
          {message}
        </p>
        <div className="mt-6 flex justify-center">{dashboardButton}</div>
      </div>
    );
  }

  return (
    <div className="mx-auto mt-8 max-w-lg">
      <Card className="px-8 py-10">{content}</Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
