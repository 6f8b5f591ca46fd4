// The trial banner, from GET /api/trial-status: the active trial with its progress (days used of
// the trial's days), the grace period (files deleted unless the account upgrades) and expiry.
// Nothing is shown for a paid plan.
import { useTranslation } from 'react-i18next';
import type { TrialStatusResponse } from '~/lib/types';
import { WarningIcon, SparkIcon } from './icons';
import { ButtonLink, cx } from './ui';

export function TrialBanner({ status }: { status: TrialStatusResponse | null }) {
  const { t } = useTranslation();
  if (!status || !status.is_trial) return null;
  const days = status.days_remaining ?? 0;

  if (status.status === 'active_trial') {
    const total = status.trial_days || 1;
    const used = Math.min(total, Math.max(0, status.days_used));
    const warning = status.warning;
    return (
      <div
        role="status"
        data-testid="trial-banner"
        className={cx(
          'mb-6 rounded-xl border p-4',
          warning ? 'border-amber-300 bg-amber-50 text-amber-900' : 'border-indigo-200 bg-indigo-50 text-indigo-900',
        )}
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-3">
            {warning ? <WarningIcon className="mt-0.5 h-5 w-5 shrink-0 text-amber-500" /> : <SparkIcon className="mt-0.5 h-5 w-5 shrink-0 text-indigo-500" />}
            <div>
              <p className="font-semibold">{t('trial.title')}</p>
              <p className="text-sm">{t('trial.active', { count: days })}</p>
            </div>
          </div>
          <ButtonLink to="/billing" variant={warning ? 'primary' : 'secondary'} size="sm">
            {t('trial.choosePlan')}
          </ButtonLink>
        </div>
        <div className="mt-3">
          <div
            role="progressbar"
            aria-label={t('trial.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={used}
            aria-valuetext={t('trial.daysUsed', { used, total })}
            className="h-2 w-full overflow-hidden rounded-full bg-white/70"
          >
            <div className={cx('h-full rounded-full', warning ? 'bg-amber-500' : 'bg-indigo-500')} style={{ width: `${(used / total) * 100}%` }} />
          </div>
          <p className="mt-1 text-xs">{t('trial.daysUsed', { used, total })}</p>
        </div>
      </div>
    );
  }

  const text = status.status === 'grace_period' ? t('trial.grace', { count: days }) : t('trial.expired');
  return (
    <div role="alert" data-testid="trial-banner" className="mb-6 flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <WarningIcon className="mt-0.5 h-5 w-5 shrink-0 text-red-500" />
        <div>
          <p className="font-semibold">{t('trial.title')}</p>
          <p className="text-sm">{text}</p>
        </div>
      </div>
      <ButtonLink to="/billing" variant="danger" size="sm">
        {t('trial.choosePlan')}
      </ButtonLink>
    </div>
  );
}
