import { sql, type Kysely } from 'kysely';

// Ids of events already applied, so a redelivered project event is counted once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('processed_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('processed_events').ifExists().execute();
}
