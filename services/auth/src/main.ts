// The auth service's composition root: repositories, the account operations' deps, the gRPC API
// and the event consumers, built from the config. Run as a process (`node dist/src/main.js`);
// tests and the gateway's harness import it and start the service in-process.
import {
  JobQueue,
  PURGE_EXPIRED_TRIALS_JOB,
  isEntryPoint,
  listenGrpc,
  migrateSchema,
  openServiceInfra,
  Opened,
  runServiceProcess,
  startJobWorker,
  subscribeAll,
  type EventBus,
  type GrpcServer,
  type Logger,
  type OutboxRelay,
  type QueueContext,
  type RunningService,
} from '@trainwright/platform';
import { AuthServiceService } from '@trainwright/proto/trainwright/auth/v1/auth';
import type { Kysely } from 'kysely';
import { migrations } from '../migrations/index.js';
import { loadAuthConfig, type AuthConfig } from './config.js';
import { authAccess, createAuthHandlers } from './grpc/auth.handler.js';
import { createMailer } from './adapters/mailer.js';
import { AccountRepository } from './repositories/account.repository.js';
import { TeamRepository } from './repositories/team.repository.js';
import { SupportRepository } from './repositories/support.repository.js';
import { AUTH_SCHEMA, type AuthDatabase } from './repositories/database.js';
import type { AuthDeps } from './services/accounts/deps.js';
import type { TeamDeps } from './services/members/deps.js';
import type { SupportDeps } from './services/support/deps.js';
import { TokenIssuer } from './services/tokens.js';
import { purgeExpiredTrialsJob } from './jobs/purge-expired-trials.job.js';
import { planSubscription } from './subscriptions/plan.subscription.js';
import { projectCountsSubscription } from './subscriptions/project-counts.subscription.js';
import { MentionRepository } from './repositories/mention.repository.js';
import type { MentionDeps } from './services/mentions/deps.js';
import { mentionsSubscription } from './subscriptions/mentions.subscription.js';

export { AUTH_SCHEMA };

/** The service without its transport: what the gRPC handlers, tests and operator commands use. */
export interface AuthCore {
  db: Kysely<AuthDatabase>;
  bus: EventBus;
  relay: OutboxRelay;
  /** Where its job queues live. */
  queues: QueueContext;
  /** What the account and session operations (services/accounts/) are called with. */
  deps: AuthDeps;
  /** What the team operations (services/members/) are called with. */
  team: TeamDeps;
  /** What the support operations (services/support/) are called with. */
  support: SupportDeps;
  logger: Logger;
  /** What the core opened; the server adds what it opens, and close() closes all in reverse order. */
  opened: Opened;
  close(): Promise<void>;
}

export async function createAuthCore(config: AuthConfig, logger: Logger): Promise<AuthCore> {
  const opened = new Opened();
  const infra = await openServiceInfra<AuthDatabase>(opened, config, AUTH_SCHEMA, logger);
  const { db, bus, relay, queues } = infra;
  const deps: AuthDeps = {
    accounts: new AccountRepository(db),
    tokens: new TokenIssuer({
      privateKeyPem: config.privateKeyPem,
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      refreshTtlSeconds: config.REFRESH_TOKEN_TTL_DAYS * 86_400,
      keyId: config.AUTH_JWT_KEY_ID,
    }),
    clock: () => new Date(),
    afterWrite: () => void relay.flush(),
  };
  const mailer = createMailer(config);
  logger.info({ mailer: mailer.name }, 'emails go to %s', mailer.name);
  const team: TeamDeps = {
    accounts: deps.accounts,
    team: new TeamRepository(db),
    mailer,
    webUrl: config.PUBLIC_WEB_URL,
    clock: deps.clock,
    afterWrite: deps.afterWrite,
  };
  const support: SupportDeps = { accounts: deps.accounts, tickets: new SupportRepository(db), mailer, supportEmail: config.SUPPORT_EMAIL, clock: deps.clock };
  return {
    db,
    bus,
    relay,
    queues,
    logger,
    deps,
    team,
    support,
    opened,
    close: () => opened.close(),
  };
}

export function migrateAuth(config: Pick<AuthConfig, 'DATABASE_URL'>): Promise<string[]> {
  return migrateSchema(config.DATABASE_URL, AUTH_SCHEMA, migrations);
}

export interface AuthServer extends RunningService {
  core: AuthCore;
  grpc: GrpcServer;
}

/** Starts the gRPC API (port 0 picks a free one), the outbox relay, the event consumers and the
 * data-retention sweep. */
export async function startAuthServer(config: AuthConfig, logger: Logger): Promise<AuthServer> {
  const core = await createAuthCore(config, logger);
  const mentions: MentionDeps = { mentions: new MentionRepository(core.db), mailer: core.team.mailer, webUrl: core.team.webUrl };
  await subscribeAll(core.bus, [projectCountsSubscription(core.deps), planSubscription(core.deps), mentionsSubscription(mentions)]);
  const { queues } = core;
  const maintenance = core.opened.own(new JobQueue(queues, PURGE_EXPIRED_TRIALS_JOB.queue));
  const sweeper = config.RETENTION_SWEEP_MS > 0 ? core.opened.own(startJobWorker(queues, PURGE_EXPIRED_TRIALS_JOB.queue, [purgeExpiredTrialsJob(core.deps)], { concurrency: 1 })) : null;
  sweeper?.on('error', (err) => logger.error({ err }, 'maintenance worker error'));
  if (sweeper) await maintenance.schedule(PURGE_EXPIRED_TRIALS_JOB, {}, config.RETENTION_SWEEP_MS);
  const { grpc, port } = await listenGrpc(
    core.opened,
    core.logger,
    { name: 'trainwright.auth.v1.AuthService', definition: AuthServiceService, handlers: createAuthHandlers(core.deps, core.team, core.support), access: authAccess },
    `${config.AUTH_GRPC_HOST}:${config.AUTH_GRPC_PORT}`,
  );
  core.relay.start();
  grpc.setServing('SERVING');
  return {
    core,
    grpc,
    port,
    close: () => core.close(),
  };
}

if (isEntryPoint(import.meta.url)) {
  await runServiceProcess({ name: 'auth', loadConfig: loadAuthConfig, migrate: migrateAuth, start: startAuthServer });
}
