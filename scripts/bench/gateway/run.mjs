// npm run bench:gateway -- [options]
//
// Measures, with autocannon in this process and every server in its own child process:
//   (a) a bare Fastify route making one unary grpc-js call to a no-op gRPC server (the floor), and
//   (b) the real authenticated GET /api/auth/me: gateway -> auth service (gRPC) -> PostgreSQL,
// then prints req/s, p50 and p99 of both, the ratio b/a and whether the goals are met
// (b/a >= 0.70, p99 of b <= 30 ms).
//
// Servers run with the settings `npm start` uses (LOG_LEVEL info, request logging on); their logs
// go to /dev/null unless --logs DIR is given. A fresh database (createTestInfra) is created, one
// user is registered through POST /api/auth/register, and everything is removed at the end.
//
// Options:
//   --duration S        seconds measured per scenario (10)
//   --connections N     autocannon connections (50)
//   --warmup S          seconds of unmeasured load before each measurement (2)
//   --rounds N          repeat a, b (, b') N times, interleaved; goals use the medians (1)
//   --baseline MODE     split: no-op gRPC server and Fastify route in two processes, like gateway
//                       and auth (default); single: both in one process
//   --compare-logging   also measure b with LOG_REQUESTS=false (scenario b')
//   --rate R            also measure a and b at a fixed offered load of R req/s (scenarios a@R, b@R):
//                       latency below saturation. Open loop: evenly spaced arrivals over up to
//                       --connections keep-alive sockets, latency counted from the scheduled send
//                       time (autocannon's own rate limit sends a burst at every second boundary).
//   --decompose         also measure the two halves: g = real gateway -> no-op gRPC server, and
//                       h = bare Fastify route -> real auth service + PostgreSQL
//   --wait-idle S       wait up to S seconds for other processes to go quiet first (60; 0 = no)
//   --retries N         repeat a measurement during which other processes used more than 25% of
//                       a core, after waiting for quiet again, at most N times (2)
//   --cpu-prof DIR      write V8 CPU profiles of the gateway and auth processes to DIR
//                       (summarise with profile-summary.mjs)
//   --logs DIR          write the servers' logs to DIR/<name>.log instead of /dev/null
//   --json FILE         also write every figure as JSON
//   --strict            exit 2 when a goal is missed
//
// The cpu column is CPU time during the measurement in % of one core and in microseconds per
// request: autocannon (this process), each server, the PostgreSQL backends of the bench database,
// and `others` = every other process on the machine (a large value means the figures are
// disturbed by something else running). cpu/req is the sum without `others`.
// Exit code: 1 on a failed set-up or any error/non-2xx answer, 2 with --strict on a missed goal.
import { fork } from 'node:child_process';
import http from 'node:http';
import { generateKeyPairSync } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { EventBus, createLogger } from '@trainwright/platform';
import { createTestInfra } from '@trainwright/platform/testing';
import { loadAuthConfig, migrateAuth } from '@trainwright/auth';

const HERE = dirname(fileURLToPath(import.meta.url));
const SERVERS = join(HERE, 'servers.mjs');
const GOAL_RATIO = 0.7;
const GOAL_P99_MS = 30;
const NCPU = cpus().length;

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '1' },
    baseline: { type: 'string', default: 'split' },
    'compare-logging': { type: 'boolean', default: false },
    decompose: { type: 'boolean', default: false },
    rate: { type: 'string' },
    'wait-idle': { type: 'string', default: '60' },
    retries: { type: 'string', default: '2' },
    'cpu-prof': { type: 'string' },
    logs: { type: 'string' },
    json: { type: 'string' },
    strict: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (opts.help) {
  const text = readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n');
  console.log(text.slice(0, text.findIndex((l) => !l.startsWith('//'))).map((l) => l.slice(3)).join('\n'));
  process.exit(0);
}

const log = (message) => process.stderr.write(`[bench] ${message}\n`);
function usage(message) {
  log(message);
  process.exit(1);
}

const duration = Number(opts.duration);
const connections = Number(opts.connections);
const warmup = Number(opts.warmup);
const rounds = Number(opts.rounds);
const waitIdle = Number(opts['wait-idle']);
const retries = Number(opts.retries);
const rate = opts.rate === undefined ? undefined : Number(opts.rate);
const DISTURBED = 25; // % of one core used by other processes during a measurement
if (!(duration >= 1)) usage('--duration must be >= 1');
if (!(Number.isInteger(connections) && connections >= 1)) usage('--connections must be a positive integer');
if (!(warmup >= 0)) usage('--warmup must be >= 0');
if (!(Number.isInteger(rounds) && rounds >= 1 && rounds <= 20)) usage('--rounds must be 1..20');
if (!(waitIdle >= 0)) usage('--wait-idle must be >= 0');
if (!(Number.isInteger(retries) && retries >= 0 && retries <= 5)) usage('--retries must be 0..5');
if (rate !== undefined && !(rate >= 1)) usage('--rate must be >= 1 (requests per second)');
if (!['split', 'single'].includes(opts.baseline)) usage('--baseline must be split or single');

// ---------------------------------------------------------------- child processes

const children = new Set();
const logFds = [];

function childStdout(name) {
  if (!opts.logs) return 'ignore'; // /dev/null: pino still formats and writes every line
  mkdirSync(opts.logs, { recursive: true });
  const fd = openSync(join(resolve(opts.logs), `${name}.log`), 'w');
  logFds.push(fd);
  return fd;
}

/** Forks servers.mjs <role>; resolves with {child, port, pid, name} once it reports ready. */
function startChild(role, name, env, { profile = false } = {}) {
  const execArgv = [];
  if (profile && opts['cpu-prof']) {
    mkdirSync(opts['cpu-prof'], { recursive: true });
    execArgv.push('--cpu-prof', `--cpu-prof-dir=${resolve(opts['cpu-prof'])}`, `--cpu-prof-name=${name}-${Date.now()}.cpuprofile`);
  }
  const child = fork(SERVERS, [role], { env, execArgv, stdio: ['ignore', childStdout(name), 'inherit', 'ipc'] });
  child.benchName = name;
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
function stopChild(child) {
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

// ---------------------------------------------------------------- CPU accounting (Linux /proc)

const TICK = 100; // USER_HZ

function readStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { comm, ticks: Number(fields[11]) + Number(fields[12]) }; // utime + stime
  } catch {
    return undefined;
  }
}

/** utime+stime of the PostgreSQL backends serving `database` (their title names it). */
function postgresTicks(database) {
  const out = new Map();
  if (!database) return out;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const s = readStat(pid);
    if (s?.comm !== 'postgres') continue;
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `)) out.set(pid, s.ticks);
    } catch {
      // gone already
    }
  }
  return out;
}

/** Busy and total ticks of the whole machine. */
function machineTicks() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const total = f.reduce((a, b) => a + b, 0);
  return { busy: total - f[3] - f[4], total };
}

/** Starts measuring; the returned function gives CPU % of one core per process group. */
function cpuMeter(procs, database) {
  const t0 = process.hrtime.bigint();
  const self0 = process.cpuUsage();
  const child0 = procs.map((p) => readStat(p.pid)?.ticks);
  const pg0 = postgresTicks(database);
  const m0 = machineTicks();
  return () => {
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const self = process.cpuUsage(self0);
    const m1 = machineTicks();
    const pct = (ticks) => (ticks / TICK / seconds) * 100;
    const result = { autocannon: ((self.user + self.system) / 1e6 / seconds) * 100 };
    procs.forEach((p, i) => {
      const now = readStat(p.pid)?.ticks;
      if (now !== undefined && child0[i] !== undefined) result[p.name] = pct(now - child0[i]);
    });
    if (database) {
      let pg = 0;
      for (const [pid, ticks] of postgresTicks(database)) pg += ticks - (pg0.get(pid) ?? 0);
      result.postgres = pct(pg);
    }
    // Machine busy time in % of one core, minus what is accounted for above.
    const machine = ((m1.busy - m0.busy) / (m1.total - m0.total)) * NCPU * 100;
    const ours = Object.values(result).reduce((a, b) => a + b, 0);
    result.others = Math.max(0, machine - ours);
    for (const k of Object.keys(result)) result[k] = Math.round(result[k]);
    return result;
  };
}

async function machineBusyPct(ms) {
  const m0 = machineTicks();
  await new Promise((r) => setTimeout(r, ms));
  const m1 = machineTicks();
  return ((m1.busy - m0.busy) / (m1.total - m0.total)) * NCPU * 100;
}

/** Waits (bounded) until the rest of the machine uses less than 20% of one core for 3 s. */
async function waitForQuiet(seconds) {
  const until = Date.now() + seconds * 1000;
  let busy = await machineBusyPct(3000);
  while (busy > 20 && Date.now() < until) {
    log(`other processes use ${Math.round(busy)}% of one core; waiting for quiet (up to ${Math.round((until - Date.now()) / 1000)} s more)`);
    busy = await machineBusyPct(3000);
  }
  if (busy > 20) log(`WARNING: the machine is not idle (${Math.round(busy)}% of one core busy); figures will be disturbed`);
  return Math.round(busy);
}

// ---------------------------------------------------------------- load

function cannon(options) {
  return new Promise((done, reject) => {
    const instance = autocannon({ connections, ...options }, (error, result) => (error ? reject(error) : done(result)));
    instance.on('error', reject);
  });
}

/** Measures once, again (after waiting for quiet) while other processes disturbed it. */
async function measure(...args) {
  let result;
  for (let attempt = 0; ; attempt++) {
    result = await measureOnce(...args);
    result.attempts = attempt + 1;
    if (result.cpu.others <= DISTURBED || attempt >= retries) return result;
    log(`round ${result.round} ${result.scenario}: other processes used ${result.cpu.others}% of a core meanwhile; measuring again`);
    if (waitIdle > 0) await waitForQuiet(waitIdle);
  }
}

/** Open-loop load: `perSecond` evenly spaced requests; answers the autocannon result fields used here. */
function openLoop({ url, headers, duration: seconds, perSecond }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const total = Math.round(perSecond * seconds);
  const latencies = [];
  const counts = { ok: 0, non2xx: 0, errors: 0 };
  let sent = 0;
  let done = 0;
  const start = performance.now();
  return new Promise((finish) => {
    const complete = () => {
      if (++done < total) return;
      clearInterval(ticker);
      agent.destroy();
      latencies.sort((x, y) => x - y);
      const pct = (q) => (latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] * 10) / 10 : NaN);
      const elapsed = (performance.now() - start) / 1000;
      finish({
        requests: { average: latencies.length / Math.max(seconds, elapsed), total: latencies.length },
        latency: { p50: pct(0.5), p90: pct(0.9), p99: pct(0.99), max: pct(1), average: latencies.reduce((a, b) => a + b, 0) / (latencies.length || 1) },
        errors: counts.errors,
        timeouts: 0,
        non2xx: counts.non2xx,
        '2xx': counts.ok,
      });
    };
    const fire = (scheduled) => {
      let settled = false;
      const settle = (outcome) => {
        if (settled) return;
        settled = true;
        if (outcome !== 'errors') latencies.push(performance.now() - scheduled);
        counts[outcome]++;
        complete();
      };
      const req = http.request({ host: target.hostname, port: target.port, path: target.pathname, headers, agent, timeout: 10_000 }, (res) => {
        res.resume();
        res.on('end', () => settle(res.statusCode >= 200 && res.statusCode < 300 ? 'ok' : 'non2xx'));
        res.on('error', () => settle('errors'));
        res.on('aborted', () => settle('errors'));
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => settle('errors'));
      req.end();
    };
    // Timers have ~1 ms resolution: every tick sends whatever is due by now, each counted from its
    // own scheduled time, so a late generator shows up as latency rather than vanishing.
    const ticker = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * perSecond) + 1);
      while (sent < due) fire(start + (sent++ * 1000) / perSecond);
    }, 1);
  });
}

async function measureOnce(scenario, label, url, headers, procs, database, round, perSecond) {
  const load = (seconds) => (perSecond ? openLoop({ url, headers, duration: seconds, perSecond }) : cannon({ url, headers, duration: seconds }));
  if (warmup > 0) {
    log(`round ${round} ${scenario}: warm-up ${warmup} s`);
    await load(warmup);
  }
  log(`round ${round} ${scenario}: measuring ${duration} s at ${perSecond ? `${perSecond} req/s offered (open loop)` : `${connections} connections`}`);
  const stopMeter = cpuMeter(procs, database);
  const r = await load(duration);
  const cpu = stopMeter();
  return {
    scenario,
    label,
    round,
    rps: r.requests.average,
    total: r.requests.total,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    mean: r.latency.average,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    ok: r['2xx'],
    cpu,
  };
}

async function expectOk(url, init, status = 200) {
  const response = await fetch(url, init);
  const text = await response.text();
  if (response.status !== status) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${response.status} (expected ${status}): ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : undefined;
}

// ---------------------------------------------------------------- shutdown

const scenarioCount = 2 + (opts['compare-logging'] ? 1 : 0) + (opts.decompose ? 2 : 0) + (rate ? 2 : 0);
const budgetMs = (120 + waitIdle + rounds * scenarioCount * (retries + 1) * (warmup + duration + 15 + (retries > 0 ? waitIdle : 0))) * 1000;
const watchdog = setTimeout(() => {
  log(`the run exceeded its time budget (${Math.round(budgetMs / 1000)} s); stopping`);
  void shutdown(1);
}, budgetMs);
watchdog.unref();

let infra;
let shuttingDown = false;
async function shutdown(code) {
  if (shuttingDown) return;
  shuttingDown = true;
  // Clients before the servers they call: children were started servers-first.
  for (const child of [...children].reverse()) await stopChild(child).catch((e) => log(`stopping ${child.benchName}: ${e}`));
  if (infra) {
    try {
      const bus = await EventBus.connect({ url: infra.natsUrl, namespace: infra.namespace, logger: createLogger('bench', 'silent') });
      await bus.destroy();
      await bus.close();
    } catch (e) {
      log(`removing the NATS stream: ${e}`);
    }
    await infra.cleanup().catch((e) => log(`dropping ${infra.databaseUrl}: ${e}`));
  }
  for (const fd of logFds) closeSync(fd);
  process.exit(code);
}
process.once('SIGINT', () => void shutdown(130));
process.once('SIGTERM', () => void shutdown(143));

function serverEnv(extra) {
  const env = { ...process.env };
  // Measure the defaults `npm start` runs with, whatever this shell has set.
  for (const key of ['LOG_LEVEL', 'LOG_REQUESTS', 'OTEL_EXPORTER_OTLP_ENDPOINT', 'METRICS_PORT', 'GRPC_DEADLINE_MS', 'NODE_OPTIONS']) delete env[key];
  return { ...env, ...extra };
}

// ---------------------------------------------------------------- the run

const results = [];
let exitCode = 0;
let idleBefore;
try {
  log(`${NCPU} CPUs, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}; node ${process.version}`);

  // (a) the floor: bare Fastify + one unary grpc-js call to a no-op server.
  let baseline;
  let noopGrpc; // a no-op gRPC server in its own process (split mode, or for --decompose)
  if (opts.baseline === 'split' || opts.decompose) noopGrpc = await startChild('noop-grpc', 'noop-grpc', serverEnv({}));
  if (opts.baseline === 'split') {
    const route = await startChild('baseline-http', 'baseline-http', serverEnv({ BASELINE_GRPC_ADDR: `127.0.0.1:${noopGrpc.port}` }));
    baseline = [route, noopGrpc];
  } else {
    baseline = [await startChild('baseline', 'baseline', serverEnv({}))];
  }
  const baselineUrl = `http://127.0.0.1:${baseline[0].port}/baseline`;
  await expectOk(baselineUrl);

  // (b) the real thing, against a fresh database.
  infra = await createTestInfra('bench_gateway');
  const database = decodeURIComponent(new URL(infra.databaseUrl).pathname.slice(1));
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const common = { DATABASE_URL: infra.databaseUrl, REDIS_URL: infra.redisUrl, NATS_URL: infra.natsUrl, NAMESPACE: infra.namespace };
  const authEnv = serverEnv({ ...common, AUTH_GRPC_PORT: '0', AUTH_JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() });
  await migrateAuth(loadAuthConfig(authEnv));
  const auth = await startChild('auth', 'auth', authEnv, { profile: true });
  const gatewayEnv = (extra = {}) =>
    serverEnv({
      ...common,
      AUTH_SERVICE_ADDR: `127.0.0.1:${auth.port}`,
      AUTH_JWT_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      GATEWAY_PORT: '0',
      ...extra,
    });
  const gateway = await startChild('gateway', 'gateway', gatewayEnv(), { profile: true });
  const gatewayNolog = opts['compare-logging']
    ? await startChild('gateway', 'gateway-nolog', gatewayEnv({ LOG_REQUESTS: 'false' }), { profile: true })
    : undefined;

  const email = `bench.${Date.now()}@example.com`;
  const session = await expectOk(
    `http://127.0.0.1:${gateway.port}/api/auth/register`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench User', company: 'Bench Co', email, password: 'bench-password-123' }),
    },
    201,
  );
  const headers = { authorization: `Bearer ${session.token}` };
  // --decompose: the real gateway in front of the no-op server, and a bare route in front of auth.
  const gatewayNoop = opts.decompose
    ? await startChild('gateway', 'gateway-noop', gatewayEnv({ AUTH_SERVICE_ADDR: `127.0.0.1:${noopGrpc.port}` }), { profile: true })
    : undefined;
  const fastifyAuth = opts.decompose
    ? await startChild('baseline-http', 'fastify-auth', serverEnv({ BASELINE_GRPC_ADDR: `127.0.0.1:${auth.port}`, BASELINE_USER_ID: session.user.id }))
    : undefined;
  if (fastifyAuth) {
    const me = await expectOk(`http://127.0.0.1:${fastifyAuth.port}/baseline`);
    if (me.email !== email) throw new Error(`the bare route answered another user: ${JSON.stringify(me)}`);
  }
  for (const g of [gateway, gatewayNolog, gatewayNoop].filter(Boolean)) {
    const me = await expectOk(`http://127.0.0.1:${g.port}/api/auth/me`, { headers });
    if (g !== gatewayNoop && me.email !== email) throw new Error(`GET /api/auth/me answered another user: ${JSON.stringify(me)}`);
  }
  log(`servers ready: ${[...new Set([...baseline, noopGrpc, auth, gateway, gatewayNolog, gatewayNoop, fastifyAuth])].filter(Boolean).map((p) => `${p.name} pid ${p.pid}`).join(', ')}`);

  if (waitIdle > 0) idleBefore = await waitForQuiet(waitIdle);

  for (let round = 1; round <= rounds; round++) {
    results.push(await measure('a', 'a  fastify + 1 gRPC call (no-op)', baselineUrl, {}, baseline, undefined, round));
    results.push(await measure('b', 'b  GET /api/auth/me', `http://127.0.0.1:${gateway.port}/api/auth/me`, headers, [gateway, auth], database, round));
    if (gatewayNolog) {
      results.push(
        await measure("b'", "b' GET /api/auth/me, LOG_REQUESTS=false", `http://127.0.0.1:${gatewayNolog.port}/api/auth/me`, headers, [gatewayNolog, auth], database, round),
      );
    }
    if (rate) {
      results.push(await measure(`a@${rate}`, `a  at ${rate} req/s offered`, baselineUrl, {}, baseline, undefined, round, rate));
      results.push(await measure(`b@${rate}`, `b  at ${rate} req/s offered`, `http://127.0.0.1:${gateway.port}/api/auth/me`, headers, [gateway, auth], database, round, rate));
    }
    if (opts.decompose) {
      results.push(await measure('g', 'g  gateway /api/auth/me -> no-op gRPC', `http://127.0.0.1:${gatewayNoop.port}/api/auth/me`, headers, [gatewayNoop, noopGrpc], undefined, round));
      results.push(await measure('h', 'h  fastify + 1 gRPC call -> real auth', `http://127.0.0.1:${fastifyAuth.port}/baseline`, {}, [fastifyAuth, auth], database, round));
    }
  }
} catch (error) {
  log(`FAILED: ${error?.stack ?? error}`);
  exitCode = 1;
}

// ---------------------------------------------------------------- report

const median = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

if (results.length > 0) {
  const rows = [['scenario', ...(rounds > 1 ? ['round'] : []), 'req/s', 'p50', 'p99', 'errors', 'non-2xx', 'cpu/req', 'cpu: % of one core (us per request)']];
  for (const r of results) {
    const perReq = (pct) => Math.round((pct / 100 / r.rps) * 1e6);
    const ours = Object.entries(r.cpu).filter(([k]) => k !== 'others');
    const cpu = [...ours.map(([k, v]) => `${k} ${v}% (${perReq(v)})`), `others ${r.cpu.others}%`].join(', ');
    const total = perReq(ours.reduce((sum, [, v]) => sum + v, 0));
    rows.push([r.label, ...(rounds > 1 ? [String(r.round)] : []), r.rps.toFixed(0), `${r.p50} ms`, `${r.p99} ms`, String(r.errors), String(r.non2xx), `${total} us`, cpu]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row) => row.map((cell, i) => (i === 0 || i === row.length - 1 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ').trimEnd();
  console.log('');
  console.log(
    `gateway benchmark ${new Date().toISOString()}: ${connections} connections, ${duration} s per scenario after ${warmup} s warm-up, ` +
      `${rounds} round(s), baseline ${opts.baseline}, ${NCPU} CPUs, node ${process.version}` +
      (idleBefore === undefined ? '' : `, other load before start ${idleBefore}% of one core`),
  );
  console.log(line(rows[0]));
  for (const row of rows.slice(1)) console.log(line(row));

  const of = (s) => results.filter((r) => r.scenario === s);
  const a = of('a');
  const b = of('b');
  if (a.length > 0 && b.length > 0) {
    const ratios = b.map((r, i) => r.rps / (a[i] ?? a.at(-1)).rps);
    const ratio = median(ratios);
    const p99 = median(b.map((r) => r.p99));
    const ratioOk = ratio >= GOAL_RATIO;
    const p99Ok = p99 <= GOAL_P99_MS;
    const m = rounds > 1 ? 'median ' : '';
    console.log('');
    if (rounds > 1) console.log(`ratios per round: ${ratios.map((x) => x.toFixed(2)).join(', ')}`);
    console.log(`${m}ratio b/a = ${ratio.toFixed(2)} (goal >= ${GOAL_RATIO.toFixed(2)})  ${ratioOk ? 'PASS' : 'MISS'}`);
    console.log(`${m}p99 of b = ${p99} ms (goal <= ${GOAL_P99_MS} ms)  ${p99Ok ? 'PASS' : 'MISS'}`);
    const bl = of("b'");
    if (bl.length > 0) {
      console.log(`request logging: b' (LOG_REQUESTS=false) / b = ${(median(bl.map((r) => r.rps)) / median(b.map((r) => r.rps))).toFixed(2)}x req/s, p99 ${median(bl.map((r) => r.p99))} ms vs ${p99} ms`);
    }
    const disturbed = results.filter((r) => r.cpu.others > DISTURBED);
    if (disturbed.length > 0) {
      console.log(`WARNING: other processes used > ${DISTURBED}% of a core during ${disturbed.map((r) => `${r.scenario}#${r.round}`).join(', ')}; those figures are disturbed`);
    }
    if (opts.strict && (!ratioOk || !p99Ok) && exitCode === 0) exitCode = 2;
  }
  for (const r of results) {
    if (r.errors > 0 || r.non2xx > 0) {
      console.error(`[bench] FAILED: "${r.label.trim()}" (round ${r.round}) had ${r.errors} errors/timeouts and ${r.non2xx} non-2xx answers`);
      exitCode = 1;
    }
  }
  if (opts.json) {
    writeFileSync(
      opts.json,
      `${JSON.stringify({ date: new Date().toISOString(), cpus: NCPU, node: process.version, connections, duration, warmup, rounds, baseline: opts.baseline, idleBefore, results }, null, 2)}\n`,
    );
  }
}

clearTimeout(watchdog);
await shutdown(exitCode);
