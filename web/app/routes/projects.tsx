import type { MetaFunction } from '@remix-run/node';
import { useTranslation } from 'react-i18next';
import { CreateProjectButton } from '~/components/AppLayout';
import { FolderIcon } from '~/components/icons';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { ButtonLink, EmptyState, PageHeader } from '~/components/ui';

export const meta: MetaFunction = () => [{ title: 'My Projects · Trainwright' }];

export default function Projects() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.projects.title')} />
      <EmptyState icon={<FolderIcon className="h-10 w-10" />} title={t('pages.projects.emptyTitle')} text={t('pages.projects.emptyText')}>
        <ButtonLink to="/templates" variant="secondary">
          {t('dashboard.browseTemplates')}
        </ButtonLink>
        <CreateProjectButton showHint />
      </EmptyState>
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
