// The translation service as main.ts composes it, on the test infrastructure, for medium tests
// that call neither auth nor project (no caller, or only events): their addresses lead nowhere.
import { createDatabase, createLogger } from '@trainwright/platform';
import type { TestInfra } from '@trainwright/platform/testing';
import type { Kysely } from 'kysely';
import { loadTranslationConfig } from '../../src/config.js';
import { migrateTranslation, startTranslationServer, TRANSLATION_SCHEMA, type TranslationServer } from '../../src/main.js';
import type { TranslationDatabase } from '../../src/repositories/database.js';

export async function startPeerlessTranslationServer(infra: TestInfra): Promise<{ server: TranslationServer; db: Kysely<TranslationDatabase> }> {
  const config = loadTranslationConfig({
    DATABASE_URL: infra.databaseUrl,
    REDIS_URL: infra.redisUrl,
    NATS_URL: infra.natsUrl,
    NAMESPACE: infra.namespace,
    LOG_LEVEL: 'silent',
    TRANSLATION_GRPC_PORT: '0',
    AUTH_SERVICE_ADDR: '127.0.0.1:1',
    PROJECT_SERVICE_ADDR: '127.0.0.1:1',
    TRANSLATE_WORKER: 'false',
  });
  await migrateTranslation(config);
  const server = await startTranslationServer(config, createLogger('test', 'silent'));
  return { server, db: createDatabase<TranslationDatabase>({ url: infra.databaseUrl, schema: TRANSLATION_SCHEMA }) };
}
