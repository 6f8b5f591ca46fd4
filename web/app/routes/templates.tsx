// Templates: the template marketplace as a page. 'Use Template' goes to the create form with the
// template chosen and its outline as the script. The loader reads the marketplace for the first HTML.
// The action creates a company's own template (intent `create`: POST /api/templates); the
// marketplace's template creator posts to it from this page and from the marketplace dialog of
// other pages alike.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { LayoutHandle } from '~/components/AppLayout';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { TemplateMarketplace } from '~/components/templates/TemplateMarketplace';
import { PageHeader } from '~/components/ui';
import { oneWriteAction, type WriteAnswer } from '~/action-calls.server';
import { gateway } from '~/gateway.server';
import { newProjectPath } from '~/lib/projects';
import { useServerData } from '~/lib/server-data';
import { isTemplateRequest, type MarketplaceTemplate, type TemplateListResponse } from '~/lib/templates';

export const meta: MetaFunction = () => [{ title: 'Templates · Trainwright' }];
export const handle: LayoutHandle = { createProject: true };

export const loader = (args: LoaderFunctionArgs) =>
  gateway.load<{ templates: TemplateListResponse }>(args, { templates: '/api/templates' });

/** The action's answer: the template made, or the gateway's refusal (field errors in its detail). */
export type TemplateAnswer = WriteAnswer<'create', { template: MarketplaceTemplate }>;

export const action = (args: ActionFunctionArgs) =>
  oneWriteAction(args, {
    isRequest: isTemplateRequest,
    write: (request) => ({ method: 'POST', path: '/templates', body: request.template }),
    done: (template: MarketplaceTemplate) => ({ template }),
    invalidIntent: 'create',
  });

export default function Templates() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const initial = useServerData(useLoaderData<typeof loader>().templates);
  return (
    <>
      <PageHeader title={t('pages.templates.title')} subtitle={t('templates.marketplaceText')} />
      <TemplateMarketplace mode="use" initial={initial} onUse={(template) => navigate(newProjectPath(template.id), { state: { from: '/templates' } })} />
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
