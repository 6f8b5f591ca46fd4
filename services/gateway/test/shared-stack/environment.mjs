// The gateway tests' jest environment: jest's node environment, plus the stacks the test files use
// (harness.ts). Jest loads this module once per worker process, outside the test files' module
// registries: the services are loaded natively once per worker, and this worker's shared stack
// (sharedHarness) outlives each file and serves the next. Files with settings of their own get a
// stack started here too (startHarness) and close it themselves. Node runs harness.ts itself here
// (type stripping). Each stack is written down for teardown.mjs, which removes what is left once
// every worker is done.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TestEnvironment } from 'jest-environment-node';

let shared = null;
const gateways = new Set();

// A worker is ended with process.exit: no gateway child may outlive it.
process.once('exit', () => {
  for (const pid of gateways) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

async function startStack(label, overrides) {
  const { startStack: start } = await import('../harness.ts');
  const h = await start(label, overrides);
  gateways.add(h.gatewayPid);
  const dir = process.env.TW_SHARED_STACKS_DIR;
  const record = dir && join(dir, `${process.pid}-${h.gatewayPid}.json`);
  if (record) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(record, JSON.stringify({ gatewayPid: h.gatewayPid, databaseUrl: h.infra.databaseUrl, redisUrl: h.infra.redisUrl, natsUrl: h.infra.natsUrl, namespace: h.infra.namespace, dirs: [h.storageDir, h.scratchDir] }));
  }
  return h;
}

async function startShared() {
  const { SHARED_SETTINGS } = await import('../harness.ts');
  const h = await startStack(`shared_w${process.env.JEST_WORKER_ID ?? 0}`, SHARED_SETTINGS);
  return { ...h, close: async () => undefined };
}

export default class SharedStackEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    this.global.__twSharedStack = () => (shared ??= startShared());
    this.global.__twStartStack = startStack;
  }
}
