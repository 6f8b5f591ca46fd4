// A pricing card rendered from the plan catalogue: name, price, the feature lines (translated by
// key; caveat lines carry a warning sign) and an optional action.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { featureLines, type FeatureLine, type Tier } from '@trainwright/catalogue';
import { formatList, formatPrice, planName } from '~/lib/format';
import { CheckIcon, WarningIcon } from './icons';
import { Badge, cx } from './ui';

export function featureText(line: FeatureLine, tier: Tier, t: TFunction, language: string): string {
  const params: Record<string, unknown> = { ...line.params };
  if (line.key === 'videoRate' && tier.limits.videoRatePerMinute !== null) {
    params.rate = formatPrice(tier.limits.videoRatePerMinute, language);
  }
  if (line.key === 'addOns') {
    params.names = formatList(
      tier.addOns.map((id) => t(`addOns.${id}`)),
      language,
    );
  }
  return t(`features.${line.key}`, { ...params, defaultValue: line.text.replace(/^⚠\s*/, '') });
}

export function TierPrice({ tier }: { tier: Tier }) {
  const { t, i18n } = useTranslation();
  if (tier.period === 'trial') {
    return (
      <p className="flex items-baseline gap-1.5">
        <span className="text-3xl font-bold tracking-tight text-slate-900">{t('pricing.free')}</span>
        <span className="text-sm text-slate-600">{t('pricing.trialLength', { count: tier.limits.trialDays })}</span>
      </p>
    );
  }
  return (
    <p className="flex items-baseline gap-1">
      <span className="text-3xl font-bold tracking-tight text-slate-900">{formatPrice(tier.price, i18n.language)}</span>
      <span className="text-sm text-slate-600">{t('pricing.perMonth')}</span>
    </p>
  );
}

export function TierCard({
  tier,
  current = false,
  highlight,
  action,
  price,
}: {
  tier: Tier;
  /** Replaces the monthly catalogue price (e.g. the billing page's annual price). */
  price?: ReactNode;
  current?: boolean;
  /** Extra emphasis: the most popular plan, or the trial card as 'Start Free'. */
  highlight?: 'popular' | 'trial';
  action?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const headingId = `tier-${tier.id}`;
  return (
    <section
      aria-labelledby={headingId}
      data-tier={tier.id}
      className={cx(
        'relative flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1',
        highlight === 'popular' && 'ring-2 ring-indigo-600',
        highlight === 'trial' && 'bg-gradient-to-b from-emerald-50 to-white ring-2 ring-emerald-500',
        !highlight && (current ? 'ring-2 ring-slate-900' : 'ring-slate-200'),
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          {planName(t, tier.id)}
        </h3>
        <div className="flex gap-1">
          {current && <Badge tone="slate">{t('pricing.currentPlan')}</Badge>}
          {tier.popular && <Badge tone="indigo">{t('pricing.mostPopular')}</Badge>}
        </div>
      </div>
      <div className="mt-3">
        {price ?? <TierPrice tier={tier} />}
      </div>
      <ul className="mt-5 flex-1 space-y-2 text-sm text-slate-700" aria-label={t('pricing.featuresOf', { name: planName(t, tier.id) })}>
        {featureLines(tier).map((line) => (
          <li key={line.key} className={cx('flex gap-2', line.caveat && 'text-amber-800')}>
            {line.caveat ? (
              <>
                <WarningIcon className="mt-0.5 h-4 w-4 shrink-0 text-amber-500" />
                <span className="sr-only">{t('pricing.caveat')}</span>
              </>
            ) : (
              <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-indigo-600" />
            )}
            <span>{featureText(line, tier, t, i18n.language)}</span>
          </li>
        ))}
      </ul>
      {action && <div className="mt-6">{action}</div>}
    </section>
  );
}
