import { sql, type Kysely } from 'kysely';

// A batch's chunks shared between the `video` workers (services/processing/share-batch-chunks.ts):
// the job's worker splits each file and records its chunks here; it and the helpers on other
// workers claim them one at a time (FOR UPDATE SKIP LOCKED), beat while they work and record the
// stored result. A chunk whose claimer stopped beating is claimed again. Rows go with the batch.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('video_batch_chunks')
    .addColumn('job_id', 'uuid', (c) => c.notNull())
    .addColumn('file_index', 'integer', (c) => c.notNull())
    .addColumn('chunk_index', 'integer', (c) => c.notNull())
    .addColumn('duration_seconds', 'double precision', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('input_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'running', 'done')`))
    .addColumn('claimed_by', 'text')
    .addColumn('progress', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('beat_at', 'timestamptz')
    // Where the processed chunk is stored ('' when its claimer is the job's own worker, which keeps it).
    .addColumn('output_key', 'text')
    .addColumn('output_width', 'integer')
    .addColumn('output_height', 'integer')
    .addPrimaryKeyConstraint('video_batch_chunks_pk', ['job_id', 'file_index', 'chunk_index'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('video_batch_chunks').execute();
}
