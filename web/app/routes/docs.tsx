import type { MetaFunction } from '@remix-run/node';
import { useTranslation } from 'react-i18next';
import { BookIcon } from '~/components/icons';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { ButtonLink, EmptyState, PageHeader } from '~/components/ui';

export const meta: MetaFunction = () => [{ title: 'Documentation · Trainwright' }];

export default function Docs() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.docs.title')} />
      <EmptyState icon={<BookIcon className="h-10 w-10" />} title={t('pages.docs.emptyTitle')} text={t('pages.docs.emptyText')}>
        <ButtonLink to="/support" variant="secondary">
          {t('nav.support')}
        </ButtonLink>
      </EmptyState>
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
