// The bench's servers that are not registry services, one per process, started by the bench
// runners with child_process.fork (the services, auth included, run from ../lib/service-child.mjs):
//
//   node servers.mjs gateway         the real gateway (buildGateway + listen), config from env
//   node servers.mjs noop-grpc       a bare grpc-js server: AuthService.getMe answers a constant User
//   node servers.mjs baseline-http   a bare Fastify route GET /baseline -> one unary getMe call to
//                                    BASELINE_GRPC_ADDR (user id BASELINE_USER_ID; pointed at the
//                                    real auth service by run.mjs --decompose)
//   node servers.mjs baseline        noop-grpc and baseline-http in the same process
//
// Protocol over IPC (../lib/server-child.mjs): the child sends {type: 'ready', role, port} (or
// {type: 'error', message}) and closes everything when it receives {type: 'stop'}, or when the
// parent goes away.
// Logs (pino, fd 1) go wherever run.mjs points the child's stdout: /dev/null by default.
import { Server, ServerCredentials, credentials, Metadata, status as grpcStatus } from '@grpc/grpc-js';
import Fastify from 'fastify';
import { createLogger, roomyHeap, setServiceLabel } from '@trainwright/platform';
import { runServerChild } from '../lib/server-child.mjs';

const role = process.argv[2];
const env = process.env;

/** A User message with the same shape and size as the real auth service answers for a new account. */
async function constantUser() {
  const { toProtoUser } = await import('@trainwright/auth');
  const { effectiveCapabilities } = await import('@trainwright/catalogue');
  const now = new Date('2025-01-01T00:00:00.000Z');
  return toProtoUser({
    id: '0b6f4f4e-8f6e-4d0e-9a59-3c2f6f1d2a10',
    email: 'bench.user@example.com',
    name: 'Bench User',
    bio: '',
    notifyProjectUpdates: true,
    notifyMarketingEmails: false,
    notifySystemAlerts: true,
    currentCompanyId: '5a0f8a8c-2a53-4c1b-8d8e-1f0c8b0e6a21',
    createdAt: now,
    tier: 'free-trial',
    selectedTier: 'professional',
    trialStartedAt: now,
    videoCredits: 0,
    projectsUsed: 0,
    subscriptionCreatedAt: now,
    companyName: 'Bench Co',
    role: 'owner',
    addOns: [],
    capabilities: effectiveCapabilities('free-trial', []),
  });
}

async function startNoopGrpc(port = 0) {
  const { AuthServiceService } = await import('@trainwright/proto/trainwright/auth/v1/auth');
  const user = await constantUser();
  const server = new Server();
  const implementation = {};
  for (const method of Object.keys(AuthServiceService)) {
    implementation[method] = (_call, callback) => callback({ code: grpcStatus.UNIMPLEMENTED, details: method }, null);
  }
  implementation.getMe = (_call, callback) => callback(null, user);
  server.addService(AuthServiceService, implementation);
  const bound = await new Promise((resolve, reject) =>
    server.bindAsync(`127.0.0.1:${port}`, ServerCredentials.createInsecure(), (error, p) => (error ? reject(error) : resolve(p))),
  );
  return {
    port: bound,
    close: () =>
      new Promise((resolve) => {
        const timer = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, 2000);
        server.tryShutdown(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}

async function startBaselineHttp(grpcAddr, userId = 'bench') {
  const { AuthServiceClient } = await import('@trainwright/proto/trainwright/auth/v1/auth');
  const client = new AuthServiceClient(grpcAddr, credentials.createInsecure());
  const app = Fastify({ logger: false });
  app.get('/baseline', (_request, reply) => {
    client.getMe({ userId }, new Metadata(), { deadline: Date.now() + 5000 }, (error, user) => {
      if (error) reply.code(503).send({ code: 'UNAVAILABLE', message: error.message });
      else reply.send(user);
    });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    port: app.server.address().port,
    async close() {
      await app.close();
      client.close();
    },
  };
}

async function startGateway() {
  const { buildGateway, loadGatewayConfig } = await import('@trainwright/gateway');
  roomyHeap(); // as main.ts
  const config = loadGatewayConfig(env);
  const logger = createLogger('gateway', config.LOG_LEVEL);
  setServiceLabel('gateway');
  const gateway = await buildGateway(config, logger);
  await gateway.app.listen({ host: config.GATEWAY_HOST, port: config.GATEWAY_PORT });
  return { port: gateway.app.server.address().port, close: () => gateway.close() };
}

async function start() {
  switch (role) {
    case 'gateway':
      return [await startGateway()];
    case 'noop-grpc':
      return [await startNoopGrpc()];
    case 'baseline-http':
      return [await startBaselineHttp(env.BASELINE_GRPC_ADDR, env.BASELINE_USER_ID || undefined)];
    case 'baseline': {
      const grpc = await startNoopGrpc();
      const http = await startBaselineHttp(`127.0.0.1:${grpc.port}`);
      // Report the HTTP port; close HTTP before gRPC.
      return [http, grpc];
    }
    default:
      throw new Error(`unknown role ${role}`);
  }
}

await runServerChild(role, start);
