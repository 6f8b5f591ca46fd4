// An add-on: its price for the period, what it grants, the plans that may buy it, Buy or Cancel.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ADD_ONS, TIER_IDS, TIERS, type AddOnId } from '@trainwright/catalogue';
import { addOnPriceCents, formatCents, type BillingInterval } from '~/lib/billing';
import { formatList, planName } from '~/lib/format';
import { Badge, Button, Card, Spinner } from '../ui';

export function AddOnCard({
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
