import type { Kysely } from 'kysely';

// Stored failures by message id: beside a failed package's or interactive video's `error` (the
// English text), the catalogue message it is ({id, params}; null for a text of its own, and in
// rows failed before), so the web shows it in the user's language by id.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('packages').addColumn('error_message', 'jsonb').execute();
  await db.schema.alterTable('interactive_videos').addColumn('error_message', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('interactive_videos').dropColumn('error_message').execute();
  await db.schema.alterTable('packages').dropColumn('error_message').execute();
}
