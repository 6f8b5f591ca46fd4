// Medium test: the real NATS JetStream and PostgreSQL.
import { sql } from 'kysely';
import { EventBus, type EventEnvelope } from '../src/events.js';
import { OutboxRelay, createOutboxTable, enqueueEvents } from '../src/outbox.js';
import { createDatabase, migrateToLatest } from '../src/db.js';
import { createLogger } from '../src/logger.js';
import { createTestInfra, eventually, type TestInfra } from '../src/testing.js';

const logger = createLogger('test', 'silent');
const text = (s: string) => new TextEncoder().encode(s);
const decode = (e: EventEnvelope) => new TextDecoder().decode(e.data);

describe(EventBus.name, () => {
  let infra: TestInfra;
  let bus: EventBus;

  beforeAll(async () => {
    infra = await createTestInfra('events');
    bus = await EventBus.connect({ url: infra.natsUrl, namespace: infra.namespace, logger });
  });

  afterAll(async () => {
    await bus.destroy();
    await bus.close();
    await infra.cleanup();
  });

  it('should deliver to a durable consumer once per message id, even when published twice', async () => {
    const seen: string[] = [];
    await bus.subscribeDurable('dedupe-test', 'thing.*', async (e) => {
      seen.push(`${e.subject}:${decode(e)}`);
    });
    await bus.publish('thing.happened', text('one'), 'id-1');
    await bus.publish('thing.happened', text('one'), 'id-1');
    await bus.publish('thing.changed', text('two'), 'id-2');
    // A barrier: the consumer handles its events one at a time in the stream's order, so once a
    // later event is seen, a second copy of id-1 would have been seen before it.
    await bus.publish('thing.done', text('three'), 'id-3');
    await eventually(() => seen.includes('thing.done:three'));
    expect(seen).toEqual(['thing.happened:one', 'thing.changed:two', 'thing.done:three']);
  });

  it('should count as backlog the events a durable consumer has not handled yet', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const seen: string[] = [];
    await bus.subscribeDurable('backlog-test', 'queue.*', async (e) => {
      await held;
      seen.push(decode(e));
    });
    await bus.publish('queue.one', text('one'));
    await bus.publish('queue.two', text('two'));
    await eventually(async () => (await bus.backlog()) === 2);
    release();
    await eventually(async () => (await bus.backlog()) === 0);
    expect(seen).toEqual(['one', 'two']);
  });

  it('should redeliver an event whose handler failed', async () => {
    let attempts = 0;
    await bus.subscribeDurable('retry-test', 'retry.*', async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('transient');
    });
    await bus.publish('retry.once', text('x'));
    await eventually(() => attempts >= 2, 8000);
    expect(attempts).toBe(2);
  });

  it('should replay recent events to a replica-local consumer', async () => {
    await bus.publish('replay.done', text('before'));
    const seen: string[] = [];
    await bus.subscribeFrom(new Date(Date.now() - 60_000), 'replay.*', async (e) => {
      seen.push(decode(e));
    });
    await bus.publish('replay.done', text('after'));
    await eventually(() => seen.length >= 2);
    expect(seen).toEqual(['before', 'after']);
  });

  it('should publish outbox rows written in a committed transaction, and none of a rolled-back one', async () => {
    const db = createDatabase<any>({ url: infra.databaseUrl, schema: 'outbox_test' });
    await migrateToLatest(db, 'outbox_test', { '1-Outbox': { up: (d) => createOutboxTable(d) } });
    const seen: string[] = [];
    await bus.subscribeDurable('outbox-test', 'outbox.*', async (e) => {
      seen.push(decode(e));
    });
    await db.transaction().execute((trx) => enqueueEvents(trx, [{ subject: 'outbox.kept', payload: text('kept') }]));
    await db
      .transaction()
      .execute(async (trx) => {
        await enqueueEvents(trx, [{ subject: 'outbox.lost', payload: text('rolled back') }]);
        throw new Error('abort');
      })
      .catch(() => undefined);
    const relay = new OutboxRelay(db, bus, logger);
    await relay.flush();
    await relay.flush();
    // A barrier: published after the relay's flushes, on the same consumer (in the stream's order).
    await bus.publish('outbox.barrier', text('barrier'));
    await eventually(() => seen.includes('barrier'));
    expect(seen).toEqual(['kept', 'barrier']);
    const pending = await sql<{ n: number }>`select count(*)::int as n from outbox where published_at is null`.execute(db);
    expect(pending.rows[0]?.n).toBe(0);
    await db.destroy();
  });
});
