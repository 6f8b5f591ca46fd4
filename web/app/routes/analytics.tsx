// Analytics needs the `analytics` capability (business and enterprise, or the add-on). Behind
// the guard: an empty state until there is real learner data (no placeholder figures), and for the
// Owner the learning record store's credentials (docs/analytics.md). The loader reads the
// credentials for an Owner; creating and revoking one are the action's intents.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { oneWriteAction, type WriteAnswer } from '~/action-calls.server';
import { LrsKeys } from '~/components/analytics/LrsKeys';
import { ChartIcon } from '~/components/icons';
import { RequireCapability } from '~/components/RequireCapability';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { EmptyState, PageHeader } from '~/components/ui';
import { cookieHeaders, gateway } from '~/gateway.server';
import { useSignedInUser } from '~/lib/auth';
import { canManageLrsKeys, isLrsKeyRequest, lrsKeysPath, lrsKeyWrite, type CreatedLrsKey, type LrsKey, type LrsKeyRequest } from '~/lib/lrs-keys';
import type { User } from '~/lib/types';

export const meta: MetaFunction = () => [{ title: 'Analytics · Trainwright' }];

export async function loader(args: LoaderFunctionArgs) {
  const me = await gateway.json<User>(args, '/api/auth/me');
  const user = me.data;
  // Only the Owner of a company whose plan has analytics holds credentials; anyone else reads none.
  const keys = user?.currentCompanyId && canManageLrsKeys(user) ? await gateway.json<{ keys: LrsKey[] }>(args, `/api${lrsKeysPath(user.currentCompanyId)}`) : null;
  return data({ keys: keys?.data?.keys ?? null }, { headers: cookieHeaders([...me.setCookie, ...(keys?.setCookie ?? [])]) });
}

/** The action's answer: the created credential with its secret (shown once), or the gateway's refusal. */
export type AnalyticsAnswer = WriteAnswer<LrsKeyRequest['intent'], { created: CreatedLrsKey | null }>;

export const action = (args: ActionFunctionArgs) =>
  oneWriteAction(args, {
    isRequest: isLrsKeyRequest,
    write: lrsKeyWrite,
    done: (saved: Partial<CreatedLrsKey> | undefined): { created: CreatedLrsKey | null } => ({ created: saved?.secret ? (saved as CreatedLrsKey) : null }),
    invalidIntent: 'createKey',
  });

export default function Analytics() {
  const { t } = useTranslation();
  const { user } = useSignedInUser();
  const { keys } = useLoaderData<typeof loader>();
  return (
    <RequireCapability capability="analytics">
      <PageHeader title={t('pages.analytics.title')} />
      <div className="space-y-8">
        <EmptyState icon={<ChartIcon className="h-10 w-10" />} title={t('pages.analytics.emptyTitle')} text={t('pages.analytics.emptyText')} />
        {keys && user.currentCompanyId && <LrsKeys companyId={user.currentCompanyId} keys={keys} />}
      </div>
    </RequireCapability>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
