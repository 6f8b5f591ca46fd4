import { sql, type Kysely } from 'kysely';
import { createOutboxTable, createProcessedEventsTable } from '@trainwright/platform';

const STATUSES = "'pending','analyzing','generating_content','creating_slides','generating_documents','creating_video','review','completed','failed'";
const TYPES = "'script_to_slides','slides_to_script','software_analysis','ai_content_generator'";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('projects')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.notNull())
    // The company's owner when the project was made: their plan's project limit counts it.
    .addColumn('owner_user_id', 'uuid', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().check(sql`length(btrim(title)) > 0`))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql.raw(`status in (${STATUSES})`)))
    .addColumn('project_type', 'text', (c) => c.notNull().check(sql.raw(`project_type in (${TYPES})`)))
    .addColumn('input_method', 'text', (c) => c.notNull().defaultTo('text').check(sql`input_method in ('text', 'file')`))
    .addColumn('script_content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('slides_content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('generated_content', 'jsonb')
    .addColumn('software_details', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('software_list', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('visual_format', 'text', (c) => c.notNull().defaultTo('powerpoint').check(sql`visual_format in ('powerpoint', 'mp4', 'mov')`))
    .addColumn('document_format', 'text', (c) => c.notNull().defaultTo('pdf').check(sql`document_format in ('pdf', 'word')`))
    .addColumn('quality_score', 'double precision')
    .addColumn('engagement_prediction', 'double precision')
    .addColumn('branding', 'jsonb')
    .addColumn('progress', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('is_collaborative', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('primary_language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('available_languages', 'jsonb', (c) => c.notNull().defaultTo(sql`'["en"]'::jsonb`))
    .addColumn('ai_instructions', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('template_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('font_style', 'text', (c) => c.notNull().defaultTo('modern'))
    .addColumn('image_style', 'text', (c) => c.notNull().defaultTo('professional'))
    .addColumn('voice_selection', 'jsonb')
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('needs_regeneration', 'boolean', (c) => c.notNull().defaultTo(false))
    // The "Welcome Training" sample every account starts with; it does not count against the plan.
    .addColumn('is_sample', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index projects_company_created_idx on projects (company_id, created_at desc, id desc)`.execute(db);
  await db.schema.createIndex('projects_owner_idx').on('projects').column('owner_user_id').execute();

  await db.schema
    .createTable('project_files')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.notNull())
    .addColumn('project_id', 'uuid', (c) => c.references('projects.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('script', 'slides')`))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('project_files_project_idx').on('project_files').column('project_id').execute();

  await db.schema
    .createTable('share_links')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('created_by', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await sql`create unique index share_links_active_idx on share_links (project_id) where revoked_at is null`.execute(db);

  await db.schema
    .createTable('custom_templates')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.notNull())
    .addColumn('document', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('custom_templates_company_idx').on('custom_templates').column('company_id').execute();

  // Ids of events already applied, so a redelivered event changes nothing.
  await createProcessedEventsTable(db);

  await createOutboxTable(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['outbox', 'processed_events', 'custom_templates', 'share_links', 'project_files', 'projects']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
