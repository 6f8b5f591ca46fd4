import { sql, type Kysely } from 'kysely';

// Advanced video processing (docs/video-processing.md): a company's videos and still images
// (uploads, counted with the project service's uploads; outputs of jobs, counted here with the
// rendered files) and the jobs run on them on the `video` queue.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('video_files')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('company_id', 'uuid', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('video', 'image', 'subtitles')`))
    .addColumn('origin', 'text', (c) => c.notNull().check(sql`origin in ('upload', 'output', 'project')`))
    // The project service's upload holding an uploaded file's bytes; null for an output or a
    // project's rendered video taken in (a copy: the project's next render replaces its own).
    .addColumn('upload_id', 'uuid')
    .addColumn('project_id', 'uuid')
    .addColumn('job_id', 'uuid')
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('width', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('height', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_audio', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('video_codec', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('video_files_company').on('video_files').columns(['company_id', 'created_at']).execute();
  // A retried job stores its outputs under the same keys: recorded once.
  await db.schema.createIndex('video_files_storage_key').on('video_files').column('storage_key').unique().execute();
  await db.schema
    .createTable('video_processing_jobs')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('company_id', 'uuid', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued').check(sql`status in ('queued', 'running', 'completed', 'failed')`))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stage', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_ids', sql`uuid[]`, (c) => c.notNull())
    .addColumn('background_file_id', 'uuid')
    .addColumn('params', 'jsonb', (c) => c.notNull())
    .addColumn('data', 'jsonb')
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('error_message', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('video_processing_jobs_company').on('video_processing_jobs').columns(['company_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('video_processing_jobs').execute();
  await db.schema.dropTable('video_files').execute();
}
