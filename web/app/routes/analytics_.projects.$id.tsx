// One project's learner analytics (/analytics/projects/{id}, from the project card's 'Analytics'):
// the range selector, the four figures, the retention curve with its drop-off points marked by
// slide, and the questions with their answers. The loader reads GET /api/analytics/projects/{id}
// (the project's title and quality score included; 404 for another company's project). Behind the
// same capability guard as /analytics; not nested in it (the trailing underscore): this page has
// none of its parts.
import { useState } from 'react';
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { RetentionChart } from '~/components/analytics/Charts';
import { DownloadCsvLink, FilterBar, QuestionsTable, RangeSelector, StatCards, useReloadingPage } from '~/components/analytics/DashboardParts';
import { ChartIcon } from '~/components/icons';
import { RequireCapability } from '~/components/RequireCapability';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { ButtonLink, Card, EmptyState, ErrorBox, LoadingLine, PageHeader, cx } from '~/components/ui';
import { cookieHeaders, gateway } from '~/gateway.server';
import { failureError, type ActionFailure } from '~/lib/action-failure';
import { DEFAULT_ANALYTICS_RANGE, analyticsFiltersOf, analyticsPaths, percentText, type AnalyticsRange, type ProjectAnalytics } from '~/lib/analytics';
import { errorText } from '~/lib/errors';
import { formatMoment } from '~/lib/format';
import { useLoaderState } from '~/lib/server-data';

export const meta: MetaFunction = () => [{ title: 'Project analytics · Trainwright' }];

export async function loader(args: LoaderFunctionArgs) {
  const projectId = args.params.id ?? '';
  const filters = analyticsFiltersOf(new URL(args.request.url).searchParams);
  const analytics = await gateway.json<ProjectAnalytics>(args, `/api${analyticsPaths.project(projectId, filters)}`);
  const failure: ActionFailure | null = analytics.data ? null : { status: analytics.status, body: analytics.error };
  return data({ projectId, range: filters.range, filters, analytics: analytics.data, failure }, { headers: cookieHeaders(analytics.setCookie) });
}

/** The retention curve and, in words, its drop-off points. */
function Retention({ analytics }: { analytics: ProjectAnalytics }) {
  const { t } = useTranslation();
  const { curve } = analytics.retention;
  if (curve.length === 0) return <p className="text-sm text-slate-600">{t('analytics.project.noRetention')}</p>;
  return (
    <div className="space-y-4">
      <RetentionChart curve={curve} dropOffs={analytics.drop_offs} />
      {analytics.drop_offs.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">{t('analytics.project.dropOffs')}</h3>
          <ul className="mt-2 space-y-1 text-sm text-slate-700" data-testid="analytics-drop-offs">
            {analytics.drop_offs.map((d) => {
              const values = { time: formatMoment(d.second), loss: percentText(d.loss, t), slide: d.slide };
              return <li key={d.second}>{d.slide ? t('analytics.project.dropOffAtSlide', values) : t('analytics.project.dropOff', values)}</li>;
            })}
          </ul>
        </div>
      )}
    </div>
  );
}

function ProjectDashboard({ analytics }: { analytics: ProjectAnalytics }) {
  const { t } = useTranslation();
  if (analytics.empty) return <EmptyState icon={<ChartIcon className="h-10 w-10" />} title={t('analytics.emptyTitle')} text={t('analytics.emptyText')} />;
  return (
    <div className="space-y-6">
      <StatCards analytics={analytics.analytics} project />
      <Card className="p-5">
        <Retention analytics={analytics} />
      </Card>
      <QuestionsTable questions={analytics.questions} />
    </div>
  );
}

/** Why the figures are not shown: the project is not there (404), or the server's reason. */
function LoadFailure({ failure, onRetry }: { failure: ActionFailure | null; onRetry: () => void }) {
  const { t } = useTranslation();
  if (failure?.status === 404) return <ErrorBox>{t('analytics.project.notFound')}</ErrorBox>;
  return (
    <ErrorBox onRetry={onRetry} retryLabel={t('common.retry')}>
      {t('analytics.loadFailed')} {failure?.status ? errorText(failureError(failure), t) : null}
    </ErrorBox>
  );
}

export default function ProjectAnalyticsPage() {
  const { t } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  const { projectId, failure, filters } = loaded;
  const range: AnalyticsRange = loaded.range;
  const { data: shown, settled, reload } = useLoaderState({ analytics: loaded.analytics });
  const reloading = useReloadingPage();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const analytics = shown.analytics;
  return (
    <RequireCapability capability="analytics">
      <PageHeader
        title={analytics ? t('analytics.project.title', { title: analytics.project.title || t('analytics.projects.untitled') }) : t('pages.analytics.title')}
        actions={
          <>
            <ButtonLink to={range === DEFAULT_ANALYTICS_RANGE ? '/analytics' : `/analytics?range=${range}`} variant="secondary">
              {t('analytics.project.back')}
            </ButtonLink>
            {analytics && !analytics.empty && <DownloadCsvLink path={analyticsPaths.exportCsv(filters, projectId)} onError={setDownloadError} />}
          </>
        }
      />
      <div className="space-y-8">
        <div className="flex flex-wrap items-end gap-4">
          <RangeSelector range={range} />
          <FilterBar filters={filters} languages={analytics?.languages.map((l) => l.key) ?? []} />
        </div>
        {downloadError && <ErrorBox takeFocus>{downloadError}</ErrorBox>}
        <div className={cx(reloading && 'opacity-60')} aria-busy={reloading} data-testid="project-analytics" data-range={range}>
          {analytics ? <ProjectDashboard analytics={analytics} /> : !settled ? <LoadingLine /> : <LoadFailure failure={failure} onRetry={reload} />}
        </div>
      </div>
    </RequireCapability>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
