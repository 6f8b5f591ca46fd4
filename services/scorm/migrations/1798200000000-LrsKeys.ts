import { sql, type Kysely } from 'kysely';

// The learning record store's credentials (docs/analytics.md): HTTP Basic, `key` the user name
// (public, unique), the secret kept only as its scrypt hash. Revoked ones stay, with the time, so
// statements they stored keep their authority.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lrs_keys')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) between 1 and 100`))
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('scopes', sql`text[]`, (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('lrs_keys_company').on('lrs_keys').columns(['company_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lrs_keys').execute();
}
