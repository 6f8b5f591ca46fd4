import { sql, type Kysely } from 'kysely';

/** The words the engine left untranslated ({word, language}); a translation with any needs a review. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('translations').addColumn('unknown_words', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('translations').dropColumn('unknown_words').execute();
}
