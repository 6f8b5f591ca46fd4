// The whole product behind a bench run, on a fresh database (createTestInfra): the services of the
// registry (services/platform/src/service-registry.ts) that the benches call, each migrated and
// started in its own child process (./service-child.mjs) once the services it needs run, with
// the settings `npm start` uses: auth, project, generator and media-render's API always, the
// translation and scorm services when asked for (billing never: it gets an address where nothing
// listens); then the gateway (../gateway/servers.mjs); one account registered through the gateway
// and given a plan with billing's operator command `set-tier`; and the removal of everything the
// run made (database, Redis keys of the namespace, NATS stream, storage directory).
import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SERVICE_NAMES, SERVICE_REGISTRY, addressVar, addressesEnv, grpcPortVar, serviceEntry, serviceModule } from '@trainwright/platform/service-registry';
import { createTestInfra } from '@trainwright/platform/testing';
import { createChildren, serverEnv } from './children.mjs';
import { shutdownOnSignals } from './cli.mjs';
import { expectOk } from './load.mjs';

const BENCH = join(dirname(fileURLToPath(import.meta.url)), '..');
/** `node service-child.mjs <name>`: one registry service (role = its name). */
export const SERVICE_CHILD = join(BENCH, 'lib', 'service-child.mjs');
/** The servers that are not registry services: roles gateway, noop-grpc, baseline-http, baseline. */
export const GATEWAY_SERVERS = join(BENCH, 'gateway', 'servers.mjs');
// Billing's operator command: grants a plan (support's way) and waits until auth serves it.
const BILLING_ADMIN = fileURLToPath(new URL('./admin.js', import.meta.resolve('@trainwright/billing')));

/** Where nothing listens: the address of a service a bench never calls. */
export const NOWHERE = '127.0.0.1:1';

/** `{ <NAME>_SERVICE_ADDR: NOWHERE }` for the given services (default: every registry service). */
export function unstartedAddresses(names = SERVICE_NAMES) {
  return Object.fromEntries(names.map((n) => [addressVar(n), NOWHERE]));
}

/** The service module (load/migrate/start) of a registry service, its package imported only now. */
async function moduleOf(name) {
  return serviceModule(name, await import(serviceEntry(name).package));
}

/**
 * Gives a registered account `tier` with billing's operator command (`env`: the stack's, with
 * AUTH_SERVICE_ADDR; billing's schema migrated). No billing process needs to run: the command
 * writes billing's account and its event, and auth applies it.
 */
export async function grantPlan(env, { email, userId, tier }) {
  // The command never calls the other services billing needs (media-render); its config only needs addresses.
  const billingEnv = serverEnv({ ...unstartedAddresses(serviceEntry('billing').needs), ...env, LOG_LEVEL: 'warn' });
  const billing = await moduleOf('billing');
  await billing.migrate(billing.loadConfig(billingEnv));
  await promisify(execFile)(process.execPath, [BILLING_ADMIN, 'set-tier', '--email', email, '--user-id', userId, '--tier', tier, '--wait'], { env: billingEnv, timeout: 30_000 });
}

/**
 * The stack of one run, started by `start` in `children` (../lib/children.mjs); `cleanup` removes
 * what it made (stop the children first). `env.auth|project|generator|media|translation|gateway`
 * add settings per service (keys: registry names). `translation: true` also starts the translation
 * service (its API and the `translate` worker), whose address the gateway and media-render then
 * get; without it they get an address where nothing listens, as no other bench calls it.
 * `scorm: true` starts the scorm service (packages, interactive video, the learning record store
 * and its analytics worker) for the gateway.
 */
export function createStack({ children, log }) {
  let infra;
  let storageDir;

  async function start({ label, env = {}, translation = false, scorm = false }) {
    infra = await createTestInfra(label);
    storageDir = mkdtempSync(join(tmpdir(), 'tw-bench-storage-'));
    const database = decodeURIComponent(new URL(infra.databaseUrl).pathname.slice(1));
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const common = { DATABASE_URL: infra.databaseUrl, REDIS_URL: infra.redisUrl, NATS_URL: infra.natsUrl, NAMESPACE: infra.namespace, STORAGE_DIR: storageDir };

    // The services a bench calls (registry names), and each one's settings beyond the common ones.
    const wanted = new Set(['auth', 'project', 'generator', 'media', ...(translation ? ['translation'] : []), ...(scorm ? ['scorm'] : [])]);
    const settings = {
      auth: { AUTH_JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
      // LLM_BASE_URL empty: the offline engine, whatever this shell has set.
      generator: { LLM_BASE_URL: '', GENERATE_WORKER: 'true' },
    };

    // Each service starts once the services it needs have (it is given their ports), so those
    // that need the same ones load and migrate side by side (./service-child.mjs).
    const ports = {}; // by registry name, of the started services
    const started = {};
    const starting = {};
    for (const entry of SERVICE_REGISTRY) {
      if (!wanted.has(entry.name)) continue;
      // The settings of the service's process named like it: media's is the API only
      // (RENDER_WORKER=false; uploads ask it for the owner's stored renders, the plan's storage).
      const own = entry.processes.find((p) => p.name === entry.name) ?? entry.processes[0];
      const needed = entry.needs.filter((name) => wanted.has(name));
      starting[entry.name] = Promise.all(needed.map((name) => starting[name])).then(async () => {
        const serviceEnv = serverEnv({
          ...common,
          // Every address a service may be configured with, beyond its needs (the project service
          // asks media-render about voices, which no bench names): where nothing listens, unless started.
          ...unstartedAddresses(),
          ...addressesEnv(Object.fromEntries(needed.map((name) => [name, ports[name]]))),
          [grpcPortVar(entry.name)]: '0',
          ...own.env,
          ...settings[entry.name],
          ...env[entry.name],
        });
        started[entry.name] = await children.start(SERVICE_CHILD, entry.name, entry.name, serviceEnv);
        ports[entry.name] = started[entry.name].port;
      });
    }
    await Promise.all(Object.values(starting));

    // Every service's address: the started ones', NOWHERE for the rest (generation ends at the
    // hand-off to rendering, no render worker runs; no bench calls billing).
    const gateway = await children.start(
      GATEWAY_SERVERS,
      'gateway',
      'gateway',
      serverEnv({
        ...common,
        ...unstartedAddresses(),
        ...addressesEnv(ports),
        AUTH_JWT_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        GATEWAY_PORT: '0',
        ...env.gateway,
      }),
    );
    return {
      infra,
      database,
      common: { ...common, ...addressesEnv({ auth: ports.auth }) },
      storageDir,
      base: `http://127.0.0.1:${gateway.port}`,
      auth: started.auth,
      project: started.project,
      generator: started.generator,
      translation: started.translation ?? null,
      scorm: started.scorm ?? null,
      media: started.media,
      gateway,
      // Clients before the servers they call: the gateway, then the services in reverse start order.
      servers: [gateway, ...SERVICE_REGISTRY.map((s) => started[s.name]).filter(Boolean).reverse()],
    };
  }

  async function cleanup() {
    // The database, the namespace's Redis keys and its NATS stream.
    if (infra) await infra.cleanup().catch((e) => log(`removing ${infra.databaseUrl} and namespace ${infra.namespace}: ${e}`));
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  }

  return { start, cleanup };
}

/**
 * Registers one account through the gateway (POST /api/auth/register) and gives it `tier` with
 * the admin command. `env`: the stack's common environment. `headers()` answers the
 * Authorization header, signing in again once the access token is 10 minutes old (they last 15).
 */
export async function registerAccount(base, env, { tier = 'enterprise' } = {}) {
  const email = `bench.${Date.now()}@example.com`;
  const password = 'bench-password-123';
  const json = { 'content-type': 'application/json' };
  let session = await expectOk(`${base}/api/auth/register`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'Bench User', company: 'Bench Co', email, password }) }, 201);
  let signedInAt = Date.now();
  if (tier) await grantPlan(env, { email, userId: session.user.id, tier });
  const me = await expectOk(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${session.token}` } });
  if (me.email !== email || (tier && me.subscription?.tier !== tier)) throw new Error(`GET /api/auth/me answered ${JSON.stringify(me).slice(0, 300)}`);
  async function headers() {
    if (Date.now() - signedInAt > 10 * 60_000) {
      session = await expectOk(`${base}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
      signedInAt = Date.now();
    }
    return { authorization: `Bearer ${session.token}` };
  }
  return { email, session, me, headers };
}

/**
 * A run on the stack: its children, its stack, and `shutdown(code)` (on Ctrl+C and hang-up too),
 * which stops the children, removes what the stack made and exits.
 */
export function stackRun({ logs, cpuProf, log }) {
  const children = createChildren({ logs, cpuProf, log });
  const stack = createStack({ children, log });
  let shuttingDown = false;
  async function shutdown(code) {
    if (shuttingDown) return;
    shuttingDown = true;
    await children.stopAll();
    await stack.cleanup();
    children.closeLogs();
    process.exit(code);
  }
  shutdownOnSignals(shutdown, { hangup: true });
  return { children, stack, shutdown };
}
