// npm test: provisions what the suite needs, builds, runs every package's jest suite (unit,
// medium tests against the real PostgreSQL/Redis/NATS, API tests through the gateway), then the
// browser tests against a whole stack started on its own ports, database and namespace.
// First: on a node older than package.json engines (Node 24), re-runs this script on Node 24.
import './lib/ensure-node.mjs';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, build, ensureKeys, installDependencies, log, prepareDatabase, processes, provision, stackEnv, stackPorts, startProcesses, waitFor } from './lib/stack.mjs';

const args = new Set(process.argv.slice(2));
const runUnit = !args.has('--e2e-only');
const runE2e = !args.has('--no-e2e');

provision({ forTests: true });
installDependencies();
build();

let failed = false;

if (runUnit) {
  log('unit, medium and API tests');
  const result = spawnSync('npx', ['turbo', 'run', 'test', '--concurrency=1', '--output-logs=full'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
  });
  failed ||= result.status !== 0;
}

// Every benchmark once in its smoke mode (seconds each): a bench that no longer runs fails the tests.
if (runUnit && !args.has('--no-bench')) {
  for (const bench of ['gateway', 'projects', 'generate', 'render']) {
    log(`benchmark smoke run: bench:${bench} --smoke`);
    const result = spawnSync('node', [`scripts/bench/${bench}/run.mjs`, '--smoke'], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) log(`bench:${bench} --smoke FAILED (exit ${result.status})`);
    failed ||= result.status !== 0;
  }
}

if (runE2e) {
  log('browser tests (headless Chromium) against a fresh stack');
  const id = `${process.pid}`;
  const keysDir = mkdtempSync(join(tmpdir(), 'tw-e2e-keys-'));
  const ports = stackPorts({ web: 13000, gateway: 18080, auth: 50151, project: 50152, generator: 50153, media: 50154, authMetrics: 0, projectMetrics: 0, generatorMetrics: 0, mediaMetrics: 0, renderMetrics: 0 });
  const env = stackEnv({
    database: `tw_e2e_${id}`,
    namespace: `e2e_${id}`,
    ports,
    keys: ensureKeys(keysDir),
    extra: { LOG_LEVEL: 'warn', LOG_REQUESTS: 'false', RATE_LIMIT_REGISTER_MAX: '100', RATE_LIMIT_LOGIN_MAX: '100' },
  });
  await prepareDatabase(env);
  const { commands, result } = await startProcesses(processes(env, ports));
  result.catch(() => undefined);
  try {
    await waitFor(`http://127.0.0.1:${ports.gateway}/api/health`);
    await waitFor(`http://127.0.0.1:${ports.web}/healthcheck`, { ok: (r) => r.status < 500 });
    const e2e = spawnSync(
      'node',
      ['--experimental-vm-modules', '../node_modules/jest/bin/jest.js', '--config', 'jest.e2e.config.js', '--runInBand'],
      // The browser tests run operator commands (set-tier) against the stack with its settings.
      { cwd: join(ROOT, 'web'), stdio: 'inherit', env: { ...env, E2E_BASE_URL: `http://localhost:${ports.web}` } },
    );
    failed ||= e2e.status !== 0;
  } catch (error) {
    log(String(error));
    failed = true;
  } finally {
    for (const command of commands) command.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    // Whatever did not stop (remix-serve waiting on an open event stream) is stopped for good.
    for (const command of commands) if (command.state !== 'exited') command.kill('SIGKILL');
    const { dropDatabase } = await import('@trainwright/platform');
    await dropDatabase(env.DATABASE_URL).catch(() => undefined);
    rmSync(keysDir, { recursive: true, force: true });
    rmSync(env.STORAGE_DIR, { recursive: true, force: true });
  }
}

log(failed ? 'tests FAILED' : 'all tests passed');
process.exit(failed ? 1 : 0);
