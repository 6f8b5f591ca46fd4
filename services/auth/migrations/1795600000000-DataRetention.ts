import { sql, type Kysely } from 'kysely';

// When an expired trial's data was deleted (its data_expired event sent), so it is sent once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').addColumn('data_purged_at', 'timestamptz').execute();
  await sql`create index subscriptions_trial_retention on subscriptions (trial_started_at) where tier = 'free-trial' and data_purged_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists subscriptions_trial_retention`.execute(db);
  await db.schema.alterTable('subscriptions').dropColumn('data_purged_at').execute();
}
