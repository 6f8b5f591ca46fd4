// The payment-cancelled page (document 2, "Payment-cancelled page"): no charges were made and
// nothing was started. 'Return to Dashboard' goes to /dashboard, 'Go Back' one step back in the
// browser's history.
import type { MetaFunction } from '@remix-run/node';
import { useNavigate } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { WarningIcon } from '~/components/icons';
import { Button, Card } from '~/components/ui';
import { useHydrated } from '~/lib/server-data';

export const meta: MetaFunction = () => [{ title: 'Payment cancelled · Trainwright' }];

export default function BillingCancelled() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ready = useHydrated();
  return (
    <div className="mx-auto mt-8 max-w-lg">
      <Card className="px-8 py-10 text-center">
        <div className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-amber-50 text-amber-600">
          <WarningIcon className="h-6 w-6" />
        </div>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('billingCancelled.title')}</h1>
        <p className="mt-2 text-sm text-slate-700" data-testid="cancelled-text">
          {t('billingCancelled.text')}
        </p>
        <p className="mt-1 text-sm text-slate-600">{t('billingCancelled.hint')}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <Button disabled={!ready} onClick={() => navigate('/dashboard')}>
            {t('billingCancelled.returnToDashboard')}
          </Button>
          <Button variant="secondary" disabled={!ready} onClick={() => navigate(-1)}>
            {t('billingCancelled.goBack')}
          </Button>
        </div>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
