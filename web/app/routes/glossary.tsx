// Glossary: the current company's terms that translations keep as written or always translate the
// same way (docs/translation.md). The loader reads them (the user's current company from
// GET /api/auth/me, then GET /api/companies/{id}/glossary); adding, editing and deleting a term
// are the action's intents (create, update, delete), after which Remix reads the loader again.
// The Manage Languages dialog adds an unknown word through the same action.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { Glossary } from '~/components/translation/Glossary';
import { PageHeader } from '~/components/ui';
import { oneWriteAction, type WriteAnswer } from '~/action-calls.server';
import { cookieHeaders, gateway } from '~/gateway.server';
import { useSignedInUser } from '~/lib/auth';
import { glossaryPath, glossaryWrite, isGlossaryRequest, type GlossaryRequest, type GlossaryTerm } from '~/lib/glossary';
import { useLoaderState } from '~/lib/server-data';
import type { User } from '~/lib/types';

export const meta: MetaFunction = () => [{ title: 'Glossary · Trainwright' }];

export async function loader(args: LoaderFunctionArgs) {
  const me = await gateway.json<User>(args, '/api/auth/me');
  const companyId = me.data?.currentCompanyId;
  const list = companyId ? await gateway.json<{ terms: GlossaryTerm[] }>(args, `/api${glossaryPath(companyId)}`) : null;
  return data({ glossary: list?.data ?? null }, { headers: cookieHeaders([...me.setCookie, ...(list?.setCookie ?? [])]) });
}

/** The action's answer: the term's text (for the notice; '' for a deletion), or the gateway's refusal. */
export type GlossaryAnswer = WriteAnswer<GlossaryRequest['intent'], { term: string }>;

export const action = (args: ActionFunctionArgs) =>
  oneWriteAction(args, {
    isRequest: isGlossaryRequest,
    write: glossaryWrite,
    done: (saved: Partial<GlossaryTerm> | undefined, request): { term: string } => ({ term: saved?.term ?? (request.intent === 'delete' ? '' : request.draft.term.trim()) }),
    invalidIntent: 'create',
  });

export default function GlossaryPage() {
  const { t } = useTranslation();
  const { user } = useSignedInUser();
  const { data: loaded, settled, reload } = useLoaderState(useLoaderData<typeof loader>());
  return (
    <>
      <PageHeader title={t('glossary.title')} subtitle={t('glossary.subtitle', { company: user.company })} />
      <Glossary terms={loaded.glossary?.terms ?? null} settled={settled} onRetry={reload} />
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
