import { sql, type Kysely } from 'kysely';

// AI generator projects keep their method and request; enhanced versions point at their origin;
// uploads for document analysis, assessment and refresh get their own kinds.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('generator_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('request_data', 'jsonb')
    .addColumn('derived_from_project_id', 'uuid', (c) => c.references('projects.id').onDelete('set null'))
    .execute();
  await sql`alter table project_files drop constraint if exists project_files_kind_check`.execute(db);
  await sql`alter table project_files add constraint project_files_kind_check check (kind in ('script', 'slides', 'document', 'refresh'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table project_files drop constraint if exists project_files_kind_check`.execute(db);
  await sql`alter table project_files add constraint project_files_kind_check check (kind in ('script', 'slides'))`.execute(db);
  await db.schema.alterTable('projects').dropColumn('derived_from_project_id').dropColumn('request_data').dropColumn('generator_type').execute();
}
