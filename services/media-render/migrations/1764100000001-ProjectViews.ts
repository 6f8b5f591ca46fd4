import { sql, type Kysely } from 'kysely';

// Media-render's own view of the projects it serves downloads for, kept from the project
// service's events (and filled from GetProject on a miss), so a download asks no other service.
// The view has two parts, each remembering when the event it came from was decided: the state
// (status, format, content, version) and the title. An older event arriving after a newer one
// changes nothing; an event that tells one part before the other is known is kept (the row is
// complete, and read, once both parts are). A deleted project stays as a tombstone, so a late
// event cannot bring it back.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('project_views')
    .addColumn('project_id', 'uuid', (c) => c.primaryKey())
    .addColumn('company_id', 'uuid', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('status', 'text')
    .addColumn('visual_format', 'text')
    .addColumn('has_content', 'boolean')
    .addColumn('content_version', 'integer')
    // When the event that set the state was decided, in microseconds since the epoch (0: read from the project service).
    .addColumn('state_at_us', 'bigint', (c) => c.notNull().defaultTo(0))
    // When the event that set the title was decided (0: read from the project service).
    .addColumn('title_at_us', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('project_views').ifExists().execute();
}
