import { sql, type Kysely } from 'kysely';

/** A remembered segment keeps the words the engine left unknown in it, so an answer from the memory still asks for a review. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('memory_segments').addColumn('unknown_words', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('memory_segments').dropColumn('unknown_words').execute();
}
