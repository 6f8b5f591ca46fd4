// Builds the auth service from its config: used by main.ts, the admin command and tests.
import {
  EventBus,
  OutboxRelay,
  connectServiceInfra,
  createGrpcServer,
  createLogger,
  migrateSchema,
  type GrpcServer,
  type Logger,
} from '@trainwright/platform';
import { AuthServiceService } from '@trainwright/proto/trainwright/auth/v1/auth';
import { ProjectChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { Kysely } from 'kysely';
import { migrations } from '../migrations/index.js';
import type { AuthConfig } from './config.js';
import { createAuthHandlers } from './grpc/auth.handler.js';
import { AccountRepository } from './repositories/account.repository.js';
import type { AuthDatabase } from './repositories/database.js';
import { AccountService } from './services/account.service.js';
import { SessionService } from './services/session.service.js';
import { TokenIssuer } from './services/tokens.js';

export const AUTH_SCHEMA = 'auth';

export interface AuthCore {
  db: Kysely<AuthDatabase>;
  bus: EventBus;
  relay: OutboxRelay;
  accounts: AccountService;
  sessions: SessionService;
  logger: Logger;
  close(): Promise<void>;
}

export async function createAuthCore(config: AuthConfig, logger: Logger = createLogger('auth', config.LOG_LEVEL)): Promise<AuthCore> {
  const infra = await connectServiceInfra<AuthDatabase>({
    databaseUrl: config.DATABASE_URL,
    schema: AUTH_SCHEMA,
    natsUrl: config.NATS_URL,
    namespace: config.NAMESPACE,
    logger,
  });
  const { db, bus, relay } = infra;
  const flush = () => void relay.flush();
  const repository = new AccountRepository(db);
  const tokens = new TokenIssuer({
    privateKeyPem: config.privateKeyPem,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    refreshTtlSeconds: config.REFRESH_TOKEN_TTL_DAYS * 86_400,
    keyId: config.AUTH_JWT_KEY_ID,
  });
  // Projects used and each company's project count follow the project service's facts.
  await bus.subscribeDurable('auth-project-counts', 'project.*', async (event) => {
    if (event.subject !== 'project.created' && event.subject !== 'project.deleted') return;
    const e = ProjectChanged.decode(event.data);
    await repository.countProject(event.id, {
      companyId: e.companyId,
      ownerUserId: e.ownerUserId,
      delta: event.subject === 'project.created' ? 1 : -1,
      countsTowardLimit: e.countsTowardLimit,
    });
  });
  return {
    db,
    bus,
    relay,
    logger,
    accounts: new AccountService(repository, () => new Date(), flush),
    sessions: new SessionService(repository, tokens, flush),
    close: () => infra.close(),
  };
}

export function migrateAuth(config: Pick<AuthConfig, 'DATABASE_URL'>): Promise<string[]> {
  return migrateSchema(config.DATABASE_URL, AUTH_SCHEMA, migrations);
}

export interface AuthServer {
  core: AuthCore;
  grpc: GrpcServer;
  port: number;
  close(): Promise<void>;
}

/** Starts the gRPC server (port 0 picks a free one) with the outbox relay running. */
export async function startAuthServer(config: AuthConfig, logger?: Logger): Promise<AuthServer> {
  const core = await createAuthCore(config, logger);
  const grpc = createGrpcServer(core.logger);
  grpc.addService('trainwright.auth.v1.AuthService', AuthServiceService, createAuthHandlers(core));
  const port = await grpc.listen(`${config.AUTH_GRPC_HOST}:${config.AUTH_GRPC_PORT}`);
  core.relay.start();
  grpc.setServing('SERVING');
  return {
    core,
    grpc,
    port,
    async close() {
      await grpc.shutdown();
      await core.close();
    },
  };
}
