// Advanced Analytics (part 2, section 2): a time period (7, 30, 90 days) and three tabs, each loaded
// from the browser when it is shown: Overview (GET /api/analytics/realtime: the live figures and the
// trending content), Engagement (GET /api/analytics/engagement: five metrics, the drop-off analysis
// and the AI insights) and Completion (GET /api/analytics/completion: three metrics, the funnel and
// the optimisation opportunities). A skeleton while a tab loads; a failure is 'Advanced Analytics
// Unavailable' with the server's message and Retry; a period without data says so.
import { useCallback, useId, useState, type ReactElement } from 'react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import {
  ADVANCED_PERIODS,
  DEFAULT_ADVANCED_PERIOD,
  countText,
  decimalText,
  dropOffReason,
  durationText,
  fetchCompletion,
  fetchEngagement,
  fetchRealtime,
  funnelBars,
  impactName,
  percentText,
  projectAnalyticsPage,
  recommendationLines,
  type AdvancedPeriod,
  type CompletionAnalytics,
  type EngagementAnalytics,
  type RealtimeAnalytics,
  type RecommendationFacts,
} from '~/lib/analytics';
import { errorText } from '~/lib/errors';
import { formatMoment } from '~/lib/format';
import { useSeededLoad } from '~/lib/server-data';
import { ChartIcon } from '../icons';
import { Modal } from '../Modal';
import { selectClass } from '../projects/ProjectFormFields';
import { Badge, Button, DataTable, EmptyState, TabPanel, Tabs, cx } from '../ui';
import { FunnelChart } from './Charts';
import { FigureCard, FigureGrid, Section } from './DashboardParts';

const TABS = ['overview', 'engagement', 'completion'] as const;
type Tab = (typeof TABS)[number];

const IMPACT_TONES: Record<string, 'red' | 'amber' | 'slate'> = { high: 'red', medium: 'amber', low: 'slate' };

/** One tab's answer, loaded when the tab is shown and again when what it reads changes. */
function useTabData<T>(fetch: (signal: AbortSignal) => Promise<T>) {
  const [value, setValue] = useState<T | null>(null);
  const { error, loading, reload } = useSeededLoad(fetch, setValue);
  return { value: loading ? null : value, error: loading ? null : error, retry: () => void reload() };
}

function LoadingSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" data-testid="advanced-analytics-loading">
      <span className="sr-only">{t('common.loading')}</span>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-20 animate-pulse rounded-lg bg-slate-100" />
        ))}
      </div>
      <div className="mt-4 h-48 animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />
    </div>
  );
}

function Unavailable({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3" data-testid="advanced-analytics-error">
      <h3 className="font-semibold text-red-800">{t('analytics.advanced.unavailable')}</h3>
      <p className="mt-1 text-sm text-red-700">{errorText(error, t)}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** A tab's state: the skeleton, the failure, or its content. */
function TabState<T>({ data, children }: { data: { value: T | null; error: unknown; retry: () => void }; children: (value: T) => ReactElement }) {
  if (data.error != null) return <Unavailable error={data.error} onRetry={data.retry} />;
  if (data.value === null) return <LoadingSkeleton />;
  return children(data.value);
}

function NoData({ title }: { title: string }) {
  return <EmptyState icon={<ChartIcon className="h-10 w-10" />} title={title} />;
}

/** A finding with its advice and expected impact, worded from its kind when this app knows it. */
function Recommendation({ facts, finding, advice, impact }: { facts: RecommendationFacts; finding: string; advice?: string; impact: string }) {
  const { t } = useTranslation();
  const lines = recommendationLines(facts, { finding, advice }, t);
  return (
    <li className="flex items-start justify-between gap-3 rounded-md border border-slate-200 px-3 py-2 text-sm" data-testid="advanced-recommendation">
      <div>
        <p className="font-medium text-slate-900">{lines.finding}</p>
        {lines.advice && <p className="mt-0.5 text-slate-700">{lines.advice}</p>}
      </div>
      <Badge tone={IMPACT_TONES[impact] ?? 'slate'}>
        <span className="sr-only">{t('analytics.impact.label')}: </span>
        {impactName(impact, t)}
      </Badge>
    </li>
  );
}

const cell = 'px-3 py-2 text-slate-700';
const figureCell = 'px-3 py-2 text-right tabular-nums text-slate-700';

function ProjectLink({ id, title }: { id: string; title: string | null }) {
  const { t } = useTranslation();
  return (
    <Link to={projectAnalyticsPage(id)} className="font-medium text-indigo-700 hover:text-indigo-900 hover:underline">
      {title || t('analytics.projects.untitled')}
    </Link>
  );
}

function Overview({ realtime }: { realtime: RealtimeAnalytics }) {
  const { t } = useTranslation();
  const k = 'analytics.advanced.realtime';
  return (
    <div className="space-y-6">
      <FigureGrid label={t('analytics.advanced.tabs.overview')} level={3}>
        <FigureCard label={t(`${k}.activeSessions`)} value={countText(realtime.current_active_sessions, t)} testId="realtime-active-sessions" />
        <FigureCard label={t(`${k}.viewsLastHour`)} value={countText(realtime.last_hour.project_views, t)} testId="realtime-views-hour" />
        <FigureCard label={t(`${k}.uniqueUsers`)} value={countText(realtime.last_24_hours.unique_users, t)} testId="realtime-unique-users" />
        <FigureCard label={t(`${k}.engagementMinutes`)} value={decimalText(realtime.last_24_hours.total_engagement_time, t)} testId="realtime-engagement-minutes" />
      </FigureGrid>
      <Section level={3} title={t(`${k}.trending`)} testId="realtime-trending">
        {realtime.trending_content.length === 0 ? (
          <p className="text-sm text-slate-600">{t(`${k}.noTrending`)}</p>
        ) : (
          <DataTable caption={t(`${k}.trending`)} columns={[{ label: t(`${k}.content`) }, { label: t(`${k}.views`), align: 'right' }, { label: t(`${k}.watched`), align: 'right' }]}>
            {realtime.trending_content.map((item) => (
              <tr key={item.project_id}>
                <th scope="row" className="px-3 py-2 text-left">
                  <ProjectLink id={item.project_id} title={item.title} />
                </th>
                <td className={figureCell}>{countText(item.views, t)}</td>
                <td className={figureCell}>{percentText(item.engagement, t)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Section>
    </div>
  );
}

function Engagement({ engagement }: { engagement: EngagementAnalytics }) {
  const { t } = useTranslation();
  const k = 'analytics.advanced.engagement';
  const metrics = engagement.engagement_metrics;
  if (engagement.empty || !metrics) return <NoData title={t('analytics.advanced.noEngagement')} />;
  return (
    <div className="space-y-6">
      <FigureGrid label={t('analytics.advanced.tabs.engagement')} columns={5} level={3}>
        <FigureCard label={t(`${k}.score`)} value={t('analytics.stats.outOf100', { value: decimalText(metrics.overall_engagement_score, t) })} testId="engagement-score" />
        <FigureCard label={t(`${k}.sessionDuration`)} value={durationText(metrics.average_session_duration)} testId="engagement-session" />
        <FigureCard label={t(`${k}.interactionRate`)} value={decimalText(metrics.interaction_rate_per_minute, t, 2)} testId="engagement-interactions" />
        <FigureCard label={t(`${k}.completionRate`)} value={percentText(metrics.content_completion_rate, t)} testId="engagement-completion" />
        <FigureCard label={t(`${k}.retentionRate`)} value={percentText(metrics.user_retention_rate, t)} testId="engagement-retention" />
      </FigureGrid>
      <Section level={3} title={t(`${k}.dropOffs`)} testId="engagement-drop-offs">
        {engagement.drop_off_analysis.length === 0 ? (
          <p className="text-sm text-slate-600">{t(`${k}.noDropOffs`)}</p>
        ) : (
          <DataTable
            caption={t(`${k}.dropOffs`)}
            columns={[{ label: t(`${k}.project`) }, { label: t(`${k}.at`), align: 'right' }, { label: t(`${k}.section`) }, { label: t(`${k}.reason`) }, { label: t(`${k}.dropRate`), align: 'right' }]}
          >
            {engagement.drop_off_analysis.map((row) => (
              <tr key={`${row.project_id}-${row.second}`}>
                <th scope="row" className="px-3 py-2 text-left">
                  <ProjectLink id={row.project_id} title={row.project_title} />
                </th>
                <td className={figureCell}>{formatMoment(row.second)}</td>
                <td className={cell}>{row.section}</td>
                <td className={cx(cell, 'text-xs')}>{dropOffReason(row, t)}</td>
                <td className={figureCell}>{percentText(row.drop_rate, t)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Section>
      <Section level={3} title={t(`${k}.insights`)} testId="engagement-insights">
        {engagement.ai_insights.length === 0 ? (
          <p className="text-sm text-slate-600">{t(`${k}.noInsights`)}</p>
        ) : (
          <ul className="space-y-2">
            {engagement.ai_insights.map((insight, i) => (
              <Recommendation key={i} facts={insight} finding={insight.finding} advice={insight.recommendation} impact={insight.expected_impact} />
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

function Completion({ completion }: { completion: CompletionAnalytics }) {
  const { t } = useTranslation();
  const k = 'analytics.advanced.completion';
  const metrics = completion.completion_metrics;
  if (completion.empty || !metrics) return <NoData title={t('analytics.advanced.noCompletion')} />;
  const bars = funnelBars(completion.drop_off_funnel).map((bar) => ({ label: t(`${k}.stages.${bar.stage}`), percent: bar.percent }));
  return (
    <div className="space-y-6">
      <FigureGrid label={t('analytics.advanced.tabs.completion')} columns={3} level={3}>
        <FigureCard label={t(`${k}.rate`)} value={percentText(metrics.overall_completion_rate, t)} testId="completion-rate" />
        <FigureCard label={t(`${k}.averageTime`)} value={durationText(metrics.average_completion_time)} testId="completion-average" />
        <FigureCard label={t(`${k}.medianTime`)} value={durationText(metrics.median_completion_time)} testId="completion-median" />
      </FigureGrid>
      {bars.length > 0 && <FunnelChart bars={bars} />}
      <Section level={3} title={t(`${k}.opportunities`)} testId="completion-opportunities">
        {completion.optimization_opportunities.length === 0 ? (
          <p className="text-sm text-slate-600">{t(`${k}.noOpportunities`)}</p>
        ) : (
          <ul className="space-y-2">
            {completion.optimization_opportunities.map((item, i) => (
              <Recommendation key={i} facts={item} finding={item.opportunity} impact={item.impact} />
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

function OverviewTab() {
  const data = useTabData(fetchRealtime);
  return <TabState data={data}>{(realtime) => <Overview realtime={realtime} />}</TabState>;
}

function EngagementTab({ period }: { period: AdvancedPeriod }) {
  const data = useTabData(useCallback((signal: AbortSignal) => fetchEngagement(period, signal), [period]));
  return <TabState data={data}>{(engagement) => <Engagement engagement={engagement} />}</TabState>;
}

function CompletionTab({ period }: { period: AdvancedPeriod }) {
  const data = useTabData(useCallback((signal: AbortSignal) => fetchCompletion(period, signal), [period]));
  return <TabState data={data}>{(completion) => <Completion completion={completion} />}</TabState>;
}

export function AdvancedAnalyticsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const idBase = useId();
  const [tab, setTab] = useState<Tab>('overview');
  const [period, setPeriod] = useState<AdvancedPeriod>(DEFAULT_ADVANCED_PERIOD);
  return (
    <Modal open onClose={onClose} title={t('analytics.advanced.title')} size="xl">
      <div className="space-y-4" data-testid="advanced-analytics">
        <div className="flex flex-wrap items-end gap-x-4 gap-y-1">
          <div>
            <label htmlFor={`${idBase}-period`} className="block text-sm font-medium text-slate-700">
              {t('analytics.advanced.period')}
            </label>
            <select
              id={`${idBase}-period`}
              value={period}
              onChange={(e) => setPeriod(Number(e.target.value) as AdvancedPeriod)}
              className={cx(selectClass, 'mt-1 w-48')}
              aria-describedby={tab === 'overview' ? `${idBase}-period-hint` : undefined}
            >
              {ADVANCED_PERIODS.map((days) => (
                <option key={days} value={days}>
                  {t('analytics.advanced.days', { count: days })}
                </option>
              ))}
            </select>
          </div>
          {tab === 'overview' && (
            <p id={`${idBase}-period-hint`} className="pb-2 text-xs text-slate-500">
              {t('analytics.advanced.periodHint')}
            </p>
          )}
        </div>
        <Tabs idBase={idBase} label={t('analytics.advanced.tabs.label')} tabs={TABS.map((key) => ({ key, label: t(`analytics.advanced.tabs.${key}`) }))} value={tab} onChange={setTab} />
        <TabPanel idBase={idBase} tab={tab} className="pt-2">
          {tab === 'overview' && <OverviewTab />}
          {tab === 'engagement' && <EngagementTab period={period} />}
          {tab === 'completion' && <CompletionTab period={period} />}
        </TabPanel>
      </div>
    </Modal>
  );
}
