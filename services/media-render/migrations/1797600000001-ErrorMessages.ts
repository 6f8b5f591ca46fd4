import type { Kysely } from 'kysely';

// A failed paid video keeps, beside its reason's English text (`error`), the catalogue message it
// is ({id, params}: video.changed, trial.expired, ...; null for a text of its own, e.g. a render
// fault's details), so video.status_changed 'failed' and those reading the payment name it by id.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('video_entitlements').addColumn('error_message', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('video_entitlements').dropColumn('error_message').execute();
}
