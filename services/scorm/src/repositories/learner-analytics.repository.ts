// What the dashboards read from the rollups (learner_sessions, learner_answers): counts over a
// range, by day, language, channel and project, grouped answers, and one project's segments.
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { ScormDatabase } from './database.js';

export interface AnalyticsScope {
  companyId: string;
  projectId: string | null;
  since: Date;
  language: string | null;
  channel: string | null;
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

  async totals(scope: AnalyticsScope): Promise<{ views: number; learners: number; completed: number; watchSeconds: number; averageRatio: number }> {
    const row = await this.sessions(scope)
      .select([
        sql<string>`count(*)`.as('views'),
        sql<string>`count(distinct learner)`.as('learners'),
        sql<string>`count(*) filter (where completed)`.as('completed'),
        sql<string>`coalesce(sum(watched_seconds), 0)`.as('watch'),
        sql<string>`coalesce(avg(progress), 0)`.as('ratio'),
      ])
      .executeTakeFirstOrThrow();
    return { views: Number(row.views), learners: Number(row.learners), completed: Number(row.completed), watchSeconds: Number(row.watch), averageRatio: Number(row.ratio) };
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
    let q = this.db.selectFrom('learner_answers').where('company_id', '=', scope.companyId).where('answered_at', '>=', scope.since);
    if (scope.projectId) q = q.where('project_id', '=', scope.projectId);
    if (scope.language) q = q.where('language', '=', scope.language);
    if (scope.channel) q = q.where('channel', '=', scope.channel);
    const rows = await q
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
