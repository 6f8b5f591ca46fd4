// Server child processes of the bench runners: fork with logs and optional V8 CPU profiles, wait
// for the {type: 'ready', port} (or {type: 'error', message}) IPC message, stop with {type: 'stop'}
// (SIGKILL after 10 s), and the environment the servers run with.
import { fork } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The children of one run. `logs`: directory for <name>.log (else /dev/null); `cpuProf`: directory
 * for V8 CPU profiles of the children started with `profile`.
 */
export function createChildren({ logs, cpuProf, log }) {
  const children = new Set();
  const logFds = [];
  const forkedAt = {}; // performance.now() at each fork: where a measurement lies in a CPU profile
  let shuttingDown = false;

  function childStdout(name) {
    if (!logs) return 'ignore'; // /dev/null: pino still formats and writes every line
    mkdirSync(logs, { recursive: true });
    const fd = openSync(join(resolve(logs), `${name}.log`), 'w');
    logFds.push(fd);
    return fd;
  }

  /** Forks `script role`; resolves with {child, port, pid, name} once it reports ready. */
  function start(script, role, name, env, { profile = true } = {}) {
    const execArgv = [];
    if (profile && cpuProf) {
      mkdirSync(cpuProf, { recursive: true });
      execArgv.push('--cpu-prof', `--cpu-prof-dir=${resolve(cpuProf)}`, `--cpu-prof-name=${name}-${Date.now()}.cpuprofile`);
    }
    // Node flags for one child, for looking into it: BENCH_NODE_FLAGS_gateway='--trace-gc'.
    const flags = process.env[`BENCH_NODE_FLAGS_${name}`];
    if (flags) execArgv.push(...flags.split(' ').filter(Boolean));
    const child = fork(script, [role], { env, execArgv, stdio: ['ignore', childStdout(name), 'inherit', 'ipc'] });
    child.benchName = name;
    child.forkedAt = performance.now();
    forkedAt[name] = child.forkedAt;
    children.add(child);
    child.once('exit', (code, signal) => {
      children.delete(child);
      if (!shuttingDown && !child.stopping) log(`${name} (pid ${child.pid}) exited unexpectedly (code ${code}, signal ${signal})`);
    });
    return new Promise((resolveReady, reject) => {
      const timer = setTimeout(() => reject(new Error(`${name} did not start within 30 s`)), 30_000);
      child.on('message', (m) => {
        if (m?.type === 'ready') {
          clearTimeout(timer);
          resolveReady({ child, port: m.port, pid: child.pid, name });
        } else if (m?.type === 'error') {
          clearTimeout(timer);
          reject(new Error(`${name} failed to start:\n${m.message}`));
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${name} exited during start-up (code ${code}, signal ${signal})`));
      });
    });
  }

  /** Asks a child to close its servers; SIGKILL if it has not exited after 10 s. */
  function stop(child) {
    child.stopping = true;
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((done) => {
      const timer = setTimeout(() => {
        log(`${child.benchName} did not exit in time; killing pid ${child.pid}`);
        child.kill('SIGKILL');
      }, 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        done();
      });
      if (child.connected) child.send({ type: 'stop' });
      else child.kill('SIGTERM');
    });
  }

  /** Stops every child, clients before the servers they call (children were started servers-first). */
  async function stopAll() {
    shuttingDown = true;
    for (const child of [...children].reverse()) await stop(child).catch((e) => log(`stopping ${child.benchName}: ${e}`));
  }

  function closeLogs() {
    for (const fd of logFds) closeSync(fd);
  }

  return { start, stop, stopAll, closeLogs, forkedAt };
}

/** The environment of a server child: the defaults `npm start` runs with, whatever this shell has set. */
export function serverEnv(extra) {
  const env = { ...process.env };
  for (const key of ['LOG_LEVEL', 'LOG_REQUESTS', 'OTEL_EXPORTER_OTLP_ENDPOINT', 'METRICS_PORT', 'GRPC_DEADLINE_MS', 'NODE_OPTIONS']) delete env[key];
  return { ...env, ...extra };
}
