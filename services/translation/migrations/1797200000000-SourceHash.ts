import type { Kysely } from 'kysely';

/**
 * The hash of the translatable content a translation was made from: a translation is stale when
 * the project's text changed, not when only its settings (template, styles, voice) did. Rows made
 * before it keep '' and are judged by content version as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('translations').addColumn('source_hash', 'text', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('translations').dropColumn('source_hash').execute();
}
