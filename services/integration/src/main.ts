// The integration service's composition root: repositories, the senders of each type, the
// operations' deps (built once), the gRPC API, the consumers of the platform's events and the
// `integration` worker that makes the deliveries, built from the config. Run as a process
// (`node dist/src/main.js`); tests and the gateway's harness import it and start it in-process.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  DELIVER_INTEGRATION_EVENT_JOB,
  JobQueue,
  LocalFileStorage,
  isEntryPoint,
  listenGrpc,
  migrateSchema,
  openAuthMemberships,
  openServiceInfra,
  Opened,
  runServiceProcess,
  startJobWorker,
  subscribeAll,
  type GrpcServer,
  type Logger,
  type RunningService,
} from '@trainwright/platform';
import { IntegrationServiceService } from '@trainwright/proto/trainwright/integration/v1/integration';
import { migrations } from '../migrations/index.js';
import { deliveryHttp } from './adapters/http.js';
import { urlChecker } from './adapters/url-check.js';
import { googleSender } from './adapters/google.js';
import { slackSender } from './adapters/slack.js';
import { teamsSender } from './adapters/teams.js';
import { webhookSender } from './adapters/webhook.js';
import { loadIntegrationConfig, type IntegrationConfig } from './config.js';
import { createIntegrationHandlers, integrationAccess } from './grpc/integration.handler.js';
import { deliverJob } from './jobs/deliver.job.js';
import { INTEGRATION_SCHEMA, type IntegrationDatabase } from './repositories/database.js';
import { DeliveryJobsRepository } from './repositories/delivery-jobs.repository.js';
import { DeliveryRepository } from './repositories/delivery.repository.js';
import { ExportedFilesRepository } from './repositories/exported-files.repository.js';
import { IntegrationRepository } from './repositories/integration.repository.js';
import { SecretBox } from './repositories/secret-box.js';
import { ZapierHookRepository } from './repositories/zapier-hook.repository.js';
import type { IntegrationDeps } from './services/deps.js';
import { outcomeSubscriptions } from './subscriptions/outcomes.subscription.js';
import { projectsSubscription } from './subscriptions/projects.subscription.js';
import { ProjectTitleRepository } from './repositories/project-title.repository.js';

export { INTEGRATION_SCHEMA };

export function migrateIntegration(config: Pick<IntegrationConfig, 'DATABASE_URL'>): Promise<string[]> {
  return migrateSchema(config.DATABASE_URL, INTEGRATION_SCHEMA, migrations);
}

export interface IntegrationServer extends RunningService {
  grpc: GrpcServer;
}

/** Starts the gRPC API (port 0 picks a free one), the consumers and the delivery worker. */
export async function startIntegrationServer(config: IntegrationConfig, logger: Logger): Promise<IntegrationServer> {
  // What this process opens, closed in reverse order by close().
  const opened = new Opened();
  const infra = await openServiceInfra<IntegrationDatabase>(opened, config, INTEGRATION_SCHEMA, logger);
  const { queues } = infra;
  const memberships = await openAuthMemberships(opened, config, infra.bus);
  const queue = opened.own(new JobQueue(queues, DELIVER_INTEGRATION_EVENT_JOB.queue));
  const http = deliveryHttp(config.INTEGRATION_ALLOW_ORIGINS);
  const box = new SecretBox(config.encryptionKey);
  const exportedFiles = opened.own(new ExportedFilesRepository(config.MEDIA_SERVICE_ADDR, new LocalFileStorage(config.STORAGE_DIR), { deadlineMs: config.GRPC_DEADLINE_MS }));
  const deps: IntegrationDeps = {
    integrations: new IntegrationRepository(infra.db, box),
    deliveries: new DeliveryRepository(infra.db),
    hooks: new ZapierHookRepository(infra.db, box),
    jobs: new DeliveryJobsRepository(queue),
    memberships,
    senders: {
      zapier: webhookSender(http),
      slack: slackSender(http),
      microsoft_teams: teamsSender(http, { loginUrl: config.MICROSOFT_LOGIN_URL, graphUrl: config.MICROSOFT_GRAPH_URL }),
      google_workspace: googleSender(http, { tokenUrl: config.GOOGLE_OAUTH_TOKEN_URL, driveUploadUrl: config.GOOGLE_API_URL }, exportedFiles),
    },
    checkUrl: urlChecker(config.INTEGRATION_ALLOW_ORIGINS),
    clock: () => new Date(),
    newId: randomUUID,
    newSigningSecret: () => `whsec_${randomBytes(24).toString('base64')}`,
    titles: new ProjectTitleRepository(infra.db),
    options: { disableAfterMs: config.INTEGRATION_DISABLE_AFTER_DAYS * 86_400_000, webUrl: config.PUBLIC_WEB_URL },
  };
  await subscribeAll(infra.bus, [projectsSubscription(deps), ...outcomeSubscriptions(deps)]);
  const worker = config.INTEGRATION_WORKER
    ? opened.own(startJobWorker(queues, DELIVER_INTEGRATION_EVENT_JOB.queue, [deliverJob(deps)], { concurrency: config.INTEGRATION_CONCURRENCY, logger }))
    : null;
  worker?.on('error', (err) => logger.error({ err }, 'integration worker error'));
  const { grpc, port } = await listenGrpc(
    opened,
    logger,
    { name: 'trainwright.integration.v1.IntegrationService', definition: IntegrationServiceService, handlers: createIntegrationHandlers(deps), access: integrationAccess },
    `${config.INTEGRATION_GRPC_HOST}:${config.INTEGRATION_GRPC_PORT}`,
  );
  infra.relay.start();
  grpc.setServing('SERVING');
  return { grpc, port, close: () => opened.close() };
}

if (isEntryPoint(import.meta.url)) {
  await runServiceProcess({ name: 'integration', loadConfig: loadIntegrationConfig, migrate: migrateIntegration, start: startIntegrationServer });
}
