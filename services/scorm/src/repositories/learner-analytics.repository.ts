// What the dashboards read from the rollups (learner_sessions, learner_answers): counts over a
// range, by day, language, channel and project, grouped answers, one project's segments, what is
// happening now, and the views themselves for an export.
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { ScormDatabase } from './database.js';

export interface AnalyticsScope {
  companyId: string;
  projectId: string | null;
  since: Date;
  language: string | null;
  channel: string | null;
}

export interface Totals {
  views: number;
  learners: number;
  completed: number;
  watchSeconds: number;
  /** The average watched share of the views with a video. */
  averageRatio: number;
  /** Views of a video (length > 0), and those completed: the funnel's. */
  videoViews: number;
  completedVideoViews: number;
  /** From a view's first statement to its last, on average. */
  averageSessionSeconds: number;
  /** Views that watched at least a quarter, half, three quarters of the video. */
  reached: { quarter: number; half: number; threeQuarters: number };
  /** First to last statement of the completed views (null: none completed). */
  completionSeconds: { average: number | null; median: number | null };
  /** Learners with views on more than one day (UTC) of the range. */
  returningLearners: number;
}

export interface Realtime {
  activeSessions: number;
  lastHourViews: number;
  lastDayLearners: number;
  lastDayWatchSeconds: number;
  trending: Array<{ projectId: string; views: number; averageWatchedRatio: number }>;
}

export interface ExportedView {
  sessionId: string;
  projectId: string | null;
  activityId: string;
  learner: string;
  channel: string | null;
  language: string | null;
  startedAt: Date;
  lastAt: Date;
  length: number;
  watchedSeconds: number;
  progress: number;
  completed: boolean;
}

type Sessions = SelectQueryBuilder<ScormDatabase, 'learner_sessions', object>;

export class LearnerAnalyticsRepository {
  constructor(private readonly db: Kysely<ScormDatabase>) {}

  private sessions(scope: AnalyticsScope): Sessions {
    let q = this.db.selectFrom('learner_sessions').where('company_id', '=', scope.companyId).where('started_at', '>=', scope.since);
    if (scope.projectId) q = q.where('project_id', '=', scope.projectId);
    if (scope.language) q = q.where('language', '=', scope.language);
    if (scope.channel) q = q.where('channel', '=', scope.channel);
    return q;
  }

  /** The company's rollup version (0: never rolled up). */
  async version(companyId: string): Promise<number> {
    const row = await this.db.selectFrom('learner_rollup_versions').select('version').where('company_id', '=', companyId).executeTakeFirst();
    return row ? Number(row.version) : 0;
  }

  private answersIn(scope: AnalyticsScope) {
    let q = this.db.selectFrom('learner_answers').where('company_id', '=', scope.companyId).where('answered_at', '>=', scope.since);
    if (scope.projectId) q = q.where('project_id', '=', scope.projectId);
    if (scope.language) q = q.where('language', '=', scope.language);
    if (scope.channel) q = q.where('channel', '=', scope.channel);
    return q;
  }

  async totals(scope: AnalyticsScope): Promise<Totals> {
    const row = await this.sessions(scope)
      .select([
        sql<string>`count(*)`.as('views'),
        sql<string>`count(distinct learner)`.as('learners'),
        sql<string>`count(*) filter (where completed)`.as('completed'),
        sql<string>`coalesce(sum(watched_seconds), 0)`.as('watch'),
        // A view of content without a video (a slide deck read, a course of slides) has no watched share.
        sql<string>`coalesce(avg(progress) filter (where length > 0), 0)`.as('ratio'),
        sql<string>`count(*) filter (where length > 0)`.as('video_views'),
        sql<string>`count(*) filter (where length > 0 and completed)`.as('completed_video_views'),
        sql<string>`coalesce(avg(extract(epoch from last_at - started_at)), 0)`.as('session_seconds'),
        sql<string>`count(*) filter (where progress >= 0.25)`.as('p25'),
        sql<string>`count(*) filter (where progress >= 0.5)`.as('p50'),
        sql<string>`count(*) filter (where progress >= 0.75)`.as('p75'),
        sql<string | null>`avg(extract(epoch from last_at - started_at)) filter (where completed)`.as('completion_avg'),
        sql<string | null>`percentile_cont(0.5) within group (order by extract(epoch from last_at - started_at)) filter (where completed)`.as('completion_median'),
      ])
      .executeTakeFirstOrThrow();
    const returning = await this.db
      .selectFrom(this.sessions(scope).select(['learner']).groupBy('learner').having(sql`count(distinct (started_at at time zone 'UTC')::date)`, '>', 1).as('r'))
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const orNull = (v: string | null) => (v === null ? null : Number(v));
    return {
      views: Number(row.views),
      learners: Number(row.learners),
      completed: Number(row.completed),
      watchSeconds: Number(row.watch),
      averageRatio: Number(row.ratio),
      videoViews: Number(row.video_views),
      completedVideoViews: Number(row.completed_video_views),
      averageSessionSeconds: Number(row.session_seconds),
      reached: { quarter: Number(row.p25), half: Number(row.p50), threeQuarters: Number(row.p75) },
      completionSeconds: { average: orNull(row.completion_avg), median: orNull(row.completion_median) },
      returningLearners: Number(returning.n),
    };
  }

  /** Answers given in the range, and the views with at least one. */
  async interactions(scope: AnalyticsScope): Promise<{ answers: number; answeredViews: number }> {
    const row = await this.answersIn(scope).select([sql<string>`count(*)`.as('n'), sql<string>`count(distinct session_id)`.as('views')]).executeTakeFirstOrThrow();
    return { answers: Number(row.n), answeredViews: Number(row.views) };
  }

  /**
   * What is happening now: views with a statement in the last `activeMs`, views started in the
   * last hour, and over the last day the learners, the seconds watched and the most viewed projects.
   */
  async realtime(companyId: string, now: Date, activeMs: number, trendingLimit = 5): Promise<Realtime> {
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const dayAgo = new Date(now.getTime() - 86_400_000);
    const day = this.db.selectFrom('learner_sessions').where('company_id', '=', companyId).where('last_at', '>=', dayAgo);
    const [row, trending] = await Promise.all([
      day
        .select([
          sql<string>`count(*) filter (where last_at >= ${new Date(now.getTime() - activeMs)})`.as('active'),
          sql<string>`count(*) filter (where started_at >= ${hourAgo})`.as('hour_views'),
          sql<string>`count(distinct learner)`.as('learners'),
          sql<string>`coalesce(sum(watched_seconds), 0)`.as('watch'),
        ])
        .executeTakeFirstOrThrow(),
      day
        .where('project_id', 'is not', null)
        .select(['project_id', sql<string>`count(*)`.as('views'), sql<string>`avg(progress)`.as('ratio')])
        .groupBy('project_id')
        .orderBy(sql`2 desc, 1`)
        .limit(trendingLimit)
        .execute(),
    ]);
    return {
      activeSessions: Number(row.active),
      lastHourViews: Number(row.hour_views),
      lastDayLearners: Number(row.learners),
      lastDayWatchSeconds: Number(row.watch),
      trending: trending.map((t) => ({ projectId: t.project_id!, views: Number(t.views), averageWatchedRatio: Number(t.ratio) })),
    };
  }

  /** One page of views for an export, oldest first, after a (started_at, session_id) cursor. */
  async views(scope: AnalyticsScope, after: { startedAt: Date; sessionId: string } | null, limit: number): Promise<ExportedView[]> {
    let q = this.sessions(scope);
    if (after) q = q.where(sql<boolean>`(started_at, session_id) > (${after.startedAt}, ${after.sessionId})`);
    const rows = await q
      .select(['session_id', 'project_id', 'activity_id', 'learner', 'channel', 'language', 'started_at', 'last_at', 'length', 'watched_seconds', 'progress', 'completed'])
      .orderBy('started_at')
      .orderBy('session_id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      sessionId: r.session_id,
      projectId: r.project_id,
      activityId: r.activity_id,
      learner: r.learner,
      channel: r.channel,
      language: r.language,
      startedAt: r.started_at,
      lastAt: r.last_at,
      length: r.length,
      watchedSeconds: r.watched_seconds,
      progress: r.progress,
      completed: r.completed,
    }));
  }

  /** Views and completed views by a column (or by UTC day), most viewed first (days in order). */
  async by(scope: AnalyticsScope, key: 'day' | 'language' | 'channel' | 'project_id', limit = 400): Promise<Array<{ key: string; views: number; completed: number }>> {
    const column = key === 'day' ? sql<string>`to_char(started_at at time zone 'UTC', 'YYYY-MM-DD')` : sql<string>`coalesce(${sql.ref(key)}::text, '')`;
    const rows = await this.sessions(scope)
      .select([column.as('key'), sql<string>`count(*)`.as('views'), sql<string>`count(*) filter (where completed)`.as('completed')])
      .groupBy(sql`1`)
      .orderBy(key === 'day' ? sql`1` : sql`2 desc, 1`)
      .limit(limit)
      .execute();
    return rows.map((r) => ({ key: r.key, views: Number(r.views), completed: Number(r.completed) }));
  }

  /** Answers grouped by question, response and judgement, with the question's name. */
  async answers(scope: AnalyticsScope): Promise<Array<{ question: string; name: string; response: string; success: boolean | null; count: number }>> {
    const rows = await this.answersIn(scope)
      .select(['question', 'response', 'success', sql<string>`max(coalesce(question_name, ''))`.as('name'), sql<string>`count(*)`.as('n')])
      .groupBy(['question', 'response', 'success'])
      .limit(5000)
      .execute();
    return rows.map((r) => ({ question: r.question, name: r.name, response: r.response, success: r.success, count: Number(r.n) }));
  }

  /** The newest views' lengths and played segments (a project's retention curve). */
  async segments(scope: AnalyticsScope, limit = 20_000): Promise<Array<{ length: number; segments: Array<[number, number]> }>> {
    return this.sessions(scope).select(['length', 'segments']).orderBy('started_at', 'desc').limit(limit).execute();
  }
}
