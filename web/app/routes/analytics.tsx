// Analytics needs the `analytics` capability (business and enterprise, or the add-on). Behind the
// guard: the company's learner analytics over a range (`?range=`, 30 days by default; the loader
// reads GET /api/analytics/dashboard): four figures, views per day, by channel and by language,
// the first three recommendations, projects by type, recent activity and views by project, the
// CSV export and the Advanced Analytics dialog; a range without learner activity says so (no
// placeholder figures). For the Owner, the learning record store's credentials below
// (docs/analytics.md); creating and revoking one are the action's intents.
import { useState } from 'react';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { oneWriteAction, type WriteAnswer } from '~/action-calls.server';
import { AdvancedAnalyticsDialog } from '~/components/analytics/AdvancedAnalyticsDialog';
import { CountsChart, ViewsChart } from '~/components/analytics/Charts';
import { DownloadCsvLink, FilterBar, InsightsPanel, ProjectViews, RangeSelector, RecentActivity, StatCards, TypeBreakdown, useReloadingPage } from '~/components/analytics/DashboardParts';
import { LrsKeys } from '~/components/analytics/LrsKeys';
import { ChartIcon, SparkIcon } from '~/components/icons';
import { RequireCapability } from '~/components/RequireCapability';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { Button, Card, EmptyState, ErrorBox, LoadingLine, PageHeader, cx } from '~/components/ui';
import { cookieHeaders, gateway } from '~/gateway.server';
import { failureError, type ActionFailure } from '~/lib/action-failure';
import { analyticsFiltersOf, analyticsPaths, channelName, type AnalyticsDashboard, type AnalyticsRange } from '~/lib/analytics';
import { useSignedInUser } from '~/lib/auth';
import { errorText } from '~/lib/errors';
import { languageName } from '~/lib/language-names';
import { canManageLrsKeys, isLrsKeyRequest, lrsKeysPath, lrsKeyWrite, type CreatedLrsKey, type LrsKey, type LrsKeyRequest } from '~/lib/lrs-keys';
import { useHydrated, useLoaderState } from '~/lib/server-data';
import type { User } from '~/lib/types';

export const meta: MetaFunction = () => [{ title: 'Analytics · Trainwright' }];

export async function loader(args: LoaderFunctionArgs) {
  const filters = analyticsFiltersOf(new URL(args.request.url).searchParams);
  const { range } = filters;
  const [me, dashboard] = await Promise.all([gateway.json<User>(args, '/api/auth/me'), gateway.json<AnalyticsDashboard>(args, `/api${analyticsPaths.dashboard(filters)}`)]);
  const user = me.data;
  // Only the Owner of a company whose plan has analytics holds credentials; anyone else reads none.
  const keys = user?.currentCompanyId && canManageLrsKeys(user) ? await gateway.json<{ keys: LrsKey[] }>(args, `/api${lrsKeysPath(user.currentCompanyId)}`) : null;
  const failure: ActionFailure | null = dashboard.data ? null : { status: dashboard.status, body: dashboard.error };
  return data(
    { range, filters, dashboard: dashboard.data, failure, keys: keys?.data?.keys ?? null },
    { headers: cookieHeaders([...me.setCookie, ...dashboard.setCookie, ...(keys?.setCookie ?? [])]) },
  );
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

/** The range's learner figures, charts and panels (the empty state when nobody watched). */
function Dashboard({ dashboard, range }: { dashboard: AnalyticsDashboard; range: AnalyticsRange }) {
  const { t, i18n } = useTranslation();
  const channels = dashboard.channels.map((c) => ({ label: channelName(c.key, t), views: c.views, completed: c.completed }));
  const languages = dashboard.languages.map((l) => ({ label: languageName(l.key, i18n.language), views: l.views, completed: l.completed }));
  return (
    <div className="space-y-6">
      {dashboard.empty ? (
        <EmptyState icon={<ChartIcon className="h-10 w-10" />} title={t('analytics.emptyTitle')} text={t('analytics.emptyText')} />
      ) : (
        <>
          <StatCards analytics={dashboard.analytics} />
          <div className="grid gap-6 xl:grid-cols-3">
            <Card className="p-5 xl:col-span-2">
              <ViewsChart series={dashboard.series} />
            </Card>
            <InsightsPanel insights={dashboard.insights} />
          </div>
          <div className="grid gap-6 lg:grid-cols-2">
            {channels.length > 0 && (
              <Card className="p-5">
                <CountsChart title={t('analytics.charts.byChannel')} rows={channels} />
              </Card>
            )}
            {languages.length > 0 && (
              <Card className="p-5">
                <CountsChart title={t('analytics.charts.byLanguage')} rows={languages} />
              </Card>
            )}
          </div>
          {dashboard.projects.length > 0 && <ProjectViews projects={dashboard.projects} range={range} />}
        </>
      )}
      {/* The company's projects: there even when nobody watched in the range. */}
      <div className="grid gap-6 lg:grid-cols-2">
        <TypeBreakdown breakdown={dashboard.breakdown} />
        <RecentActivity projects={dashboard.recent_activity} range={range} />
      </div>
    </div>
  );
}

export default function Analytics() {
  const { t } = useTranslation();
  const { user } = useSignedInUser();
  const loaded = useLoaderData<typeof loader>();
  const { range, filters, keys, failure } = loaded;
  const { data: shown, settled, reload } = useLoaderState({ dashboard: loaded.dashboard });
  const reloading = useReloadingPage();
  const hydrated = useHydrated(); // the dialog needs the page's script
  const [advanced, setAdvanced] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const dashboard = shown.dashboard;
  return (
    <RequireCapability capability="analytics">
      <PageHeader
        title={t('pages.analytics.title')}
        actions={
          <>
            {dashboard && !dashboard.empty && <DownloadCsvLink path={analyticsPaths.exportCsv(filters)} onError={setDownloadError} />}
            <Button variant="secondary" onClick={() => setAdvanced(true)} disabled={!hydrated}>
              <SparkIcon className="h-4 w-4" />
              {t('analytics.advanced.open')}
            </Button>
          </>
        }
      />
      <div className="space-y-8">
        <div className="flex flex-wrap items-end gap-4">
          <RangeSelector range={range} />
          <FilterBar filters={filters} languages={dashboard?.languages.map((l) => l.key) ?? []} />
        </div>
        {downloadError && <ErrorBox takeFocus>{downloadError}</ErrorBox>}
        <div className={cx(reloading && 'opacity-60')} aria-busy={reloading} data-testid="analytics-dashboard" data-range={range}>
          {dashboard ? (
            <Dashboard dashboard={dashboard} range={range} />
          ) : !settled ? (
            <LoadingLine />
          ) : (
            <ErrorBox onRetry={reload} retryLabel={t('common.retry')}>
              {t('analytics.loadFailed')} {failure?.status ? errorText(failureError(failure), t) : null}
            </ErrorBox>
          )}
        </div>
        {keys && user.currentCompanyId && <LrsKeys companyId={user.currentCompanyId} keys={keys} />}
      </div>
      {advanced && <AdvancedAnalyticsDialog onClose={() => setAdvanced(false)} />}
    </RequireCapability>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
