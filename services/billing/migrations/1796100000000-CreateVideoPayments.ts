import { sql, type Kysely } from 'kysely';

// Pay-per-use narrated video: each paid render, until it is rendered or refunded. A project has at
// most one video paid and not yet rendered or refunded (the partial unique index).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('video_payments')
    .addColumn('payment_id', 'uuid', (c) => c.primaryKey().references('payments.id').onDelete('cascade'))
    .addColumn('project_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('accounts.user_id').onDelete('cascade'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn('paid_with', 'text', (c) => c.notNull().check(sql`paid_with in ('card', 'credits')`))
    .addColumn('provider_ref', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('paid').check(sql`status in ('paid', 'rendered', 'refunded')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index video_payments_paid_project_idx on video_payments (project_id) where status = 'paid'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('video_payments').ifExists().execute();
}
