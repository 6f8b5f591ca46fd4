// Templates: the template marketplace as a page. 'Use Template' goes to the create form with the
// template chosen and its outline as the script. The loader reads the marketplace for the first HTML.
// The action creates a company's own template (intent `create`: POST /api/templates); the
// marketplace's template creator posts to it from this page and from the marketplace dialog of
// other pages alike.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { LayoutHandle } from '~/components/AppLayout';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { TemplateMarketplace } from '~/components/templates/TemplateMarketplace';
import { PageHeader } from '~/components/ui';
import { actionCalls, failureOf } from '~/action-calls.server';
import { gateway } from '~/gateway.server';
import type { ActionFailure } from '~/lib/action-failure';
import { newProjectPath } from '~/lib/projects';
import { useServerData } from '~/lib/server-data';
import { isTemplateRequest, type MarketplaceTemplate, type TemplateListResponse } from '~/lib/templates';

export const meta: MetaFunction = () => [{ title: 'Templates · Trainwright' }];
export const handle: LayoutHandle = { createProject: true };

export const loader = (args: LoaderFunctionArgs) =>
  gateway.load<{ templates: TemplateListResponse }>(args, { templates: '/api/templates' });

/** The action's answer: the template made, or the gateway's refusal (field errors in its detail). */
export type TemplateAnswer = { intent: 'create'; ok: true; template: MarketplaceTemplate } | { intent: 'create'; ok: false; failure: ActionFailure };

export async function action(args: ActionFunctionArgs) {
  const request: unknown = await args.request.json().catch(() => null);
  if (!isTemplateRequest(request)) return data({ intent: 'create', ok: false, failure: { status: 400, body: { code: 'INVALID_INTENT', message: 'Unknown intent' } } } satisfies TemplateAnswer, { status: 400 });
  const calls = actionCalls(args, { timeoutMs: 15_000 });
  try {
    const template = await calls.call<MarketplaceTemplate>({ method: 'POST', path: '/templates', body: request.template });
    return data({ intent: 'create', ok: true, template } satisfies TemplateAnswer, { headers: calls.headers() });
  } catch (err) {
    return data({ intent: 'create', ok: false, failure: failureOf(err) } satisfies TemplateAnswer, { headers: calls.headers() });
  }
}

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
