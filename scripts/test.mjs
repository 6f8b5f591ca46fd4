// npm test: provisions what the suite needs, builds, runs every package's jest suite (unit,
// medium tests against the real PostgreSQL/Redis/NATS, API tests through the gateway), then the
// browser tests against a whole stack started on its own ports, database and namespace.
// First: on a node older than package.json engines (Node 24), re-runs this script on Node 24.
import './lib/ensure-node.mjs';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, build, installDependencies, isolatedStackEnv, log, prepareDatabase, processes, provision, startProcesses, waitFor } from './lib/stack.mjs';
import { recordFailure, reportFailures, runStep } from './lib/steps.mjs';

const args = new Set(process.argv.slice(2));
// Other arguments name browser test files to run (`node scripts/test.mjs --e2e-only translate`); none: all.
const e2ePatterns = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const runUnit = !args.has('--e2e-only');
const runE2e = !args.has('--no-e2e');

provision({ forTests: true });
installDependencies();
build();

if (runUnit) {
  log('unit, medium and API tests');
  // --continue: every package's suite runs and reports, not only those before the first failure.
  await runStep('unit, medium and API tests (turbo)', 'npx', ['turbo', 'run', 'test', '--concurrency=1', '--continue', '--output-logs=full'], {
    cwd: ROOT,
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
  });
}

// Every benchmark once in its smoke mode (seconds each): a bench that no longer runs fails the tests.
if (runUnit && !args.has('--no-bench')) {
  for (const bench of ['gateway', 'projects', 'generate', 'render', 'content', 'translate', 'scorm']) {
    log(`benchmark smoke run: bench:${bench} --smoke`);
    const status = await runStep(`bench:${bench} --smoke`, 'node', [`scripts/bench/${bench}/run.mjs`, '--smoke'], { cwd: ROOT });
    if (status !== 0) log(`bench:${bench} --smoke FAILED (exit ${status})`);
  }
}

if (runE2e) {
  log('browser tests (headless Chromium) against a fresh stack');
  const { ports, env, keysDir } = await isolatedStackEnv(
    'e2e',
    { web: 13000, gateway: 18080, firstService: 13151 },
    { LOG_LEVEL: 'warn', LOG_REQUESTS: 'false', RATE_LIMIT_REGISTER_MAX: '100', RATE_LIMIT_LOGIN_MAX: '100' },
  );
  await prepareDatabase(env);
  // Fails fast: a process that exits three times within 10 s of its start stops the stack.
  const stack = await startProcesses(await processes(env, ports), { giveUp: { exits: 3, withinMs: 10_000 } });
  let gaveUp = null;
  const stopped = stack.result.then(() => Promise.reject(new Error('the stack stopped')), (error) => Promise.reject((gaveUp = error)));
  stopped.catch(() => undefined);
  try {
    await Promise.race([
      stopped,
      (async () => {
        await waitFor(`http://127.0.0.1:${ports.gateway}/api/health`);
        await waitFor(`http://127.0.0.1:${ports.web}/healthcheck`, { ok: (r) => r.status < 500 });
      })(),
    ]);
    await runStep(
      'browser tests',
      'node',
      ['--experimental-vm-modules', '../node_modules/jest/bin/jest.js', '--config', 'jest.e2e.config.js', '--runInBand', ...e2ePatterns],
      // The browser tests run operator commands (set-tier) against the stack with its settings.
      { cwd: join(ROOT, 'web'), env: { ...env, E2E_BASE_URL: `http://localhost:${ports.web}` } },
    );
    if (gaveUp) throw gaveUp;
  } catch (error) {
    log(String(error));
    recordFailure('browser tests stack', String(error));
  } finally {
    await stack.stop();
    const { dropDatabase } = await import('@trainwright/platform');
    await dropDatabase(env.DATABASE_URL).catch(() => undefined);
    rmSync(keysDir, { recursive: true, force: true });
    rmSync(env.STORAGE_DIR, { recursive: true, force: true });
  }
}

// The supervisor under fault: a whole stack of its own, each process SIGKILLed in turn while a
// narrated video generates and renders (scripts/fault-injection.test.mjs, about 2 minutes).
if (runE2e && !args.has('--no-fault')) {
  log('fault injection: every process killed in turn during a generation and a video render');
  const status = await runStep('fault injection', 'node', ['scripts/fault-injection.test.mjs'], { cwd: ROOT });
  if (status !== 0) log(`fault injection FAILED (exit ${status})`);
}

const failed = reportFailures();
log(failed ? 'tests FAILED' : 'all tests passed');
process.exit(failed ? 1 : 0);
