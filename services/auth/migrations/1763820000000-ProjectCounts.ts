import type { Kysely } from 'kysely';
import { createProcessedEventsTable } from '@trainwright/platform';

// Ids of events already applied, so a redelivered project event is counted once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createProcessedEventsTable(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('processed_events').ifExists().execute();
}
