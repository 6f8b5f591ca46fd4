// The analytics charts (Recharts 3; docs/analytics.md "Decisions"): views and completed views per
// day, views by channel or language, a project's retention curve with its drop-off points, and the
// completion funnel. Recharts draws in the browser only (on the server it has no size to draw at),
// so the page's HTML holds the chart's space, and each chart also has its figures as a table under
// 'Show the figures': the numbers never depend on the drawing.
import { useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, LabelList, Legend, Line, LineChart, ReferenceDot, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { countText, dailySeries, dayLabel, dropOffMarkers, percentText, retentionPoints, type DropOff, type LearnerFigures } from '~/lib/analytics';
import { formatMoment } from '~/lib/format';
import { useHydrated } from '~/lib/server-data';
import { DataTable } from '../ui';
import type { HeadingLevel } from './DashboardParts';

const COLORS = { views: '#4f46e5', completed: '#059669', dropOff: '#dc2626', grid: '#e2e8f0', axis: '#64748b' };
const AXIS_TICK = { fontSize: 12, fill: COLORS.axis };
/** The legend in the order the series are drawn (Recharts sorts by name otherwise), at the axes' size. */
const LEGEND = { itemSorter: null, wrapperStyle: { fontSize: 12 } } as const;
const CHART_HEIGHT = 260;
const RETENTION_HEIGHT = 300;

/** A chart `height` pixels high under its title (a heading) and, folded under it, the same figures as a table. */
export function ChartFigure({
  title,
  columns,
  rows,
  height,
  level = 2,
  children,
}: {
  title: string;
  columns: string[];
  rows: ReactNode[][];
  height: number;
  level?: HeadingLevel;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const captionId = useId();
  const hydrated = useHydrated();
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <figure aria-labelledby={captionId} className="space-y-3">
      <figcaption>
        <Heading id={captionId} className="text-base font-semibold text-slate-900">
          {title}
        </Heading>
      </figcaption>
      {hydrated ? children : <div style={{ height }} aria-hidden="true" />}
      <details className="text-sm">
        <summary className="cursor-pointer text-xs font-medium text-indigo-700 hover:text-indigo-900">{t('analytics.charts.showFigures')}</summary>
        <div className="mt-2">
          <DataTable caption={t('analytics.charts.dataTable', { chart: title })} columns={columns.map((label, i) => ({ label, align: i > 0 ? 'right' : undefined }))}>
            {rows.map((cells, r) => (
              <tr key={r}>
                {cells.map((cell, c) =>
                  c === 0 ? (
                    <th key={c} scope="row" className="px-3 py-1.5 text-left font-normal text-slate-700">
                      {cell}
                    </th>
                  ) : (
                    <td key={c} className="px-3 py-1.5 text-right tabular-nums text-slate-700">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </DataTable>
        </div>
      </details>
    </figure>
  );
}

/** Views and completed views per day, the quiet days between as zeros. */
export function ViewsChart({ series }: { series: LearnerFigures['series'] }) {
  const { t } = useTranslation();
  const data = useMemo(() => dailySeries(series).map((d) => ({ ...d, label: dayLabel(d.day, t) })), [series, t]);
  const title = t('analytics.charts.viewsPerDay');
  const views = t('analytics.charts.views');
  const completed = t('analytics.charts.completed');
  const count = (value: unknown) => countText(Number(value), t);
  return (
    <ChartFigure title={title} columns={[t('analytics.charts.day'), views, completed]} rows={data.map((d) => [d.label, count(d.views), count(d.completed)])} height={CHART_HEIGHT}>
      <AreaChart responsive style={{ width: '100%', height: CHART_HEIGHT }} data={data} title={title} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={COLORS.grid} />
        <XAxis dataKey="label" tick={AXIS_TICK} minTickGap={16} />
        <YAxis allowDecimals={false} tick={AXIS_TICK} width={44} tickFormatter={count} />
        <Tooltip formatter={count} />
        <Legend {...LEGEND} />
        {/* A single day draws no area: its dots show it. */}
        <Area type="monotone" dataKey="views" name={views} stroke={COLORS.views} fill={COLORS.views} fillOpacity={0.12} dot={data.length === 1} />
        <Area type="monotone" dataKey="completed" name={completed} stroke={COLORS.completed} fill={COLORS.completed} fillOpacity={0.12} dot={data.length === 1} />
      </AreaChart>
    </ChartFigure>
  );
}

/** Views and completed views per key (a channel, a language), as horizontal bars. */
export function CountsChart({ title, rows }: { title: string; rows: { label: string; views: number; completed: number }[] }) {
  const { t } = useTranslation();
  const views = t('analytics.charts.views');
  const completed = t('analytics.charts.completed');
  const count = (value: unknown) => countText(Number(value), t);
  const height = 56 + rows.length * 44;
  return (
    <ChartFigure title={title} columns={['', views, completed]} rows={rows.map((r) => [r.label, count(r.views), count(r.completed)])} height={height}>
      <BarChart responsive layout="vertical" style={{ width: '100%', height }} data={rows} title={title} margin={{ top: 4, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={COLORS.grid} horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={AXIS_TICK} tickFormatter={count} />
        <YAxis type="category" dataKey="label" tick={AXIS_TICK} width={140} />
        <Tooltip formatter={count} />
        <Legend {...LEGEND} />
        <Bar dataKey="views" name={views} fill={COLORS.views} radius={[0, 3, 3, 0]} />
        <Bar dataKey="completed" name={completed} fill={COLORS.completed} radius={[0, 3, 3, 0]} />
      </BarChart>
    </ChartFigure>
  );
}

/** A project's retention: the percent of views still watching at each second, its drop-off points marked with their slide. */
export function RetentionChart({ curve, dropOffs }: { curve: readonly number[]; dropOffs: readonly DropOff[] }) {
  const { t } = useTranslation();
  const data = useMemo(() => retentionPoints(curve), [curve]);
  const markers = useMemo(() => dropOffMarkers(dropOffs, curve), [dropOffs, curve]);
  const title = t('analytics.project.retention');
  const watching = t('analytics.project.stillWatching');
  const percent = (value: unknown) => percentText(Number(value), t);
  const moment = (value: unknown) => formatMoment(Number(value));
  return (
    <ChartFigure title={title} columns={[t('analytics.project.second'), watching]} rows={data.map((d) => [moment(d.second), percent(d.percent)])} height={RETENTION_HEIGHT}>
      <LineChart responsive style={{ width: '100%', height: RETENTION_HEIGHT }} data={data} title={title} margin={{ top: 28, right: 24, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={COLORS.grid} />
        <XAxis dataKey="second" type="number" domain={[0, 'dataMax']} tick={AXIS_TICK} tickFormatter={moment} />
        <YAxis domain={[0, 100]} tick={AXIS_TICK} width={48} tickFormatter={percent} />
        <Tooltip formatter={percent} labelFormatter={moment} />
        <Line type="monotone" dataKey="percent" name={watching} stroke={COLORS.views} strokeWidth={2} dot={false} />
        {markers.map((m) => (
          <ReferenceLine key={`line-${m.second}`} x={m.second} stroke={COLORS.dropOff} strokeDasharray="4 4" label={{ value: m.label, position: 'top', fill: COLORS.dropOff, fontSize: 11 }} />
        ))}
        {markers.map((m) => (
          <ReferenceDot key={`dot-${m.second}`} x={m.second} y={m.percent} r={4} fill={COLORS.dropOff} stroke="#fff" />
        ))}
      </LineChart>
    </ChartFigure>
  );
}

/** The completion funnel: the percent of views that reached each stage. */
export function FunnelChart({ bars }: { bars: { label: string; percent: number }[] }) {
  const { t } = useTranslation();
  const title = t('analytics.advanced.completion.funnel');
  const reached = t('analytics.advanced.completion.reached');
  const percent = (value: unknown) => percentText(Number(value), t);
  return (
    <ChartFigure title={title} columns={['', reached]} rows={bars.map((b) => [b.label, percent(b.percent)])} height={CHART_HEIGHT} level={3}>
      <BarChart responsive style={{ width: '100%', height: CHART_HEIGHT }} data={bars} title={title} margin={{ top: 20, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={COLORS.grid} vertical={false} />
        <XAxis dataKey="label" tick={AXIS_TICK} interval={0} />
        <YAxis domain={[0, 100]} tick={AXIS_TICK} width={48} tickFormatter={percent} />
        <Tooltip formatter={percent} />
        <Bar dataKey="percent" name={reached} fill={COLORS.views} radius={[3, 3, 0, 0]}>
          <LabelList dataKey="percent" position="top" formatter={percent} style={{ fontSize: 11, fill: COLORS.axis }} />
        </Bar>
      </BarChart>
    </ChartFigure>
  );
}
