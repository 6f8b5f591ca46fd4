// What every service with a schema needs: its database, the event bus, the outbox relay and where
// its job queues live.
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import { createDatabase } from './db.js';
import { EventBus } from './events.js';
import type { CommonConfig } from './config.js';
import type { Opened } from './lifecycle.js';
import type { Logger } from './logger.js';
import { OutboxRelay } from './outbox.js';
import type { QueueContext } from './queues.js';

export interface ServiceInfra<DB> {
  db: Kysely<DB>;
  bus: EventBus;
  relay: OutboxRelay;
  /** Where the service's queues live (`new JobQueue(infra.queues, DEF.queue)`, `startJobWorker(infra.queues, ...)`). */
  queues: QueueContext;
  close(): Promise<void>;
}

export async function connectServiceInfra<DB>(options: {
  databaseUrl: string;
  schema: string;
  natsUrl: string;
  namespace: string;
  redisUrl: string;
  logger: Logger;
}): Promise<ServiceInfra<DB>> {
  const db = createDatabase<DB>({
    url: options.databaseUrl,
    schema: options.schema,
    onConnectionError: (err) => options.logger.warn({ err }, 'database connection lost; it will be replaced'),
  });
  const bus = await EventBus.connect({ url: options.natsUrl, namespace: options.namespace, logger: options.logger });
  const relay = new OutboxRelay(db, bus, options.logger);
  return {
    db,
    bus,
    relay,
    queues: { redisUrl: options.redisUrl, namespace: options.namespace },
    async close() {
      await relay.stop();
      await bus.close();
      await db.destroy();
    },
  };
}

/** A composition root's infra: connected from the common configuration, closed last by `opened`. */
export async function openServiceInfra<DB>(opened: Opened, config: Pick<CommonConfig, 'DATABASE_URL' | 'NATS_URL' | 'NAMESPACE' | 'REDIS_URL'>, schema: string, logger: Logger): Promise<ServiceInfra<DB>> {
  return opened.own(
    await connectServiceInfra<DB>({ databaseUrl: config.DATABASE_URL, schema, natsUrl: config.NATS_URL, namespace: config.NAMESPACE, redisUrl: config.REDIS_URL, logger }),
  );
}

/** The table of event ids a consumer has applied (call from a service's migration). */
export async function createProcessedEventsTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('processed_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export interface ProcessedEventsTable {
  event_id: string;
  processed_at: Date;
}

/**
 * Marks an event applied inside the caller's transaction; false when it was applied before, so
 * a redelivered event changes nothing.
 */
export async function markEventApplied(trx: Transaction<any> | Kysely<any>, eventId: string): Promise<boolean> {
  const inserted = await trx
    .insertInto('processed_events')
    .values({ event_id: eventId })
    .onConflict((oc: any) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return inserted !== undefined;
}
