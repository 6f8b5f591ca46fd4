import { sql, type Kysely } from 'kysely';

// A project's files in each language it is translated into (docs/translation.md): every set of
// rendered files is of one language ('' for the project's own files, else the translation's code,
// its content_version then the translation's version), and each language has its own current set,
// so a translation's last complete files are served while a newer version of it renders.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rendered_files').addColumn('language', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('current_renders').addColumn('language', 'text', (c) => c.notNull().defaultTo('')).execute();
  await sql`alter table current_renders drop constraint current_renders_pkey, add primary key (project_id, language)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from current_renders where language <> ''`.execute(db);
  await sql`delete from rendered_files where language <> ''`.execute(db);
  await sql`alter table current_renders drop constraint current_renders_pkey, add primary key (project_id)`.execute(db);
  await db.schema.alterTable('current_renders').dropColumn('language').execute();
  await db.schema.alterTable('rendered_files').dropColumn('language').execute();
}
