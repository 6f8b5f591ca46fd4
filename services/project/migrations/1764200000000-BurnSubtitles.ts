import type { Kysely } from 'kysely';

// A project's narrated video may have its subtitles burned into the picture (issue 13). Existing
// projects keep what they rendered with by default: no burn-in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('burn_subtitles', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('burn_subtitles').execute();
}
