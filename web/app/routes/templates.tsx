// Templates: the template marketplace as a page. 'Use Template' opens the create form with the
// template chosen and its outline as the script. The loader reads the marketplace for the first HTML.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { LayoutHandle } from '~/components/AppLayout';
import { useWorkspace } from '~/components/projects/workspace-context';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { TemplateMarketplace } from '~/components/templates/TemplateMarketplace';
import { PageHeader } from '~/components/ui';
import { gateway } from '~/gateway.server';
import { useServerData } from '~/lib/server-data';
import type { TemplateListResponse } from '~/lib/templates';

export const meta: MetaFunction = () => [{ title: 'Templates · Trainwright' }];
export const handle: LayoutHandle = { createProject: true };

export const loader = (args: LoaderFunctionArgs) =>
  gateway.load<{ templates: TemplateListResponse }>(args, { templates: '/api/templates' });

export default function Templates() {
  const { t } = useTranslation();
  const { openCreate } = useWorkspace();
  const initial = useServerData(useLoaderData<typeof loader>().templates);
  return (
    <>
      <PageHeader title={t('pages.templates.title')} subtitle={t('templates.marketplaceText')} />
      <TemplateMarketplace mode="use" initial={initial} onUse={(template) => openCreate({ template })} />
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
