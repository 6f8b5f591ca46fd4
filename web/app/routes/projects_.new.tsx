// Create Project (part 1, sections 3 and 5): the create form as a page. The loader reads the
// template the form starts from (`?template=`, from the marketplace's 'Use Template'); the action
// posts the create through the gateway with the browser's session: `intent` create (the project
// service's types, after the form's own checks, which it answers by field) or generate (the AI
// content generator's JSON call). A generator request with a file is sent by the browser itself,
// with its progress (see GeneratorPanel).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { CreateProjectForm } from '~/components/projects/create/CreateProjectForm';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { actionCalls, failureOf } from '~/action-calls.server';
import { cookieHeaders, gateway } from '~/gateway.server';
import { GENERATOR_TIMEOUT_MS, type GeneratorCreated } from '~/lib/ai';
import { CREATE_TIMEOUT_MS, createProjectErrors, type CreateAnswer, type CreateIntent } from '~/lib/create-project';
import type { MarketplaceTemplate, TemplateListResponse } from '~/lib/templates';

export const meta: MetaFunction = () => [{ title: 'Create Project · Trainwright' }];

export async function loader(args: LoaderFunctionArgs) {
  const wanted = new URL(args.request.url).searchParams.get('template');
  if (!wanted) return data({ template: null as MarketplaceTemplate | null });
  const loaded = await gateway.json<TemplateListResponse>(args, '/api/templates');
  const template = loaded.data?.templates.find((t) => t.id === wanted) ?? null;
  return data({ template }, { headers: cookieHeaders(loaded.setCookie) });
}

// The form keeps what was typed; after a create the app leaves the page.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => (formMethod ? false : defaultShouldRevalidate);

export async function action(args: ActionFunctionArgs) {
  const posted = (await args.request.json().catch(() => null)) as ({ intent?: CreateIntent } & Record<string, unknown>) | null;
  const { intent, ...body } = posted ?? {};
  if (intent !== 'create' && intent !== 'generate') {
    return data<CreateAnswer>({ ok: false, failure: { status: 400, body: { code: 'INVALID_INTENT', message: 'Unknown intent' } } }, { status: 400 });
  }
  if (intent === 'create') {
    const errors = createProjectErrors(body);
    if (Object.keys(errors).length > 0) return data<CreateAnswer>({ ok: false, errors }, { status: 400 });
  }
  const calls = actionCalls(args, { timeoutMs: intent === 'create' ? CREATE_TIMEOUT_MS : GENERATOR_TIMEOUT_MS });
  try {
    const project =
      intent === 'create'
        ? await calls.call<{ id: string; title: string }>({ method: 'POST', path: '/projects', body })
        : await calls.call<GeneratorCreated>({ method: 'POST', path: '/ai-content-generator/projects', body }).then((p) => ({ id: p.project_id, title: p.title }));
    return data<CreateAnswer>({ ok: true, project }, { headers: calls.headers() });
  } catch (err) {
    const failure = failureOf(err);
    return data<CreateAnswer>({ ok: false, failure }, { status: failure.status ?? 504, headers: calls.headers() });
  }
}

export default function NewProject() {
  const { template } = useLoaderData<typeof loader>();
  return <CreateProjectForm key={template?.id ?? 'blank'} initialTemplate={template} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
