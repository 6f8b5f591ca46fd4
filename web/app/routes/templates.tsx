// Templates: the template marketplace as a page. 'Use Template' opens the create form with the
// template chosen and its outline as the script.
import type { MetaFunction } from '@remix-run/node';
import { useTranslation } from 'react-i18next';
import type { LayoutHandle } from '~/components/AppLayout';
import { useWorkspace } from '~/components/projects/workspace-context';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { TemplateMarketplace } from '~/components/templates/TemplateMarketplace';
import { PageHeader } from '~/components/ui';

export const meta: MetaFunction = () => [{ title: 'Templates · Trainwright' }];
export const handle: LayoutHandle = { createProject: true };

export default function Templates() {
  const { t } = useTranslation();
  const { openCreate } = useWorkspace();
  return (
    <>
      <PageHeader title={t('pages.templates.title')} subtitle={t('templates.marketplaceText')} />
      <TemplateMarketplace mode="use" onUse={(template) => openCreate({ template })} />
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
