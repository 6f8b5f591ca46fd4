import type { Kysely } from 'kysely';

// Which file each counted download served (its storage key: one project, format and files
// version), so a byte range that continues a download the caller had counted is not counted
// again, and any other range is (docs/security.md, "Limits at every door").
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('downloads').addColumn('storage_key', 'text').execute();
  await db.schema.createIndex('downloads_user_file_idx').on('downloads').columns(['user_id', 'storage_key', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('downloads_user_file_idx').ifExists().execute();
  await db.schema.alterTable('downloads').dropColumn('storage_key').execute();
}
