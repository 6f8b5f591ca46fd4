import { sql, type Kysely } from 'kysely';

// The company library (docs/library.md): documents and their passages, searched with PostgreSQL's
// full-text search in each document's own language configuration (`config`, a regconfig: english,
// spanish, french, ... or simple). A file's bytes are an upload (project_files, kind 'library'),
// removed with it; a pasted text or a web page keeps only its passages, and its `size` counts
// against the plan's storage here. The material a project's generation read is kept too
// (`project_id`: one document a project, replaced by its next generation, removed with it); it is
// the project's own material, so it does not count again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table project_files drop constraint if exists project_files_kind_check`.execute(db);
  await sql`alter table project_files add constraint project_files_kind_check check (kind in ('script', 'slides', 'document', 'refresh', 'library'))`.execute(db);
  await db.schema
    .createTable('library_documents')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.notNull())
    .addColumn('file_id', 'uuid', (c) => c.references('project_files.id').onDelete('cascade'))
    .addColumn('project_id', 'uuid', (c) => c.references('projects.id').onDelete('cascade').unique())
    .addColumn('title', 'text', (c) => c.notNull().check(sql`length(title) between 1 and 200`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('file', 'url', 'text')`))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('').check(sql`length(source) <= 2048`))
    .addColumn('size', 'bigint', (c) => c.notNull().check(sql`size >= 0`))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('config', sql`regconfig`, (c) => c.notNull())
    .addColumn('passage_count', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('library_documents_company').on('library_documents').columns(['company_id', 'created_at']).execute();
  await db.schema
    .createTable('library_passages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('document_id', 'uuid', (c) => c.notNull().references('library_documents.id').onDelete('cascade'))
    .addColumn('company_id', 'uuid', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('heading', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('config', sql`regconfig`, (c) => c.notNull())
    // The heading weighs more than the text: a passage under a heading that names the topic ranks first.
    .addColumn('tsv', sql`tsvector`, (c) =>
      c.generatedAlwaysAs(sql`setweight(to_tsvector(config, heading), 'A') || setweight(to_tsvector(config, text), 'B')`).stored(),
    )
    .execute();
  await sql`create index library_passages_tsv on library_passages using gin (tsv)`.execute(db);
  await db.schema.createIndex('library_passages_company').on('library_passages').columns(['company_id', 'document_id', 'position']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('library_passages').execute();
  await db.schema.dropTable('library_documents').execute();
  await sql`delete from project_files where kind = 'library'`.execute(db);
  await sql`alter table project_files drop constraint if exists project_files_kind_check`.execute(db);
  await sql`alter table project_files add constraint project_files_kind_check check (kind in ('script', 'slides', 'document', 'refresh'))`.execute(db);
}
