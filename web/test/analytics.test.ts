// Learner analytics on screen (lib/analytics.ts and the dashboard's parts): the range in the
// address, the gateway's paths, figures in the reader's language with '—' and a reason where
// nothing was measured, recommendations worded from their kind (the server's English when the
// kind or its facts are unknown), the days without views filled in as zeros, the funnel in stage
// order, the retention curve and its drop-off points, and the parts' markup rendered on the
// server (a chart's figures are in its table, whatever Recharts draws). No browser: react-dom/server.
import { describe, expect, it } from '@jest/globals';
import type { TFunction } from 'i18next';
import React, { createElement as h, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router-dom/server';
import i18n from '../app/i18n/index.js';
import { CountsChart, RetentionChart, ViewsChart } from '../app/components/analytics/Charts.js';
import { InsightsPanel, QuestionsTable, RangeSelector, RecentActivity, StatCards, TypeBreakdown } from '../app/components/analytics/DashboardParts.js';
import {
  analyticsFiltersOf,
  NO_FIGURE,
  adviceText,
  analyticsPaths,
  analyticsRangeOf,
  channelName,
  dailySeries,
  dayLabel,
  dropOffMarkers,
  dropOffReason,
  durationText,
  findingText,
  funnelBars,
  impactName,
  percentText,
  projectAnalyticsPage,
  recommendationLines,
  responsesText,
  retentionPoints,
  statCards,
  topRecommendations,
  type AnalyticsDashboard,
  type RecommendationItem,
} from '../app/lib/analytics.js';

// The shared swc transform compiles JSX with the classic runtime (React.createElement).
(globalThis as { React?: unknown }).React = React;

const en = i18n.getFixedT('en') as TFunction;
const es = i18n.getFixedT('es') as TFunction;
const fr = i18n.getFixedT('fr') as TFunction;
/** French puts a narrow no-break space before % (Intl); compared here as a plain space. */
const spaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

const item = (facts: Partial<RecommendationItem> & Pick<RecommendationItem, 'kind'>): RecommendationItem => ({ text: 'Server text', second: null, slide: null, question: null, rate: 0.35, ...facts });

describe('the range and the addresses', () => {
  it('should read the language and channel from the address, leaving out what is not one', () => {
    const of = (q: string) => analyticsFiltersOf(new URLSearchParams(q));
    expect(of('range=90d&language=pt-BR&channel=scorm')).toEqual({ range: '90d', language: 'pt-BR', channel: 'scorm' });
    expect(of('language=<script>&channel=radio')).toEqual({ range: '30d', language: null, channel: null });
  });

  it('should read the range from the address, 30 days for anything else', () => {
    expect(['7d', '30d', '90d', '1y'].map(analyticsRangeOf)).toEqual(['7d', '30d', '90d', '1y']);
    expect([null, undefined, '', '2y', '30D', '7'].map(analyticsRangeOf)).toEqual(['30d', '30d', '30d', '30d', '30d', '30d']);
  });

  it('should ask the gateway for the range, the period or the project, the id encoded', () => {
    const only = (range: '7d' | '30d' | '90d' | '1y') => ({ range, language: null, channel: null });
    expect(analyticsPaths.dashboard(only('90d'))).toBe('/analytics/dashboard?range=90d');
    expect(analyticsPaths.dashboard({ range: '7d', language: 'es', channel: 'share_link' })).toBe('/analytics/dashboard?range=7d&language=es&channel=share_link');
    expect(analyticsPaths.project('p/1', only('7d'))).toBe('/analytics/projects/p%2F1?range=7d');
    expect(analyticsPaths.exportCsv(only('1y'))).toBe('/analytics/export.csv?range=1y');
    expect(analyticsPaths.exportCsv({ range: '30d', language: 'fr', channel: null }, 'p 1')).toBe('/analytics/export.csv?range=30d&language=fr&project_id=p%201');
    expect(analyticsPaths.engagement(7)).toBe('/analytics/engagement?time_period=7');
    expect(analyticsPaths.completion(90)).toBe('/analytics/completion?time_period=90');
    expect(analyticsPaths.realtime()).toBe('/analytics/realtime');
    expect(projectAnalyticsPage('p-1')).toBe('/analytics/projects/p-1');
    expect(projectAnalyticsPage('p-1', '30d')).toBe('/analytics/projects/p-1');
    expect(projectAnalyticsPage('p-1', '90d')).toBe('/analytics/projects/p-1?range=90d');
  });
});

describe('figures', () => {
  it('should write a length of time as m:ss, past an hour h:mm:ss, and nothing measured as a dash', () => {
    expect([0, 5, 65, 65.6, 600, 3725].map(durationText)).toEqual(['0:00', '0:05', '1:05', '1:06', '10:00', '1:02:05']);
    expect([null, undefined, Number.NaN].map(durationText)).toEqual([NO_FIGURE, NO_FIGURE, NO_FIGURE]);
  });

  it('should write percents with at most one decimal as the language does', () => {
    expect(percentText(84.25, en)).toBe('84.3%');
    expect(percentText(100, en)).toBe('100%');
    expect(spaces(percentText(12.5, fr))).toBe('12,5 %');
  });

  it('should show the four cards from the answer, a missing figure as a dash with its reason', () => {
    const measured = statCards({ total_views: 1234, completion_rate: 48.5, avg_quality: 82, active_users: 17 }, en);
    expect(measured.map((c) => [c.key, c.label, c.value, c.reason])).toEqual([
      ['totalViews', 'Total views', '1,234', null],
      ['completionRate', 'Completion rate', '48.5%', null],
      ['avgQuality', 'Average quality', '82/100', null],
      ['activeUsers', 'Active users', '17', null],
    ]);
    const unmeasured = statCards({ total_views: 0, completion_rate: null, avg_quality: null, active_users: 0 }, en);
    expect(unmeasured.map((c) => [c.value, c.reason])).toEqual([
      ['0', null],
      [NO_FIGURE, 'No views in this range'],
      [NO_FIGURE, 'No project has a quality score yet'],
      ['0', null],
    ]);
    expect(statCards({ total_views: 1234, completion_rate: null, avg_quality: 82.5, active_users: 2 }, fr).map((c) => spaces(c.value))).toEqual(['1 234', NO_FIGURE, '82,5/100', '2']);
    // One project's quality is its own score.
    expect(statCards({ total_views: 0, completion_rate: null, avg_quality: null, active_users: 0 }, en, { project: true })[2]?.reason).toBe('This project has no quality score yet');
  });

  it('should name the channels in the reader\'s language, an unknown one title-cased', () => {
    expect(['share_link', 'embed', 'interactive', 'scorm'].map((c) => channelName(c, en))).toEqual(['Share link', 'Embedded player', 'Interactive player', 'SCORM or cmi5 package']);
    expect(channelName('embed', es)).toBe('Reproductor insertado');
    expect(channelName('interactive_player', en)).toBe('Interactive Player');
    expect(['high', 'medium', 'low', 'urgent'].map((i) => impactName(i, fr))).toEqual(['Impact élevé', 'Impact moyen', 'Impact faible', 'Urgent']);
  });
});

describe('recommendations', () => {
  it('should word each kind in the reader\'s language from its facts', () => {
    expect(findingText(item({ kind: 'drop_off', second: 65, slide: 'Exits', rate: 0.35 }), en)).toBe('35% of viewers leave at 1:05 (slide “Exits”)');
    expect(findingText(item({ kind: 'drop_off', second: 5, rate: 0.305 }), en)).toBe('30.5% of viewers leave at 0:05');
    expect(findingText(item({ kind: 'hard_question', question: 'Which exit?', rate: 0.82 }), en)).toBe('82% of answers to “Which exit?” are wrong');
    expect(findingText(item({ kind: 'low_completion', rate: 0.4 }), en)).toBe('Only 40% of views are completed');
    expect(spaces(findingText(item({ kind: 'drop_off', second: 65, slide: 'Sorties', rate: 0.35 }), fr) ?? '')).toBe('35 % des spectateurs partent à 1:05 (diapositive « Sorties »)');
    expect(spaces(findingText(item({ kind: 'hard_question', question: '¿Qué salida?', rate: 0.82 }), es) ?? '')).toBe('El 82 % de las respuestas a «¿Qué salida?» son incorrectas');
    expect(adviceText('drop_off', en)).toBe('Shorten or rework that part.');
    expect(adviceText('low_completion', es)).toBe('Plantéate un vídeo más corto o un umbral de finalización más bajo.');
  });

  it('should fall back to the server\'s words for an unknown kind or missing facts', () => {
    expect(findingText(item({ kind: 'drop_off', second: null }), en)).toBeNull();
    expect(findingText(item({ kind: 'hard_question', question: null }), en)).toBeNull();
    expect(findingText(item({ kind: 'new_kind' }), en)).toBeNull();
    expect(findingText(item({ kind: 'low_completion', rate: Number.NaN }), en)).toBeNull();
    expect(adviceText('new_kind', en)).toBeNull();
    expect(recommendationLines(item({ kind: 'new_kind' }), { finding: 'Finding as sent', advice: 'Advice as sent' }, en)).toEqual({ finding: 'Finding as sent', advice: 'Advice as sent' });
    expect(recommendationLines(item({ kind: 'drop_off' }), { finding: 'Rework the part at 1:05' }, en)).toEqual({ finding: 'Rework the part at 1:05', advice: null });
    expect(recommendationLines(item({ kind: 'low_completion', rate: 0.2 }), { finding: 'ignored', advice: 'ignored' }, en)).toEqual({
      finding: 'Only 20% of views are completed',
      advice: 'Consider a shorter video or a lower completion threshold.',
    });
  });

  it('should show the first three, strongest first; without items the server\'s texts', () => {
    const items = [
      item({ kind: 'drop_off', second: 10, rate: 0.5 }),
      item({ kind: 'hard_question', question: 'Q1', rate: 0.9 }),
      item({ kind: 'low_completion', rate: 0.3 }),
      item({ kind: 'drop_off', second: 90, rate: 0.31 }),
    ];
    const shown = topRecommendations({ insights: '', recommendations: [], items }, en);
    expect(shown.map((r) => r.finding)).toEqual(['50% of viewers leave at 0:10', '90% of answers to “Q1” are wrong', 'Only 30% of views are completed']);
    expect(topRecommendations({ insights: '', recommendations: ['a', 'b', 'c', 'd'], items: [] }, en)).toEqual([
      { finding: 'a', advice: null },
      { finding: 'b', advice: null },
      { finding: 'c', advice: null },
    ]);
    expect(topRecommendations({ insights: '', recommendations: [], items: [] }, en)).toEqual([]);
  });
});

describe('chart data', () => {
  it('should fill the days without views between the first and the last with zeros, in order', () => {
    const series = [
      { day: '2025-03-02', views: 3, completed: 1 },
      { day: '2025-02-27', views: 5, completed: 2 },
      { day: 'not a day', views: 9, completed: 9 },
    ];
    expect(dailySeries(series)).toEqual([
      { day: '2025-02-27', views: 5, completed: 2 },
      { day: '2025-02-28', views: 0, completed: 0 },
      { day: '2025-03-01', views: 0, completed: 0 },
      { day: '2025-03-02', views: 3, completed: 1 },
    ]);
    expect(dailySeries([{ day: '2025-03-02', views: 1, completed: 0 }])).toHaveLength(1);
    expect(dailySeries([])).toEqual([]);
    expect(dayLabel('2025-03-05', en)).toBe('Mar 5');
    expect(dayLabel('2025-03-05', fr)).toBe('5 mars');
  });

  it('should put the funnel in stage order and leave out a stage the answer does not have', () => {
    expect(funnelBars({ completed: 40, started: 100, watched_50: 61.5, watched_25: 80, watched_75: 50 })).toEqual([
      { stage: 'started', percent: 100 },
      { stage: 'watched_25', percent: 80 },
      { stage: 'watched_50', percent: 61.5 },
      { stage: 'watched_75', percent: 50 },
      { stage: 'completed', percent: 40 },
    ]);
    expect(funnelBars({ started: 100, completed: 20, translated: 5 }).map((b) => b.stage)).toEqual(['started', 'completed', 'translated']);
    expect(funnelBars(null)).toEqual([]);
  });

  it('should turn the retention curve into percents per second and place each drop-off on it', () => {
    const curve = [1, 0.9, 0.8555, 0.5, 0.45];
    expect(retentionPoints(curve)).toEqual([
      { second: 0, percent: 100 },
      { second: 1, percent: 90 },
      { second: 2, percent: 85.6 },
      { second: 3, percent: 50 },
      { second: 4, percent: 45 },
    ]);
    const markers = dropOffMarkers(
      [
        { second: 2, loss: 35, slide: 'Exits' },
        { second: 3, loss: 10, slide: null },
        { second: 9, loss: 5, slide: 'Past the end' },
      ],
      curve,
    );
    expect(markers).toEqual([
      { second: 2, loss: 35, slide: 'Exits', percent: 85.6, label: 'Exits' },
      { second: 3, loss: 10, slide: null, percent: 50, label: '0:03' },
    ]);
  });

  it('should say why a point is a drop-off from its rate and moment', () => {
    expect(dropOffReason({ second: 65, drop_rate: 25 }, en)).toBe('25% of viewers stop watching within 5 seconds of 1:05.');
    expect(spaces(dropOffReason({ second: 65, drop_rate: 12.5 }, fr))).toBe('12,5 % des spectateurs arrêtent de regarder dans les 5 secondes qui suivent 1:05.');
  });

  it('should list a question\'s responses, the most given first', () => {
    expect(responsesText({ a: 3, b: 5, c: 3 }, en)).toBe('b: 5 · a: 3 · c: 3');
    expect(responsesText({}, en)).toBe('');
  });
});

describe('the dashboard\'s parts, rendered on the server', () => {
  const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
  async function rendered(element: ReactElement, language = 'en', location = '/analytics'): Promise<string> {
    const instance = i18n.cloneInstance();
    await instance.changeLanguage(language);
    return renderToStaticMarkup(h(I18nextProvider, { i18n: instance }, h(StaticRouter, { location }, element)));
  }

  it('should show each figure, and a dash with its reason for one not measured', async () => {
    const html = await rendered(h(StatCards, { analytics: { total_views: 12, completion_rate: null, avg_quality: 74, active_users: 3 } }));
    expect(text(html)).toBe('Key figures Total views 12 Completion rate — No views in this range Average quality 74/100 Active users 3');
    expect(html).toContain('data-testid="stat-completionRate"');
  });

  it('should mark the current range and keep the other parameters of the address', async () => {
    const html = await rendered(h(RangeSelector, { range: '90d' }), 'en', '/analytics?range=90d&channel=embed');
    expect(text(html)).toBe('Last 7 days Last 30 days Last 90 days Last 12 months');
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/analytics\?range=90d&amp;channel=embed"|<a[^>]*href="\/analytics\?range=90d&amp;channel=embed"[^>]*aria-current="page"/);
    expect(html).toContain('href="/analytics?range=7d&amp;channel=embed"');
    expect(text(await rendered(h(RangeSelector, { range: '30d' }), 'fr'))).toBe('7 derniers jours 30 derniers jours 90 derniers jours 12 derniers mois');
  });

  it('should word the insights in the reader\'s language, and say when nothing stands out', async () => {
    const insights: AnalyticsDashboard['insights'] = { insights: '<ul><li>English</li></ul>', recommendations: ['English'], items: [item({ kind: 'low_completion', rate: 0.25 })] };
    expect(text(await rendered(h(InsightsPanel, { insights }), 'es'))).toBe('Recomendaciones de la IA Solo se completa el 25 % de las visualizaciones Plantéate un vídeo más corto o un umbral de finalización más bajo.'.replace('25 %', spaces(percentText(25, es))));
    expect(text(await rendered(h(InsightsPanel, { insights: { insights: '', recommendations: [], items: [] } })))).toBe(
      'AI insights Nothing stands out: no drop-off, question or completion rate calls for a change.',
    );
  });

  it('should show the projects by type and the recent activity, each project linked to its analytics', async () => {
    const breakdown = await rendered(h(TypeBreakdown, { breakdown: [{ project_type: 'script_to_slides', count: 3, percent: 75 }, { project_type: 'software_analysis', count: 1, percent: 25 }] }));
    expect(text(breakdown)).toBe('Projects by type Script to Slides 3 projects (75%) Software Analysis 1 project (25%)');
    const recent = await rendered(
      h(RecentActivity, {
        range: '7d',
        projects: [{ project_id: 'p-1', title: 'Fire Safety', project_type: 'script_to_slides', status: 'completed', updated_at: '2025-03-05T10:00:00.000Z', views: 1 }],
      }),
    );
    expect(text(recent)).toBe('Recent activity Fire Safety Script to Slides · Updated March 5, 2025 Completed 1 view in this range');
    expect(recent).toContain('href="/analytics/projects/p-1?range=7d"');
    expect(text(await rendered(h(RecentActivity, { range: '30d', projects: [] })))).toBe('Recent activity No projects yet.');
    // Views not known (beyond the most viewed projects the answer counts): none shown rather than a guess.
    const unknown = await rendered(
      h(RecentActivity, { range: '30d', projects: [{ project_id: 'p-2', title: 'Ladders', project_type: 'slides_to_script', status: 'pending', updated_at: '2025-03-05T10:00:00.000Z', views: null }] }),
      'es',
    );
    expect(text(unknown)).toBe('Actividad reciente Ladders Diapositivas a guion · Actualizado el 5 de marzo de 2025 Pendiente');
  });

  it('should list the questions with their answers, correct rate and responses', async () => {
    const html = await rendered(
      h(QuestionsTable, {
        questions: [
          { question_id: 'q1', question: 'Which exit?', answers: 8, correct_rate: 62.5, responses: { a: 5, b: 3 } },
          { question_id: 'q2', question: 'Open?', answers: 2, correct_rate: null, responses: {} },
        ],
      }),
    );
    expect(text(html)).toBe('Questions Questions Question Answers Correct Responses Which exit? 8 62.5% a: 5 · b: 3 Open? 2 —');
  });

  it('should have each chart\'s figures in its table, whatever Recharts draws on the server', async () => {
    const views = await rendered(h(ViewsChart, { series: [{ day: '2025-03-01', views: 4, completed: 1 }, { day: '2025-03-03', views: 1200, completed: 2 }] }));
    expect(text(views)).toContain('Views per day');
    expect(text(views)).toContain('Mar 1 4 1 Mar 2 0 0 Mar 3 1,200 2');
    const channels = await rendered(h(CountsChart, { title: 'Views by channel', rows: [{ label: 'Share link', views: 7, completed: 3 }] }));
    expect(text(channels)).toContain('Share link 7 3');
    const retention = await rendered(h(RetentionChart, { curve: [1, 0.5], dropOffs: [{ second: 1, loss: 50, slide: 'Intro' }] }));
    expect(text(retention)).toContain('Audience retention');
    expect(text(retention)).toContain('0:00 100% 0:01 50%');
  });
});
