import { sql, type Kysely } from 'kysely';

// The interface language a person chose (en, es, fr; the web sends it when they switch): the
// language of the emails written to them without being asked for (a mention in a comment).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en').check(sql`language in ('en', 'es', 'fr')`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
