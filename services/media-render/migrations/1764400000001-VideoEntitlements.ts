import { sql, type Kysely } from 'kysely';
import { createProcessedEventsTable } from '@trainwright/platform';

// Pay-per-use narrated video (docs/media-render.md, "The narrated video is paid per render"):
// one row per paid video (billing's payment.succeeded of kind 'video'), which releases one render
// of the project's video: available (paid, not started), rendering, consumed (the video was made
// for content_version) or failed (billing refunds the payment). `render_key` is the set the
// render works on, `company_id` the project's company (for the events), `error` a failure's reason.
// processed_events: payment.succeeded is applied once per event id.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('video_entitlements')
    .addColumn('payment_id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'uuid', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('available').check(sql`status in ('available', 'rendering', 'consumed', 'failed')`))
    .addColumn('content_version', 'integer')
    .addColumn('render_key', 'text')
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('video_entitlements_project').on('video_entitlements').columns(['project_id', 'created_at']).execute();
  await createProcessedEventsTable(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('processed_events').ifExists().execute();
  await db.schema.dropTable('video_entitlements').ifExists().execute();
}
