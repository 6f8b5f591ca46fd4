import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per rendered file; a render key names one set of files of one project.
  await db.schema
    .createTable('rendered_files')
    .addColumn('project_id', 'uuid', (c) => c.notNull())
    .addColumn('render_key', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('company_id', 'uuid', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('rendered_files_pk', ['project_id', 'render_key', 'format'])
    .execute();
  // The set of files downloads serve: the last render that completed.
  await db.schema
    .createTable('current_renders')
    .addColumn('project_id', 'uuid', (c) => c.primaryKey())
    .addColumn('render_key', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Counted downloads, for the plan's downloadLimit (per owner, per calendar month).
  await db.schema
    .createTable('downloads')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_user_id', 'uuid', (c) => c.notNull())
    .addColumn('company_id', 'uuid', (c) => c.notNull())
    .addColumn('project_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('downloads_owner_idx').on('downloads').columns(['owner_user_id', 'created_at']).execute();
  // Voices a company made by matching (or cloning) samples.
  await db.schema
    .createTable('custom_voices')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.notNull())
    .addColumn('voice', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('custom_voices_company_idx').on('custom_voices').column('company_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['custom_voices', 'downloads', 'current_renders', 'rendered_files']) await db.schema.dropTable(t).ifExists().execute();
}
