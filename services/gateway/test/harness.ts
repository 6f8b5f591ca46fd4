// Starts the real services (gRPC, in this process: auth, project, generator, translation, media-render, billing) and the real gateway (its own Node
// process, as it runs in production) against a fresh database, Redis prefix and NATS stream.
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import setCookieParser from 'set-cookie-parser';
import { createLogger, type EventBus } from '@trainwright/platform';
import { createTestInfra, type TestInfra } from '@trainwright/platform/testing';
import { loadAuthConfig, migrateAuth, startAuthServer, type AuthServer } from '@trainwright/auth';
import { loadProjectConfig, migrateProject, startProjectServer, type ProjectServer } from '@trainwright/project';
import { loadGeneratorConfig, migrateGenerator, startGeneratorServer, type GeneratorServer } from '@trainwright/generator';
import { loadMediaConfig, migrateMedia, startMediaServer, type MediaServer } from '@trainwright/media-render';
import { loadBillingConfig, migrateBilling, startBillingServer, type BillingServer } from '@trainwright/billing';
import { loadTranslationConfig, migrateTranslation, startTranslationServer, type TranslationServer } from '@trainwright/translation';
import { loadScormConfig, migrateScorm, startScormServer, type ScormServer } from '@trainwright/scorm';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const GATEWAY_MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

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

export interface Harness {
  baseUrl: string;
  storageDir: string;
  /** A temporary folder for the test file's own files (removed by close()). */
  scratchDir: string;
  auth: AuthServer;
  project: ProjectServer;
  generator: GeneratorServer;
  media: MediaServer;
  billing: BillingServer;
  translation: TranslationServer;
  scorm: ScormServer;
  infra: TestInfra;
  keys: { privateKey: string; publicKey: string };
  bus: EventBus;
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
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

export async function startHarness(label: string, overrides: Record<string, string> = {}): Promise<Harness> {
  const infra = await createTestInfra(label);
  const keys = newKeyPair();
  const base = {
    DATABASE_URL: infra.databaseUrl,
    REDIS_URL: infra.redisUrl,
    NATS_URL: infra.natsUrl,
    NAMESPACE: infra.namespace,
    LOG_LEVEL: 'warn',
  };
  const authConfig = loadAuthConfig({ ...base, LOG_LEVEL: 'silent', AUTH_GRPC_PORT: '0', AUTH_JWT_PRIVATE_KEY: keys.privateKey, ...overrides });
  await migrateAuth(authConfig);
  const auth = await startAuthServer(authConfig, createLogger('test', 'silent'));
  const storageDir = mkdtempSync(join(tmpdir(), 'tw-storage-'));
  const projectConfig = loadProjectConfig({
    ...base,
    LOG_LEVEL: 'silent',
    PROJECT_GRPC_PORT: '0',
    AUTH_SERVICE_ADDR: `127.0.0.1:${auth.port}`,
    STORAGE_DIR: storageDir,
    ...overrides,
  });
  await migrateProject(projectConfig);
  const project = await startProjectServer(projectConfig, createLogger('test', 'silent'));
  const generatorConfig = loadGeneratorConfig({
    ...base,
    LOG_LEVEL: 'silent',
    GENERATOR_GRPC_PORT: '0',
    AUTH_SERVICE_ADDR: `127.0.0.1:${auth.port}`,
    PROJECT_SERVICE_ADDR: `127.0.0.1:${project.port}`,
    STORAGE_DIR: storageDir,
    ...overrides,
  });
  await migrateGenerator(generatorConfig);
  const generator = await startGeneratorServer(generatorConfig, createLogger('test', 'silent'));
  const translationConfig = loadTranslationConfig({
    ...base,
    LOG_LEVEL: 'silent',
    TRANSLATION_GRPC_PORT: '0',
    AUTH_SERVICE_ADDR: `127.0.0.1:${auth.port}`,
    PROJECT_SERVICE_ADDR: `127.0.0.1:${project.port}`,
    ...overrides,
  });
  await migrateTranslation(translationConfig);
  const translation = await startTranslationServer(translationConfig, createLogger('test', 'silent'));
  const mediaConfig = loadMediaConfig({
    ...base,
    LOG_LEVEL: 'silent',
    MEDIA_GRPC_PORT: '0',
    AUTH_SERVICE_ADDR: `127.0.0.1:${auth.port}`,
    PROJECT_SERVICE_ADDR: `127.0.0.1:${project.port}`,
    TRANSLATION_SERVICE_ADDR: `127.0.0.1:${translation.port}`,
    STORAGE_DIR: storageDir,
    // Small frames keep narrated videos quick in tests.
    VIDEO_WIDTH: '640',
    VIDEO_HEIGHT: '360',
    ...overrides,
  });
  await migrateMedia(mediaConfig);
  const media = await startMediaServer(mediaConfig, createLogger('test', 'silent'));
  const billingConfig = loadBillingConfig({ ...base, LOG_LEVEL: 'silent', BILLING_GRPC_PORT: '0', AUTH_SERVICE_ADDR: `127.0.0.1:${auth.port}`, MEDIA_SERVICE_ADDR: `127.0.0.1:${media.port}`, ...overrides });
  await migrateBilling(billingConfig);
  const billing = await startBillingServer(billingConfig, createLogger('test', 'silent'));
  const scormConfig = loadScormConfig({
    ...base,
    LOG_LEVEL: 'silent',
    SCORM_GRPC_PORT: '0',
    AUTH_SERVICE_ADDR: `127.0.0.1:${auth.port}`,
    PROJECT_SERVICE_ADDR: `127.0.0.1:${project.port}`,
    MEDIA_SERVICE_ADDR: `127.0.0.1:${media.port}`,
    TRANSLATION_SERVICE_ADDR: `127.0.0.1:${translation.port}`,
    STORAGE_DIR: storageDir,
    ...overrides,
  });
  await migrateScorm(scormConfig);
  const scorm = await startScormServer(scormConfig, createLogger('test', 'silent'));

  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [GATEWAY_MAIN], {
    env: {
      PATH: process.env.PATH,
      ...base,
      GATEWAY_PORT: String(port),
      AUTH_SERVICE_ADDR: `127.0.0.1:${auth.port}`,
      PROJECT_SERVICE_ADDR: `127.0.0.1:${project.port}`,
      GENERATOR_SERVICE_ADDR: `127.0.0.1:${generator.port}`,
      MEDIA_SERVICE_ADDR: `127.0.0.1:${media.port}`,
      BILLING_SERVICE_ADDR: `127.0.0.1:${billing.port}`,
      TRANSLATION_SERVICE_ADDR: `127.0.0.1:${translation.port}`,
      SCORM_SERVICE_ADDR: `127.0.0.1:${scorm.port}`,
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
    auth,
    project,
    generator,
    media,
    billing,
    translation,
    scorm,
    infra,
    keys,
    bus: auth.core.bus,
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
      await scorm.close();
      await billing.close();
      await media.close();
      await translation.close();
      await generator.close();
      await project.close();
      await auth.core.bus.destroy();
      await auth.close();
      rmSync(storageDir, { recursive: true, force: true });
      rmSync(scratchDir, { recursive: true, force: true });
      await infra.cleanup();
    },
  };
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
 * A POST that declares a body of `length` bytes (Content-Length) and sends none of it, then reads
 * the answer: for limits the gateway applies from Content-Length alone. It answers at once and
 * closes the connection, so a client still writing a large body may see EPIPE instead of the answer.
 */
export function postDeclaringLength(h: Pick<Harness, 'baseUrl'>, path: string, headers: Record<string, string>, length: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${h.baseUrl}${path}`, { method: 'POST', headers: { ...headers, 'content-length': String(length) } }, (res) => {
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
