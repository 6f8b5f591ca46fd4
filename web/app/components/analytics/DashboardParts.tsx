// The pieces /analytics and a project's analytics page share: the range selector (links, so the
// range lives in the address and the loader reads it), the figure cards, the CSV download, and the
// panels: AI insights, projects by type, recent activity, views by project, the questions.
import { useId, useState, type MouseEvent, type ReactNode } from 'react';
import { Form, Link, useLocation, useNavigation, useSearchParams, useSubmit } from '@remix-run/react';
import { LEARNING_CHANNELS } from '@trainwright/catalogue';
import { useTranslation } from 'react-i18next';
import {
  ANALYTICS_RANGES,
  NO_FIGURE,
  channelName,
  countText,
  percentText,
  projectAnalyticsPage,
  responsesText,
  statCards,
  topRecommendations,
  type AnalyticsDashboard,
  type AnalyticsFilters,
  type AnalyticsRange,
  type DashboardQuestion,
  type LearnerFigures,
  type RecentProject,
  type TypeShare,
} from '~/lib/analytics';
import { downloadErrorReason, downloadFile, saveFile } from '~/lib/downloads';
import { formatDate } from '~/lib/format';
import { titleCaseStatus } from '~/lib/projects';
import { languageName } from '~/lib/language-names';
import { useDisplayTimeZone, useHydrated } from '~/lib/server-data';
import { selectClass } from '../projects/ProjectFormFields';
import { DownloadIcon } from '../icons';
import { StatusBadge } from '../projects/ProjectCard';
import { Card, DataTable, Spinner, buttonClass, cx } from '../ui';

/** The level of a part's heading: 2 on a page, 3 inside a dialog (whose title is the h2). */
export type HeadingLevel = 2 | 3;

/** A titled part of the page. */
export function Section({ title, children, testId, level = 2 }: { title: string; children: ReactNode; testId?: string; level?: HeadingLevel }) {
  const id = useId();
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <section aria-labelledby={id} data-testid={testId}>
      <Heading id={id} className="text-base font-semibold text-slate-900">
        {title}
      </Heading>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** A titled card of the dashboard. */
export function Panel({ title, children, className, testId }: { title: string; children: ReactNode; className?: string; testId?: string }) {
  return (
    <Card className={cx('p-5', className)}>
      <Section title={title} testId={testId}>
        {children}
      </Section>
    </Card>
  );
}

/** 7d, 30d, 90d, 1y as links that change `?range=` (the other parameters kept); the current one marked. */
export function RangeSelector({ range }: { range: AnalyticsRange }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <nav aria-label={t('analytics.range.label')}>
      <ul className="inline-flex overflow-hidden rounded-md shadow-sm ring-1 ring-inset ring-slate-300">
        {ANALYTICS_RANGES.map((option) => {
          const next = new URLSearchParams(params);
          next.set('range', option);
          const current = option === range;
          return (
            <li key={option} className="border-l border-slate-300 first:border-l-0">
              <Link
                to={`?${next.toString()}`}
                preventScrollReset
                aria-current={current ? 'page' : undefined}
                className={cx(
                  'block px-3 py-1.5 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
                  current ? 'bg-indigo-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-50',
                )}
              >
                {t(`analytics.range.${option}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * The language and channel the figures are narrowed to, as a GET form that keeps the range (it
 * works before the page's script loads; with it, a change applies at once). Languages: those the
 * range has views in, and the one chosen.
 */
export function FilterBar({ filters, languages }: { filters: AnalyticsFilters; languages: string[] }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const choices = [...new Set([...(filters.language ? [filters.language] : []), ...languages.filter(Boolean)])];
  return (
    <Form method="get" preventScrollReset className="flex flex-wrap items-end gap-3" onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })} aria-label={t('analytics.filters.label')}>
      <input type="hidden" name="range" value={filters.range} />
      <div>
        <label htmlFor={`${id}-language`} className="block text-sm font-medium text-slate-700">
          {t('analytics.filters.language')}
        </label>
        <select id={`${id}-language`} name="language" defaultValue={filters.language ?? ''} className={cx(selectClass, 'mt-1')}>
          <option value="">{t('analytics.filters.allLanguages')}</option>
          {choices.map((code) => (
            <option key={code} value={code}>
              {languageName(code, i18n.language)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-channel`} className="block text-sm font-medium text-slate-700">
          {t('analytics.filters.channel')}
        </label>
        <select id={`${id}-channel`} name="channel" defaultValue={filters.channel ?? ''} className={cx(selectClass, 'mt-1')}>
          <option value="">{t('analytics.filters.allChannels')}</option>
          {LEARNING_CHANNELS.map((channel) => (
            <option key={channel} value={channel}>
              {channelName(channel, t)}
            </option>
          ))}
        </select>
      </div>
      {!hydrated && (
        <button type="submit" className={buttonClass('secondary')}>
          {t('analytics.filters.apply')}
        </button>
      )}
    </Form>
  );
}

/** True while Remix loads this same page again (another range). */
export function useReloadingPage(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
}

/** A labelled figure; without one it shows '—' and says why. */
export function FigureCard({ label, value, reason, testId }: { label: string; value: string; reason?: string | null; testId?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm" data-testid={testId}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">{reason ? <span aria-hidden="true">{NO_FIGURE}</span> : value}</dd>
      {reason && <dd className="mt-0.5 text-xs text-slate-500">{reason}</dd>}
    </div>
  );
}

export function FigureGrid({ label, children, columns = 4, level = 2 }: { label: string; children: ReactNode; columns?: 3 | 4 | 5; level?: HeadingLevel }) {
  const id = useId();
  const grid = { 3: 'sm:grid-cols-3', 4: 'lg:grid-cols-4', 5: 'sm:grid-cols-3 lg:grid-cols-5' }[columns];
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <section aria-labelledby={id}>
      <Heading id={id} className="sr-only">
        {label}
      </Heading>
      <dl className={cx('grid grid-cols-2 gap-3', grid)}>{children}</dl>
    </section>
  );
}

/** Total views, completion rate, average quality and active users (`project`: one project's). */
export function StatCards({ analytics, project = false }: { analytics: LearnerFigures['analytics']; project?: boolean }) {
  const { t } = useTranslation();
  return (
    <FigureGrid label={t('analytics.stats.label')}>
      {statCards(analytics, t, { project }).map((card) => (
        <FigureCard key={card.key} label={card.label} value={card.value} reason={card.reason} testId={`stat-${card.key}`} />
      ))}
    </FigureGrid>
  );
}

/**
 * 'Download CSV': a plain link to the export through the web app's /api proxy (it works before
 * the page's script runs). Once it runs, a click downloads through the API client instead, as the
 * other downloads do: an expired session is renewed rather than saved as the file, and a refusal
 * is reported through `onError`.
 */
export function DownloadCsvLink({ path, onError }: { path: string; onError: (message: string | null) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window, or a saved link: the browser's own.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    onError(null);
    try {
      saveFile(await downloadFile(path, 'csv'));
    } catch (error) {
      onError(t('analytics.downloadFailed', { reason: downloadErrorReason(error, t) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <a href={`/api${path}`} download onClick={(event) => void download(event)} aria-busy={busy} className={buttonClass('secondary')}>
      {busy ? <Spinner /> : <DownloadIcon className="h-4 w-4" />}
      {t('analytics.downloadCsv')}
    </a>
  );
}

/** The first three recommendations, worded in the reader's language. */
export function InsightsPanel({ insights }: { insights: LearnerFigures['insights'] }) {
  const { t } = useTranslation();
  const shown = topRecommendations(insights, t);
  return (
    <Panel title={t('analytics.insights.title')} testId="analytics-insights">
      {shown.length === 0 ? (
        <p className="text-sm text-slate-600">{t('analytics.insights.none')}</p>
      ) : (
        <ol className="space-y-3">
          {shown.map((line, i) => (
            <li key={i} className="rounded-md border-l-4 border-amber-400 bg-amber-50/60 px-3 py-2 text-sm" data-testid="analytics-recommendation">
              <p className="font-medium text-slate-900">{line.finding}</p>
              {line.advice && <p className="mt-0.5 text-slate-700">{line.advice}</p>}
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

function projectTypeName(type: string, t: ReturnType<typeof useTranslation>['t']): string {
  return t(`options.projectType.${type}`, { defaultValue: titleCaseStatus(type) });
}

/** The company's projects by type, each with its share as a bar. */
export function TypeBreakdown({ breakdown }: { breakdown: TypeShare[] }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('analytics.breakdown.title')} testId="analytics-breakdown">
      {breakdown.length === 0 ? (
        <p className="text-sm text-slate-600">{t('analytics.breakdown.none')}</p>
      ) : (
        <ul className="space-y-3">
          {breakdown.map((share) => (
            <li key={share.project_type} className="text-sm">
              <div className="flex justify-between gap-2">
                <span className="text-slate-700">{projectTypeName(share.project_type, t)}</span>
                <span className="tabular-nums text-slate-600">{t('analytics.breakdown.count', { count: share.count, percent: percentText(share.percent, t) })}</span>
              </div>
              <div className="mt-1 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                <div className="h-full rounded-full bg-indigo-500" style={{ width: `${Math.min(100, Math.max(0, share.percent))}%` }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** The most recently updated projects, each with its views in the range and a link to its analytics. */
export function RecentActivity({ projects, range }: { projects: RecentProject[]; range: AnalyticsRange }) {
  const { t, i18n } = useTranslation();
  const timeZone = useDisplayTimeZone();
  return (
    <Panel title={t('analytics.recent.title')} testId="analytics-recent">
      {projects.length === 0 ? (
        <p className="text-sm text-slate-600">{t('analytics.recent.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {projects.map((project) => (
            <li key={project.project_id} className="flex items-start justify-between gap-3 py-2 text-sm first:pt-0 last:pb-0">
              <div className="min-w-0">
                <Link to={projectAnalyticsPage(project.project_id, range)} className="break-words font-medium text-indigo-700 hover:text-indigo-900 hover:underline">
                  {project.title || t('analytics.projects.untitled')}
                </Link>
                <p className="text-xs text-slate-500">
                  {projectTypeName(project.project_type, t)} · {t('analytics.recent.updated', { date: formatDate(project.updated_at, i18n.language, timeZone) })}
                </p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <StatusBadge status={project.status} />
                {project.views !== null && <span className="text-xs tabular-nums text-slate-600">{t('analytics.recent.views', { count: project.views, views: countText(project.views, t) })}</span>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** Views and completed views of each project, with a link to its analytics. */
export function ProjectViews({ projects, range }: { projects: AnalyticsDashboard['projects']; range: AnalyticsRange }) {
  const { t } = useTranslation();
  return (
    <Section title={t('analytics.projects.title')} testId="analytics-projects">
      <DataTable
        caption={t('analytics.projects.title')}
        columns={[{ label: t('analytics.projects.project') }, { label: t('analytics.projects.views'), align: 'right' }, { label: t('analytics.projects.completed'), align: 'right' }]}
      >
        {projects.map((project) => (
            <tr key={project.key}>
              <th scope="row" className="px-3 py-2 text-left font-medium">
                <Link to={projectAnalyticsPage(project.key, range)} className="text-indigo-700 hover:text-indigo-900 hover:underline">
                  {project.title || t('analytics.projects.untitled')}
                </Link>
              </th>
              <td className="px-3 py-2 text-right tabular-nums text-slate-700">{countText(project.views, t)}</td>
              <td className="px-3 py-2 text-right tabular-nums text-slate-700">{countText(project.completed, t)}</td>
            </tr>
        ))}
      </DataTable>
    </Section>
  );
}

/** Each question: its answers, the percent answered correctly and the responses given. */
export function QuestionsTable({ questions }: { questions: DashboardQuestion[] }) {
  const { t } = useTranslation();
  return (
    <Section title={t('analytics.project.questions')} testId="analytics-questions">
      {questions.length === 0 ? (
        <p className="text-sm text-slate-600">{t('analytics.project.noQuestions')}</p>
      ) : (
        <DataTable
          caption={t('analytics.project.questions')}
          columns={[
            { label: t('analytics.project.question') },
            { label: t('analytics.project.answers'), align: 'right' },
            { label: t('analytics.project.correct'), align: 'right' },
            { label: t('analytics.project.responses') },
          ]}
        >
          {questions.map((question) => (
            <tr key={question.question_id}>
              <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                {question.question}
              </th>
              <td className="px-3 py-2 text-right tabular-nums text-slate-700">{countText(question.answers, t)}</td>
              <td className="px-3 py-2 text-right tabular-nums text-slate-700">{question.correct_rate === null ? NO_FIGURE : percentText(question.correct_rate, t)}</td>
              <td className="px-3 py-2 text-xs text-slate-600">{responsesText(question.responses, t)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </Section>
  );
}
