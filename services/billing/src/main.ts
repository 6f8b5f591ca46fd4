// The billing service's composition root: repositories, the payments provider, the operations'
// deps, the gRPC API, the event consumers and the maintenance job, built from the config. Run as a
// process (`node dist/src/main.js`); tests and the gateway's harness import it and start it in-process.
import {
  BILLING_MAINTENANCE_JOB,
  JobQueue,
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
import { BillingServiceService } from '@trainwright/proto/trainwright/billing/v1/billing';
import type { Kysely } from 'kysely';
import { migrations } from '../migrations/index.js';
import { loadBillingConfig, type BillingConfig } from './config.js';
import { billingAccess, createBillingHandlers } from './grpc/billing.handler.js';
import { billingMaintenanceJob } from './jobs/billing-maintenance.job.js';
import { AuthDirectoryRepository } from './repositories/auth-directory.repository.js';
import { BillingRepository } from './repositories/billing.repository.js';
import { MediaDirectoryRepository } from './repositories/media-directory.repository.js';
import { BILLING_SCHEMA, type BillingDatabase } from './repositories/database.js';
import type { LocalPaymentsProvider } from './repositories/local-provider.js';
import { createPaymentsProvider } from './repositories/payments-provider.js';
import type { AuthDirectory, BillingDeps, MediaDirectory } from './services/billing/deps.js';
import { handleWebhook } from './services/billing/webhooks.js';
import { userRegisteredSubscription } from './subscriptions/user-registered.subscription.js';
import { videoStatusSubscription } from './subscriptions/video-status.subscription.js';

export { BILLING_SCHEMA };

/** The service without its transport: what the gRPC handlers, tests and operator commands use. */
export interface BillingCore {
  db: Kysely<BillingDatabase>;
  bus: EventBus;
  relay: OutboxRelay;
  /** Where its job queues live. */
  queues: QueueContext;
  /** What the billing operations (services/billing/) are called with. */
  deps: BillingDeps;
  /** The local test checkout (null with Stripe). */
  local: LocalPaymentsProvider | null;
  logger: Logger;
  /** What the core opened; the server adds what it opens, and close() closes all in reverse order. */
  opened: Opened;
  close(): Promise<void>;
}

export interface BillingCoreOptions {
  /** Tests move time (grace periods, renewals); the service runs on the wall clock. */
  clock?: () => Date;
  /** Tests answer for auth without running it. */
  directory?: AuthDirectory;
  /** Tests answer for media-render without running it. */
  media?: MediaDirectory;
}

export async function createBillingCore(config: BillingConfig, logger: Logger, options: BillingCoreOptions = {}): Promise<BillingCore> {
  const opened = new Opened();
  const infra = await openServiceInfra<BillingDatabase>(opened, config, BILLING_SCHEMA, logger);
  const { db, bus, relay, queues } = infra;
  const clock = options.clock ?? (() => new Date());
  const authDirectory = options.directory ? null : opened.own(new AuthDirectoryRepository(config.AUTH_SERVICE_ADDR, { deadlineMs: config.GRPC_DEADLINE_MS }));
  const mediaDirectory = options.media ? null : opened.own(new MediaDirectoryRepository(config.MEDIA_SERVICE_ADDR, { deadlineMs: config.GRPC_DEADLINE_MS }));
  const { provider, local } = createPaymentsProvider(config, { db, clock });
  const deps: BillingDeps = {
    store: new BillingRepository(db, () => void relay.flush()),
    provider,
    directory: options.directory ?? authDirectory!,
    media: options.media ?? mediaDirectory!,
    localCheckout: local,
    clock,
    graceDays: config.BILLING_GRACE_DAYS,
    logger,
  };
  // The local checkout's events take the same path as Stripe's webhooks.
  local?.attach((rawBody, signature) => handleWebhook(deps, rawBody, signature));
  return {
    db,
    bus,
    relay,
    queues,
    deps,
    local,
    logger,
    opened,
    close: () => opened.close(),
  };
}

export function migrateBilling(config: Pick<BillingConfig, 'DATABASE_URL'>): Promise<string[]> {
  return migrateSchema(config.DATABASE_URL, BILLING_SCHEMA, migrations);
}

export interface BillingServer extends RunningService {
  core: BillingCore;
  grpc: GrpcServer;
}

/** Starts the gRPC API (port 0 picks a free one), the outbox relay, the consumer and the maintenance worker. */
export async function startBillingServer(config: BillingConfig, logger: Logger, options: BillingCoreOptions = {}): Promise<BillingServer> {
  const core = await createBillingCore(config, logger, options);
  await subscribeAll(core.bus, [userRegisteredSubscription(core.deps), videoStatusSubscription(core.deps)]);
  const { queues } = core;
  const every = config.BILLING_MAINTENANCE_EVERY_MS;
  const maintenance = every > 0 ? core.opened.own(new JobQueue(queues, BILLING_MAINTENANCE_JOB.queue)) : null;
  const worker = every > 0 ? core.opened.own(startJobWorker(queues, BILLING_MAINTENANCE_JOB.queue, [billingMaintenanceJob(core.deps)], { concurrency: 1 })) : null;
  worker?.on('error', (err) => logger.error({ err }, 'billing worker error'));
  if (maintenance) await maintenance.schedule(BILLING_MAINTENANCE_JOB, {}, every);
  const { grpc, port } = await listenGrpc(
    core.opened,
    core.logger,
    { name: 'trainwright.billing.v1.BillingService', definition: BillingServiceService, handlers: createBillingHandlers(core.deps), access: billingAccess },
    `${config.BILLING_GRPC_HOST}:${config.BILLING_GRPC_PORT}`,
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
  await runServiceProcess({ name: 'billing', loadConfig: loadBillingConfig, migrate: migrateBilling, start: (config, logger) => startBillingServer(config, logger) });
}
