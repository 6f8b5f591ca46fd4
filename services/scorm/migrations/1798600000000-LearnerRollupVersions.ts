// Each company's rollup version (docs/analytics.md, "Reading the figures"): the rollup job bumps it
// in the transaction that changes the company's sessions or answers, so computed figures kept by
// a dashboard reader know whether they are still the latest.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table learner_rollup_versions (
      company_id uuid primary key,
      version bigint not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table learner_rollup_versions`.execute(db);
}
