// Learner analytics for the dashboards (docs/analytics.md, "Metrics"; docs/api.md, "Learner
// analytics"): the company's over a range, and one project's with its retention curve and drop-off
// points. The scorm service decides who may read (any member, a plan with analytics) and computes
// the figures from the rollups; here they become the specification's response, with the insights
// as HTML whose every piece of text is escaped. An empty range says so: no figure is invented.
import escapeHtml from 'escape-html';
import { Type } from 'typebox';
import { LEARNING_CHANNELS } from '@trainwright/catalogue';
import type { LearnerAnalytics, Recommendation } from '@trainwright/proto/trainwright/scorm/v1/scorm';
import type { GatewayContext } from '../../context.js';
import { signedIn } from '../../lib/signed-in.js';
import { Str, errorResponses } from '../../schemas/common.js';

/** The dashboard's ranges (DECISIONS.md: 7d, 30d, 90d, 1y; 30d by default) in days. */
export const ANALYTICS_RANGES = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 } as const;
type Range = keyof typeof ANALYTICS_RANGES;

const Query = Type.Object(
  {
    range: Type.Optional(Type.Union(Object.keys(ANALYTICS_RANGES).map((r) => Type.Literal(r)))),
    language: Type.Optional(Str(35)),
    channel: Type.Optional(Type.Union(LEARNING_CHANNELS.map((c) => Type.Literal(c)))),
    company_id: Type.Optional(Str(100)),
  },
  { additionalProperties: false },
);
const IdParams = Type.Object({ id: Str(100) });
const Count = Type.Object({ key: Type.String(), views: Type.Integer(), completed: Type.Integer() });
const RecommendationItem = Type.Object({ kind: Type.String(), text: Type.String(), second: Type.Union([Type.Integer(), Type.Null()]), slide: Type.Union([Type.String(), Type.Null()]), question: Type.Union([Type.String(), Type.Null()]), rate: Type.Number() });
const Dashboard = Type.Object({
  range: Type.String(),
  empty: Type.Boolean(),
  analytics: Type.Object({
    total_views: Type.Integer(),
    completion_rate: Type.Union([Type.Number(), Type.Null()]),
    avg_quality: Type.Union([Type.Number(), Type.Null()]),
    active_users: Type.Integer(),
  }),
  insights: Type.Object({ insights: Type.String(), recommendations: Type.Array(Type.String()), items: Type.Array(RecommendationItem) }),
  summary: Type.String(),
  learners: Type.Object({ completed_views: Type.Integer(), watch_time_seconds: Type.Number(), average_watched_ratio: Type.Union([Type.Number(), Type.Null()]) }),
  series: Type.Array(Type.Object({ day: Type.String(), views: Type.Integer(), completed: Type.Integer() })),
  languages: Type.Array(Count),
  channels: Type.Array(Count),
  projects: Type.Array(Count),
  questions: Type.Array(Type.Object({ question_id: Type.String(), question: Type.String(), answers: Type.Integer(), correct_rate: Type.Union([Type.Number(), Type.Null()]), responses: Type.Record(Type.String(), Type.Integer()) })),
});
const ProjectDashboard = Type.Intersect([
  Dashboard,
  Type.Object({
    retention: Type.Object({ length_seconds: Type.Number(), curve: Type.Array(Type.Number()) }),
    drop_offs: Type.Array(Type.Object({ second: Type.Integer(), loss: Type.Number(), slide: Type.Union([Type.String(), Type.Null()]) })),
  }),
]);

const percent = (rate: number) => Math.round(rate * 1000) / 10;
const clock = (second: number) => `${Math.floor(second / 60)}:${String(second % 60).padStart(2, '0')}`;

/** A recommendation in words (English; the web app words it in the reader's language from its kind). */
export function recommendationText(r: Recommendation): string {
  if (r.kind === 'drop_off') return `${percent(r.rate)}% of viewers leave at ${clock(r.second)}${r.slide ? ` (slide “${r.slide}”)` : ''}: shorten or rework that part.`;
  if (r.kind === 'hard_question') return `${percent(r.rate)}% of answers to “${r.question}” are wrong: review the question or the content before it.`;
  return `Only ${percent(r.rate)}% of views are completed: consider a shorter video or a lower completion threshold.`;
}

function dashboardJson(range: Range, a: LearnerAnalytics) {
  const empty = a.views === 0;
  const days = ANALYTICS_RANGES[range];
  const texts = a.recommendations.map(recommendationText);
  return {
    range,
    empty,
    analytics: { total_views: a.views, completion_rate: empty ? null : percent(a.completedViews / a.views), avg_quality: null, active_users: a.uniqueLearners },
    insights: {
      insights: empty ? `<p>${escapeHtml(`No learner activity in the last ${days} days.`)}</p>` : texts.length ? `<ul>${texts.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>` : `<p>${escapeHtml('Nothing stands out: no drop-off, question or completion rate calls for a change.')}</p>`,
      recommendations: texts,
      items: a.recommendations.map((r, i) => ({ kind: r.kind, text: texts[i]!, second: r.kind === 'drop_off' ? r.second : null, slide: r.slide || null, question: r.question || null, rate: r.rate })),
    },
    summary: empty ? `No learner activity in the last ${days} days.` : `${a.views} views by ${a.uniqueLearners} learners in the last ${days} days; ${a.completedViews} completed.`,
    learners: { completed_views: a.completedViews, watch_time_seconds: a.watchSeconds, average_watched_ratio: empty ? null : a.averageWatchedRatio },
    series: a.days.map((d) => ({ day: d.day, views: d.views, completed: d.completed })),
    languages: a.languages,
    channels: a.channels,
    projects: a.projects,
    questions: a.questions.map((q) => ({ question_id: q.questionId, question: q.question, answers: q.answers, correct_rate: q.correctRate < 0 ? null : percent(q.correctRate), responses: q.responses })),
  };
}

export function analyticsDashboardRoutes({ app, clients }: GatewayContext) {
  app.get(
    '/api/analytics/dashboard',
    { schema: { tags: ['analytics'], summary: "The company's learner analytics over a range (7d, 30d, 90d, 1y)", querystring: Query, response: { 200: Dashboard, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const q = request.query as Type.Static<typeof Query>;
      const range = (q.range ?? '30d') as Range;
      const a = await clients.scorm.getLearnerAnalytics({ userId, companyId: q.company_id ?? '', projectId: '', days: ANALYTICS_RANGES[range], language: q.language ?? '', channel: q.channel ?? '' }, call);
      return dashboardJson(range, a);
    },
  );

  app.get(
    '/api/analytics/projects/:id',
    { schema: { tags: ['analytics'], summary: "One project's learner analytics with its retention curve and drop-off points", params: IdParams, querystring: Query, response: { 200: ProjectDashboard, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { id } = request.params as Type.Static<typeof IdParams>;
      const q = request.query as Type.Static<typeof Query>;
      const range = (q.range ?? '30d') as Range;
      const a = await clients.scorm.getLearnerAnalytics({ userId, companyId: '', projectId: id, days: ANALYTICS_RANGES[range], language: q.language ?? '', channel: q.channel ?? '' }, call);
      return {
        ...dashboardJson(range, a),
        retention: { length_seconds: a.lengthSeconds, curve: a.retention },
        drop_offs: a.dropOffs.map((d) => ({ second: d.second, loss: percent(d.loss), slide: d.slide || null })),
      };
    },
  );
}
