// Shared by `npm start` and `npm test`: install, build, key pair, environment, migrate, seed, and
// running every process of the product under the supervisor (supervisor.mjs: prefixed logs,
// restarts with backoff). Node built-ins only until npm install has run.
import { execFileSync, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
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

/** A development Ed25519 key pair for access tokens, made once under .data/keys. */
export function ensureKeys(dir = join(ROOT, '.data/keys')) {
  const privateFile = join(dir, 'jwt-private.pem');
  const publicFile = join(dir, 'jwt-public.pem');
  if (!existsSync(privateFile) || !existsSync(publicFile)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    writeFileSync(privateFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    writeFileSync(publicFile, publicKey.export({ type: 'spki', format: 'pem' }));
    log(`created a development key pair in ${dir}`);
  }
  return { privateFile, publicFile };
}

/** The environment every process of one stack shares. */
export function stackEnv({ database = 'trainwright', namespace = 'tw', ports, keys, extra = {} }) {
  const p = stackPorts(ports);
  return {
    ...process.env,
    DATABASE_URL: process.env.DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/${database}`,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    NAMESPACE: namespace,
    AUTH_JWT_PRIVATE_KEY_FILE: keys.privateFile,
    AUTH_JWT_PUBLIC_KEY_FILE: keys.publicFile,
    AUTH_GRPC_PORT: String(p.auth),
    AUTH_SERVICE_ADDR: `127.0.0.1:${p.auth}`,
    PROJECT_GRPC_PORT: String(p.project),
    PROJECT_SERVICE_ADDR: `127.0.0.1:${p.project}`,
    GENERATOR_GRPC_PORT: String(p.generator),
    GENERATOR_SERVICE_ADDR: `127.0.0.1:${p.generator}`,
    MEDIA_GRPC_PORT: String(p.media),
    MEDIA_SERVICE_ADDR: `127.0.0.1:${p.media}`,
    BILLING_GRPC_PORT: String(p.billing),
    BILLING_SERVICE_ADDR: `127.0.0.1:${p.billing}`,
    TRANSLATION_GRPC_PORT: String(p.translation),
    TRANSLATION_SERVICE_ADDR: `127.0.0.1:${p.translation}`,
    SCORM_GRPC_PORT: String(p.scorm),
    SCORM_SERVICE_ADDR: `127.0.0.1:${p.scorm}`,
    PUBLIC_WEB_URL: `http://localhost:${p.web}`,
    STORAGE_DIR: process.env.STORAGE_DIR ?? join(ROOT, '.data/storage', database),
    GATEWAY_PORT: String(p.gateway),
    GATEWAY_URL: `http://127.0.0.1:${p.gateway}`,
    WEB_ORIGIN: `http://localhost:${p.web}`,
    PORT: String(p.web),
    ...extra,
  };
}

export function stackPorts(ports = {}) {
  return { web: 3000, gateway: 8080, auth: 50051, project: 50052, generator: 50053, media: 50054, billing: 50055, translation: 50056, scorm: 50057, authMetrics: 9464, projectMetrics: 9465, generatorMetrics: 9466, mediaMetrics: 9467, renderMetrics: 9468, billingMetrics: 9469, translationMetrics: 9470, scormMetrics: 9471, ...ports };
}

/**
 * The environment of a stack of its own for one test run: the given ports, database
 * `tw_<label>_<pid>`, namespace `<label>_<pid>` and a key pair in a temporary folder (the caller
 * removes `keysDir`).
 */
export function isolatedStackEnv(label, portList, extra = {}) {
  const id = `${process.pid}`;
  const keysDir = mkdtempSync(join(tmpdir(), `tw-${label}-keys-`));
  const ports = stackPorts(portList);
  const env = stackEnv({ database: `tw_${label}_${id}`, namespace: `${label}_${id}`, ports, keys: ensureKeys(keysDir), extra });
  return { ports, env, keysDir };
}

export async function prepareDatabase(env) {
  const { ensureDatabase } = await import('@trainwright/platform');
  await ensureDatabase(env.DATABASE_URL);
  for (const service of ['auth', 'project', 'generator', 'media-render', 'billing', 'translation', 'scorm']) {
    execFileSync('node', [`services/${service}/dist/src/migrate.js`], { cwd: ROOT, env, stdio: 'inherit' });
  }
}

export function seedDemo(env) {
  const out = execFileSync('node', ['services/auth/dist/src/admin.js', 'seed-demo'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] }).toString();
  process.stdout.write(out);
  // The demo's plan is billing's: granted by its operator command (auth applies it when it runs).
  const [, email, userId, tier] = /demo account ready: (\S+) (\S+) (\S+)/.exec(out) ?? [];
  if (!tier) throw new Error('seed-demo printed no user id and plan');
  execFileSync('node', ['services/billing/dist/src/admin.js', 'set-tier', '--email', email, '--user-id', userId, '--tier', tier], { cwd: ROOT, env, stdio: 'inherit' });
}

/** The processes of the product. Add a service here when it gets a main.ts. */
export function processes(env, ports, { web = true } = {}) {
  const p = stackPorts(ports);
  const list = [
    { name: 'auth', command: 'node services/auth/dist/src/main.js', env: { ...env, METRICS_PORT: String(p.authMetrics) } },
    { name: 'project', command: 'node services/project/dist/src/main.js', env: { ...env, METRICS_PORT: String(p.projectMetrics) } },
    { name: 'generator', command: 'node services/generator/dist/src/main.js', env: { ...env, METRICS_PORT: String(p.generatorMetrics) } },
    // media-render's gRPC API and its render workers run as separate processes (workers scale apart).
    { name: 'media', command: 'node services/media-render/dist/src/main.js', env: { ...env, RENDER_WORKER: 'false', METRICS_PORT: String(p.mediaMetrics) } },
    { name: 'render', command: 'node services/media-render/dist/src/worker.js', env: { ...env, METRICS_PORT: String(p.renderMetrics) } },
    { name: 'billing', command: 'node services/billing/dist/src/main.js', env: { ...env, METRICS_PORT: String(p.billingMetrics) } },
    { name: 'translation', command: 'node services/translation/dist/src/main.js', env: { ...env, METRICS_PORT: String(p.translationMetrics) } },
    { name: 'scorm', command: 'node services/scorm/dist/src/main.js', env: { ...env, METRICS_PORT: String(p.scormMetrics) } },
    { name: 'gateway', command: 'node services/gateway/dist/main.js', env },
  ];
  // `exec`: the shell becomes the process, so stopping the command stops the server itself.
  // Each service exits at the latest 10 s after SIGTERM (platform's onShutdown): SIGKILL a second later.
  const withRoot = list.map((proc) => ({ ...proc, command: `exec ${proc.command}`, cwd: ROOT, stopTimeoutMs: 11_000 }));
  // remix-serve finds build/client relative to its working directory; it has no deadline of its own
  // and waits for open event streams, so it gets 3 s.
  if (web) withRoot.push({ name: 'web', command: 'exec ../node_modules/.bin/remix-serve ./build/server/index.js', env, cwd: join(ROOT, 'web'), stopTimeoutMs: 3_000 });
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
