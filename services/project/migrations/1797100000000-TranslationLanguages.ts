import { sql, type Kysely } from 'kysely';

// The languages a project is available in, as the translation service's events tell them:
// per language, when the last applied event was decided, so an older event changes nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').addColumn('language_events', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('language_events').execute();
}
