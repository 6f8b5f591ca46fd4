// Transactional outbox: a service writes its events in the same transaction as the change they
// describe, then the relay publishes them. A crash between commit and publish only delays an
// event; JetStream's message-id dedupe makes a second publish of the same row harmless.
import { sql, type Kysely, type Transaction } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { EventBus } from './events.js';
import type { Logger } from './logger.js';

export interface OutboxTable {
  id: string;
  subject: string;
  payload: Uint8Array;
  created_at: Date;
  published_at: Date | null;
}

/** Creates the outbox table in the migrating schema (call from a service's first migration). */
export async function createOutboxTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('payload', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('published_at', 'timestamptz')
    .execute();
  await sql`create index outbox_unpublished on outbox (created_at) where published_at is null`.execute(db);
}

export interface OutboxEvent {
  subject: string;
  payload: Uint8Array;
}

/** Records events inside the caller's transaction. */
export async function enqueueEvents(trx: Transaction<any> | Kysely<any>, events: OutboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  await trx
    .insertInto('outbox')
    .values(events.map((e) => ({ id: randomUUID(), subject: e.subject, payload: Buffer.from(e.payload) })))
    .execute();
}

export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  /** A flush was asked for while one ran: run again, or an event written meanwhile waits a tick. */
  private again = false;

  constructor(
    private readonly db: Kysely<any>,
    private readonly bus: EventBus,
    private readonly logger: Logger,
    private readonly intervalMs = 1000,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  /** Publishes every pending event in order; a call during a run makes that run go round again. */
  flush(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.publishPending();
      } while (this.again);
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async publishPending(): Promise<void> {
    try {
      const rows = await this.db
        .selectFrom('outbox')
        .select(['id', 'subject', 'payload'])
        .where('published_at', 'is', null)
        .orderBy('created_at')
        .limit(500)
        .execute();
      for (const row of rows) {
        await this.bus.publish(row.subject, row.payload, row.id);
        await this.db.updateTable('outbox').set({ published_at: new Date() }).where('id', '=', row.id).execute();
      }
      await this.db
        .deleteFrom('outbox')
        .where('published_at', '<', sql<Date>`now() - interval '1 day'`)
        .execute();
    } catch (error) {
      this.logger.warn({ err: error }, 'outbox relay could not publish; will retry');
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
