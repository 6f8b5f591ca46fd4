import { sql, type Kysely } from 'kysely';

// Every edit of a project's content or of how it is rendered makes a new content version;
// files_version is the version whose files downloads serve (null before the first render);
// generation_version is the version a generation is still due for (null once its content is
// applied, or when hand-edited content replaced what the generation would write).
// needs_regeneration is no longer stored: it is content_version > files_version (views.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('content_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('files_version', 'integer')
    .addColumn('generation_version', 'integer')
    .dropColumn('needs_regeneration')
    .execute();
  // Rows from before versions: a completed project's files are its first version's; a project
  // without generated content still waits for (or failed) its first generation.
  await sql`update projects set files_version = 1 where status = 'completed'`.execute(db);
  await sql`update projects set generation_version = 1 where generated_content is null or status in ('pending', 'analyzing', 'generating_content')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .dropColumn('generation_version')
    .dropColumn('files_version')
    .dropColumn('content_version')
    .addColumn('needs_regeneration', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}
