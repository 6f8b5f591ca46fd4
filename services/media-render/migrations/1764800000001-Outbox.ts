import { type Kysely } from 'kysely';
import { createOutboxTable } from '@trainwright/platform';

// The paid video's terminal facts (video.status_changed ready and failed, on which billing marks
// the payment rendered or refunds it) are written in the transaction that uses or fails the payment.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createOutboxTable(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}
