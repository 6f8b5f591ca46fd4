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

/** Statements taken from learner_rollup_pending between two vacuums of it (vacuumPendingWhenDue). */
const PENDING_VACUUM_EVERY = 10_000;

export class LearnerRollupRepository {
  private takenSinceVacuum = 0;

  constructor(private readonly db: Kysely<ScormDatabase>) {}

  /** Runs `work` in one transaction holding the company's rollup lock (one rollup of a company at a time). */
  inCompany<T>(companyId: string, work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      // Every read of a rollup looks up a few rows by key among many, in tables whose row counts
      // swing (the waiting queue) or grow faster than their statistics. The planner, trusting them,
      // chose bitmap scans, which read every entry of the key before a LIMIT can stop them (all
      // 100,000 waiting rows to take 500: 15-22 ms against 1.5) and leave deleted rows' index
      // entries for the next scan to read again, where an index scan marks them dead. Without JIT:
      // a plan priced with a disabled scan in it passes JIT's threshold, and compiling it took
      // 200 ms for a 1 ms lookup.
      await sql`select pg_advisory_xact_lock(hashtext(${`rollup:${companyId}`})),
        set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true)`.execute(trx);
      return work(trx);
    });
  }

  /** Takes up to `limit` of the company's statements waiting to be read (they are no longer waiting once this transaction commits). */
  async takePending(trx: Trx, companyId: string, limit: number): Promise<PendingStatement[]> {
    // In the order they were stored, so that a session's statements are summed up together. By the
    // rows' physical ids (a TID scan): any join plan depends on the table's row count, which swings
    // between none and many (vacuumPendingWhenDue), and a nested loop over a table thought empty
    // took 20 s for 30,000 rows. No row lock: the company's rollup lock (inCompany) keeps any other
    // rollup of the company away, and senders only add rows.
    const taken = await sql<{ statement_id: string }>`
      delete from learner_rollup_pending
      where ctid = any(array(select ctid from learner_rollup_pending where company_id = ${companyId}::uuid order by seq limit ${limit}))
      returning statement_id`.execute(trx);
    const ids = taken.rows.map((r) => r.statement_id);
    if (ids.length === 0) return [];
    // Each id looked up by its keys (a lateral join): with a plain join the planner, whose count of
    // the company's statements lags while they grow, hashed all of them, so that a rollup's cost
    // grew with every statement the company ever stored.
    const { rows } = await sql<{ id: string; session_id: string | null; verb: string; voiding: boolean; ref_id: string | null; statement: Json | null }>`
      select s.* from unnest(${ids}::uuid[]) as t(id)
      cross join lateral (
        select s.id, s.session_id, s.verb, s.voiding, s.ref_id,
          -- The statement itself only for answers: a session is summed up from all its statements
          -- (sessionStatements), so the rest would be read twice.
          case when s.verb = ${XAPI_VERBS.answered} then s.statement end as statement
        from xapi_statement_ids i
        join xapi_statements s on s.company_id = i.company_id and s.stored = i.stored and s.id = i.id
        where i.company_id = ${companyId}::uuid and i.id = t.id
        -- An id is stored once; the limit also keeps the planner from flattening this lookup into a join.
        limit 1
      ) s`.execute(trx);
    return rows.map((r) => ({ id: r.id, sessionId: r.session_id, verb: r.verb, voiding: r.voiding, refId: r.ref_id, statement: r.statement }));
  }

  /**
   * learner_rollup_pending is a queue: every row is deleted soon after it is written. Its dead rows
   * and index entries stay until a vacuum (an index scan marks an entry dead only once no
   * transaction can still see the row; the bitmap scan the take once used never did, and cost 10 ms
   * a rollup after 100,000 statements). Autovacuum comes at most once a minute, so the rollup
   * vacuums the table itself after every PENDING_VACUUM_EVERY rows it took (a few ms: the table's
   * live rows are few). Outside any transaction.
   */
  async vacuumPendingWhenDue(taken: number): Promise<void> {
    this.takenSinceVacuum += taken;
    if (this.takenSinceVacuum < PENDING_VACUUM_EVERY) return;
    this.takenSinceVacuum = 0;
    await sql`vacuum (skip_locked, truncate false) learner_rollup_pending`.execute(this.db);
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
    // Each session looked up by the session index, as in takePending (offset 0 keeps the lookup).
    const { rows } = await sql<{ session_id: string; statement: Json }>`
      select t.session_id, s.statement from unnest(${sessionIds}::text[]) as t(session_id)
      cross join lateral (
        select s.id, s.voiding, s.statement from xapi_statements s
        where s.company_id = ${companyId}::uuid and s.session_id = t.session_id
        offset 0
      ) s
      where s.voiding or not exists (select 1 from xapi_voided v where v.company_id = ${companyId}::uuid and v.statement_id = s.id)`.execute(trx);
    return rows.map((r) => ({ sessionId: r.session_id, statement: r.statement }));
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
