// My Projects: the same project list as the dashboard (search, filters, paging, live updates)
// as a full page. The loader reads the first page for the first HTML.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { LayoutHandle } from '~/components/AppLayout';
import { ProjectList } from '~/components/projects/ProjectList';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { PageHeader } from '~/components/ui';
import { gateway } from '~/gateway.server';
import { projectQueryString, type ProjectListResponse } from '~/lib/projects';
import { useServerData } from '~/lib/server-data';
import { INITIAL_PROJECT_QUERY, useProjectList } from '~/lib/useProjects';

export const meta: MetaFunction = () => [{ title: 'My Projects · Trainwright' }];
export const handle: LayoutHandle = { createProject: true };

export const loader = (args: LoaderFunctionArgs) =>
  gateway.load<{ projects: ProjectListResponse }>(args, { projects: `/api/projects?${projectQueryString(INITIAL_PROJECT_QUERY)}` });

export default function Projects() {
  const { t } = useTranslation();
  const list = useProjectList(undefined, useServerData(useLoaderData<typeof loader>().projects));
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
