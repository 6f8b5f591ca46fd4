// The gateway tests' jest environment: jest's node environment, plus this worker's one shared
// stack (harness.ts sharedHarness). Jest loads this module once per worker process, outside the
// test files' module registries, so the stack it starts outlives each file and serves the next.
// Node runs harness.ts itself here (type stripping); the stack is written down for teardown.mjs,
// which removes it once every worker is done.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TestEnvironment } from 'jest-environment-node';

let shared = null;

async function startShared() {
  const { startHarness, SHARED_SETTINGS } = await import('../harness.ts');
  const h = await startHarness(`shared_w${process.env.JEST_WORKER_ID ?? 0}`, SHARED_SETTINGS);
  // The worker is ended with process.exit: the gateway child must not outlive it.
  process.once('exit', () => {
    try {
      process.kill(h.gatewayPid, 'SIGKILL');
    } catch {
      // already gone
    }
  });
  const dir = process.env.TW_SHARED_STACKS_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    const record = { gatewayPid: h.gatewayPid, databaseUrl: h.infra.databaseUrl, redisUrl: h.infra.redisUrl, natsUrl: h.infra.natsUrl, namespace: h.infra.namespace, dirs: [h.storageDir, h.scratchDir] };
    writeFileSync(join(dir, `${process.pid}.json`), JSON.stringify(record));
  }
  return { ...h, close: async () => undefined };
}

export default class SharedStackEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    this.global.__twSharedStack = () => (shared ??= startShared());
  }
}
