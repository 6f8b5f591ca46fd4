import { sql, type Kysely } from 'kysely';

// Interactive video (issue 16): one per project, its numbered versions (the elements as the
// catalogue validated them, and the video and captions pinned for them) and what learners did.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('interactive_videos')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('company_id', 'uuid', (c) => c.notNull())
    // The public link's token: random, url-safe, never reused.
    .addColumn('share_token', 'text', (c) => c.notNull().unique().check(sql`share_token ~ '^[A-Za-z0-9_-]{32,128}$'`))
    // The newest version (the editor's), and the newest whose media is pinned (the learners').
    .addColumn('current_version', 'integer', (c) => c.notNull().defaultTo(0).check(sql`current_version >= 0`))
    .addColumn('published_version', 'integer')
    // Of the current version.
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('processing', 'ready', 'failed')`))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0).check(sql`progress between 0 and 100`))
    .addColumn('error', 'text', (c) => c.notNull().defaultTo('').check(sql`length(error) <= 1000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('interactive_videos_company_idx').on('interactive_videos').column('company_id').execute();

  await db.schema
    .createTable('interactive_video_versions')
    .addColumn('video_id', 'uuid', (c) => c.notNull().references('interactive_videos.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull().check(sql`version >= 1`))
    // The project's title when the version was made (what the public page shows).
    .addColumn('title', 'text', (c) => c.notNull().check(sql`length(title) <= 1000`))
    // video_metadata as validated (catalogue's InteractiveVideoMetadata).
    .addColumn('metadata', 'jsonb', (c) => c.notNull())
    .addColumn('element_count', 'integer', (c) => c.notNull().check(sql`element_count between 0 and 500`))
    .addColumn('generate_analytics', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_by', 'uuid', (c) => c.notNull())
    // The project's content version the elements were made for.
    .addColumn('content_version', 'integer', (c) => c.notNull().defaultTo(0))
    // Set once the job pinned them: interactive/<companyId>/<videoId>/<version>.mp4 and .vtt.
    .addColumn('video_key', 'text')
    .addColumn('captions_key', 'text')
    .addColumn('video_size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('captions_size', 'bigint', (c) => c.notNull().defaultTo(0))
    // Seconds of the pinned video.
    .addColumn('video_seconds', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('interactive_video_versions_pkey', ['video_id', 'version'])
    .execute();

  await db.schema
    .createTable('interactive_events')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('video_id', 'uuid', (c) => c.notNull().references('interactive_videos.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('session_id', 'uuid', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('view', 'progress', 'hotspot_click', 'quiz_answer', 'cta_click', 'chapter', 'branch', 'complete')`))
    .addColumn('element_id', 'text', (c) => c.notNull().defaultTo('').check(sql`length(element_id) <= 64`))
    .addColumn('value', 'text', (c) => c.notNull().defaultTo('').check(sql`length(value) <= 2000`))
    .addColumn('media_time', 'double precision', (c) => c.notNull().check(sql`media_time >= 0 and media_time <= 7200`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('interactive_events_video_idx').on('interactive_events').columns(['video_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('interactive_events').execute();
  await db.schema.dropTable('interactive_video_versions').execute();
  await db.schema.dropTable('interactive_videos').execute();
}
