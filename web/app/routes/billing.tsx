// Billing: the current plan (interval, status, renewal, a cancellation or a scheduled downgrade,
// a failed payment's grace period), usage against the plan's limits, the plans with a Monthly /
// Annual toggle (upgrade goes to checkout, downgrade is scheduled for the period's end), add-ons,
// video credit packs, payments and invoices, and 'Manage Billing' (the provider's portal). With
// the local provider the page says plainly that checkouts are test checkouts and no money moves.
// The loader reads the four sections; every change is the action's (billing-action.server.ts,
// one `intent` each, posted with useFetcher), after which Remix reads the loader again.
import { useEffect, useState } from 'react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useFetcher, useLoaderData, useLocation, type ShouldRevalidateFunction } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ADD_ON_IDS, TIER_IDS, TIERS, type AddOnId } from '@trainwright/catalogue';
import { AddOnCard } from '~/components/billing/AddOnCard';
import { ConfirmDialog, type Confirm } from '~/components/billing/ConfirmDialog';
import { CreditsSection } from '~/components/billing/CreditsSection';
import { CurrentPlan } from '~/components/billing/CurrentPlan';
import { PaymentsTable } from '~/components/billing/PaymentsTable';
import { IntervalToggle, PlanAction, PlanPrice } from '~/components/billing/Plans';
import { UsageSection } from '~/components/billing/UsageSection';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { TierCard } from '~/components/TierCard';
import { TrialBanner } from '~/components/TrialBanner';
import { Button, Card, ErrorBox, PageHeader, Spinner, SuccessBox } from '~/components/ui';
import { billingAction } from '~/billing-action.server';
import { gateway } from '~/gateway.server';
import { ApiError } from '~/lib/api';
import { failureError } from '~/lib/action-failure';
import { useSignedInUser } from '~/lib/auth';
import {
  goTo,
  isAddOnId,
  isBillingInterval,
  originUrl,
  type BillingInterval,
  type BillingSubscription,
  type PaidTierId,
  type PaymentsResponse,
  type UsageResponse,
} from '~/lib/billing';
import { busyKeyOf, changesNothing, failureKeyOf, type BillingAnswer, type BillingRequest } from '~/lib/billing-intents';
import { errorText } from '~/lib/errors';
import { formatDate, planName, tierOf } from '~/lib/format';
import { useActionAnswer, useDisplayTimeZone, useHydrated, useLoaderState } from '~/lib/server-data';
import type { TrialStatusResponse } from '~/lib/types';

export const meta: MetaFunction = () => [{ title: 'Billing · Trainwright' }];

type BillingData = {
  trial: TrialStatusResponse;
  subscription: BillingSubscription;
  usage: UsageResponse;
  payments: PaymentsResponse;
};

export const loader = (args: LoaderFunctionArgs) =>
  gateway.load<BillingData>(args, {
    trial: '/api/trial-status',
    subscription: '/api/billing/subscription',
    usage: '/api/billing/usage',
    payments: '/api/billing/payments',
  });

export const action = (args: ActionFunctionArgs) => billingAction(args);

// A preview, the portal's address or a refusal changed nothing: no need to read the page again.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  changesNothing(actionResult as BillingAnswer | undefined) ? false : defaultShouldRevalidate;

/** What /billing may be opened with: the sign-up's failed checkout start (AuthScreen). */
export interface BillingLocationState {
  signupUpgradeError?: { plan: string; message: string };
}

/** What a section shows when the loader could not read it. */
const NOT_LOADED = new ApiError(503, 'UNAVAILABLE');

type Notice = { tone: 'success' | 'error'; text: string } | null;

export default function Billing() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { user, setUser, refreshUser } = useSignedInUser();
  const location = useLocation();
  const ready = useHydrated();
  const timeZone = useDisplayTimeZone();
  const { data: loaded, settled, reload } = useLoaderState(useLoaderData<typeof loader>());
  const failedToLoad = (value: unknown) => (settled && value === null ? NOT_LOADED : null);

  const subscription = loaded.subscription;
  const tier = tierOf(subscription?.tier ?? user.subscription?.tier);
  const onTrial = tier.period === 'trial';
  const currentInterval: BillingInterval = subscription && isBillingInterval(subscription.interval) ? subscription.interval : 'month';
  const [interval, setBillingInterval] = useState<BillingInterval>(currentInterval);
  useEffect(() => setBillingInterval(currentInterval), [currentInterval]);

  // One request at a time: `busy` names the control whose request runs; all others wait.
  const fetcher = useFetcher<BillingAnswer>();
  const running = fetcher.state !== 'idle' ? (fetcher.json as BillingRequest | undefined) : undefined;
  const busy = running ? busyKeyOf(running) : null;
  const [redirecting, setRedirecting] = useState(false);
  const [notice, setNotice] = useState<Notice>(() => {
    const state = location.state as BillingLocationState | null;
    const failed = state?.signupUpgradeError;
    return failed ? { tone: 'error', text: t('billing.signupUpgradeFailed', failed) } : null;
  });
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const disabled = !ready || busy !== null || redirecting;

  const date = (iso: string | null | undefined) => formatDate(iso, lang, timeZone);
  const periodEnd = date(subscription?.current_period_end);

  /** Posts one change to the action, unless one is running already (no double submit). */
  const send = (request: BillingRequest) => {
    if (fetcher.state !== 'idle' || redirecting) return;
    setNotice(null);
    fetcher.submit(request as never, { method: 'post', encType: 'application/json' });
  };

  /** Leaves for a checkout or the portal: the page stays busy until the browser has left. */
  const leaveFor = (url: string) => {
    setRedirecting(true);
    goTo(url);
  };

  // The action's answer, once: a charge to confirm, a change made (the loader has been read
  // again), somewhere to go, or the server's refusal.
  useActionAnswer(fetcher, (answer) => {
    if (!answer.request) return;
    const { request } = answer;
    switch (answer.kind) {
      case 'confirm':
        if (request.intent === 'upgrade' || request.intent === 'change-plan') {
          setConfirm({ kind: 'upgrade', tier: request.tier, interval: request.interval, charge: answer.charge, ...(answer.changed ? { changed: true } : {}) });
        } else if (request.intent === 'preview-add-on' || request.intent === 'buy-add-on') {
          setConfirm({ kind: 'addOn', addOn: request.add_on, charge: answer.charge, ...(answer.changed ? { changed: true } : {}) });
        }
        return;
      case 'changed': {
        setConfirm(null);
        if (answer.checkout.checkout_url) return leaveFor(answer.checkout.checkout_url);
        setUser(answer.checkout.user);
        const { scheduled_tier: scheduled, tier: now } = answer.checkout.subscription;
        if (request.intent === 'buy-add-on') setNotice({ tone: 'success', text: t('billing.addOnAdded', { name: t(`addOns.${request.add_on}`) }) });
        else setNotice({ tone: 'success', text: scheduled ? t('billing.downgradeScheduled', { plan: planName(t, scheduled) }) : t('billing.planChanged', { plan: planName(t, now) }) });
        return;
      }
      case 'subscription':
        setConfirm(null);
        void refreshUser().catch(() => undefined);
        if (request.intent === 'cancel-add-on') setNotice({ tone: 'success', text: t('billing.addOnCancelled', { name: t(`addOns.${request.add_on}`) }) });
        else if (request.intent === 'cancel') setNotice({ tone: 'success', text: request.cancel ? t('billing.cancelScheduled') : t('billing.resumed') });
        return;
      case 'credits':
        if (answer.checkout.checkout_url) return leaveFor(answer.checkout.checkout_url);
        setNotice({ tone: 'success', text: t('billing.creditsAdded') });
        return;
      case 'portal': {
        const target = new URL(answer.url, window.location.href);
        // The local provider's portal is this page itself.
        if (target.origin === window.location.origin && target.pathname === window.location.pathname) {
          setNotice({ tone: 'success', text: t('billing.portalHere') });
          return;
        }
        return leaveFor(target.href);
      }
      case 'failed': {
        const error = failureError(answer.failure);
        // A charge's dialog stays open on a refusal; a downgrade's or a cancellation's closes.
        if (request.intent === 'change-plan' && !request.confirmed) setConfirm(null);
        if (request.intent === 'cancel') setConfirm(null);
        setNotice({ tone: 'error', text: errorText(error, t, failureKeyOf(request.intent)) });
      }
    }
  });

  const startUpgrade = (target: PaidTierId, targetInterval: BillingInterval) => send({ intent: 'upgrade', tier: target, interval: targetInterval, origin_url: originUrl() });
  const buyAddOn = (id: AddOnId) => send({ intent: 'preview-add-on', add_on: id });
  const cancelAddOn = (id: AddOnId) => send({ intent: 'cancel-add-on', add_on: id });
  const setCancel = (cancel: boolean) => send({ intent: 'cancel', cancel });
  const buyCredits = (credits: number) => send({ intent: 'credits', credits, origin_url: originUrl() });
  const openPortal = () => send({ intent: 'portal', origin_url: originUrl() });

  const onConfirm = () => {
    if (!confirm) return;
    const { charge } = 'charge' in confirm ? confirm : { charge: null };
    const confirmed = charge ? { amount_cents: charge.amount_cents, proration_date: charge.proration_date } : undefined;
    if (confirm.kind === 'upgrade') send({ intent: 'change-plan', tier: confirm.tier, interval: confirm.interval, confirmed, origin_url: originUrl() });
    else if (confirm.kind === 'addOn' && confirmed) send({ intent: 'buy-add-on', add_on: confirm.addOn, confirmed, origin_url: originUrl() });
    else if (confirm.kind === 'downgrade') send({ intent: 'change-plan', tier: confirm.tier, interval, origin_url: originUrl() });
    else setCancel(true);
  };

  const isPaidPlan = !onTrial && subscription !== null && subscription.status !== 'canceled';
  const manageBilling = (
    <Button variant="secondary" onClick={openPortal} disabled={disabled}>
      {busy === 'portal' && <Spinner />}
      {busy === 'portal' ? t('billing.opening') : t('billing.manageBilling')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('billing.title')} subtitle={t('billing.subtitle')} actions={manageBilling} />

      <TrialBanner status={loaded.trial} />

      {subscription?.provider === 'local' && (
        <div role="note" data-testid="test-mode-notice" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <p className="font-semibold">{t('billing.testModeTitle')}</p>
          <p className="mt-1">{t('billing.testMode')}</p>
        </div>
      )}

      <div aria-live="polite" className="mb-6 empty:hidden">
        {redirecting ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
            <Spinner /> {t('billing.redirecting')}
          </p>
        ) : notice?.tone === 'success' ? (
          <SuccessBox>{notice.text}</SuccessBox>
        ) : notice?.tone === 'error' ? (
          <ErrorBox takeFocus>{notice.text}</ErrorBox>
        ) : null}
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="p-6 lg:col-span-1">
          <CurrentPlan
            subscription={subscription}
            error={failedToLoad(subscription)}
            onRetry={reload}
            tierId={tier.id}
            chosenAtSignUp={onTrial && user.subscription?.selectedTier ? tierOf(user.subscription.selectedTier).id : null}
            date={date}
            busy={busy}
            disabled={disabled}
            onResume={() => setCancel(false)}
            onCancel={() => setConfirm({ kind: 'cancel' })}
            canCancel={isPaidPlan && !subscription?.cancel_at_period_end}
          />
        </Card>
        <Card className="p-6 lg:col-span-2">
          <UsageSection usage={loaded.usage?.usage ?? null} error={failedToLoad(loaded.usage)} onRetry={reload} onTrial={onTrial} />
        </Card>
      </div>

      <section className="mt-10" aria-labelledby="plans-heading">
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="plans-heading" className="text-lg font-semibold text-slate-900">
              {t('billing.plansTitle')}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{t('billing.annualHint')}</p>
          </div>
          <IntervalToggle value={interval} onChange={setBillingInterval} />
        </div>
        <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
          {TIER_IDS.map((id) => {
            const candidate = TIERS[id];
            const paid = candidate.period !== 'trial';
            return (
              <TierCard
                key={id}
                tier={candidate}
                current={id === tier.id}
                highlight={id === tier.id ? undefined : candidate.popular ? 'popular' : undefined}
                price={paid ? <PlanPrice tierId={id} interval={interval} /> : undefined}
                action={
                  paid ? (
                    <PlanAction
                      target={id as PaidTierId}
                      current={tier.id}
                      currentInterval={onTrial ? null : currentInterval}
                      interval={interval}
                      scheduled={subscription?.scheduled_tier === id}
                      busy={busy === `plan:${id}`}
                      disabled={disabled || subscription === null}
                      onChange={(target, change) =>
                        change === 'downgrade' ? setConfirm({ kind: 'downgrade', tier: target }) : startUpgrade(target, interval)
                      }
                    />
                  ) : id === tier.id ? (
                    <Button variant="secondary" className="w-full" disabled>
                      {t('billing.currentPlanButton')}
                    </Button>
                  ) : undefined
                }
              />
            );
          })}
        </div>
      </section>

      <section className="mt-10" aria-labelledby="addons-heading">
        <h2 id="addons-heading" className="text-lg font-semibold text-slate-900">
          {t('billing.addOnsTitle')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('billing.addOnsText')}</p>
        <div className="mt-4 grid gap-4 md:grid-cols-3">
          {ADD_ON_IDS.map((id) => (
            <AddOnCard
              key={id}
              id={id}
              interval={onTrial ? 'month' : currentInterval}
              active={(subscription?.add_ons ?? user.subscription?.addOns ?? []).filter(isAddOnId).includes(id)}
              onTrial={onTrial}
              allowed={tier.addOns.includes(id)}
              busy={busy === `addon:${id}`}
              disabled={disabled || subscription === null}
              onBuy={() => buyAddOn(id)}
              onCancel={() => cancelAddOn(id)}
            />
          ))}
        </div>
      </section>

      <section className="mt-10" aria-labelledby="credits-heading">
        <Card className="p-6">
          <CreditsSection
            balanceCents={subscription?.credit_balance_cents ?? null}
            busy={busy === 'credits'}
            disabled={disabled}
            onBuy={buyCredits}
          />
        </Card>
      </section>

      <section className="mt-10" aria-labelledby="payments-heading">
        <h2 id="payments-heading" className="mb-4 text-lg font-semibold text-slate-900">
          {t('billing.paymentsTitle')}
        </h2>
        <PaymentsTable payments={loaded.payments?.payments ?? null} error={failedToLoad(loaded.payments)} onRetry={reload} date={date} />
      </section>

      {confirm && (
        <ConfirmDialog confirm={confirm} currentTier={tier.id} periodEnd={periodEnd} busy={busy !== null} onKeep={() => setConfirm(null)} onConfirm={onConfirm} />
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
