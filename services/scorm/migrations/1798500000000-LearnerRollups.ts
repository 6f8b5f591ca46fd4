import { sql, type Kysely } from 'kysely';

// What the dashboards read (docs/analytics.md, "Rollups"): learners' sessions and answers, kept up
// to date from the learning record store's statements by the rollup job (the metrics' rules:
// services/analytics/metrics.ts), and the statements stored and not read yet (written in the
// transaction that stores them, so none is missed whatever order requests commit in).
export async function up(db: Kysely<unknown>): Promise<void> {
  // The Video Profile's session id, where a statement has one: a session's statements are found by it.
  await sql`alter table xapi_statements add column session_id text generated always as (statement->'context'->'extensions'->>'https://w3id.org/xapi/video/extensions/session-id') stored`.execute(db);
  await sql`create index xapi_statements_session on xapi_statements (company_id, session_id) where session_id is not null`.execute(db);
  await sql`
    create table learner_sessions (
      company_id uuid not null,
      session_id text not null,
      activity_id text not null,
      -- The Trainwright project whose activity it is (null: another sender's activity).
      project_id uuid,
      learner text not null,
      channel text,
      language text,
      started_at timestamptz not null,
      last_at timestamptz not null,
      length real not null,
      watched_seconds real not null,
      progress real not null,
      completed boolean not null,
      segments jsonb not null,
      primary key (company_id, session_id)
    )`.execute(db);
  await sql`create index learner_sessions_started on learner_sessions (company_id, started_at)`.execute(db);
  await sql`create index learner_sessions_project on learner_sessions (company_id, project_id, started_at)`.execute(db);
  await sql`
    create table learner_answers (
      company_id uuid not null,
      statement_id uuid not null,
      project_id uuid,
      session_id text,
      question text not null,
      question_name text,
      response text not null,
      success boolean,
      answered_at timestamptz not null,
      channel text,
      language text,
      primary key (company_id, statement_id)
    )`.execute(db);
  await sql`create index learner_answers_project on learner_answers (company_id, project_id, answered_at)`.execute(db);
  await sql`
    create table learner_rollup_pending (
      company_id uuid not null,
      statement_id uuid not null,
      primary key (company_id, statement_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['learner_rollup_pending', 'learner_answers', 'learner_sessions']) await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`drop index xapi_statements_session`.execute(db);
  await sql`alter table xapi_statements drop column session_id`.execute(db);
}
