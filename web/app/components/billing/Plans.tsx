// Billing's plans: the Monthly / Annual toggle, a plan's price for the period, and its button
// (current, upgrade, downgrade, or a switch of the billing period).
import { useTranslation } from 'react-i18next';
import type { TierId } from '@trainwright/catalogue';
import { annualSavingCents, formatCents, planChange, planPriceCents, type BillingInterval, type PaidTierId } from '~/lib/billing';
import { Button, Spinner, cx } from '../ui';

export function IntervalToggle({ value, onChange }: { value: BillingInterval; onChange: (value: BillingInterval) => void }) {
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

export function PlanPrice({ tierId, interval }: { tierId: TierId; interval: BillingInterval }) {
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

export function PlanAction({
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
