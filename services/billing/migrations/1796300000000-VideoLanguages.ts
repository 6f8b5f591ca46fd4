import { sql, type Kysely } from 'kysely';

// Each language's video of a content version is a payment of its own (docs/billing.md): the
// checkout and the paid video carry the language ('' the project's own, else a translation's),
// and a project's (language, version) is paid at most once (until refunded).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('checkout_sessions').addColumn('language', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('video_payments').addColumn('language', 'text', (c) => c.notNull().defaultTo('')).execute();
  await sql`drop index if exists video_payments_version_idx`.execute(db);
  await sql`create unique index video_payments_version_idx on video_payments (project_id, language, content_version) where status <> 'refunded'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists video_payments_version_idx`.execute(db);
  await sql`create unique index video_payments_version_idx on video_payments (project_id, content_version) where status <> 'refunded'`.execute(db);
  await db.schema.alterTable('video_payments').dropColumn('language').execute();
  await db.schema.alterTable('checkout_sessions').dropColumn('language').execute();
}
