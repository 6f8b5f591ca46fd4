// The gateway as a Fastify app that tests drive with inject() or a real port. Plugins load in
// order: external (helmet, cors, cookies, rate limit, OpenAPI) -> ours (errors, session, event hub) -> routes.
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import multipart from '@fastify/multipart';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { randomUUID } from 'node:crypto';
import { REQUEST_LIMITS } from '@trainwright/catalogue';
import { AppError, AuthMemberships, EventBus, LocalFileStorage, createBatchedLogger, createDatabase, createRedis, httpRequestDuration, type Logger } from '@trainwright/platform';
import { createServiceClients, type ServiceClients } from './clients.js';
import type { GatewayConfig } from './config.js';
import type { GatewayContext } from './context.js';
import { AccessLog, LazyRequestLogger } from './plugins/access-log.js';
import { clientErrorReply, frameworkErrorReply, registerErrorHandling } from './plugins/errors.js';
import { registerRequestLimits } from './plugins/request-limits.js';
import { AdmissionLimiter, registerAdmission } from './plugins/admission.js';
import { eventHub } from './plugins/event-hub.js';
import { HELMET_OPTIONS, applySecurityHeaders, computeSecurityHeaders } from './plugins/security-headers.js';
import { RevokedSessions, TokenVerifier, registerOriginCheck, registerSessionHook } from './plugins/session.js';
import { createUploadReceiver } from './lib/upload-receiver.js';
import { accountRoutes } from './routes/account/index.js';
import { authRoutes } from './routes/auth/index.js';
import { billingRoutes } from './routes/billing/index.js';
import { translationRoutes } from './routes/translation/index.js';
import { collabRoutes } from './routes/collab/index.js';
import { startCollab } from './collab/collab.js';
import { scormRoutes } from './routes/scorm/index.js';
import { interactiveVideoRoutes } from './routes/interactive-video/index.js';
import { healthRoutes } from './routes/health/index.js';
import { planRoutes } from './routes/plans/index.js';
import { projectRoutes } from './routes/projects/index.js';
import { uploadRoutes } from './routes/uploads/index.js';
import { libraryRoutes } from './routes/library/index.js';
import { videoRoutes } from './routes/video/index.js';
import { resumableVideoUploadRoutes } from './routes/video/resumable-uploads.js';
import { lrsKeyRoutes } from './routes/analytics/lrs-keys.js';
import { analyticsDashboardRoutes } from './routes/analytics/dashboard.js';
import { advancedAnalyticsRoutes } from './routes/analytics/advanced.js';
import { analyticsExportRoutes } from './routes/analytics/export.js';
import { XAPI_CORS, xapiRoutes } from './routes/xapi/index.js';
import { generatorRoutes } from './routes/generator/index.js';
import { integrationHubRoutes } from './routes/integrations/index.js';
import { qualityRoutes } from './routes/quality/index.js';
import { downloadRoutes } from './routes/downloads/index.js';
import { educationRoutes } from './routes/education/index.js';
import { voiceRoutes } from './routes/voices/index.js';
import { eventRoutes } from './routes/events/index.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** Bodies are validated strictly (wrong types and unknown fields are 400); query strings and
 *  path parameters are coerced from text. Verbose: an error carries its field's schema, whose
 *  bounds and message the 400 states (plugins/errors.ts). */
export function requestValidators() {
  const options = { allErrors: false, removeAdditional: false, useDefaults: true, strict: false, verbose: true } as const;
  const strict = new Ajv({ ...options, coerceTypes: false });
  const lenient = new Ajv({ ...options, coerceTypes: true });
  (addFormats as unknown as (a: Ajv) => void)(strict);
  (addFormats as unknown as (a: Ajv) => void)(lenient);
  return ({ schema, httpPart }: { schema: object; httpPart?: string }) =>
    (httpPart === 'body' ? strict : lenient).compile(schema);
}

export interface Gateway {
  app: FastifyInstance;
  clients: ServiceClients;
  close(): Promise<void>;
}

export async function buildGateway(config: GatewayConfig, logger: Logger): Promise<Gateway> {
  const clients = createServiceClients(config, config.GRPC_DEADLINE_MS);
  const redis = createRedis(config.REDIS_URL);
  const bus = await EventBus.connect({ url: config.NATS_URL, namespace: config.NAMESPACE, logger });
  const db = createDatabase<unknown>({ url: config.DATABASE_URL, schema: 'public', maxConnections: 1 });
  const verifier = new TokenVerifier({ publicKeyPem: config.publicKeyPem, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE });
  const revoked = new RevokedSessions();
  await revoked.follow(bus, config.ACCESS_TOKEN_TTL_SECONDS);
  // One cache of memberships for the event streams and co-editing, dropped per user on member.*.
  const memberships = new AuthMemberships(clients.addresses.auth);
  await memberships.follow(bus);

  // Security headers from helmet, computed once and set on every response, and the request id.
  const securityHeaders = computeSecurityHeaders(HELMET_OPTIONS);
  // The access lines are written in batches (at least every 100 ms, and when the process exits).
  const accessLines = config.LOG_REQUESTS ? createBatchedLogger(logger) : undefined;
  const app = Fastify({
    loggerInstance: logger as unknown as FastifyBaseLogger,
    // One access-log line per request, at completion (plugins/access-log.ts).
    logController: new AccessLog(logger, { disableRequestLogging: !config.LOG_REQUESTS, lines: accessLines?.logger }),
    // request.log is made when first used: most requests never log through it.
    childLoggerFactory: LazyRequestLogger.factory,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: REQUEST_LIMITS.paramLength },
    // The router's own errors (a bad URL encoding, an over-long path parameter) and requests Node's
    // parser refuses leave in the one error shape, like every other error.
    frameworkErrors: (error, request, reply) => {
      applySecurityHeaders(securityHeaders, reply.raw);
      void reply.header('x-request-id', request.id);
      frameworkErrorReply(error, request, reply);
    },
    clientErrorHandler: clientErrorReply,
  });
  app.setValidatorCompiler(requestValidators());
  app.addHook('onRequest', (request, reply, done) => {
    applySecurityHeaders(securityHeaders, reply.raw);
    void reply.header('x-request-id', request.id);
    done();
  });
  // The web app's origin, with its cookies; the learning record store's endpoint from any origin
  // without them (an LMS or a customer's content reports from its own site with an LRS credential).
  const webCors = { origin: [config.WEB_ORIGIN], credentials: true };
  await app.register(cors, () => (request: { url?: string }, callback: (error: Error | null, options: object) => void) => callback(null, request.url?.startsWith('/api/xapi/') ? XAPI_CORS : webCors));
  await app.register(cookie);
  await app.register(multipart);
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: `${config.NAMESPACE}:rl:`,
    errorResponseBuilder: () => new AppError('RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.'),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Trainwright API', version: '1.0.0', description: 'Everything under /api. Errors are {code, message, detail?}.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'tw_at' },
        },
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.addHook('onResponse', (request, reply, done) => {
    httpRequestDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unknown', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  registerErrorHandling(app);
  registerRequestLimits(app);
  registerOriginCheck(app, config.WEB_ORIGIN);
  registerSessionHook(app, verifier, revoked);
  // Bounded concurrency per company and for the gateway: a crowd is refused (429/503 with
  // Retry-After) before it can wait out a gRPC deadline.
  const admission = {
    perKey: config.GATEWAY_MAX_INFLIGHT_PER_COMPANY,
    queuePerKey: config.GATEWAY_MAX_QUEUED_PER_COMPANY,
    maxWaitMs: config.GATEWAY_MAX_QUEUE_WAIT_MS,
    global: config.GATEWAY_MAX_INFLIGHT,
    retryAfterSeconds: Math.max(1, Math.ceil(config.GATEWAY_MAX_QUEUE_WAIT_MS / 1000)),
  };
  registerAdmission(app, {
    users: new AdmissionLimiter({ ...admission, global: Number.POSITIVE_INFINITY }),
    companies: new AdmissionLimiter(admission),
  });
  await app.register(eventHub, { bus, memberships });

  const ctx: GatewayContext = { app, config, clients, verifier, revokedSessions: revoked, deps: { db, redis, bus } };
  healthRoutes(ctx);
  planRoutes(ctx);
  authRoutes(ctx);
  accountRoutes(ctx);
  billingRoutes(ctx);
  translationRoutes(ctx);
  const storage = new LocalFileStorage(config.STORAGE_DIR);
  scormRoutes(ctx, storage);
  lrsKeyRoutes(ctx);
  analyticsDashboardRoutes(ctx);
  advancedAnalyticsRoutes(ctx);
  analyticsExportRoutes(ctx);
  xapiRoutes(ctx);
  integrationHubRoutes(ctx);
  interactiveVideoRoutes(ctx, storage);
  projectRoutes(ctx, storage);
  const receiveUpload = createUploadReceiver(clients, storage);
  uploadRoutes(ctx, receiveUpload);
  generatorRoutes(ctx, receiveUpload, storage);
  libraryRoutes(ctx, receiveUpload, storage);
  videoRoutes(ctx, receiveUpload, storage);
  resumableVideoUploadRoutes(ctx, storage, config.STORAGE_DIR);
  qualityRoutes(ctx);
  downloadRoutes(ctx, storage);
  educationRoutes(ctx, storage);
  voiceRoutes(ctx, storage);
  eventRoutes(ctx);
  const collab = await startCollab({ clients, memberships, bus, redis, namespace: config.NAMESPACE, logger });
  await collabRoutes(ctx, collab);
  await app.ready();

  return {
    app,
    clients,
    async close() {
      await collab.close();
      await app.close();
      accessLines?.flush();
      memberships.close();
      clients.auth.close();
      clients.project.close();
      await bus.close();
      redis.disconnect();
      await db.destroy();
    },
  };
}
