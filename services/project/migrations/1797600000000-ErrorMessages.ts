import type { Kysely } from 'kysely';

// Failures kept by message id beside their English text, so the web shows them in the user's
// language: `error_message` the catalogue message `error` is ({id, params}; null for a text of its
// own), and the paid narrated video's failure as media-render's video.status_changed 'failed'
// tells it (`video_error`, `video_error_message`; cleared by any other video status).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('error_message', 'jsonb')
    .addColumn('video_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('video_error_message', 'jsonb')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('error_message').dropColumn('video_error').dropColumn('video_error_message').execute();
}
