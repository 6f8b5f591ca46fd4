// Billing's usage: each of the plan's limits with what is used, as a bar (unlimited: no bar).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnlimited } from '@trainwright/catalogue';
import { formatBytesLocale, usageLabel, usagePercent, type UsageItem } from '~/lib/billing';
import { errorText } from '~/lib/errors';
import { ErrorBox, Spinner, cx } from '../ui';

function usageValue(item: UsageItem, value: number, language: string): string {
  if (item.key === 'storage') return formatBytesLocale(value, language);
  return new Intl.NumberFormat(language).format(value);
}

export function UsageSection({ usage, error, onRetry, onTrial }: { usage: UsageItem[] | null; error: unknown; onRetry: () => void; onTrial: boolean }) {
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
