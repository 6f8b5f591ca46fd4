import { sql, type Kysely } from 'kysely';

// A video payment pays for the video of the content version it was priced for: the checkout and
// the paid video carry it, and a project's version is paid at most once (until refunded).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('checkout_sessions').addColumn('content_version', 'integer').execute();
  await db.schema.alterTable('video_payments').addColumn('content_version', 'integer').execute();
  await sql`drop index if exists video_payments_paid_project_idx`.execute(db);
  await sql`create unique index video_payments_version_idx on video_payments (project_id, content_version) where status <> 'refunded'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists video_payments_version_idx`.execute(db);
  await sql`create unique index video_payments_paid_project_idx on video_payments (project_id) where status = 'paid'`.execute(db);
  await db.schema.alterTable('video_payments').dropColumn('content_version').execute();
  await db.schema.alterTable('checkout_sessions').dropColumn('content_version').execute();
}
