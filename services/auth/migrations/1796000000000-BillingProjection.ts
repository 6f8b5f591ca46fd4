import { type Kysely } from 'kysely';

// The account's plan is billing's (subscription.changed); auth keeps the effective tier, add-ons
// and credit balance as a projection. billing_version is the highest version applied, so an older
// event arriving late changes nothing. video_credits now holds the balance in cents.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').addColumn('billing_version', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('billing_version').execute();
}
