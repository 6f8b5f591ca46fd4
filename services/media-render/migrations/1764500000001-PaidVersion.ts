import { type Kysely } from 'kysely';

// A paid video is the video of the content version it was priced for (payment.succeeded carries
// it): a render of another version does not use it, the payment is refunded instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('video_entitlements').addColumn('paid_version', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('video_entitlements').dropColumn('paid_version').execute();
}
