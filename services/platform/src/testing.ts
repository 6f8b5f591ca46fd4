// Helpers for medium tests: every run gets its own database, Redis prefix and NATS stream.
import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase } from './db.js';
import { EventBus } from './events.js';
import { createRedis } from './queues.js';

export interface TestInfra {
  databaseUrl: string;
  redisUrl: string;
  natsUrl: string;
  namespace: string;
  /** Drops the database and removes the namespace's Redis keys and NATS stream. */
  cleanup(): Promise<void>;
}

export async function createTestInfra(label: string): Promise<TestInfra> {
  const id = `${label}_${process.pid}_${randomBytes(3).toString('hex')}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const base = process.env.TEST_DATABASE_BASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(base);
  url.pathname = `/tw_test_${id}`;
  const databaseUrl = url.toString();
  await ensureDatabase(databaseUrl);
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const namespace = `t_${id}`;
  const natsUrl = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
  return {
    databaseUrl,
    redisUrl,
    natsUrl,
    namespace,
    cleanup: async () => {
      await removeNamespace({ redisUrl, natsUrl, namespace });
      await dropDatabase(databaseUrl);
    },
  };
}

/** Removes what a test stack's namespace holds: its Redis keys (queues, counters) and its NATS stream. */
export async function removeNamespace({ redisUrl, natsUrl, namespace }: { redisUrl: string; natsUrl: string; namespace: string }): Promise<void> {
  const redis = createRedis(redisUrl);
  try {
    const keys = await redis.keys(`${namespace}:*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
  await EventBus.removeStream(natsUrl, namespace);
}

/** Polls `check` until it gives a value (not undefined or false); throws after `timeoutMs`. */
export async function eventually<T>(check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
