import type { Kysely } from 'kysely';

// The pay-per-use narrated video of a project as media-render's video.status_changed tells it:
// its status ('' none, payment_required, queued, rendering, ready, failed), its render's percent,
// and when the last applied event was decided (microseconds), so an older event changes nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('video_status', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('video_progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('video_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('video_status').dropColumn('video_progress').dropColumn('video_at').execute();
}
