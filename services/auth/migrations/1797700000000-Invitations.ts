import { sql, type Kysely } from 'kysely';

// A company's invitations (docs/teams.md): {email, role} sent by its Owner, a single-use token kept
// only as its SHA-256 (the link is emailed, never stored), valid until expires_at. A pending
// invitation (neither accepted nor revoked) holds a seat; one pending invitation per address and
// company. Resending replaces the token and the expiry.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull().check(sql`email = lower(email) and length(email) <= 254`))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('editor', 'commenter', 'viewer')`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('accepted_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await sql`create unique index invitations_pending_email on invitations (company_id, email) where accepted_at is null and revoked_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invitations').execute();
}
