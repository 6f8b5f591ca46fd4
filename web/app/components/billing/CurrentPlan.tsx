// Billing's current plan: status, interval, renewal or the cancellation at the period's end (with
// Resume), a scheduled downgrade, a failed payment's grace period, add-ons and the credit balance.
import { useTranslation } from 'react-i18next';
import type { TierId } from '@trainwright/catalogue';
import { formatCents, isAddOnId, type BillingSubscription } from '~/lib/billing';
import { errorText } from '~/lib/errors';
import { formatList, planName, tierOf } from '~/lib/format';
import { Badge, Button, ErrorBox, Spinner } from '../ui';

function statusTone(status: BillingSubscription['status']): 'green' | 'amber' | 'slate' | 'indigo' {
  if (status === 'active') return 'green';
  if (status === 'trialing') return 'indigo';
  if (status === 'past_due' || status === 'incomplete') return 'amber';
  return 'slate';
}

export function CurrentPlan({
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
