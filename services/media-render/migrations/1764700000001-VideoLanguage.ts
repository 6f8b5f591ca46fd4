import { type Kysely } from 'kysely';

// A paid video is the video of one language ('' the project's own, else a translation's): each
// language's video is paid on its own (services/videos/paid-video.ts). Payments from before are the
// project's own.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('video_entitlements').addColumn('language', 'text', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('video_entitlements').dropColumn('language').execute();
}
