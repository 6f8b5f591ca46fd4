// Promise clients for ts-proto services: every call has a deadline (within which it waits for a
// restarting peer) and carries the request id and the signed-in user in metadata.
import { Metadata, credentials, makeGenericClientConstructor, type Client, type ServiceError } from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import { AppError } from '../errors.js';
import { METADATA_REQUEST_ID, METADATA_USER_ID } from './server.js';

export interface CallOptions {
  userId?: string;
  requestId?: string;
  /** Milliseconds; the client's default when absent. */
  deadlineMs?: number;
}

export type PromiseClient<S> = {
  [K in keyof S]: S[K] extends { requestSerialize: (v: infer Req) => Buffer; responseDeserialize: (b: Buffer) => infer Res }
    ? (request: Req, options?: CallOptions) => Promise<Res>
    : never;
} & { close(): void; raw: Client };

type ClientCtor = new (address: string, creds: ReturnType<typeof credentials.createInsecure>, options?: object) => Client;

export function createGrpcClient<S extends object>(
  Ctor: ClientCtor,
  definition: S,
  address: string,
  defaults: { deadlineMs: number } = { deadlineMs: 5000 },
): PromiseClient<S> {
  const client = new Ctor(address, credentials.createInsecure(), {
    'grpc.keepalive_time_ms': 30_000,
    'grpc.keepalive_timeout_ms': 10_000,
    // channelz (grpc-js's introspection service, which nothing here serves) tracks every call.
    'grpc.enable_channelz': 0,
    // A peer that restarted is found again within a second (grpc-js's own backoff grows to 120 s).
    'grpc.initial_reconnect_backoff_ms': 200,
    'grpc.max_reconnect_backoff_ms': 1000,
  });
  const wrapped: Record<string, unknown> = {
    close: () => client.close(),
    raw: client,
  };
  for (const method of Object.keys(definition)) {
    const fn = (client as unknown as Record<string, Function>)[method]!.bind(client);
    wrapped[method] = (request: unknown, options: CallOptions = {}) =>
      new Promise((resolve, reject) => {
        const metadata = new Metadata();
        if (options.userId) metadata.set(METADATA_USER_ID, options.userId);
        if (options.requestId) metadata.set(METADATA_REQUEST_ID, options.requestId);
        const deadline = Date.now() + (options.deadlineMs ?? defaults.deadlineMs);
        // grpc-js captures the caller's stack (`new Error()`) on every call, to append it to a
        // failed call's error; AppError.fromGrpc keeps only the status, so that stack is never
        // read. Capturing it was the largest single cost of a call in the gateway's profile.
        const stackTraceLimit = Error.stackTraceLimit;
        Error.stackTraceLimit = 0;
        try {
          // A call made while the peer restarts waits for it within the deadline instead of failing
          // at once (the fault injection's payment, made just after the project service came back).
          fn(request, metadata, { deadline, waitForReady: true }, (error: ServiceError | null, response: unknown) => {
            if (error) reject(AppError.fromGrpc(error));
            else resolve(response);
          });
        } finally {
          Error.stackTraceLimit = stackTraceLimit;
        }
      });
  }
  return wrapped as PromiseClient<S>;
}

const HealthClient = makeGenericClientConstructor(healthService as never, 'grpc.health.v1.Health') as unknown as ClientCtor;

/** Asks a server's grpc.health.v1 Check; resolves 'SERVING', 'NOT_SERVING', 'UNKNOWN' or 'DOWN'. */
export function checkGrpcHealth(address: string, serviceName = '', timeoutMs = 1000): Promise<string> {
  const client = new HealthClient(address, credentials.createInsecure());
  return new Promise((resolve) => {
    (client as unknown as { Check: Function }).Check(
      { service: serviceName },
      new Metadata(),
      { deadline: Date.now() + timeoutMs },
      (error: ServiceError | null, response: { status?: string | number } | undefined) => {
        client.close();
        if (error || !response) return resolve('DOWN');
        const s = response.status;
        resolve(typeof s === 'number' ? (['UNKNOWN', 'SERVING', 'NOT_SERVING', 'SERVICE_UNKNOWN'][s] ?? 'UNKNOWN') : String(s));
      },
    );
  });
}
