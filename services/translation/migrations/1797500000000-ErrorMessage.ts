import type { Kysely } from 'kysely';

/**
 * Stored failures by message id: beside a failed translation's `error` (the English text), the
 * catalogue message it is ({id, params}; null for a text of its own, e.g. an engine's words, and in
 * rows failed before), so the web shows it in the user's language by id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('translations').addColumn('error_message', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('translations').dropColumn('error_message').execute();
}
