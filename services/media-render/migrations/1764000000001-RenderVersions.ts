import type { Kysely } from 'kysely';

// Each set of files knows the project's content version it was rendered for, so a render that
// finishes after a newer one never replaces it (or deletes a newer set still being rendered).
// Sets from before versions count as version 0.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rendered_files').addColumn('content_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('current_renders').addColumn('content_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('current_renders').dropColumn('content_version').execute();
  await db.schema.alterTable('rendered_files').dropColumn('content_version').execute();
}
