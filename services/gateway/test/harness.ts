// Starts the real services (gRPC, in this process: auth, project, generator, translation, media-render, billing) and the real gateway (its own Node
// process, as it runs in production) against a fresh database, Redis prefix and NATS stream.
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import setCookieParser from 'set-cookie-parser';
import { SERVICE_REGISTRY, accessDecisions, addressesEnv, createLogger, grpcPortVar, grpcServerDuration, serviceModule, uncheckedAnswers, type EventBus, type ServiceName } from '@trainwright/platform';
import { createTestInfra, type TestInfra } from '@trainwright/platform/testing';
import type { AuthServer } from '@trainwright/auth';
import type { ProjectServer } from '@trainwright/project';
import type { GeneratorServer } from '@trainwright/generator';
import type { MediaServer } from '@trainwright/media-render';
import type { IntegrationServer } from '@trainwright/integration';
import type { BillingServer } from '@trainwright/billing';
import type { TranslationServer } from '@trainwright/translation';
import type { ScormServer } from '@trainwright/scorm';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const GATEWAY_MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

/** How long a test file's own stack may take to start: seconds alone, longer beside a busy run (a rate-limit stack once took over the default 30 s). */
export const STACK_START_MS = 90_000;

export interface Cookie {
  name: string;
  value: string;
  path?: string;
  httpOnly?: boolean;
  sameSite?: string;
  maxAge?: number;
}

export interface Reply {
  statusCode: number;
  headers: Record<string, string>;
  cookies: Cookie[];
  body: string;
  json(): any;
}

export interface RequestOptions {
  method?: string;
  url: string;
  payload?: string;
  headers?: Record<string, string>;
}

/** The in-process servers by registry name, typed for the tests that reach into them. */
export interface HarnessServers {
  auth: AuthServer;
  project: ProjectServer;
  generator: GeneratorServer;
  media: MediaServer;
  billing: BillingServer;
  translation: TranslationServer;
  scorm: ScormServer;
  integration: IntegrationServer;
}
// A service added to the registry without its type here fails to compile.
const _everyService: Record<ServiceName, unknown> = {} as HarnessServers;
void _everyService;

export interface Harness extends HarnessServers {
  baseUrl: string;
  storageDir: string;
  /** A temporary folder for the test file's own files (removed by close()). */
  scratchDir: string;
  infra: TestInfra;
  keys: { privateKey: string; publicKey: string };
  bus: EventBus;
  /** The gateway's child process. */
  gatewayPid: number;
  /** Calls of a gRPC method the stack's services have answered (their metrics registry: the one of the module that started them). */
  grpcCalls(service: string, method: string): Promise<number>;
  /** The access check's decisions in the stack's services so far, by outcome (allowed, not_found, forbidden, listed, ...). */
  accessDecisions(): Promise<Record<string, number>>;
  /** Answers the stack's services refused because the access check never decided (a defect). */
  uncheckedAnswers(): Promise<number>;
  request(options: RequestOptions): Promise<Reply>;
  close(): Promise<void>;
}

export function newKeyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** `count` different free ports: held open together while chosen, so none is handed out twice. */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, () => {
      const server = createServer();
      return new Promise<typeof server>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve(server));
      });
    }),
  );
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`gateway exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gateway did not become healthy:\n${output()}`);
}

/** Settings the services get in tests (on top of the test's own `overrides`). */
const TEST_SETTINGS: Record<string, string> = {
  // Small frames keep narrated videos quick in tests.
  VIDEO_WIDTH: '640',
  VIDEO_HEIGHT: '360',
  // The key integrations' credentials are encrypted with, this run's own.
  INTEGRATION_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
};

/**
 * A stack of its own for a file that needs other settings (most share one per worker instead:
 * sharedHarness); the file closes it. Started by the jest environment (shared-stack/environment.mjs)
 * where the service packages are already loaded natively, not again inside each file's module
 * registry.
 */
export function startHarness(label: string, overrides: Record<string, string> = {}): Promise<Harness> {
  const start = (globalThis as { __twStartStack?: typeof startStack }).__twStartStack;
  return start ? start(label, overrides) : startStack(label, overrides);
}

/**
 * Every service of the registry in this process (in its order), and the gateway as a child process,
 * against a fresh database, Redis prefix and NATS stream. Every port is chosen before anything
 * starts and every service is given every address, as `npm start` gives its fixed ones: a service
 * may call one that starts after it (the project service asks media-render about voices).
 */
export async function startStack(label: string, overrides: Record<string, string> = {}): Promise<Harness> {
  const infra = await createTestInfra(label);
  const keys = newKeyPair();
  const storageDir = mkdtempSync(join(tmpdir(), 'tw-storage-'));
  const base = {
    DATABASE_URL: infra.databaseUrl,
    REDIS_URL: infra.redisUrl,
    NATS_URL: infra.natsUrl,
    NAMESPACE: infra.namespace,
    LOG_LEVEL: 'warn',
  };
  const [port, ...servicePorts] = await freePorts(SERVICE_REGISTRY.length + 1);
  const ports = Object.fromEntries(SERVICE_REGISTRY.map((entry, i) => [entry.name, servicePorts[i]!])) as Record<ServiceName, number>;
  const servers: Partial<Record<ServiceName, { port: number; close(): Promise<void> }>> = {};
  for (const entry of SERVICE_REGISTRY) {
    const service = serviceModule(entry.name, (await import(entry.package)) as Record<string, unknown>);
    const config = service.loadConfig({
      ...base,
      LOG_LEVEL: 'silent',
      [grpcPortVar(entry.name)]: String(ports[entry.name]),
      ...addressesEnv(ports),
      STORAGE_DIR: storageDir,
      AUTH_JWT_PRIVATE_KEY: keys.privateKey,
      ...TEST_SETTINGS,
      ...overrides,
    });
    await service.migrate(config);
    servers[entry.name] = await service.start(config, createLogger('test', 'silent'));
  }
  const started = servers as unknown as HarnessServers;

  let output = '';
  const child = spawn(process.execPath, [GATEWAY_MAIN], {
    env: {
      PATH: process.env.PATH,
      // The gateway's modules compiled once for every stack of the run (scripts/lib/ensure-node.mjs).
      ...(process.env.NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE } : {}),
      ...base,
      GATEWAY_PORT: String(port),
      ...addressesEnv(ports),
      STORAGE_DIR: storageDir,
      AUTH_JWT_PUBLIC_KEY: keys.publicKey,
      LOG_REQUESTS: 'false',
      ...overrides,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(`${baseUrl}/api/health`, child, () => output);

  const scratchDir = mkdtempSync(join(tmpdir(), `tw-${label}-scratch-`));
  return {
    baseUrl,
    storageDir,
    scratchDir,
    ...started,
    infra,
    keys,
    bus: started.auth.core.bus,
    gatewayPid: child.pid!,
    async grpcCalls(service, method) {
      const { values } = await grpcServerDuration.get();
      return values.filter((v) => v.metricName === 'grpc_server_handling_seconds_count' && v.labels.service === service && v.labels.method === method).reduce((n, v) => n + v.value, 0);
    },
    async accessDecisions() {
      const byOutcome: Record<string, number> = {};
      for (const v of (await accessDecisions.get()).values) byOutcome[String(v.labels.outcome)] = (byOutcome[String(v.labels.outcome)] ?? 0) + v.value;
      return byOutcome;
    },
    async uncheckedAnswers() {
      return (await uncheckedAnswers.get()).values.reduce((n, v) => n + v.value, 0);
    },
    async request({ method = 'GET', url, payload, headers = {} }) {
      const response = await fetch(baseUrl + url, { method, body: payload, headers, redirect: 'manual' });
      const body = await response.text();
      return {
        statusCode: response.status,
        headers: Object.fromEntries(response.headers.entries()),
        cookies: setCookieParser.parse(response.headers.getSetCookie()) as Cookie[],
        body,
        json: () => JSON.parse(body),
      };
    },
    async close() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      // In reverse order: each before the services it calls.
      for (const entry of [...SERVICE_REGISTRY].reverse()) {
        if (entry.name === 'auth') await started.auth.core.bus.destroy();
        await servers[entry.name]!.close();
      }
      rmSync(storageDir, { recursive: true, force: true });
      rmSync(scratchDir, { recursive: true, force: true });
      await infra.cleanup();
    },
  };
}

/**
 * The settings of the stack the API test files share (one per jest worker): limits no test of
 * ordinary use reaches, and gRPC and quality budgets with room for a 2-core machine running two
 * workers (every quality call one after another once missed the 4 s product budget there and
 * answered 503); the product's defaults are unchanged.
 */
export const SHARED_SETTINGS: Record<string, string> = {
  RATE_LIMIT_REGISTER_MAX: '100000',
  RATE_LIMIT_LOGIN_MAX: '100000',
  RATE_LIMIT_SHARED_MAX: '100000',
  QUALITY_TIMEOUT_MS: '15000',
  GRPC_DEADLINE_MS: '20000',
};

/**
 * This jest worker's shared stack, started by the first file that asks (test/shared-stack/environment.mjs):
 * files isolate themselves by their own accounts and companies, as tenancy guarantees. Its close()
 * does nothing; test/shared-stack/teardown.mjs removes it after the run.
 */
export function sharedHarness(): Promise<Harness> {
  const shared = (globalThis as { __twSharedStack?: () => Promise<Harness> }).__twSharedStack;
  if (!shared) throw new Error('no shared stack: run the gateway tests with services/gateway/jest.config.js');
  return shared();
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}

/** Every file under a folder of the harness's storage (recursively), relative to it. */
export function storageFiles(h: Pick<Harness, 'storageDir'>, ...path: string[]): string[] {
  const dir = join(h.storageDir, ...path);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

/**
 * A POST (or `method`) that declares a body of `length` bytes (Content-Length) and sends none of
 * it, then reads the answer: for limits the gateway applies from Content-Length alone. It answers
 * at once and closes the connection, so a client still writing a large body may see EPIPE instead
 * of the answer.
 */
export function postDeclaringLength(h: Pick<Harness, 'baseUrl'>, path: string, headers: Record<string, string>, length: number, method = 'POST'): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${h.baseUrl}${path}`, { method, headers: { ...headers, 'content-length': String(length) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, text });
        req.destroy();
      });
    });
    req.on('error', reject);
    req.flushHeaders();
  });
}
