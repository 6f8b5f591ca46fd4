// Analytics needs the `analytics` capability (business and enterprise, or the add-on). Behind
// the guard: an empty state until there is real data (no placeholder figures).
import type { MetaFunction } from '@remix-run/node';
import { useTranslation } from 'react-i18next';
import { ChartIcon } from '~/components/icons';
import { RequireCapability } from '~/components/RequireCapability';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { EmptyState, PageHeader } from '~/components/ui';

export const meta: MetaFunction = () => [{ title: 'Analytics · Trainwright' }];

export default function Analytics() {
  const { t } = useTranslation();
  return (
    <RequireCapability capability="analytics">
      <PageHeader title={t('pages.analytics.title')} />
      <EmptyState icon={<ChartIcon className="h-10 w-10" />} title={t('pages.analytics.emptyTitle')} text={t('pages.analytics.emptyText')} />
    </RequireCapability>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
