// Learner analytics for the dashboards (docs/analytics.md, "Metrics"; docs/api.md, "Learner
// analytics"): the company's over a range with its projects at a glance, and one project's with its
// retention curve and drop-off points. The scorm service decides who may read (any member, a plan
// with analytics) and computes the figures from the rollups; the project service adds titles, types
// and quality. Here they become the specification's response, with the insights as HTML whose every
// piece of text is escaped. An empty range says so: no figure is invented.
import escapeHtml from 'escape-html';
import { Type } from 'typebox';
import { LEARNING_CHANNELS } from '@trainwright/catalogue';
import type { LearnerAnalytics } from '@trainwright/proto/trainwright/scorm/v1/scorm';
import type { GatewayContext } from '../../context.js';
import { signedIn } from '../../lib/signed-in.js';
import { Str, errorResponses, Nullable } from '../../schemas/common.js';
import { percent, recommendationPlace, recommendationText } from './wording.js';

/** The dashboard's ranges (DECISIONS.md: 7d, 30d, 90d, 1y; 30d by default) in days. */
export const ANALYTICS_RANGES = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 } as const;
export type AnalyticsRange = keyof typeof ANALYTICS_RANGES;

export const RangeQuery = Type.Object(
  {
    range: Type.Optional(Type.Union(Object.keys(ANALYTICS_RANGES).map((r) => Type.Literal(r)))),
    language: Type.Optional(Str(35)),
    channel: Type.Optional(Type.Union(LEARNING_CHANNELS.map((c) => Type.Literal(c)))),
    company_id: Type.Optional(Str(100)),
  },
  { additionalProperties: false },
);
export type RangeQueryValue = Type.Static<typeof RangeQuery>;
const IdParams = Type.Object({ id: Str(100) });
const Count = Type.Object({ key: Type.String(), views: Type.Integer(), completed: Type.Integer() });
const RecommendationItem = Type.Object({ kind: Type.String(), text: Type.String(), second: Nullable(Type.Integer()), slide: Nullable(Type.String()), question: Nullable(Type.String()), rate: Type.Number() });
const Figures = {
  range: Type.String(),
  empty: Type.Boolean(),
  // When the figures were computed: they may be a recomputation behind the newest statements.
  as_of: Type.String(),
  analytics: Type.Object({ total_views: Type.Integer(), completion_rate: Nullable(Type.Number()), avg_quality: Nullable(Type.Number()), active_users: Type.Integer() }),
  insights: Type.Object({ insights: Type.String(), recommendations: Type.Array(Type.String()), items: Type.Array(RecommendationItem) }),
  summary: Type.String(),
  learners: Type.Object({ completed_views: Type.Integer(), watch_time_seconds: Type.Number(), average_watched_ratio: Nullable(Type.Number()) }),
  series: Type.Array(Type.Object({ day: Type.String(), views: Type.Integer(), completed: Type.Integer() })),
  languages: Type.Array(Count),
  channels: Type.Array(Count),
  questions: Type.Array(Type.Object({ question_id: Type.String(), question: Type.String(), answers: Type.Integer(), correct_rate: Nullable(Type.Number()), responses: Type.Record(Type.String(), Type.Integer()) })),
};
const Dashboard = Type.Object({
  ...Figures,
  projects: Type.Array(Type.Object({ key: Type.String(), title: Nullable(Type.String()), views: Type.Integer(), completed: Type.Integer() })),
  breakdown: Type.Array(Type.Object({ project_type: Type.String(), count: Type.Integer(), percent: Type.Number() })),
  recent_activity: Type.Array(Type.Object({ project_id: Type.String(), title: Type.String(), project_type: Type.String(), status: Type.String(), updated_at: Type.String(), views: Nullable(Type.Integer()) })),
});
const ProjectDashboard = Type.Object({
  ...Figures,
  project: Type.Object({ id: Type.String(), title: Type.String(), project_type: Type.String(), quality_score: Nullable(Type.Number()) }),
  retention: Type.Object({ length_seconds: Type.Number(), curve: Type.Array(Type.Number()) }),
  drop_offs: Type.Array(Type.Object({ second: Type.Integer(), loss: Type.Number(), slide: Nullable(Type.String()) })),
});

/** What the scorm service is asked for a range query (project '' : the company's). */
export function learnerQuery(userId: string, q: RangeQueryValue, days: number, projectId = '') {
  return { userId, companyId: projectId ? '' : (q.company_id ?? ''), projectId, days, language: q.language ?? '', channel: q.channel ?? '', projectDropOffs: false, cursor: '' };
}

/** The projects the company's figures list (most viewed first, at most this many). */
const LISTED_PROJECTS = 100;

function figuresJson(range: AnalyticsRange, a: LearnerAnalytics, avgQuality: number | null) {
  const empty = a.views === 0;
  const days = ANALYTICS_RANGES[range];
  const texts = a.recommendations.map(recommendationText);
  return {
    range,
    empty,
    as_of: a.asOf,
    analytics: { total_views: a.views, completion_rate: empty ? null : percent(a.completedViews / a.views), avg_quality: avgQuality, active_users: a.uniqueLearners },
    insights: {
      insights: empty ? `<p>${escapeHtml(`No learner activity in the last ${days} days.`)}</p>` : texts.length ? `<ul>${texts.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>` : `<p>${escapeHtml('Nothing stands out: no drop-off, question or completion rate calls for a change.')}</p>`,
      recommendations: texts,
      items: a.recommendations.map((r, i) => ({ kind: r.kind, text: texts[i]!, ...recommendationPlace(r) })),
    },
    summary: empty ? `No learner activity in the last ${days} days.` : `${a.views} views by ${a.uniqueLearners} learners in the last ${days} days; ${a.completedViews} completed.`,
    learners: { completed_views: a.completedViews, watch_time_seconds: a.watchSeconds, average_watched_ratio: empty ? null : a.averageWatchedRatio },
    series: a.days.map((d) => ({ day: d.day, views: d.views, completed: d.completed })),
    languages: a.languages,
    channels: a.channels,
    questions: a.questions.map((q) => ({ question_id: q.questionId, question: q.question, answers: q.answers, correct_rate: q.correctRate < 0 ? null : percent(q.correctRate), responses: q.responses })),
  };
}

export function analyticsDashboardRoutes({ app, clients }: GatewayContext) {
  app.get(
    '/api/analytics/dashboard',
    { schema: { tags: ['analytics'], summary: "The company's learner analytics over a range (7d, 30d, 90d, 1y)", querystring: RangeQuery, response: { 200: Dashboard, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const q = request.query as RangeQueryValue;
      const range = q.range ?? '30d';
      const a = await clients.scorm.getLearnerAnalytics(learnerQuery(userId, q, ANALYTICS_RANGES[range]), call);
      const o = await clients.project.getProjectsOverview({ userId, companyId: a.companyId, projectIds: a.projects.map((p) => p.key).filter(Boolean).slice(0, LISTED_PROJECTS) }, call);
      const projects = a.projects.slice(0, LISTED_PROJECTS);
      const viewsOf = new Map(projects.map((p) => [p.key, p.views]));
      const total = o.types.reduce((n, t) => n + t.count, 0);
      return {
        ...figuresJson(range, a, o.averageQuality ?? null),
        projects: projects.map((p) => ({ ...p, title: o.titles[p.key] ?? null })),
        breakdown: o.types.map((t) => ({ project_type: t.projectType, count: t.count, percent: percent(t.count / total) })),
        // A project missing from a shorter list had no view; from a full one, its views are unknown.
        recent_activity: o.recent.map((p) => ({ project_id: p.id, title: p.title, project_type: p.projectType, status: p.status, updated_at: p.updatedAt, views: viewsOf.get(p.id) ?? (projects.length < LISTED_PROJECTS ? 0 : null) })),
      };
    },
  );

  app.get(
    '/api/analytics/projects/:id',
    { schema: { tags: ['analytics'], summary: "One project's learner analytics with its retention curve and drop-off points", params: IdParams, querystring: RangeQuery, response: { 200: ProjectDashboard, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { id } = request.params as Type.Static<typeof IdParams>;
      const q = request.query as RangeQueryValue;
      const range = q.range ?? '30d';
      const a = await clients.scorm.getLearnerAnalytics(learnerQuery(userId, q, ANALYTICS_RANGES[range], id), call);
      const project = await clients.project.getProject({ userId, projectId: id }, call);
      return {
        ...figuresJson(range, a, project.qualityScore ?? null),
        project: { id: project.id, title: project.title, project_type: project.projectType, quality_score: project.qualityScore ?? null },
        retention: { length_seconds: a.lengthSeconds, curve: a.retention },
        drop_offs: a.dropOffs.map((d) => ({ second: d.second, loss: percent(d.loss), slide: d.slide || null })),
      };
    },
  );
}
