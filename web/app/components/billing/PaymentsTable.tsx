// Payments and invoices: each payment's date, description (from its code), amount, status and invoice.
import { useTranslation } from 'react-i18next';
import { formatCents, paymentDescription, type Payment } from '~/lib/billing';
import { errorText } from '~/lib/errors';
import { Badge, Card, ErrorBox, Spinner } from '../ui';

export function PaymentsTable({
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
