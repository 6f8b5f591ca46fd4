// A gRPC server with grpc.health.v1, per-method metrics and one error mapping: handlers are
// plain async functions; an AppError becomes its gRPC status, anything else INTERNAL (logged).
// Each service declares how every method reaches company data (AccessTable, access.ts); a method
// that names an action and answers without the access check having decided is refused (INTERNAL,
// logged, counted): failing closed turns a forgotten check into a failing test, not a leak.
import { Server, ServerCredentials, type Metadata, type ServerUnaryCall, type ServiceDefinition, type sendUnaryData } from '@grpc/grpc-js';
import { HealthImplementation, type ServingStatus } from 'grpc-health-check';
import { accessTrail, type AccessTable, type AccessTrail, type MethodAccess } from '../access.js';
import { AppError, MESSAGES } from '../errors.js';
import type { Opened } from '../lifecycle.js';
import type { Logger } from '../logger.js';
import { grpcServerDuration, uncheckedAnswers } from '../metrics.js';

/** What a handler learns about its call besides the request. */
export interface CallContext {
  metadata: Metadata;
  /** The signed-in user, as the gateway verified it (empty for public calls). */
  userId: string;
  requestId: string;
}

export const METADATA_USER_ID = 'x-user-id';
export const METADATA_REQUEST_ID = 'x-request-id';

type MethodDef = { requestDeserialize: (b: Buffer) => unknown; responseSerialize: (v: never) => Buffer };

/** Async implementations of every method of a ts-proto service definition. */
export type UnaryHandlers<S> = {
  [K in keyof S]: S[K] extends { requestDeserialize: (b: Buffer) => infer Req; responseSerialize: (v: infer Res) => Buffer }
    ? (request: Req, ctx: CallContext) => Promise<Res>
    : never;
};

function contextOf(metadata: Metadata): CallContext {
  const first = (key: string) => {
    const value = metadata.get(key)[0];
    return typeof value === 'string' ? value : '';
  };
  return { metadata, userId: first(METADATA_USER_ID), requestId: first(METADATA_REQUEST_ID) };
}

export interface GrpcServer {
  server: Server;
  health: HealthImplementation;
  addService<S extends Record<string, MethodDef>>(name: string, definition: S, handlers: UnaryHandlers<S>, access: AccessTable<S>): void;
  /** Binds and starts; returns the bound port (useful with port 0). */
  listen(address: string): Promise<number>;
  setServing(status: ServingStatus): void;
  shutdown(graceMs?: number): Promise<void>;
}

export function createGrpcServer(logger: Logger): GrpcServer {
  // channelz (grpc-js's introspection service, which is not served) would track every call.
  const server = new Server({ 'grpc.max_receive_message_length': 16 * 1024 * 1024, 'grpc.enable_channelz': 0 });
  const health = new HealthImplementation({ '': 'NOT_SERVING' });
  health.addToServer(server);
  const names: string[] = [];

  return {
    server,
    health,
    addService(name, definition, handlers, access) {
      names.push(name);
      health.setStatus(name, 'NOT_SERVING');
      const implementation: Record<string, (call: ServerUnaryCall<unknown, unknown>, cb: sendUnaryData<unknown>) => void> = {};
      for (const method of Object.keys(definition)) {
        const handler = (handlers as Record<string, (req: unknown, ctx: CallContext) => Promise<unknown>>)[method];
        if (!handler) throw new Error(`gRPC service ${name} has no handler for ${method}`);
        const declared = (access as Record<string, MethodAccess | undefined>)[method];
        if (!declared) throw new Error(`gRPC service ${name} does not say how ${method} reaches company data (its AccessTable)`);
        const checked = 'action' in declared;
        // Label sets built once per method (prom-client's startTimer builds and merges two per call).
        const okLabels = { service: name, method, code: 'OK' };
        implementation[method] = (call, callback) => {
          const started = performance.now();
          const ctx = contextOf(call.metadata);
          const trail: AccessTrail | undefined = checked ? { decisions: 0 } : undefined;
          const answer = trail ? accessTrail.run(trail, () => handler(call.request, ctx)) : handler(call.request, ctx);
          answer.then(
            (response) => {
              if (trail && trail.decisions === 0) {
                uncheckedAnswers.inc({ service: name, method });
                logger.error({ method, requestId: ctx.requestId }, 'gRPC method answered without the access check; refused');
                grpcServerDuration.observe({ service: name, method, code: 'INTERNAL' }, (performance.now() - started) / 1000);
                return callback(new AppError('INTERNAL', MESSAGES.server).toGrpc() as never, null);
              }
              grpcServerDuration.observe(okLabels, (performance.now() - started) / 1000);
              callback(null, response);
            },
            (error: unknown) => {
              const appError = AppError.parse(error);
              grpcServerDuration.observe({ service: name, method, code: appError.code }, (performance.now() - started) / 1000);
              if (appError.status >= 500) logger.error({ err: error, method, requestId: ctx.requestId }, 'gRPC handler failed');
              callback(appError.toGrpc() as never, null);
            },
          );
        };
      }
      server.addService(definition as unknown as ServiceDefinition, implementation as never);
    },
    listen(address) {
      return new Promise((resolve, reject) => {
        server.bindAsync(address, ServerCredentials.createInsecure(), (error, port) => {
          if (error) return reject(error);
          resolve(port);
        });
      });
    },
    setServing(status) {
      health.setStatus('', status);
      for (const name of names) health.setStatus(name, status);
    },
    shutdown(graceMs = 5000) {
      this.setServing('NOT_SERVING');
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, graceMs);
        server.tryShutdown(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}

/** A service's one gRPC service: its definition, handlers and how each method reaches company data. */
export interface GrpcService<S extends Record<string, MethodDef>> {
  name: string;
  definition: S;
  handlers: UnaryHandlers<S>;
  access: AccessTable<S>;
}

/**
 * A composition root's gRPC server: the service added, listening on `address`, and shut down by
 * `opened` before what was opened earlier. NOT_SERVING until the caller has started what the
 * answers need (the outbox relay) and calls `grpc.setServing('SERVING')`.
 */
export async function listenGrpc<S extends Record<string, MethodDef>>(opened: Opened, logger: Logger, service: GrpcService<S>, address: string): Promise<{ grpc: GrpcServer; port: number }> {
  const grpc = createGrpcServer(logger);
  opened.onClose(() => grpc.shutdown());
  grpc.addService(service.name, service.definition, service.handlers, service.access);
  return { grpc, port: await grpc.listen(address) };
}
