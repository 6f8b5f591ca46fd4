// My Projects: the same project list as the dashboard (search, filters, paging, live updates)
// as a full page.
import type { MetaFunction } from '@remix-run/node';
import { useTranslation } from 'react-i18next';
import type { LayoutHandle } from '~/components/AppLayout';
import { ProjectList } from '~/components/projects/ProjectList';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { PageHeader } from '~/components/ui';
import { useProjectList } from '~/lib/useProjects';

export const meta: MetaFunction = () => [{ title: 'My Projects · Trainwright' }];
export const handle: LayoutHandle = { createProject: true };

export default function Projects() {
  const { t } = useTranslation();
  const list = useProjectList();
  return (
    <>
      <PageHeader title={t('pages.projects.title')} subtitle={t('pages.projects.subtitle')} />
      <ProjectList list={list} title={t('pages.projects.listTitle')} />
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
