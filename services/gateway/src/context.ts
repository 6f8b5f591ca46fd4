import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import type { EventBus } from '@trainwright/platform';
import type { ServiceClients } from './clients.js';
import type { GatewayConfig } from './config.js';
import type { RevokedSessions, TokenVerifier } from './plugins/session.js';

/** What route modules get: the app to register on and the things they call. */
export interface GatewayContext {
  app: FastifyInstance;
  config: GatewayConfig;
  clients: ServiceClients;
  verifier: TokenVerifier;
  /** Sessions revoked before their access tokens expire (logout adds its own at once). */
  revokedSessions: RevokedSessions;
  deps: { db: Kysely<unknown>; redis: Redis; bus: EventBus };
}
