// Video credits: the balance, and a pack to buy (a whole number in the catalogue's range).
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CREDIT_PRICE_CENTS, MAX_CREDITS, MIN_CREDITS, creditsTotalCents, formatCents, parseCredits } from '~/lib/billing';
import { Button, Field, Spinner, describedBy, inputClass } from '../ui';

export function CreditsSection({
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
