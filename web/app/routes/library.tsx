// The company library (docs/library.md): the current company's documents, their search, and for
// owners and editors adding and removing them. The loader reads the list (the user's current
// company from GET /api/auth/me, then GET /api/library/documents); adding a web page or pasted
// text and removing a document are the action's intents, after which Remix reads the loader
// again. A file is sent by the browser itself, with its progress (AddDocument).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Library } from '~/components/library/Library';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { PageHeader } from '~/components/ui';
import { oneWriteAction, type WriteAnswer } from '~/action-calls.server';
import { cookieHeaders, gateway } from '~/gateway.server';
import { useSignedInUser } from '~/lib/auth';
import { LIBRARY_WRITE_TIMEOUT_MS, isLibraryRequest, libraryDocumentsPath, libraryPageOf, libraryWrite, type LibraryDocument, type LibraryList, type LibraryRequest } from '~/lib/library';
import { useLoaderState } from '~/lib/server-data';
import type { User } from '~/lib/types';

export const meta: MetaFunction = () => [{ title: 'Library · Trainwright' }];

export async function loader(args: LoaderFunctionArgs) {
  const me = await gateway.json<User>(args, '/api/auth/me');
  const companyId = me.data?.currentCompanyId;
  const page = libraryPageOf(args.request.url);
  const list = companyId ? await gateway.json<LibraryList>(args, `/api${libraryDocumentsPath(companyId, { page })}`) : null;
  return data({ library: list?.data ?? null }, { headers: cookieHeaders([...me.setCookie, ...(list?.setCookie ?? [])]) });
}

/** The action's answer: the document's title (for the notice; '' for a removal), or the gateway's refusal. */
export type LibraryAnswer = WriteAnswer<LibraryRequest['intent'], { title: string }>;

export const action = (args: ActionFunctionArgs) =>
  oneWriteAction(args, {
    isRequest: isLibraryRequest,
    write: libraryWrite,
    done: (saved: Partial<LibraryDocument> | undefined): { title: string } => ({ title: saved?.title ?? '' }),
    invalidIntent: 'addText',
    // Adding a web page waits for it to be fetched and read.
    timeoutMs: LIBRARY_WRITE_TIMEOUT_MS,
  });

export default function LibraryPage() {
  const { t } = useTranslation();
  const { user } = useSignedInUser();
  const { data: loaded, settled, reload } = useLoaderState(useLoaderData<typeof loader>());
  return (
    <>
      <PageHeader title={t('library.title')} subtitle={t('library.subtitle', { company: user.company })} />
      <Library library={loaded.library} settled={settled} onRetry={reload} />
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
