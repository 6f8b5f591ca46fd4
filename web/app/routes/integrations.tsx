// The Integration Dashboard (issue 29, docs/integrations.md): needs the `integrationHub` capability
// (Business and Enterprise). The loader reads the catalogue (GET /api/integrations/catalogue) and,
// for the company's Owner, its integrations (GET /api/integrations/user/{me.id}) with each one's
// status read on its own (GET /api/integrations/{id}/status; a failed read shows the integration
// in error). Setup, test, secret rotation, removal and a delivery's replay are the action's intents,
// after which Remix reads the loader again; the delivery log is read in the browser (paging).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { oneWriteAction, type WriteAnswer } from '~/action-calls.server';
import { IntegrationHub } from '~/components/integrations/IntegrationHub';
import { hasCapability, RequireCapability } from '~/components/RequireCapability';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { PageHeader } from '~/components/ui';
import { cookieHeaders, gateway } from '~/gateway.server';
import { useSignedInUser } from '~/lib/auth';
import {
  canManageIntegrations,
  integrationDone,
  integrationPaths,
  integrationWrite,
  isIntegrationRequest,
  withStatuses,
  type CatalogueEntry,
  type Integration,
  type IntegrationDone,
  type IntegrationRequest,
  type IntegrationStatusAnswer,
  type ShownIntegration,
} from '~/lib/integrations';
import { useLoaderState } from '~/lib/server-data';
import type { User } from '~/lib/types';

export const meta: MetaFunction = () => [{ title: 'Integrations · Trainwright' }];

export async function loader(args: LoaderFunctionArgs) {
  const me = await gateway.json<User>(args, '/api/auth/me');
  const user = me.data;
  // A plan without the hub shows 'Feature Not Available', and only the Owner reads the company's
  // integrations: nothing to read then (an empty list, not a failed read).
  if (user && !hasCapability(user, 'integrationHub')) return data({ catalogue: [] as CatalogueEntry[], integrations: [] as ShownIntegration[] }, { headers: cookieHeaders(me.setCookie) });
  const manages = user ? canManageIntegrations(user) : false;
  const [catalogue, list] = await Promise.all([
    gateway.json<{ integrations: CatalogueEntry[] }>(args, `/api${integrationPaths.catalogue}`),
    user && manages ? gateway.json<{ integrations: Integration[] }>(args, `/api${integrationPaths.ofUser(user.id)}`) : null,
  ]);
  const found = list?.data?.integrations ?? [];
  const statuses = await Promise.all(found.map((i) => gateway.json<IntegrationStatusAnswer>(args, `/api${integrationPaths.status(i.id)}`)));
  const integrations: ShownIntegration[] | null = !user ? null : !manages ? [] : list?.data ? withStatuses(found, statuses.map((s) => s.data)) : null;
  return data(
    { catalogue: catalogue.data?.integrations ?? null, integrations },
    { headers: cookieHeaders([...me.setCookie, ...catalogue.setCookie, ...(list?.setCookie ?? []), ...statuses.flatMap((s) => s.setCookie)]) },
  );
}

/** The action's answer: the setup (with Zapier's signing secret), the test's outcome, the rotated secret, or the gateway's refusal. */
export type IntegrationAnswer = WriteAnswer<IntegrationRequest['intent'], IntegrationDone>;

export const action = (args: ActionFunctionArgs) =>
  oneWriteAction(args, {
    isRequest: isIntegrationRequest,
    write: integrationWrite,
    done: integrationDone,
    invalidIntent: 'setup',
    // A test waits for the receiver's answer (up to 15 s) before answering.
    timeoutMs: 25_000,
  });

// A refusal or a rotation (the secret is in the answer alone) changes nothing the page shows.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  const answer = actionResult as IntegrationAnswer | undefined;
  return answer && (!answer.ok || answer.intent === 'rotate') ? false : defaultShouldRevalidate;
};

export default function IntegrationsPage() {
  const { t } = useTranslation();
  const { user } = useSignedInUser();
  const { data: loaded, settled, reload } = useLoaderState(useLoaderData<typeof loader>());
  return (
    <RequireCapability capability="integrationHub">
      <PageHeader title={t('integrations.title')} subtitle={t('integrations.subtitle', { company: user.company })} />
      <IntegrationHub catalogue={loaded.catalogue} integrations={loaded.integrations} settled={settled} onRetry={reload} />
    </RequireCapability>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
