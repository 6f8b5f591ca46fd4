import { sql, type Kysely } from 'kysely';
import { createOutboxTable, createProcessedEventsTable } from '@trainwright/platform';

const TIERS = sql`('free-trial', 'professional', 'business', 'enterprise')`;
const ADD_ONS = sql`('advanced_analytics', 'enhanced_ai_agent', 'advanced_video_processing')`;
const PURPOSES = sql`('subscription', 'add_on', 'credits', 'video')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await createOutboxTable(db);
  await createProcessedEventsTable(db);

  // One billing account per user: the plan they pay for and the provider's subscription.
  await db.schema
    .createTable('accounts')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('stripe', 'local')`))
    .addColumn('provider_customer_id', 'text', (c) => c.unique())
    .addColumn('tier', 'text', (c) => c.notNull().defaultTo('free-trial').check(sql`tier in ${TIERS}`))
    .addColumn('interval', 'text', (c) => c.check(sql`interval in ('month', 'year')`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('trialing').check(sql`status in ('trialing', 'active', 'past_due', 'canceled', 'incomplete')`))
    .addColumn('provider_subscription_id', 'text', (c) => c.unique())
    .addColumn('current_period_start', 'timestamptz')
    .addColumn('current_period_end', 'timestamptz')
    .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('scheduled_tier', 'text', (c) => c.check(sql`scheduled_tier in ${TIERS}`))
    .addColumn('scheduled_interval', 'text', (c) => c.check(sql`scheduled_interval in ('month', 'year')`))
    .addColumn('past_due_since', 'timestamptz')
    // The effective tier last published (subscription.changed): the maintenance job finds the
    // accounts whose grace ran out by comparing it with what applies now.
    .addColumn('effective_tier', 'text', (c) => c.notNull().defaultTo('free-trial').check(sql`effective_tier in ${TIERS}`))
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index accounts_scheduled_idx on accounts (current_period_end) where scheduled_tier is not null`.execute(db);
  await sql`create index accounts_past_due_idx on accounts (past_due_since) where status = 'past_due'`.execute(db);

  await db.schema
    .createTable('account_add_ons')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('accounts.user_id').onDelete('cascade'))
    .addColumn('add_on', 'text', (c) => c.notNull().check(sql`add_on in ${ADD_ONS}`))
    .addColumn('provider_item_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('account_add_ons_pkey', ['user_id', 'add_on'])
    .execute();

  await db.schema
    .createTable('checkout_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('accounts.user_id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ${PURPOSES}`))
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('subscription', 'payment')`))
    .addColumn('item_key', 'text', (c) => c.notNull())
    .addColumn('tier', 'text', (c) => c.check(sql`tier in ${TIERS}`))
    .addColumn('interval', 'text', (c) => c.check(sql`interval in ('month', 'year')`))
    .addColumn('add_on', 'text', (c) => c.check(sql`add_on in ${ADD_ONS}`))
    .addColumn('credits', 'integer', (c) => c.check(sql`credits between 1 and 100`))
    .addColumn('project_id', 'uuid')
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'complete', 'expired')`))
    .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('unpaid').check(sql`payment_status in ('unpaid', 'paid', 'failed', 'no_payment_required')`))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('checkout_sessions_open_idx').on('checkout_sessions').columns(['user_id', 'purpose', 'item_key', 'created_at']).execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('accounts.user_id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ${PURPOSES}`))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('usd'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('succeeded', 'failed', 'refunded')`))
    .addColumn('provider_ref', 'text', (c) => c.notNull().unique())
    .addColumn('invoice_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('project_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index payments_user_idx on payments (user_id, created_at desc)`.execute(db);

  // The credit balance is the sum of its entries (+ bought, - spent, + refunded).
  await db.schema
    .createTable('credit_entries')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('accounts.user_id').onDelete('cascade'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents <> 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('credit_entries_user_idx').on('credit_entries').column('user_id').execute();

  // The provider's events applied (or ignored): the primary key makes a redelivery a no-op.
  await db.schema
    .createTable('webhook_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('processed', 'ignored')`))
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // The local test checkout's "remote" objects (sessions, subscriptions, invoices, events).
  await db.schema
    .createTable('local_objects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('local_objects_type_idx').on('local_objects').columns(['type', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['local_objects', 'webhook_events', 'credit_entries', 'payments', 'checkout_sessions', 'account_add_ons', 'accounts', 'processed_events', 'outbox']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
