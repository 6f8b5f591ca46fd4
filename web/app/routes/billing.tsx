// Billing: the current plan (interval, status, renewal, a cancellation or a scheduled downgrade,
// a failed payment's grace period), usage against the plan's limits, the plans with a Monthly /
// Annual toggle (upgrade goes to checkout, downgrade is scheduled for the period's end), add-ons,
// video credit packs, payments and invoices, and 'Manage Billing' (the provider's portal). With
// the local provider the page says plainly that checkouts are test checkouts and no money moves.
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ADD_ON_IDS, ADD_ONS, TIER_IDS, TIERS, isUnlimited, type AddOnId, type TierId } from '@trainwright/catalogue';
import { Modal } from '~/components/Modal';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { TierCard } from '~/components/TierCard';
import { TrialBanner } from '~/components/TrialBanner';
import { Badge, Button, Card, ErrorBox, Field, PageHeader, Spinner, SuccessBox, cx, describedBy, inputClass } from '~/components/ui';
import { gateway } from '~/gateway.server';
import { get, isAbortError } from '~/lib/api';
import { useSignedInUser } from '~/lib/auth';
import {
  CREDIT_PRICE_CENTS,
  MAX_CREDITS,
  MIN_CREDITS,
  addOnPriceCents,
  annualSavingCents,
  billingApi,
  chargeAsShown,
  creditsTotalCents,
  formatBytesLocale,
  formatCents,
  goTo,
  isBillingInterval,
  parseCredits,
  paymentDescription,
  planChange,
  planPriceCents,
  upgradeCharge,
  usageLabel,
  usagePercent,
  type BillingInterval,
  type BillingSubscription,
  type ChargePreview,
  type CheckoutStart,
  type PaidTierId,
  type Payment,
  type PaymentsResponse,
  type PlanChangeConfirmation,
  type UsageItem,
  type UsageResponse,
} from '~/lib/billing';
import { errorText } from '~/lib/errors';
import { formatDate, formatList, planName, tierOf } from '~/lib/format';
import { useDisplayTimeZone, useHydrated, useSeededLoad, useServerData } from '~/lib/server-data';
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

/** What /billing may be opened with: the sign-up's failed checkout start (AuthScreen). */
export interface BillingLocationState {
  signupUpgradeError?: { plan: string; message: string };
}

function isAddOnId(value: string): value is AddOnId {
  return (ADD_ON_IDS as readonly string[]).includes(value);
}

/** A section's data: seeded by the loader, else loaded after hydration, with its own error. */
function useSection<T>(initial: T | null, load: (signal?: AbortSignal) => Promise<T>) {
  const [data, setData] = useState<T | null>(initial);
  const [error, setError] = useState<unknown>(null);
  const loadRef = useRef(load);
  loadRef.current = load;

  const reload = useCallback(async (signal?: AbortSignal) => {
    setError(null);
    try {
      const result = await loadRef.current(signal);
      if (!signal?.aborted) setData(result);
    } catch (err) {
      if (!signal?.aborted && !isAbortError(err)) setError(err);
    }
  }, []);

  useSeededLoad(reload, initial !== null);

  return { data, setData, error, reload };
}

type Notice = { tone: 'success' | 'error'; text: string } | null;
type Confirm =
  | { kind: 'downgrade'; tier: PaidTierId }
  | { kind: 'cancel' }
  // An upgrade of a paid plan and an add-on are charged at once: the amount their preview showed,
  // confirmed first (`changed`: the server refused the amount shown before, this is the new one).
  | { kind: 'upgrade'; tier: PaidTierId; interval: BillingInterval; charge: ChargePreview; changed?: boolean }
  | { kind: 'addOn'; addOn: AddOnId; charge: ChargePreview; changed?: boolean }
  | null;
type ChargeConfirm = Extract<Confirm, { charge: ChargePreview }>;

export default function Billing() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { user, setUser, refreshUser } = useSignedInUser();
  const location = useLocation();
  const ready = useHydrated();
  const timeZone = useDisplayTimeZone();
  const loaded = useLoaderData<typeof loader>();
  const trial = useSection(useServerData(loaded.trial), (signal) => get<TrialStatusResponse>('/trial-status', signal));
  const sub = useSection(useServerData(loaded.subscription), billingApi.subscription);
  const usage = useSection(useServerData(loaded.usage), billingApi.usage);
  const payments = useSection(useServerData(loaded.payments), billingApi.payments);

  const subscription = sub.data;
  const tier = tierOf(subscription?.tier ?? user.subscription?.tier);
  const onTrial = tier.period === 'trial';
  const currentInterval: BillingInterval = subscription && isBillingInterval(subscription.interval) ? subscription.interval : 'month';
  const [interval, setBillingInterval] = useState<BillingInterval>(currentInterval);
  useEffect(() => setBillingInterval(currentInterval), [currentInterval]);

  // One request at a time: `busy` names the control whose request runs; all others wait.
  const [busy, setBusy] = useState<string | null>(null);
  const busyRef = useRef(false);
  const [redirecting, setRedirecting] = useState(false);
  const [notice, setNotice] = useState<Notice>(() => {
    const state = location.state as BillingLocationState | null;
    const failed = state?.signupUpgradeError;
    return failed ? { tone: 'error', text: t('billing.signupUpgradeFailed', failed) } : null;
  });
  const [confirm, setConfirm] = useState<Confirm>(null);
  const disabled = !ready || busy !== null;

  const date = (iso: string | null | undefined) => formatDate(iso, lang, timeZone);
  const periodEnd = date(subscription?.current_period_end);

  /** Runs one billing request, unless one is running already (no double submit). */
  const run = async (key: string, action: () => Promise<void>, fallbackKey: string) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(key);
    setNotice(null);
    try {
      await action();
    } catch (err) {
      if (err === LEAVING) return; // stays busy until the browser has left
      setNotice({ tone: 'error', text: errorText(err, t, fallbackKey) });
    }
    busyRef.current = false;
    setBusy(null);
  };

  /** Goes to a checkout: the page stays busy until the browser leaves. */
  const leaveFor = (url: string): never => {
    setRedirecting(true);
    goTo(url);
    throw LEAVING;
  };

  const applyChange = (result: CheckoutStart) => {
    if (result.checkout_url) leaveFor(result.checkout_url);
    sub.setData(result.subscription);
    setUser(result.user);
    void usage.reload();
    void payments.reload();
  };

  const makeChange = async (target: PaidTierId, targetInterval: BillingInterval, confirmed?: PlanChangeConfirmation) => {
    const result = await billingApi.upgrade(target, targetInterval, confirmed);
    applyChange(result);
    const scheduled = result.subscription.scheduled_tier;
    setNotice({
      tone: 'success',
      text: scheduled
        ? t('billing.downgradeScheduled', { plan: planName(t, scheduled) })
        : t('billing.planChanged', { plan: planName(t, result.subscription.tier) }),
    });
  };

  const changePlan = (target: PaidTierId, targetInterval: BillingInterval, confirmed?: PlanChangeConfirmation) =>
    run(`plan:${target}`, () => makeChange(target, targetInterval, confirmed), 'billing.changeFailed');

  /**
   * An upgrade asks the server what it charges first: on a paid plan (charged at once, prorated)
   * the amount is shown for confirmation; from the trial the checkout page shows it and asks.
   */
  const startUpgrade = (target: PaidTierId, targetInterval: BillingInterval) =>
    run(
      `plan:${target}`,
      async () => {
        const charge = upgradeCharge(await billingApi.previewPlanChange(target, targetInterval));
        if (charge) {
          setConfirm({ kind: 'upgrade', tier: target, interval: targetInterval, charge });
          return;
        }
        await makeChange(target, targetInterval);
      },
      'billing.changeFailed',
    );

  /** An add-on is charged at once (prorated): its preview's amount is shown for confirmation first. */
  const buyAddOn = (id: AddOnId) =>
    run(
      `addon:${id}`,
      async () => {
        setConfirm({ kind: 'addOn', addOn: id, charge: await billingApi.previewAddOn(id) });
      },
      'billing.addOnFailed',
    );

  const cancelAddOn = (id: AddOnId) =>
    run(
      `addon:${id}`,
      async () => {
        sub.setData(await billingApi.cancelAddOn(id));
        void refreshUser().catch(() => undefined);
        setNotice({ tone: 'success', text: t('billing.addOnCancelled', { name: t(`addOns.${id}`) }) });
      },
      'billing.addOnFailed',
    );

  const setCancel = (cancel: boolean) =>
    run(
      cancel ? 'cancel' : 'resume',
      async () => {
        sub.setData(await billingApi.setCancelAtPeriodEnd(cancel));
        void refreshUser().catch(() => undefined);
        setNotice({ tone: 'success', text: cancel ? t('billing.cancelScheduled') : t('billing.resumed') });
      },
      'billing.changeFailed',
    );

  const buyCredits = (credits: number) =>
    run(
      'credits',
      async () => {
        const result = await billingApi.buyCredits(credits);
        if (result.checkout_url) leaveFor(result.checkout_url);
        await sub.reload();
        setNotice({ tone: 'success', text: t('billing.creditsAdded') });
      },
      'billing.creditsFailed',
    );

  const openPortal = () =>
    run(
      'portal',
      async () => {
        const { url } = await billingApi.portal();
        const target = new URL(url, window.location.href);
        // The local provider's portal is this page itself.
        if (target.origin === window.location.origin && target.pathname === window.location.pathname) {
          setNotice({ tone: 'success', text: t('billing.portalHere') });
          return;
        }
        leaveFor(target.href);
      },
      'billing.portalFailed',
    );

  /**
   * The confirmed charge (an upgrade or an add-on). When the server answers that the amount is no
   * longer the one shown (409, nothing charged), the dialog shows the new amount to confirm.
   */
  const confirmCharge = (shown: ChargeConfirm) =>
    run(
      shown.kind === 'upgrade' ? `plan:${shown.tier}` : `addon:${shown.addOn}`,
      async () => {
        const outcome =
          shown.kind === 'upgrade'
            ? await chargeAsShown(
                shown.charge,
                (confirmed) => makeChange(shown.tier, shown.interval, confirmed),
                async () => upgradeCharge(await billingApi.previewPlanChange(shown.tier, shown.interval)),
              )
            : await chargeAsShown(
                shown.charge,
                async (confirmed) => {
                  applyChange(await billingApi.buyAddOn(shown.addOn, confirmed));
                  setNotice({ tone: 'success', text: t('billing.addOnAdded', { name: t(`addOns.${shown.addOn}`) }) });
                },
                () => billingApi.previewAddOn(shown.addOn),
              );
        setConfirm(outcome.kind === 'charged' ? null : { ...shown, charge: outcome.preview, changed: true });
      },
      shown.kind === 'upgrade' ? 'billing.changeFailed' : 'billing.addOnFailed',
    );

  const onConfirm = async () => {
    const current = confirm;
    if (!current) return;
    if (current.kind === 'upgrade' || current.kind === 'addOn') return confirmCharge(current);
    if (current.kind === 'downgrade') await changePlan(current.tier, interval);
    else await setCancel(true);
    setConfirm(null);
  };

  /** The confirmation dialog's texts; a charge names its amount in the title's text and on its button. */
  const dialogOf = (c: NonNullable<Confirm>): { title: string; text: string; keep: string; confirm: string; testId?: string } => {
    switch (c.kind) {
      case 'upgrade': {
        const amount = formatCents(c.charge.amount_cents, lang, c.charge.currency);
        const plan = planName(t, c.tier);
        return {
          title: t('billing.upgradeTitle', { plan }),
          text: t('billing.upgradeText', { amount, plan }),
          keep: t('billing.keepPlan'),
          confirm: t('billing.confirmUpgrade', { amount }),
          testId: 'upgrade-charge',
        };
      }
      case 'addOn': {
        const amount = formatCents(c.charge.amount_cents, lang, c.charge.currency);
        const name = t(`addOns.${c.addOn}`);
        return {
          title: t('billing.addOnTitle', { name }),
          text: t('billing.addOnText', { amount, name }),
          keep: t('common.cancel'),
          confirm: t('billing.confirmAddOn', { amount }),
          testId: 'addon-charge',
        };
      }
      case 'downgrade':
        return {
          title: t('billing.downgradeTitle', { plan: planName(t, c.tier) }),
          text: periodEnd
            ? t('billing.downgradeText', { date: periodEnd, current: planName(t, tier.id) })
            : t('billing.downgradeTextNoDate', { current: planName(t, tier.id) }),
          keep: t('billing.keepPlan'),
          confirm: t('billing.confirmDowngrade'),
        };
      case 'cancel':
        return {
          title: t('billing.cancelTitle'),
          text: periodEnd ? t('billing.cancelText', { date: periodEnd, plan: planName(t, tier.id) }) : t('billing.cancelTextNoDate', { plan: planName(t, tier.id) }),
          keep: t('billing.keepSubscription'),
          confirm: t('billing.confirmCancel'),
        };
    }
  };
  const dialog = confirm ? dialogOf(confirm) : null;

  const isPaidPlan = !onTrial && subscription !== null && subscription.status !== 'canceled';
  const manageBilling = (
    <Button variant="secondary" onClick={() => void openPortal()} disabled={disabled}>
      {busy === 'portal' && <Spinner />}
      {busy === 'portal' ? t('billing.opening') : t('billing.manageBilling')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('billing.title')} subtitle={t('billing.subtitle')} actions={manageBilling} />

      <TrialBanner status={trial.data} />

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
            error={sub.error}
            onRetry={() => void sub.reload()}
            tierId={tier.id}
            chosenAtSignUp={onTrial && user.subscription?.selectedTier ? tierOf(user.subscription.selectedTier).id : null}
            date={date}
            busy={busy}
            disabled={disabled}
            onResume={() => void setCancel(false)}
            onCancel={() => setConfirm({ kind: 'cancel' })}
            canCancel={isPaidPlan && !subscription?.cancel_at_period_end}
          />
        </Card>
        <Card className="p-6 lg:col-span-2">
          <UsageSection usage={usage.data?.usage ?? null} error={usage.error} onRetry={() => void usage.reload()} onTrial={onTrial} />
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
                        change === 'downgrade' ? setConfirm({ kind: 'downgrade', tier: target }) : void startUpgrade(target, interval)
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
              onBuy={() => void buyAddOn(id)}
              onCancel={() => void cancelAddOn(id)}
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
            onBuy={(n) => void buyCredits(n)}
          />
        </Card>
      </section>

      <section className="mt-10" aria-labelledby="payments-heading">
        <h2 id="payments-heading" className="mb-4 text-lg font-semibold text-slate-900">
          {t('billing.paymentsTitle')}
        </h2>
        <PaymentsTable payments={payments.data?.payments ?? null} error={payments.error} onRetry={() => void payments.reload()} date={date} />
      </section>

      {confirm && dialog && (
        <Modal open onClose={() => busy === null && setConfirm(null)} title={dialog.title}>
          <div className="space-y-4">
            {'changed' in confirm && confirm.changed && (
              <p role="alert" className="text-sm font-medium text-amber-800">
                {t('billing.upgradeAmountChanged')}
              </p>
            )}
            <p className="text-sm text-slate-700" data-testid={dialog.testId}>
              {dialog.text}
            </p>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onClick={() => setConfirm(null)} disabled={busy !== null}>
                {dialog.keep}
              </Button>
              <Button variant={'charge' in confirm ? 'primary' : 'danger'} onClick={() => void onConfirm()} disabled={busy !== null}>
                {busy !== null && <Spinner />}
                {dialog.confirm}
              </Button>
            </div>
          </div>
        </Modal>
      )}
    </>
  );
}

/** Thrown by leaveFor: the browser is on its way to a checkout, nothing more to do here. */
const LEAVING = Symbol('leaving');

function statusTone(status: BillingSubscription['status']): 'green' | 'amber' | 'slate' | 'indigo' {
  if (status === 'active') return 'green';
  if (status === 'trialing') return 'indigo';
  if (status === 'past_due' || status === 'incomplete') return 'amber';
  return 'slate';
}

function CurrentPlan({
  subscription,
  error,
  onRetry,
  tierId,
  chosenAtSignUp,
  date,
  busy,
  disabled,
  onResume,
  onCancel,
  canCancel,
}: {
  subscription: BillingSubscription | null;
  error: unknown;
  onRetry: () => void;
  tierId: TierId;
  chosenAtSignUp: TierId | null;
  date: (iso: string | null | undefined) => string;
  busy: string | null;
  disabled: boolean;
  onResume: () => void;
  onCancel: () => void;
  canCancel: boolean;
}) {
  const { t, i18n } = useTranslation();
  const heading = (
    <>
      <h2 className="text-sm font-medium text-slate-600">{t('billing.currentPlan')}</h2>
      <p className="mt-1 text-2xl font-semibold text-slate-900" data-testid="current-plan">
        {planName(t, tierId)}
      </p>
    </>
  );
  if (!subscription) {
    return (
      <>
        {heading}
        <div className="mt-4">
          {error != null ? (
            <ErrorBox onRetry={onRetry} retryLabel={t('common.retry')}>
              {t('billing.loadFailed')} {errorText(error, t)}
            </ErrorBox>
          ) : (
            <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
              <Spinner /> {t('common.loading')}
            </p>
          )}
        </div>
      </>
    );
  }
  const end = date(subscription.current_period_end);
  const addOns = subscription.add_ons.filter(isAddOnId);
  const trial = tierOf(subscription.tier).period === 'trial';
  return (
    <>
      {heading}
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <span className="sr-only">{t('billing.statusLabel')}:</span>
        <Badge tone={statusTone(subscription.status)}>{t(`billing.status.${subscription.status}`, { defaultValue: subscription.status })}</Badge>
        {!trial && subscription.interval && (
          <span>{subscription.interval === 'year' ? t('billing.billedYearly') : t('billing.billedMonthly')}</span>
        )}
      </div>
      <div className="mt-3 space-y-2 text-sm text-slate-700">
        {trial && chosenAtSignUp && chosenAtSignUp !== tierId && <p>{t('billing.chosenAtSignUp', { plan: planName(t, chosenAtSignUp) })}</p>}
        {!trial && subscription.cancel_at_period_end ? (
          <div className="rounded-md bg-amber-50 p-3 text-amber-900" data-testid="cancels-at-period-end">
            <p>{end ? t('billing.cancelsOn', { date: end }) : t('billing.cancelsAtPeriodEnd')}</p>
            <Button size="sm" className="mt-2" onClick={onResume} disabled={disabled}>
              {busy === 'resume' && <Spinner className="h-3 w-3" />}
              {t('billing.resume')}
            </Button>
          </div>
        ) : (
          !trial && end && subscription.status === 'active' && <p>{t('billing.renewsOn', { date: end })}</p>
        )}
        {subscription.scheduled_tier && (
          <p className="rounded-md bg-indigo-50 p-3 text-indigo-900" data-testid="scheduled-change">
            {end
              ? t('billing.scheduledChange', { plan: planName(t, subscription.scheduled_tier), date: end })
              : t('billing.scheduledChangeNoDate', { plan: planName(t, subscription.scheduled_tier) })}
          </p>
        )}
        {subscription.status === 'past_due' && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800" data-testid="past-due">
            {date(subscription.grace_ends_at)
              ? t('billing.pastDue', { date: date(subscription.grace_ends_at) })
              : t('billing.pastDueNoDate')}
          </p>
        )}
        {subscription.effective_tier && tierOf(subscription.effective_tier).id !== tierOf(subscription.tier).id && (
          <p>{t('billing.effectiveTier', { plan: planName(t, subscription.effective_tier) })}</p>
        )}
        <p>
          {addOns.length > 0
            ? t('billing.activeAddOns', { names: formatList(addOns.map((id) => t(`addOns.${id}`)), i18n.language) })
            : t('billing.noAddOns')}
        </p>
        <p>
          {t('billing.creditBalance')}: <span className="font-medium text-slate-900">{formatCents(subscription.credit_balance_cents, i18n.language)}</span>
        </p>
      </div>
      {canCancel && (
        <Button variant="ghost" size="sm" className="mt-4" onClick={onCancel} disabled={disabled}>
          {busy === 'cancel' && <Spinner className="h-3 w-3" />}
          {t('billing.cancelSubscription')}
        </Button>
      )}
    </>
  );
}

function usageValue(item: UsageItem, value: number, language: string): string {
  if (item.key === 'storage') return formatBytesLocale(value, language);
  return new Intl.NumberFormat(language).format(value);
}

function UsageSection({ usage, error, onRetry, onTrial }: { usage: UsageItem[] | null; error: unknown; onRetry: () => void; onTrial: boolean }) {
  const { t, i18n } = useTranslation();
  let body: ReactNode;
  if (!usage) {
    body =
      error != null ? (
        <ErrorBox onRetry={onRetry} retryLabel={t('common.retry')}>
          {t('billing.usageFailed')} {errorText(error, t)}
        </ErrorBox>
      ) : (
        <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
          <Spinner /> {t('common.loading')}
        </p>
      );
  } else if (usage.length === 0) {
    body = <p className="text-sm text-slate-600">{t('billing.usageEmpty')}</p>;
  } else {
    body = (
      <ul className="space-y-4">
        {usage.map((item) => {
          const { name, note } = usageLabel(t, item.key, onTrial);
          const unlimited = isUnlimited(item.limit);
          const percent = usagePercent(item.used, item.limit);
          const text = t('common.usage', {
            current: usageValue(item, item.used, i18n.language),
            limit: unlimited ? t('common.unlimited') : usageValue(item, item.limit, i18n.language),
          });
          return (
            <li key={item.key} data-usage={item.key}>
              <div className="flex justify-between gap-4 text-sm">
                <span className="font-medium text-slate-700">{name}</span>
                <span className="text-slate-600">{text}</span>
              </div>
              <div
                role="progressbar"
                aria-label={t('billing.usageLabel', { name })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={unlimited ? undefined : Math.round(percent)}
                aria-valuetext={text}
                className="mt-1 h-2 w-full overflow-hidden rounded-full bg-slate-100"
              >
                <div
                  className={cx('h-full rounded-full', percent >= 100 ? 'bg-red-500' : percent >= 80 ? 'bg-amber-500' : 'bg-indigo-500')}
                  style={{ width: `${unlimited ? 0 : percent}%` }}
                />
              </div>
              {note && (
                <p className="mt-1 text-xs text-slate-500" data-testid={`usage-note-${item.key}`}>
                  {note}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <>
      <h2 className="mb-4 text-base font-semibold text-slate-900">{t('billing.usageTitle')}</h2>
      {body}
    </>
  );
}

function IntervalToggle({ value, onChange }: { value: BillingInterval; onChange: (value: BillingInterval) => void }) {
  const { t } = useTranslation();
  const options: { key: BillingInterval; label: string }[] = [
    { key: 'month', label: t('billing.monthly') },
    { key: 'year', label: t('billing.annual') },
  ];
  return (
    <div role="group" aria-label={t('billing.intervalLabel')} className="inline-flex rounded-lg bg-slate-100 p-1">
      {options.map((option) => (
        <button
          key={option.key}
          type="button"
          aria-pressed={value === option.key}
          onClick={() => onChange(option.key)}
          className={cx(
            'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600',
            value === option.key ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

function PlanPrice({ tierId, interval }: { tierId: TierId; interval: BillingInterval }) {
  const { t, i18n } = useTranslation();
  const monthly = planPriceCents(tierId, 'month');
  if (interval === 'month') {
    return (
      <p className="flex items-baseline gap-1">
        <span className="text-3xl font-bold tracking-tight text-slate-900">{formatCents(monthly, i18n.language)}</span>
        <span className="text-sm text-slate-600">{t('billing.perMonth')}</span>
      </p>
    );
  }
  return (
    <div>
      <p className="flex items-baseline gap-1">
        <span className="text-3xl font-bold tracking-tight text-slate-900">{formatCents(planPriceCents(tierId, 'year'), i18n.language)}</span>
        <span className="text-sm text-slate-600">{t('billing.perYear')}</span>
      </p>
      <p className="mt-1 text-sm font-medium text-emerald-700">
        {t('billing.yearlySaving', { amount: formatCents(annualSavingCents(tierId), i18n.language) })}
      </p>
    </div>
  );
}

function PlanAction({
  target,
  current,
  currentInterval,
  interval,
  scheduled,
  busy,
  disabled,
  onChange,
}: {
  target: PaidTierId;
  current: TierId;
  /** null on the trial (no paid interval yet). */
  currentInterval: BillingInterval | null;
  interval: BillingInterval;
  scheduled: boolean;
  busy: boolean;
  disabled: boolean;
  onChange: (target: PaidTierId, change: 'upgrade' | 'downgrade') => void;
}) {
  const { t } = useTranslation();
  const change = planChange(current, target);
  if (change === 'current' && (currentInterval === null || currentInterval === interval)) {
    return (
      <Button variant="secondary" className="w-full" disabled>
        {t('billing.currentPlanButton')}
      </Button>
    );
  }
  // The same plan on the other billing period counts as an upgrade (it goes to checkout).
  const kind = change === 'downgrade' ? 'downgrade' : 'upgrade';
  const label =
    change === 'current'
      ? interval === 'year'
        ? t('billing.switchToYear')
        : t('billing.switchToMonth')
      : kind === 'upgrade'
        ? t('billing.upgrade')
        : t('billing.downgrade');
  return (
    <Button
      variant={kind === 'upgrade' ? 'primary' : 'secondary'}
      className="w-full"
      disabled={disabled || scheduled}
      onClick={() => onChange(target, kind)}
    >
      {busy && <Spinner />}
      {label}
    </Button>
  );
}

function AddOnCard({
  id,
  interval,
  active,
  onTrial,
  allowed,
  busy,
  disabled,
  onBuy,
  onCancel,
}: {
  id: AddOnId;
  interval: BillingInterval;
  active: boolean;
  onTrial: boolean;
  allowed: boolean;
  busy: boolean;
  disabled: boolean;
  onBuy: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const hintId = useId();
  const addOn = ADD_ONS[id];
  const plans = TIER_IDS.filter((tid) => TIERS[tid].addOns.includes(id)).map((tid) => planName(t, tid));
  const price = formatCents(addOnPriceCents(id, interval), i18n.language);
  const hint = onTrial ? t('billing.addOnTrialHint') : !allowed ? t('billing.addOnNotOnPlan') : null;
  return (
    <section aria-labelledby={headingId} data-addon={id}>
      <Card className="flex h-full flex-col p-5">
        <div className="flex items-start justify-between gap-2">
          <h3 id={headingId} className="font-semibold text-slate-900">
            {t(`addOns.${id}`)}
          </h3>
          {active && <Badge tone="green">{t('billing.addOnActive')}</Badge>}
        </div>
        <p className="mt-2 text-xl font-semibold text-slate-900">
          {interval === 'year' ? t('billing.addOnPriceYear', { price }) : t('billing.addOnPrice', { price })}
        </p>
        <p className="mt-2 text-sm text-slate-600">{t('billing.addOnGrants', { capability: t(`capabilities.${addOn.grants}`) })}</p>
        <p className="mt-1 flex-1 text-xs text-slate-500">{t('billing.addOnAvailable', { plans: formatList(plans, i18n.language) })}</p>
        <div className="mt-4">
          {active ? (
            <Button variant="secondary" size="sm" onClick={onCancel} disabled={disabled}>
              {busy && <Spinner className="h-3 w-3" />}
              {t('billing.cancelAddOn')}
            </Button>
          ) : (
            <Button size="sm" onClick={onBuy} disabled={disabled || hint !== null} aria-describedby={hint ? hintId : undefined}>
              {busy && <Spinner className="h-3 w-3" />}
              {t('billing.buy')}
            </Button>
          )}
          {hint && !active && (
            <p id={hintId} className="mt-2 text-xs text-slate-500">
              {hint}
            </p>
          )}
        </div>
      </Card>
    </section>
  );
}

function CreditsSection({
  balanceCents,
  busy,
  disabled,
  onBuy,
}: {
  balanceCents: number | null;
  busy: boolean;
  disabled: boolean;
  onBuy: (credits: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const [value, setValue] = useState('10');
  const [touched, setTouched] = useState(false);
  const credits = parseCredits(value);
  const error = touched && credits === null ? t('billing.creditsInvalid') : undefined;
  const hint = t('billing.creditsHint');
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div>
        <h2 id="credits-heading" className="text-lg font-semibold text-slate-900">
          {t('billing.creditsTitle')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('billing.creditsText', { price: formatCents(CREDIT_PRICE_CENTS, i18n.language) })}</p>
        {balanceCents !== null && (
          <p className="mt-3 text-sm text-slate-700">
            {t('billing.creditBalance')}:{' '}
            <span className="text-lg font-semibold text-slate-900" data-testid="credit-balance">
              {formatCents(balanceCents, i18n.language)}
            </span>
          </p>
        )}
      </div>
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (credits !== null) onBuy(credits);
        }}
      >
        <div className="sm:w-40">
          <Field id={inputId} label={t('billing.creditsQuantity')} hint={hint} error={error}>
            <input
              id={inputId}
              type="number"
              inputMode="numeric"
              min={MIN_CREDITS}
              max={MAX_CREDITS}
              step={1}
              value={value}
              onChange={(e) => {
                setValue(e.target.value);
                setTouched(true);
              }}
              className={inputClass}
              {...describedBy(inputId, hint, error)}
            />
          </Field>
        </div>
        <div className="sm:pt-6">
          <Button type="submit" disabled={disabled || credits === null}>
            {busy && <Spinner />}
            {t('billing.buyCredits')}
          </Button>
          <p className="mt-2 text-sm text-slate-600" aria-live="polite">
            {credits !== null && t('billing.creditsTotal', { amount: formatCents(creditsTotalCents(credits), i18n.language) })}
          </p>
        </div>
      </form>
    </div>
  );
}

function PaymentsTable({
  payments,
  error,
  onRetry,
  date,
}: {
  payments: Payment[] | null;
  error: unknown;
  onRetry: () => void;
  date: (iso: string | null | undefined) => string;
}) {
  const { t, i18n } = useTranslation();
  if (!payments) {
    return error != null ? (
      <ErrorBox onRetry={onRetry} retryLabel={t('common.retry')}>
        {t('billing.paymentsFailed')} {errorText(error, t)}
      </ErrorBox>
    ) : (
      <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
        <Spinner /> {t('common.loading')}
      </p>
    );
  }
  if (payments.length === 0) {
    return <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-sm text-slate-600">{t('billing.paymentsEmpty')}</p>;
  }
  const tone = (status: Payment['status']) => (status === 'succeeded' ? 'green' : status === 'failed' ? 'amber' : 'slate');
  return (
    <Card className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm" aria-labelledby="payments-heading">
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3">{t('billing.columns.date')}</th>
            <th scope="col" className="px-4 py-3">{t('billing.columns.description')}</th>
            <th scope="col" className="px-4 py-3 text-right">{t('billing.columns.amount')}</th>
            <th scope="col" className="px-4 py-3">{t('billing.columns.status')}</th>
            <th scope="col" className="px-4 py-3">{t('billing.columns.invoice')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {payments.map((payment) => (
            <tr key={payment.id}>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">{date(payment.created_at)}</td>
              <td className="px-4 py-3 text-slate-900">{paymentDescription(t, payment, i18n.language)}</td>
              <td className="whitespace-nowrap px-4 py-3 text-right font-medium text-slate-900">
                {formatCents(payment.amount_cents, i18n.language, payment.currency)}
              </td>
              <td className="px-4 py-3">
                <Badge tone={tone(payment.status)}>{t(`billing.paymentStatus.${payment.status}`, { defaultValue: payment.status })}</Badge>
              </td>
              <td className="px-4 py-3">
                {payment.invoice_url ? (
                  <a href={payment.invoice_url} target="_blank" rel="noopener noreferrer" className="font-medium text-indigo-600 hover:text-indigo-500">
                    {t('billing.viewInvoice')}
                  </a>
                ) : (
                  <span className="text-slate-500">{t('billing.noInvoice')}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
