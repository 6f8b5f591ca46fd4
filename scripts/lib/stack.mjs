// Shared by `npm start` and `npm test`: install, build, key pair, environment, migrate, seed, and
// running every process of the product under the supervisor (supervisor.mjs: prefixed logs,
// restarts with backoff). Node built-ins only until npm install has run.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { supervise } from './supervisor.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export function log(message) {
  console.log(`\x1b[36m[trainwright]\x1b[0m ${message}`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed with exit code ${result.status}`);
  }
}

/** System packages and PostgreSQL/Redis/NATS (only if none is reachable). */
export function provision({ forTests = false } = {}) {
  run('bash', ['infra/provision.sh', ...(forTests ? ['--test'] : [])]);
}

/** npm install when node_modules is missing or older than the lockfile. */
export function installDependencies() {
  const marker = join(ROOT, 'node_modules/.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  if (existsSync(marker) && existsSync(lock) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log('installing npm packages');
  // Not `npm ci`: see .ci/run (the lockfile cannot list other platforms' binaries here).
  run('npm', ['install', '--no-audit', '--no-fund']);
}

export function build() {
  log('building (turbo: generate -> build)');
  run('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], {
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
  });
}

/** A development Ed25519 key pair for access tokens and the key integrations' credentials are encrypted with, made once under .data/keys. */
export function ensureKeys(dir = join(ROOT, '.data/keys')) {
  const privateFile = join(dir, 'jwt-private.pem');
  const publicFile = join(dir, 'jwt-public.pem');
  const integrationKeyFile = join(dir, 'integration-encryption.key');
  if (!existsSync(integrationKeyFile)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(integrationKeyFile, randomBytes(32).toString('base64'), { mode: 0o600 });
  }
  if (!existsSync(privateFile) || !existsSync(publicFile)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    writeFileSync(privateFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    writeFileSync(publicFile, publicKey.export({ type: 'spki', format: 'pem' }));
    log(`created a development key pair in ${dir}`);
  }
  return { privateFile, publicFile, integrationKeyFile };
}

/** The service registry (services/platform/src/service-registry.ts; built, so after build()). */
export function registry() {
  return import('@trainwright/platform/service-registry');
}

/**
 * The ports of one stack: `web`, `gateway`, `services` (gRPC, by service name) and `metrics` (by
 * process name, 0: none). Without arguments, `npm start`'s; `{ web, gateway, firstService }` gives
 * a test stack consecutive gRPC ports from `firstService` and no metrics ports.
 */
export async function stackPorts({ web, gateway, firstService } = {}) {
  const { SERVICE_REGISTRY, FRONT_PROCESSES } = await registry();
  const processes = SERVICE_REGISTRY.flatMap((s) => s.processes);
  return {
    web: web ?? FRONT_PROCESSES.web.port,
    gateway: gateway ?? FRONT_PROCESSES.gateway.port,
    services: Object.fromEntries(SERVICE_REGISTRY.map((s, i) => [s.name, firstService === undefined ? s.grpcPort : firstService + i])),
    metrics: Object.fromEntries(processes.map((p) => [p.name, firstService === undefined ? p.metricsPort : 0])),
  };
}

/** The environment every process of one stack shares. */
export async function stackEnv({ database = 'trainwright', namespace = 'tw', ports, keys, extra = {} }) {
  const { addressesEnv, grpcPortVar } = await registry();
  return {
    ...process.env,
    DATABASE_URL: process.env.DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/${database}`,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    NAMESPACE: namespace,
    AUTH_JWT_PRIVATE_KEY_FILE: keys.privateFile,
    AUTH_JWT_PUBLIC_KEY_FILE: keys.publicFile,
    INTEGRATION_ENCRYPTION_KEY_FILE: keys.integrationKeyFile,
    ...Object.fromEntries(Object.entries(ports.services).map(([name, port]) => [grpcPortVar(name), String(port)])),
    ...addressesEnv(ports.services),
    PUBLIC_WEB_URL: `http://localhost:${ports.web}`,
    STORAGE_DIR: process.env.STORAGE_DIR ?? join(ROOT, '.data/storage', database),
    GATEWAY_PORT: String(ports.gateway),
    GATEWAY_URL: `http://127.0.0.1:${ports.gateway}`,
    WEB_ORIGIN: `http://localhost:${ports.web}`,
    PORT: String(ports.web),
    ...extra,
  };
}

/**
 * The environment of a stack of its own for one test run: the given ports (see stackPorts),
 * database `tw_<label>_<pid>`, namespace `<label>_<pid>` and a key pair in a temporary folder.
 * `remove()`, once its processes stopped, removes all of it (and the stack's storage).
 */
export async function isolatedStackEnv(label, layout, extra = {}) {
  const id = `${process.pid}`;
  const keysDir = mkdtempSync(join(tmpdir(), `tw-${label}-keys-`));
  const ports = await stackPorts(layout);
  const env = await stackEnv({ database: `tw_${label}_${id}`, namespace: `${label}_${id}`, ports, keys: ensureKeys(keysDir), extra });
  const remove = async () => {
    const { dropDatabase } = await import('@trainwright/platform');
    const { removeNamespace } = await import('@trainwright/platform/testing');
    await dropDatabase(env.DATABASE_URL).catch((e) => log(`dropping ${env.DATABASE_URL}: ${e}`));
    await removeNamespace({ redisUrl: env.REDIS_URL, natsUrl: env.NATS_URL, namespace: env.NAMESPACE }).catch((e) => log(`removing namespace ${env.NAMESPACE}: ${e}`));
    rmSync(keysDir, { recursive: true, force: true });
    rmSync(env.STORAGE_DIR, { recursive: true, force: true });
  };
  return { ports, env, remove };
}

/** Every service's migrations, at once (each in its own schema). */
export async function prepareDatabase(env) {
  const { ensureDatabase } = await import('@trainwright/platform');
  const { SERVICE_REGISTRY } = await registry();
  await ensureDatabase(env.DATABASE_URL);
  await Promise.all(SERVICE_REGISTRY.map((s) => runAsync('node', [`${s.dir}/dist/src/migrate.js`], { env })));
}

function runAsync(command, args, options) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolveRun() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit code ${code}`})`))));
  });
}

export function seedDemo(env) {
  const out = execFileSync('node', ['services/auth/dist/src/admin.js', 'seed-demo'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] }).toString();
  process.stdout.write(out);
  // The demo's plan is billing's: granted by its operator command (auth applies it when it runs).
  const [, email, userId, tier] = /demo account ready: (\S+) (\S+) (\S+)/.exec(out) ?? [];
  if (!tier) throw new Error('seed-demo printed no user id and plan');
  execFileSync('node', ['services/billing/dist/src/admin.js', 'set-tier', '--email', email, '--user-id', userId, '--tier', tier], { cwd: ROOT, env, stdio: 'inherit' });
}

/** Node with tracing started before the entry loads (platform's trace-preload.ts; idle without OTEL_EXPORTER_OTLP_ENDPOINT). */
const NODE_TRACED = 'node --import @trainwright/platform/trace-preload';

/** The processes of the product: every process of the registry's services, the gateway and the web app. */
export async function processes(env, ports, { web = true } = {}) {
  const { SERVICE_REGISTRY, FRONT_PROCESSES } = await registry();
  const list = [
    ...SERVICE_REGISTRY.flatMap((service) =>
      service.processes.map((proc) => ({
        name: proc.name,
        command: `${NODE_TRACED} ${service.dir}/${proc.entry}`,
        env: { ...env, ...proc.env, METRICS_PORT: String(ports.metrics[proc.name] ?? 0), OTEL_SERVICE_NAME: proc.name },
      })),
    ),
    { name: 'gateway', command: `${NODE_TRACED} ${FRONT_PROCESSES.gateway.entry}`, env: { ...env, OTEL_SERVICE_NAME: 'gateway' } },
  ];
  // `exec`: the shell becomes the process, so stopping the command stops the server itself.
  // Each service exits at the latest 10 s after SIGTERM (platform's onShutdown): SIGKILL a second later.
  const withRoot = list.map((proc) => ({ ...proc, command: `exec ${proc.command}`, cwd: ROOT, stopTimeoutMs: 11_000 }));
  // remix-serve finds build/client relative to its working directory; it has no deadline of its own
  // and waits for open event streams, so it gets 3 s.
  if (web) withRoot.push({ name: 'web', command: 'exec ../node_modules/.bin/remix-serve ./build/server/index.js', env, cwd: join(ROOT, FRONT_PROCESSES.web.dir), stopTimeoutMs: 3_000 });
  return withRoot;
}

/**
 * Runs the processes under the supervisor: a process that exits unasked is restarted with backoff
 * (0.5 s doubling to 30 s); everything stops only on SIGINT/SIGTERM or `stop()`. Options go to
 * `supervise` (e.g. `giveUp: { exits: 3, withinMs: 10_000 }` for a stack that must fail fast).
 * Returns { result, stop, state, on, setGiveUp }.
 */
export async function startProcesses(list, options = {}) {
  return supervise(list, options);
}

export async function waitFor(url, { timeoutMs = 60_000, ok = (r) => r.ok } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (ok(response)) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error.cause?.code ?? error.message;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not become ready in ${timeoutMs} ms (${last})`);
}
