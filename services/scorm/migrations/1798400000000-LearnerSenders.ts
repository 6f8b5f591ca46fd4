import { sql, type Kysely } from 'kysely';

// Learner events become xAPI statements sent to the learning record store (issue 28): the
// interactive player's own event table, written and never read, goes.
//
// Credentials of Trainwright's own senders (docs/analytics.md, "Senders"): a published interactive
// video, a share link or a SCORM package reports with a credential of its own that may only write
// statements about its own activity. Whoever opens the page or the package holds it, so its secret
// is public by nature and kept readable to be handed to each page (public_secret); the Owner's
// credentials (source 'owner') never are.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('lrs_keys')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('owner').check(sql`source in ('owner', 'interactive', 'share_link', 'package')`))
    .addColumn('source_id', 'text')
    .addColumn('activity_id', 'text')
    .addColumn('public_secret', 'text')
    .execute();
  // A sender's credential is made by the platform, not by a user.
  await sql`alter table lrs_keys alter column created_by drop not null`.execute(db);
  await sql`alter table lrs_keys add constraint lrs_keys_sender check ((source = 'owner') = (source_id is null and activity_id is null and public_secret is null and created_by is not null))`.execute(db);
  await sql`create unique index lrs_keys_sender_source on lrs_keys (source, source_id) where source <> 'owner' and revoked_at is null`.execute(db);
  await db.schema.dropTable('interactive_events').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The event table comes back empty (its rows went with it).
  await db.schema
    .createTable('interactive_events')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('video_id', 'uuid', (c) => c.notNull().references('interactive_videos.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('session_id', 'uuid', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('element_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('value', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('media_time', 'double precision', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`drop index lrs_keys_sender_source`.execute(db);
  await sql`alter table lrs_keys drop constraint lrs_keys_sender`.execute(db);
  await sql`delete from lrs_keys where source <> 'owner'`.execute(db);
  await sql`alter table lrs_keys alter column created_by set not null`.execute(db);
  await db.schema.alterTable('lrs_keys').dropColumn('public_secret').dropColumn('activity_id').dropColumn('source_id').dropColumn('source').execute();
}
