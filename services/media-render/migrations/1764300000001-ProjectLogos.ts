import { sql, type Kysely } from 'kysely';

// Each project's branding logo as media-render keeps it (docs/security.md, case 12): fetched once
// per (project, logo URL) when the URL is first seen, checked, and stored, so renders and the
// browsers showing it never contact the typed URL again. A URL whose logo could not be used keeps
// the reason (`problem`) and no storage key.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('project_logos')
    .addColumn('project_id', 'uuid', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('company_id', 'uuid', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('width', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('height', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('storage_key', 'text')
    .addColumn('problem', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('fetched_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('project_logos_pkey', ['project_id', 'url'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('project_logos').ifExists().execute();
}
