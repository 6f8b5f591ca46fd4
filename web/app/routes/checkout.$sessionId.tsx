// The local test checkout (billing provider 'local'): what the session charges, for which account,
// and two buttons, Pay and Cancel. No card is charged and no money moves: Pay only marks the
// session paid on the server, which answers with where to go next (/billing-success?session_id=…,
// or /billing-cancelled for Cancel). A completed or expired session says so; an unknown one reads
// 'No payment session found'.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MetaFunction } from '@remix-run/node';
import { Link, useParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { Button, Card, ErrorBox, PageHeader, Spinner, buttonClass } from '~/components/ui';
import { ApiError, isAbortError } from '~/lib/api';
import { billingApi, formatCents, goTo, lineItemName, type LocalCheckout } from '~/lib/billing';
import { errorText } from '~/lib/errors';
import { useHydrated } from '~/lib/server-data';

export const meta: MetaFunction = () => [{ title: 'Checkout · Trainwright' }];

type Load = { state: 'loading' } | { state: 'notFound' } | { state: 'error'; error: unknown } | { state: 'ready'; checkout: LocalCheckout };

export default function Checkout() {
  const { t, i18n } = useTranslation();
  const { sessionId = '' } = useParams();
  const ready = useHydrated();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);
  const busyRef = useRef(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const fetchCheckout = useCallback(
    async (signal?: AbortSignal) => {
      setLoad({ state: 'loading' });
      try {
        const checkout = await billingApi.checkout(sessionId, signal);
        if (!signal?.aborted) setLoad({ state: 'ready', checkout });
      } catch (error) {
        if (signal?.aborted || isAbortError(error)) return;
        setLoad(error instanceof ApiError && error.status === 404 ? { state: 'notFound' } : { state: 'error', error });
      }
    },
    [sessionId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void fetchCheckout(controller.signal);
    return () => controller.abort();
  }, [fetchCheckout]);

  const act = async (kind: 'pay' | 'cancel') => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(kind);
    setActionError(null);
    try {
      const { redirect_url } = kind === 'pay' ? await billingApi.pay(sessionId) : await billingApi.cancelCheckout(sessionId);
      goTo(redirect_url); // stays busy until the browser has left
    } catch (error) {
      setActionError(errorText(error, t, kind === 'pay' ? 'checkout.payFailed' : 'checkout.cancelFailed'));
      busyRef.current = false;
      setBusy(null);
      // The session may have changed meanwhile (completed in another tab, expired).
      if (error instanceof ApiError && (error.status === 404 || error.status === 409 || error.status === 410)) void fetchCheckout();
    }
  };

  const banner = (
    <div role="note" data-testid="test-checkout-banner" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
      <p className="font-semibold">{t('checkout.testBanner')}</p>
      <p className="mt-1 text-sm">{t('checkout.testText')}</p>
    </div>
  );
  const backToBilling = (
    <Link to="/billing" className={buttonClass('secondary')}>
      {t('checkout.backToBilling')}
    </Link>
  );

  let body;
  if (load.state === 'loading') {
    body = (
      <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
        <Spinner /> {t('common.loading')}
      </p>
    );
  } else if (load.state === 'notFound') {
    body = (
      <Card className="p-6">
        <h2 className="text-lg font-semibold text-slate-900">{t('checkout.notFound')}</h2>
        <div className="mt-4">{backToBilling}</div>
      </Card>
    );
  } else if (load.state === 'error') {
    body = (
      <ErrorBox onRetry={() => void fetchCheckout()} retryLabel={t('common.retry')}>
        {t('checkout.loadFailed')} {errorText(load.error, t)}
      </ErrorBox>
    );
  } else {
    const { checkout } = load;
    const money = (cents: number) => formatCents(cents, i18n.language, checkout.currency);
    const open = checkout.status === 'open';
    body = (
      <Card className="p-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="order-summary" className="text-lg font-semibold text-slate-900">
            {t('checkout.orderSummary')}
          </h2>
          <span className="text-sm text-slate-600">{checkout.mode === 'subscription' ? t('checkout.subscriptionMode') : t('checkout.paymentMode')}</span>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {t('checkout.account')}: <span className="font-medium text-slate-900" data-testid="checkout-email">{checkout.email}</span>
        </p>
        <div className="mt-4 overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-sm" aria-labelledby="order-summary">
            <thead className="text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-4">{t('checkout.item')}</th>
                <th scope="col" className="px-4 py-2 text-right">{t('checkout.quantity')}</th>
                <th scope="col" className="py-2 pl-4 text-right">{t('checkout.unitPrice')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {checkout.line_items.map((item, index) => (
                <tr key={index}>
                  <td className="py-3 pr-4 text-slate-900">{lineItemName(t, item)}</td>
                  <td className="px-4 py-3 text-right text-slate-700">{item.quantity}</td>
                  <td className="whitespace-nowrap py-3 pl-4 text-right text-slate-900">
                    {money(item.unit_amount_cents)}
                    {item.interval === 'month' ? t('checkout.perMonth') : item.interval === 'year' ? t('checkout.perYear') : ''}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2} className="pt-4 text-left text-base font-semibold text-slate-900">
                  {t('checkout.total')}
                </th>
                <td className="whitespace-nowrap pt-4 text-right text-base font-semibold text-slate-900" data-testid="checkout-total">
                  {money(checkout.total_cents)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>

        {open ? (
          <div className="mt-6 space-y-3">
            {actionError && <ErrorBox takeFocus>{actionError}</ErrorBox>}
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onClick={() => void act('cancel')} disabled={!ready || busy !== null}>
                {busy === 'cancel' && <Spinner />}
                {t('checkout.cancel')}
              </Button>
              <Button onClick={() => void act('pay')} disabled={!ready || busy !== null}>
                {busy === 'pay' && <Spinner />}
                {t('checkout.pay')}
              </Button>
            </div>
            {busy && (
              <p role="status" className="text-right text-sm text-slate-600">
                {busy === 'pay' ? t('checkout.paying') : t('checkout.cancelling')}
              </p>
            )}
          </div>
        ) : (
          <div className="mt-6 space-y-4">
            <p role="status" className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-800" data-testid="checkout-closed">
              {checkout.status === 'complete' ? t('checkout.complete') : t('checkout.expired')}
            </p>
            {backToBilling}
          </div>
        )}
      </Card>
    );
  }

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={t('checkout.title')} />
      {banner}
      {body}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
