// Learner analytics as the screens show it (docs/analytics.md "Metrics", docs/web.md "Learner
// analytics"): the gateway's answers for /analytics, one project's page and the Advanced Analytics
// dialog, their addresses, and the pure rules between answer and screen: figures in the reader's
// language (a missing one is '—' with its reason, never a made-up number), recommendations worded
// from their kind, the days without views filled in as zeros, the funnel in stage order and the
// retention curve with its drop-off points. No React here, so the unit tests run these directly.
import type { TFunction } from 'i18next';
import { LEARNING_CHANNELS, type LearningChannel } from '@trainwright/catalogue';
import { get } from './api';
import { formatMoment } from './format';
import { titleCaseStatus } from './projects';

// ---------------------------------------------------------------------------------------------
// Answers

export const ANALYTICS_RANGES = ['7d', '30d', '90d', '1y'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = '30d';

/** The range an address asks for (`?range=`); anything else is the default. */
export function analyticsRangeOf(value: string | null | undefined): AnalyticsRange {
  return (ANALYTICS_RANGES as readonly string[]).includes(value ?? '') ? (value as AnalyticsRange) : DEFAULT_ANALYTICS_RANGE;
}

/** What the figures are narrowed to: the range, and a language and channel (null: every one). */
export interface AnalyticsFilters {
  range: AnalyticsRange;
  language: string | null;
  channel: LearningChannel | null;
}

const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/;

/** The filters an address asks for (`?range=&language=&channel=`); anything unknown is left out. */
export function analyticsFiltersOf(params: URLSearchParams): AnalyticsFilters {
  const language = params.get('language') ?? '';
  const channel = params.get('channel') ?? '';
  return {
    range: analyticsRangeOf(params.get('range')),
    language: LANGUAGE_TAG.test(language) ? language : null,
    channel: (LEARNING_CHANNELS as readonly string[]).includes(channel) ? (channel as LearningChannel) : null,
  };
}

/** The filters as query parameters (the default range and no filter left out). */
export function filterQuery(f: AnalyticsFilters): string {
  const q = new URLSearchParams({ range: f.range });
  if (f.language) q.set('language', f.language);
  if (f.channel) q.set('channel', f.channel);
  return q.toString();
}

/** The Advanced Analytics dialog's periods, in days. */
export const ADVANCED_PERIODS = [7, 30, 90] as const;
export type AdvancedPeriod = (typeof ADVANCED_PERIODS)[number];
export const DEFAULT_ADVANCED_PERIOD: AdvancedPeriod = 30;

export const RECOMMENDATION_KINDS = ['drop_off', 'hard_question', 'low_completion'] as const;
export type RecommendationKind = (typeof RECOMMENDATION_KINDS)[number];
export type Impact = 'high' | 'medium' | 'low';

/** What a recommendation is about; `rate` is a share (0-1). */
export interface RecommendationFacts {
  kind: RecommendationKind | (string & {});
  second?: number | null;
  slide?: string | null;
  question?: string | null;
  rate: number;
}

export interface RecommendationItem extends RecommendationFacts {
  /** The server's English wording, shown when the kind is unknown or its facts are missing. */
  text: string;
}

/** Views and completed views of one key (a day, a channel, a language, a project). */
export interface ViewCount {
  key: string;
  views: number;
  completed: number;
}

export interface DashboardQuestion {
  question_id: string;
  question: string;
  answers: number;
  /** Percent, null when no answer was judged. */
  correct_rate: number | null;
  responses: Record<string, number>;
}

export interface TypeShare {
  project_type: string;
  count: number;
  percent: number;
}

export interface RecentProject {
  project_id: string;
  title: string;
  project_type: string;
  status: string;
  updated_at: string;
  /** Views in the range; null when not known (beyond the 100 most viewed projects). */
  views: number | null;
}

/** The learner figures of a range, the company's or one project's. */
export interface LearnerFigures {
  range: AnalyticsRange | (string & {});
  empty: boolean;
  analytics: {
    total_views: number;
    /** Percent, null without views. */
    completion_rate: number | null;
    /** 0-100, null when no project has a quality score. */
    avg_quality: number | null;
    active_users: number;
  };
  insights: { insights: string; recommendations: string[]; items: RecommendationItem[] };
  summary: string;
  learners: { completed_views: number; watch_time_seconds: number; average_watched_ratio: number | null };
  /** Only the days with views. */
  series: { day: string; views: number; completed: number }[];
  languages: ViewCount[];
  channels: ViewCount[];
  questions: DashboardQuestion[];
}

/** GET /api/analytics/dashboard: the company's figures with its projects at a glance. */
export interface AnalyticsDashboard extends LearnerFigures {
  /** The most viewed projects. */
  projects: (ViewCount & { title: string | null })[];
  /** The company's projects by type. */
  breakdown: TypeShare[];
  /** The five most recently updated projects with their views in the range. */
  recent_activity: RecentProject[];
}

export interface DropOff {
  second: number;
  /** Percent of the views lost. */
  loss: number;
  slide: string | null;
}

/** GET /api/analytics/projects/{id}. */
export interface ProjectAnalytics extends LearnerFigures {
  project: { id: string; title: string; project_type: string; quality_score: number | null };
  retention: { length_seconds: number; curve: number[] };
  drop_offs: DropOff[];
}

/** GET /api/analytics/realtime. */
export interface RealtimeAnalytics {
  current_active_sessions: number;
  last_hour: { project_views: number };
  last_24_hours: { unique_users: number; total_engagement_time: number };
  trending_content: { project_id: string; title: string | null; views: number; engagement: number }[];
}

export interface EngagementMetrics {
  overall_engagement_score: number;
  average_session_duration: number;
  interaction_rate_per_minute: number;
  content_completion_rate: number;
  user_retention_rate: number;
}

/** GET /api/analytics/engagement. */
export interface EngagementAnalytics {
  time_period: number;
  empty: boolean;
  engagement_metrics: EngagementMetrics | null;
  drop_off_analysis: { project_id: string; project_title: string | null; second: number; section: string; reason: string; drop_rate: number }[];
  ai_insights: (RecommendationFacts & { finding: string; recommendation: string; expected_impact: Impact | (string & {}) })[];
}

export const FUNNEL_STAGES = ['started', 'watched_25', 'watched_50', 'watched_75', 'completed', 'translated'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/** GET /api/analytics/completion. */
export interface CompletionAnalytics {
  time_period: number;
  empty: boolean;
  completion_metrics: { overall_completion_rate: number; average_completion_time: number | null; median_completion_time: number | null } | null;
  /** Percent of the views that reached each stage. */
  drop_off_funnel: Partial<Record<FunnelStage, number>> | null;
  optimization_opportunities: (Pick<RecommendationFacts, 'kind' | 'rate'> & { opportunity: string; impact: Impact | (string & {}) })[];
}

// ---------------------------------------------------------------------------------------------
// Addresses

const id = encodeURIComponent;

/** The gateway's paths (the API client adds `/api`). */
export const analyticsPaths = {
  dashboard: (f: AnalyticsFilters) => `/analytics/dashboard?${filterQuery(f)}`,
  project: (projectId: string, f: AnalyticsFilters) => `/analytics/projects/${id(projectId)}?${filterQuery(f)}`,
  /** The views as CSV, the company's or one project's. */
  exportCsv: (f: AnalyticsFilters, projectId?: string) => `/analytics/export.csv?${filterQuery(f)}${projectId ? `&project_id=${id(projectId)}` : ''}`,
  realtime: () => '/analytics/realtime',
  engagement: (days: AdvancedPeriod) => `/analytics/engagement?time_period=${days}`,
  completion: (days: AdvancedPeriod) => `/analytics/completion?time_period=${days}`,
};

/** The web app's page of one project's analytics (the range left out when it is the default). */
export function projectAnalyticsPage(projectId: string, range: AnalyticsRange = DEFAULT_ANALYTICS_RANGE): string {
  return `/analytics/projects/${id(projectId)}${range === DEFAULT_ANALYTICS_RANGE ? '' : `?range=${range}`}`;
}

export const fetchRealtime = (signal?: AbortSignal) => get<RealtimeAnalytics>(analyticsPaths.realtime(), signal);
export const fetchEngagement = (days: AdvancedPeriod, signal?: AbortSignal) => get<EngagementAnalytics>(analyticsPaths.engagement(days), signal);
export const fetchCompletion = (days: AdvancedPeriod, signal?: AbortSignal) => get<CompletionAnalytics>(analyticsPaths.completion(days), signal);

// ---------------------------------------------------------------------------------------------
// Figures

/** A figure nobody measured: shown with its reason, never as a number. */
export const NO_FIGURE = '—';

const locale = (t: TFunction) => t('common.locale');

export function countText(value: number, t: TFunction): string {
  return new Intl.NumberFormat(locale(t)).format(value);
}

/** A percent (0-100) with at most one decimal, as the reader's language writes it ('12.5%', '12,5 %'). */
export function percentText(percent: number, t: TFunction): string {
  return shareText(percent / 100, t);
}

/** A share (0-1) as a percent. */
export function shareText(share: number, t: TFunction): string {
  return new Intl.NumberFormat(locale(t), { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

/** A number with at most `digits` decimals. */
export function decimalText(value: number, t: TFunction, digits = 1): string {
  return new Intl.NumberFormat(locale(t), { maximumFractionDigits: digits }).format(value);
}

/** A length of time in seconds as m:ss (null: not measured). */
export function durationText(seconds: number | null | undefined): string {
  return seconds === null || seconds === undefined || !Number.isFinite(seconds) ? NO_FIGURE : formatMoment(Math.round(seconds));
}

export interface StatCard {
  key: 'totalViews' | 'completionRate' | 'avgQuality' | 'activeUsers';
  label: string;
  /** The figure, or NO_FIGURE with `reason`. */
  value: string;
  reason: string | null;
}

/** The four cards: total views, completion rate, average quality (out of 100) and active users; `project`: one project's. */
export function statCards(analytics: LearnerFigures['analytics'], t: TFunction, { project = false } = {}): StatCard[] {
  const { completion_rate: completion, avg_quality: quality } = analytics;
  return [
    { key: 'totalViews', label: t('analytics.stats.totalViews'), value: countText(analytics.total_views, t), reason: null },
    completion === null
      ? { key: 'completionRate', label: t('analytics.stats.completionRate'), value: NO_FIGURE, reason: t('analytics.stats.noViews') }
      : { key: 'completionRate', label: t('analytics.stats.completionRate'), value: percentText(completion, t), reason: null },
    quality === null
      ? { key: 'avgQuality', label: t('analytics.stats.avgQuality'), value: NO_FIGURE, reason: t(project ? 'analytics.stats.noProjectQuality' : 'analytics.stats.noQuality') }
      : { key: 'avgQuality', label: t('analytics.stats.avgQuality'), value: t('analytics.stats.outOf100', { value: decimalText(quality, t) }), reason: null },
    { key: 'activeUsers', label: t('analytics.stats.activeUsers'), value: countText(analytics.active_users, t), reason: null },
  ];
}

/** A channel's name in the reader's language (an unknown one title-cased). */
export function channelName(key: string, t: TFunction): string {
  return (LEARNING_CHANNELS as readonly string[]).includes(key) ? t(`analytics.channels.${key}`) : titleCaseStatus(key);
}

// ---------------------------------------------------------------------------------------------
// Recommendations

const isKind = (kind: string): kind is RecommendationKind => (RECOMMENDATION_KINDS as readonly string[]).includes(kind);

/**
 * What a recommendation found, in the reader's language: '35% of viewers leave at 1:05 (slide
 * "Safety")', '82% of answers to "…" are wrong', 'Only 40% of views are completed'. Null for a kind
 * this app does not know, or when the facts its wording needs are missing (the caller then shows
 * the server's text).
 */
export function findingText(facts: RecommendationFacts, t: TFunction): string | null {
  if (!Number.isFinite(facts.rate)) return null;
  const rate = shareText(facts.rate, t);
  if (facts.kind === 'drop_off') {
    if (typeof facts.second !== 'number') return null;
    const time = formatMoment(facts.second);
    return facts.slide ? t('analytics.insights.findings.dropOffAtSlide', { rate, time, slide: facts.slide }) : t('analytics.insights.findings.dropOff', { rate, time });
  }
  if (facts.kind === 'hard_question') return facts.question ? t('analytics.insights.findings.hardQuestion', { rate, question: facts.question }) : null;
  if (facts.kind === 'low_completion') return t('analytics.insights.findings.lowCompletion', { rate });
  return null;
}

/** What to do about a kind of finding, in the reader's language (null for an unknown kind). */
export function adviceText(kind: string, t: TFunction): string | null {
  return isKind(kind) ? t(`analytics.insights.advice.${kind}`) : null;
}

/** A recommendation as the screens show it: the finding and the advice, worded here from its kind, else the server's words. */
export function recommendationLines(facts: RecommendationFacts, fallback: { finding: string; advice?: string | null }, t: TFunction): { finding: string; advice: string | null } {
  const finding = findingText(facts, t);
  if (finding === null) return { finding: fallback.finding, advice: fallback.advice ?? null };
  return { finding, advice: adviceText(facts.kind, t) };
}

/** The insights panel's recommendations: the first three (the strongest), worded for the reader. */
export function topRecommendations(insights: LearnerFigures['insights'], t: TFunction, count = 3): { finding: string; advice: string | null }[] {
  if (insights.items.length > 0) return insights.items.slice(0, count).map((item) => recommendationLines(item, { finding: item.text }, t));
  // An answer without items: the server's English texts.
  return insights.recommendations.slice(0, count).map((text) => ({ finding: text, advice: null }));
}

/** Why a point counts as a drop-off (docs/analytics.md: the share of views lost over the next five seconds), in the reader's language. */
export function dropOffReason(dropOff: { second: number; drop_rate: number }, t: TFunction): string {
  return t('analytics.advanced.engagement.reasonText', { rate: percentText(dropOff.drop_rate, t), time: formatMoment(dropOff.second) });
}

export function impactName(impact: string, t: TFunction): string {
  return impact === 'high' || impact === 'medium' || impact === 'low' ? t(`analytics.impact.${impact}`) : titleCaseStatus(impact);
}

// ---------------------------------------------------------------------------------------------
// Chart data

const DAY_MS = 86_400_000;

/**
 * Views and completed views per day from the first day with views to the last, the days between
 * without any filled in as zeros (the answer lists only days with views; a line drawn straight
 * across a quiet week would be a figure nobody measured).
 */
export function dailySeries(series: LearnerFigures['series']): LearnerFigures['series'] {
  const byDay = new Map(series.filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d.day)).map((d) => [d.day, d]));
  const days = [...byDay.keys()].sort();
  if (days.length === 0) return [];
  const first = Date.parse(`${days[0]}T00:00:00Z`);
  const last = Date.parse(`${days[days.length - 1]}T00:00:00Z`);
  const filled: LearnerFigures['series'] = [];
  for (let time = first; time <= last; time += DAY_MS) {
    const day = new Date(time).toISOString().slice(0, 10);
    const found = byDay.get(day);
    filled.push({ day, views: found?.views ?? 0, completed: found?.completed ?? 0 });
  }
  return filled;
}

/** A day of the series as an axis label in the reader's language ('Mar 5', '5 mars'). */
export function dayLabel(day: string, t: TFunction): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time)) return day;
  return new Intl.DateTimeFormat(locale(t), { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(time);
}

/** The funnel's bars in stage order; a stage the answer does not have is left out, not drawn as 0. */
export function funnelBars(funnel: CompletionAnalytics['drop_off_funnel']): { stage: FunnelStage; percent: number }[] {
  if (!funnel) return [];
  return FUNNEL_STAGES.flatMap((stage) => {
    const percent = funnel[stage];
    return typeof percent === 'number' && Number.isFinite(percent) ? [{ stage, percent }] : [];
  });
}

/** The retention curve as points: each second with the percent of views still watching. */
export function retentionPoints(curve: readonly number[]): { second: number; percent: number }[] {
  return curve.map((share, second) => ({ second, percent: Math.round(share * 1000) / 10 }));
}

/** A drop-off point on the curve: where it is drawn and what its label says (the slide, else the moment). */
export interface DropOffMarker extends DropOff {
  percent: number;
  label: string;
}

export function dropOffMarkers(dropOffs: readonly DropOff[], curve: readonly number[]): DropOffMarker[] {
  return dropOffs
    .filter((d) => d.second >= 0 && d.second < curve.length)
    .map((d) => ({ ...d, percent: Math.round((curve[d.second] ?? 0) * 1000) / 10, label: d.slide || formatMoment(d.second) }));
}

/** A question's responses, the most given first: 'b: 5 · a: 3'. */
export function responsesText(responses: Record<string, number>, t: TFunction): string {
  return Object.entries(responses)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([response, count]) => `${response}: ${countText(count, t)}`)
    .join(' · ');
}
