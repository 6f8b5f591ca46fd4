// The whole product behind a bench run, on a fresh database (createTestInfra): migrations, then
// the auth, project and generator services and the gateway, each in its own child process with
// the settings `npm start` uses (auth and gateway: ../gateway/servers.mjs, project:
// ../projects/servers.mjs, generator: ../generate/servers.mjs; the translation service, when asked
// for, ../translate/servers.mjs); one account registered through
// the gateway and given a plan with billing's operator command `set-tier`; and the removal of
// everything the run made (NATS stream, Redis keys of the namespace, database, storage directory).
import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createRedis } from '@trainwright/platform';
import { createTestInfra } from '@trainwright/platform/testing';
import { loadAuthConfig, migrateAuth } from '@trainwright/auth';
import { loadProjectConfig, migrateProject } from '@trainwright/project';
import { loadGeneratorConfig, migrateGenerator } from '@trainwright/generator';
import { loadMediaConfig, migrateMedia } from '@trainwright/media-render';
import { loadBillingConfig, migrateBilling } from '@trainwright/billing';
import { serverEnv } from './children.mjs';
import { expectOk, removeNatsStream } from './load.mjs';

const BENCH = join(dirname(fileURLToPath(import.meta.url)), '..');
export const GATEWAY_SERVERS = join(BENCH, 'gateway', 'servers.mjs'); // roles auth, gateway
export const PROJECT_SERVERS = join(BENCH, 'projects', 'servers.mjs'); // role project
export const GENERATOR_SERVERS = join(BENCH, 'generate', 'servers.mjs'); // role generator
export const MEDIA_SERVERS = join(BENCH, 'render', 'servers.mjs'); // role media (the API, no render worker)
export const TRANSLATION_SERVERS = join(BENCH, 'translate', 'servers.mjs'); // role translation (API and worker)
// Billing's operator command: grants a plan (support's way) and waits until auth serves it.
const BILLING_ADMIN = fileURLToPath(new URL('./admin.js', import.meta.resolve('@trainwright/billing')));

/**
 * Gives a registered account `tier` with billing's operator command (`env`: the stack's, with
 * AUTH_SERVICE_ADDR; billing's schema migrated). No billing process needs to run: the command
 * writes billing's account and its event, and auth applies it.
 */
export async function grantPlan(env, { email, userId, tier }) {
  // The command never calls media-render; billing's config only needs an address for it.
  const billingEnv = serverEnv({ MEDIA_SERVICE_ADDR: '127.0.0.1:1', ...env, LOG_LEVEL: 'warn' });
  await migrateBilling(loadBillingConfig(billingEnv));
  await promisify(execFile)(process.execPath, [BILLING_ADMIN, 'set-tier', '--email', email, '--user-id', userId, '--tier', tier, '--wait'], { env: billingEnv, timeout: 30_000 });
}

/** Deletes every Redis key of a createTestInfra namespace (BullMQ queues, rate-limit counters). */
export async function removeRedisKeys(infra, log) {
  try {
    const redis = createRedis(infra.redisUrl);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${infra.namespace}:*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
    redis.disconnect();
  } catch (e) {
    log(`removing the Redis keys: ${e}`);
  }
}

/**
 * The stack of one run, started by `start` in `children` (../lib/children.mjs); `cleanup` removes
 * what it made (stop the children first). `env.auth|project|generator|media|translation|gateway`
 * add settings per service. `translation: true` also starts the translation service (its API and
 * the `translate` worker), whose address the gateway and media-render then get; without it they
 * get an address where nothing listens, as no other bench calls it.
 */
export function createStack({ children, log }) {
  let infra;
  let storageDir;

  async function start({ label, env = {}, translation = false }) {
    infra = await createTestInfra(label);
    storageDir = mkdtempSync(join(tmpdir(), 'tw-bench-storage-'));
    const database = decodeURIComponent(new URL(infra.databaseUrl).pathname.slice(1));
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const common = { DATABASE_URL: infra.databaseUrl, REDIS_URL: infra.redisUrl, NATS_URL: infra.natsUrl, NAMESPACE: infra.namespace, STORAGE_DIR: storageDir };

    const authEnv = serverEnv({ ...common, AUTH_GRPC_PORT: '0', AUTH_JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), ...env.auth });
    await migrateAuth(loadAuthConfig(authEnv));
    const auth = await children.start(GATEWAY_SERVERS, 'auth', 'auth', authEnv);
    const authAddr = { AUTH_SERVICE_ADDR: `127.0.0.1:${auth.port}` };

    const projectEnv = serverEnv({ ...common, ...authAddr, PROJECT_GRPC_PORT: '0', ...env.project });
    await migrateProject(loadProjectConfig(projectEnv));
    const project = await children.start(PROJECT_SERVERS, 'project', 'project', projectEnv);
    const projectAddr = { PROJECT_SERVICE_ADDR: `127.0.0.1:${project.port}` };

    // LLM_BASE_URL empty: the offline engine, whatever this shell has set.
    const generatorEnv = serverEnv({ ...common, ...authAddr, ...projectAddr, GENERATOR_GRPC_PORT: '0', LLM_BASE_URL: '', GENERATE_WORKER: 'true', ...env.generator });
    await migrateGenerator(loadGeneratorConfig(generatorEnv));
    const generator = await children.start(GENERATOR_SERVERS, 'generator', 'generator', generatorEnv);

    let translator = null;
    if (translation) {
      // Imported only here: the benches that do not translate load nothing of it.
      const { loadTranslationConfig, migrateTranslation } = await import('@trainwright/translation');
      const translationEnv = serverEnv({ ...common, ...authAddr, ...projectAddr, TRANSLATION_GRPC_PORT: '0', ...env.translation });
      await migrateTranslation(loadTranslationConfig(translationEnv));
      translator = await children.start(TRANSLATION_SERVERS, 'translation', 'translation', translationEnv);
    }
    const translationAddr = { TRANSLATION_SERVICE_ADDR: translator ? `127.0.0.1:${translator.port}` : '127.0.0.1:1' };

    // The API only: uploads ask it for the owner's stored renders (the plan's storage).
    const mediaEnv = serverEnv({ ...common, ...authAddr, ...projectAddr, MEDIA_GRPC_PORT: '0', RENDER_WORKER: 'false', ...translationAddr, ...env.media });
    await migrateMedia(loadMediaConfig(mediaEnv));
    const media = await children.start(MEDIA_SERVERS, 'media', 'media', mediaEnv);

    const gateway = await children.start(
      GATEWAY_SERVERS,
      'gateway',
      'gateway',
      serverEnv({
        ...common,
        ...authAddr,
        ...projectAddr,
        GENERATOR_SERVICE_ADDR: `127.0.0.1:${generator.port}`,
        // Generation ends at the hand-off to rendering: no render worker runs here.
        MEDIA_SERVICE_ADDR: `127.0.0.1:${media.port}`,
        // No bench calls billing; the gateway only needs an address.
        BILLING_SERVICE_ADDR: '127.0.0.1:1',
        SCORM_SERVICE_ADDR: '127.0.0.1:1',
        ...translationAddr,
        AUTH_JWT_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        GATEWAY_PORT: '0',
        ...env.gateway,
      }),
    );
    return {
      infra,
      database,
      common: { ...common, ...authAddr },
      storageDir,
      base: `http://127.0.0.1:${gateway.port}`,
      auth,
      project,
      generator,
      translation: translator,
      media,
      gateway,
      servers: [gateway, media, ...(translator ? [translator] : []), generator, project, auth],
    };
  }

  async function cleanup() {
    if (infra) {
      await removeNatsStream(infra, log);
      await removeRedisKeys(infra, log);
      await infra.cleanup().catch((e) => log(`dropping ${infra.databaseUrl}: ${e}`));
    }
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
