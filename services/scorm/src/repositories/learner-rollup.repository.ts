// Learners' sessions and answers (schema scorm; docs/analytics.md, "Rollups"): what the rollup job
// reads from the statements waiting for it and writes for the dashboards, one company at a time
// under its lock.
import { sql, type Kysely, type Transaction } from 'kysely';
import { XAPI_VERBS } from '@trainwright/catalogue';
import type { LearnerAnswersTable, LearnerSessionsTable, ScormDatabase } from './database.js';

type Json = Record<string, unknown>;
type Trx = Transaction<ScormDatabase>;

export interface PendingStatement {
  id: string;
  sessionId: string | null;
  verb: string;
  voiding: boolean;
  refId: string | null;
  /** An answer's statement (null for the other verbs: their sessions are read whole). */
  statement: Json | null;
}

export type SessionRow = Omit<LearnerSessionsTable, 'segments'> & { segments: Array<[number, number]> };

export class LearnerRollupRepository {
  constructor(private readonly db: Kysely<ScormDatabase>) {}

  /** Runs `work` in one transaction holding the company's rollup lock (one rollup of a company at a time). */
  inCompany<T>(companyId: string, work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`rollup:${companyId}`}))`.execute(trx);
      return work(trx);
    });
  }

  /** Takes up to `limit` of the company's statements waiting to be read (they are no longer waiting once this transaction commits). */
  async takePending(trx: Trx, companyId: string, limit: number): Promise<PendingStatement[]> {
    const taken = await sql<{ statement_id: string }>`
      delete from learner_rollup_pending
      where company_id = ${companyId}::uuid
        and statement_id in (select statement_id from learner_rollup_pending where company_id = ${companyId}::uuid limit ${limit} for update skip locked)
      returning statement_id`.execute(trx);
    const ids = taken.rows.map((r) => r.statement_id);
    if (ids.length === 0) return [];
    const rows = await trx
      .selectFrom('xapi_statement_ids as i')
      .innerJoin('xapi_statements as s', (j) => j.onRef('s.company_id', '=', 'i.company_id').onRef('s.stored', '=', 'i.stored').onRef('s.id', '=', 'i.id'))
      // The statement itself only for answers: a session is summed up from all its statements
      // (sessionStatements), so the rest would be read twice.
      .select(['s.id', 's.session_id', 's.verb', 's.voiding', 's.ref_id', sql<Json | null>`case when s.verb = ${XAPI_VERBS.answered} then s.statement end`.as('statement')])
      .where('i.company_id', '=', companyId)
      .where('i.id', 'in', ids)
      .execute();
    return rows.map((r) => ({ id: r.id, sessionId: r.session_id, verb: r.verb, voiding: r.voiding, refId: r.ref_id, statement: r.statement }));
  }

  /** The sessions of these statements (the targets of voiding statements). */
  async sessionsOf(trx: Trx, companyId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await trx.selectFrom('xapi_statements').select('session_id').distinct().where('company_id', '=', companyId).where('id', 'in', ids).where('session_id', 'is not', null).execute();
    return rows.map((r) => r.session_id!);
  }

  /** The statements of these sessions that are not voided. */
  async sessionStatements(trx: Trx, companyId: string, sessionIds: string[]): Promise<Array<{ sessionId: string; statement: Json }>> {
    if (sessionIds.length === 0) return [];
    const rows = await trx
      .selectFrom('xapi_statements as s')
      .select(['s.session_id', 's.statement'])
      .where('s.company_id', '=', companyId)
      .where('s.session_id', 'in', sessionIds)
      .where(sql<boolean>`(s.voiding or not exists (select 1 from xapi_voided v where v.company_id = s.company_id and v.statement_id = s.id))`)
      .execute();
    return rows.map((r) => ({ sessionId: r.session_id!, statement: r.statement }));
  }

  async putSessions(trx: Trx, companyId: string, sessions: SessionRow[], gone: string[]): Promise<void> {
    if (gone.length > 0) await trx.deleteFrom('learner_sessions').where('company_id', '=', companyId).where('session_id', 'in', gone).execute();
    if (sessions.length === 0) return;
    const values = sessions.map((s) => ({ ...s, segments: JSON.stringify(s.segments) }));
    await trx
      .insertInto('learner_sessions')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['company_id', 'session_id']).doUpdateSet((eb) => ({
          activity_id: eb.ref('excluded.activity_id'),
          project_id: eb.ref('excluded.project_id'),
          learner: eb.ref('excluded.learner'),
          channel: eb.ref('excluded.channel'),
          language: eb.ref('excluded.language'),
          started_at: eb.ref('excluded.started_at'),
          last_at: eb.ref('excluded.last_at'),
          length: eb.ref('excluded.length'),
          watched_seconds: eb.ref('excluded.watched_seconds'),
          progress: eb.ref('excluded.progress'),
          completed: eb.ref('excluded.completed'),
          segments: eb.ref('excluded.segments'),
        })),
      )
      .execute();
  }

  /** Marks the company's figures changed (in the transaction that changed them). */
  async bumpVersion(trx: Trx, companyId: string): Promise<void> {
    await sql`insert into learner_rollup_versions (company_id, version) values (${companyId}::uuid, 1)
      on conflict (company_id) do update set version = learner_rollup_versions.version + 1`.execute(trx);
  }

  async putAnswers(trx: Trx, answers: LearnerAnswersTable[], voided: { companyId: string; ids: string[] }): Promise<void> {
    if (voided.ids.length > 0) await trx.deleteFrom('learner_answers').where('company_id', '=', voided.companyId).where('statement_id', 'in', voided.ids).execute();
    if (answers.length > 0) await trx.insertInto('learner_answers').values(answers).onConflict((oc) => oc.columns(['company_id', 'statement_id']).doNothing()).execute();
  }
}
