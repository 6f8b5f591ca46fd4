// Advanced analytics (part 2 section 3; docs/analytics.md, "Engagement", "Completion", "Now"): the
// engagement and completion of the company's (or one project's) views over the last days, and what
// is happening now. Same gate as the dashboard: the analytics capability, which the plan or the
// Advanced Analytics add-on grants (the catalogue has one capability for both). Figures of an empty
// period are null, never invented.
import { Type } from 'typebox';
import type { LearnerAnalytics } from '@trainwright/proto/trainwright/scorm/v1/scorm';
import type { GatewayContext } from '../../context.js';
import { signedIn } from '../../lib/signed-in.js';
import { Int32, Str, errorResponses, Nullable } from '../../schemas/common.js';
import { learnerQuery } from './dashboard.js';
import { dropOffWords, expectedImpact, percent, recommendationPlace, recommendationWords } from './wording.js';

const PeriodQuery = Type.Object(
  {
    time_period: Type.Optional(Int32({ minimum: 1, maximum: 365 })),
    company_id: Type.Optional(Str(100)),
    project_id: Type.Optional(Str(100)),
  },
  { additionalProperties: false },
);
type Period = Type.Static<typeof PeriodQuery>;
const CompanyQuery = Type.Object({ company_id: Type.Optional(Str(100)) }, { additionalProperties: false });
const Impact = Type.Union([Type.Literal('high'), Type.Literal('medium'), Type.Literal('low')]);

const Engagement = Type.Object({
  time_period: Type.Integer(),
  empty: Type.Boolean(),
  as_of: Type.String(),
  engagement_metrics: Nullable(
    Type.Object({
      overall_engagement_score: Type.Number(),
      average_session_duration: Type.Number(),
      interaction_rate_per_minute: Type.Number(),
      content_completion_rate: Type.Number(),
      user_retention_rate: Type.Number(),
    }),
  ),
  drop_off_analysis: Type.Array(Type.Object({ project_id: Type.String(), project_title: Nullable(Type.String()), second: Type.Integer(), section: Type.String(), reason: Type.String(), drop_rate: Type.Number() })),
  ai_insights: Type.Array(
    Type.Object({ kind: Type.String(), finding: Type.String(), recommendation: Type.String(), expected_impact: Impact, second: Nullable(Type.Integer()), slide: Nullable(Type.String()), question: Nullable(Type.String()), rate: Type.Number() }),
  ),
});
const Completion = Type.Object({
  time_period: Type.Integer(),
  empty: Type.Boolean(),
  as_of: Type.String(),
  completion_metrics: Nullable(Type.Object({ overall_completion_rate: Type.Number(), average_completion_time: Nullable(Type.Number()), median_completion_time: Nullable(Type.Number()) })),
  drop_off_funnel: Nullable(Type.Object({ started: Type.Number(), watched_25: Type.Number(), watched_50: Type.Number(), watched_75: Type.Number(), completed: Type.Number() })),
  optimization_opportunities: Type.Array(Type.Object({ kind: Type.String(), opportunity: Type.String(), impact: Impact, second: Nullable(Type.Integer()), slide: Nullable(Type.String()), question: Nullable(Type.String()), rate: Type.Number() })),
});
const Realtime = Type.Object({
  current_active_sessions: Type.Integer(),
  last_hour: Type.Object({ project_views: Type.Integer() }),
  last_24_hours: Type.Object({ unique_users: Type.Integer(), total_engagement_time: Type.Number() }),
  trending_content: Type.Array(Type.Object({ project_id: Type.String(), title: Nullable(Type.String()), views: Type.Integer(), engagement: Type.Number() })),
});

const DEFAULT_PERIOD = 30;
const seconds = (s: number) => Math.round(s * 10) / 10;

export function advancedAnalyticsRoutes({ app, clients }: GatewayContext) {
  /** The period's figures (with each most viewed project's worst drop-off when `dropOffs`). */
  const figures = (request: Parameters<typeof signedIn>[0], q: Period, dropOffs: boolean) => {
    const { userId, call } = signedIn(request);
    const projectId = q.project_id ?? '';
    return clients.scorm.getLearnerAnalytics({ ...learnerQuery(userId, { company_id: q.company_id }, q.time_period ?? DEFAULT_PERIOD, projectId), projectDropOffs: dropOffs && !projectId }, call);
  };
  /** Titles of the projects named, from the project service (another company's: none). */
  const titlesOf = async (request: Parameters<typeof signedIn>[0], companyId: string, projectIds: string[]) => {
    if (projectIds.length === 0) return {} as Record<string, string>;
    const { userId, call } = signedIn(request);
    return (await clients.project.getProjectsOverview({ userId, companyId, projectIds }, call)).titles;
  };

  app.get(
    '/api/analytics/engagement',
    { schema: { tags: ['analytics'], summary: 'How engaged learners were over the last days (time_period), where they leave, and what to do', querystring: PeriodQuery, response: { 200: Engagement, ...errorResponses } } },
    async (request) => {
      const q = request.query as Period;
      const a = await figures(request, q, true);
      const empty = a.views === 0;
      // The company's: each most viewed project's worst drop-off; a project's: its own.
      const drops = q.project_id ? a.dropOffs.map((d) => ({ projectId: q.project_id!, dropOff: d })) : a.projectDropOffs;
      const titles = await titlesOf(request, a.companyId, [...new Set(drops.map((d) => d.projectId))]);
      return {
        time_period: q.time_period ?? DEFAULT_PERIOD,
        empty,
        as_of: a.asOf,
        engagement_metrics: empty ? null : engagementMetrics(a),
        drop_off_analysis: drops.map(({ projectId, dropOff }) => ({ project_id: projectId, project_title: titles[projectId] ?? null, second: dropOff!.second, ...dropOffWords(dropOff!), drop_rate: percent(dropOff!.loss) })),
        ai_insights: a.recommendations.map((r) => {
          const { finding, action } = recommendationWords(r);
          return { kind: r.kind, finding: `${finding}.`, recommendation: action[0]!.toUpperCase() + action.slice(1), expected_impact: expectedImpact(r), ...recommendationPlace(r) };
        }),
      };
    },
  );

  app.get(
    '/api/analytics/completion',
    { schema: { tags: ['analytics'], summary: 'How many views were completed over the last days (time_period), how long they took, and where views stop', querystring: PeriodQuery, response: { 200: Completion, ...errorResponses } } },
    async (request) => {
      const q = request.query as Period;
      const a = await figures(request, q, false);
      const empty = a.views === 0;
      const share = (n: number) => percent(n / a.views);
      const ofVideo = (n: number) => percent(n / a.videoViews);
      return {
        time_period: q.time_period ?? DEFAULT_PERIOD,
        empty,
        as_of: a.asOf,
        completion_metrics: empty
          ? null
          : {
              overall_completion_rate: share(a.completedViews),
              average_completion_time: a.completionSecondsAverage === undefined ? null : seconds(a.completionSecondsAverage),
              median_completion_time: a.completionSecondsMedian === undefined ? null : seconds(a.completionSecondsMedian),
            },
        // Of the views of a video: a deck read to its end has no quarters to pass.
        drop_off_funnel: a.videoViews === 0 ? null : { started: 100, watched_25: ofVideo(a.reachedQuarter), watched_50: ofVideo(a.reachedHalf), watched_75: ofVideo(a.reachedThreeQuarters), completed: ofVideo(a.completedVideoViews) },
        optimization_opportunities: a.recommendations.map((r) => {
          const { finding, action } = recommendationWords(r);
          return { kind: r.kind, opportunity: `${finding}: ${action}`, impact: expectedImpact(r), ...recommendationPlace(r) };
        }),
      };
    },
  );

  app.get(
    '/api/analytics/realtime',
    { schema: { tags: ['analytics'], summary: 'What learners are doing now: active views, the last hour and the last 24 hours', querystring: CompanyQuery, response: { 200: Realtime, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const q = request.query as Type.Static<typeof CompanyQuery>;
      const r = await clients.scorm.getLearnerRealtime({ userId, companyId: q.company_id ?? '' }, call);
      const titles = await titlesOf(request, r.companyId, r.trending.map((t) => t.projectId));
      return {
        current_active_sessions: r.activeSessions,
        last_hour: { project_views: r.lastHourViews },
        last_24_hours: { unique_users: r.lastDayLearners, total_engagement_time: Math.round((r.lastDayWatchSeconds / 60) * 10) / 10 },
        trending_content: r.trending.map((t) => ({ project_id: t.projectId, title: titles[t.projectId] ?? null, views: t.views, engagement: percent(t.averageWatchedRatio) })),
      };
    },
  );
}

/** The engagement metrics of a period with views (docs/analytics.md, "Engagement"). */
function engagementMetrics(a: LearnerAnalytics) {
  const minutes = a.watchSeconds / 60;
  return {
    overall_engagement_score: a.engagementScore,
    average_session_duration: seconds(a.averageSessionSeconds),
    // Answers per minute of video watched.
    interaction_rate_per_minute: minutes > 0 ? Math.round((a.answers / minutes) * 100) / 100 : 0,
    content_completion_rate: percent(a.completedViews / a.views),
    // Learners who came back on another day, of all the period's learners.
    user_retention_rate: a.uniqueLearners > 0 ? percent(a.returningLearners / a.uniqueLearners) : 0,
  };
}
