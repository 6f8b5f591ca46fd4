import { sql, type Kysely } from 'kysely';

// The learning record store (docs/analytics.md, "Storage"). Statements are append-only and
// partitioned by month on `stored` (the LRS's own clock, so only the current month is written);
// a partitioned table's unique keys must hold the partition key, so the statement ids a company
// has stored are kept unique in xapi_statement_ids beside it. Voiding adds a row to xapi_voided
// and changes no statement. Partitions for the coming months are made ahead of time (at start and
// by the rollup job, repositories/xapi-statement.repository.ts ensurePartitions); the default
// partition only catches what a clock far off would put outside them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence xapi_statement_seq`.execute(db);
  await sql`
    create table xapi_statements (
      company_id uuid not null,
      stored timestamptz not null,
      -- Orders statements stored in the same millisecond (paging, newest first).
      seq bigint not null default nextval('xapi_statement_seq'),
      id uuid not null,
      -- The credential that stored it: its authority, and what statements/read/mine reads.
      key_id uuid not null,
      verb text not null,
      -- The object's id when the object is an Activity.
      activity text,
      -- The statement a StatementRef object points to (a voiding statement's target too).
      ref_id uuid,
      registration uuid,
      voiding boolean not null,
      -- Inverse functional identifiers (docs/analytics.md, "Agents"): of the actor and the object
      -- (a group's members too), and with related_agents also the authority, instructor, team and
      -- the SubStatement's; activities: the object's and the context's.
      agents text[] not null,
      related_agents text[] not null,
      related_activities text[] not null,
      statement jsonb not null,
      primary key (company_id, stored, seq)
    ) partition by range (stored)`.execute(db);
  await sql`create table xapi_statements_default partition of xapi_statements default`.execute(db);
  await sql`create index xapi_statements_id on xapi_statements (company_id, id)`.execute(db);
  await sql`create index xapi_statements_ref on xapi_statements (company_id, ref_id) where ref_id is not null`.execute(db);
  await sql`create index xapi_statements_verb on xapi_statements (company_id, verb, stored)`.execute(db);
  await sql`create index xapi_statements_activity on xapi_statements (company_id, activity, stored)`.execute(db);
  await sql`create index xapi_statements_registration on xapi_statements (company_id, registration) where registration is not null`.execute(db);
  await sql`create index xapi_statements_related_agents on xapi_statements using gin (related_agents)`.execute(db);
  await sql`create index xapi_statements_related_activities on xapi_statements using gin (related_activities)`.execute(db);

  await sql`
    create table xapi_statement_ids (
      company_id uuid not null,
      id uuid not null,
      stored timestamptz not null,
      primary key (company_id, id)
    )`.execute(db);
  await sql`
    create table xapi_voided (
      company_id uuid not null,
      statement_id uuid not null,
      voided_by uuid not null,
      primary key (company_id, statement_id)
    )`.execute(db);
  // Raw attachment data, found by its SHA-256 (the statement's attachment object names it).
  await sql`
    create table xapi_attachments (
      company_id uuid not null,
      sha2 text not null,
      content_type text not null,
      content bytea not null,
      primary key (company_id, sha2)
    )`.execute(db);
  // The canonical definition of each activity, from statements stored with the define scope.
  await sql`
    create table xapi_activities (
      company_id uuid not null,
      id text not null,
      definition jsonb not null,
      updated_at timestamptz not null default now(),
      primary key (company_id, id)
    )`.execute(db);
  // The State, Activity Profile and Agent Profile resources' documents. '' where a kind has no
  // such part (a profile has no registration; an activity profile no agent).
  await sql`
    create table xapi_documents (
      company_id uuid not null,
      kind text not null check (kind in ('state', 'activity_profile', 'agent_profile')),
      activity_id text not null,
      agent text not null,
      registration text not null,
      document_id text not null,
      content_type text not null,
      content bytea not null,
      etag text not null,
      updated_at timestamptz not null,
      primary key (company_id, kind, activity_id, agent, registration, document_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['xapi_documents', 'xapi_activities', 'xapi_attachments', 'xapi_voided', 'xapi_statement_ids', 'xapi_statements']) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
  await sql`drop sequence xapi_statement_seq`.execute(db);
}
