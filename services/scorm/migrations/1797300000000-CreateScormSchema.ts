import { sql, type Kysely } from 'kysely';
import { createOutboxTable, createProcessedEventsTable } from '@trainwright/platform';

export async function up(db: Kysely<unknown>): Promise<void> {
  await createOutboxTable(db);
  await createProcessedEventsTable(db);

  // One SCORM / cmi5 package of a project: the settings it was asked with, its build's state and
  // the zip it became (a storage key).
  await db.schema
    .createTable('packages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) => c.notNull())
    .addColumn('company_id', 'uuid', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.notNull())
    .addColumn('package_name', 'text', (c) => c.notNull().check(sql`length(btrim(package_name)) between 1 and 200`))
    .addColumn('scorm_version', 'text', (c) => c.notNull().check(sql`scorm_version in ('1.2', '2004', 'cmi5')`))
    .addColumn('include_tracking', 'boolean', (c) => c.notNull())
    // { completion_rule, completion_threshold, passing_score, status_pair }, objectives and activities as asked.
    .addColumn('tracking', 'jsonb', (c) => c.notNull())
    .addColumn('objectives', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('activities', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('queued', 'building', 'ready', 'failed')`))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0).check(sql`progress between 0 and 100`))
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_video', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('storage_key', 'text')
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('download_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('packages_company_created_idx').on('packages').columns(['company_id', 'created_at']).execute();
  await db.schema.createIndex('packages_project_idx').on('packages').column('project_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('packages').execute();
}
