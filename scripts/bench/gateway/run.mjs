// npm run bench:gateway -- [options]
//
// Measures, with autocannon in this process and every server in its own child process:
//   (a) a bare Fastify route making one unary grpc-js call to a no-op gRPC server (the floor), and
//   (b) the real authenticated GET /api/auth/me: gateway -> auth service (gRPC) -> PostgreSQL,
// then prints req/s, p50 and p99 of both, the ratio b/a and whether the goals are met
// (issue 31's: b/a >= 0.55, p99 of b <= 30 ms).
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
import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createTestInfra } from '@trainwright/platform/testing';
import { SERVICE_NAMES, addressesEnv } from '@trainwright/platform/service-registry';
import { createChildren, serverEnv } from '../lib/children.mjs';
import { loadOptions, log, parseOptions, printHelpIfAsked, quietOptions, shutdownOnSignals, startWatchdog, usage } from '../lib/cli.mjs';
import { NCPU, cpuMeter, waitForQuiet as waitForQuietMachine } from '../lib/cpu.mjs';
import { GATEWAY_SERVERS, SERVICE_CHILD, unstartedAddresses } from '../lib/stack.mjs';
import { cannon as autocannonRun, cpuCells, expectOk, latencyFields, median, openLoop, outcomeFields, printGoals, printTable, reportFailures, warnDisturbed, withRetries } from '../lib/load.mjs';

const GOAL_RATIO = 0.55;
const GOAL_P99_MS = 30;

const opts = parseOptions({
  baseline: { type: 'string', default: 'split' },
  'compare-logging': { type: 'boolean', default: false },
  decompose: { type: 'boolean', default: false },
  rate: { type: 'string' },
});
printHelpIfAsked(opts, import.meta.url);

const { duration, connections, warmup, rounds } = loadOptions(opts);
const { waitIdle, retries } = quietOptions(opts);
const rate = opts.rate === undefined ? undefined : Number(opts.rate);
if (rate !== undefined && !(rate >= 1)) usage('--rate must be >= 1 (requests per second)');
if (!['split', 'single'].includes(opts.baseline)) usage('--baseline must be split or single');

// ---------------------------------------------------------------- child processes

const children = createChildren({ logs: opts.logs, cpuProf: opts['cpu-prof'], log });
/** Forks ../lib/service-child.mjs <role> for a registry service (auth), else servers.mjs <role>; CPU-profiled (--cpu-prof) only with `profile`. */
const startChild = (role, name, env, { profile = false } = {}) => children.start(SERVICE_NAMES.includes(role) ? SERVICE_CHILD : GATEWAY_SERVERS, role, name, env, { profile });
const waitForQuiet = (seconds) => waitForQuietMachine(seconds, log, 'other processes use');

// ---------------------------------------------------------------- load

const cannon = (options) => autocannonRun({ connections, ...options });

async function measureOnce(scenario, label, url, headers, procs, database, round, perSecond) {
  const load = (seconds) => (perSecond ? openLoop({ url, headers, duration: seconds, perSecond, connections }) : cannon({ url, headers, duration: seconds }));
  if (warmup > 0) {
    log(`round ${round} ${scenario}: warm-up ${warmup} s`);
    await load(warmup);
  }
  log(`round ${round} ${scenario}: measuring ${duration} s at ${perSecond ? `${perSecond} req/s offered (open loop)` : `${connections} connections`}`);
  const stopMeter = cpuMeter(procs, database);
  const r = await load(duration);
  const cpu = stopMeter();
  return { scenario, label, round, ...latencyFields(r), ...outcomeFields(r), cpu };
}

/** Measures once, again (after waiting for quiet) while other processes disturbed it. */
const measure = withRetries(measureOnce, { retries, waitIdle, log, who: 'other processes use' });

// ---------------------------------------------------------------- shutdown

const scenarioCount = 2 + (opts['compare-logging'] ? 1 : 0) + (opts.decompose ? 2 : 0) + (rate ? 2 : 0);
const budgetMs = (120 + waitIdle + rounds * scenarioCount * (retries + 1) * (warmup + duration + 15 + (retries > 0 ? waitIdle : 0))) * 1000;
const watchdog = startWatchdog(budgetMs, shutdown);

let infra;
let shuttingDown = false;
async function shutdown(code) {
  if (shuttingDown) return;
  shuttingDown = true;
  await children.stopAll();
  if (infra) {
    // The run's database, Redis keys and NATS stream.
    await infra.cleanup().catch((e) => log(`dropping ${infra.databaseUrl}: ${e}`));
  }
  children.closeLogs();
  process.exit(code);
}
shutdownOnSignals(shutdown);

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
  const auth = await startChild('auth', 'auth', authEnv, { profile: true });
  const gatewayEnv = (extra = {}) =>
    serverEnv({
      ...common,
      // /api/auth/me calls no other service; the gateway only needs an address for each.
      ...unstartedAddresses(),
      ...addressesEnv({ auth: auth.port }),
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

if (results.length > 0) {
  const rows = [['scenario', ...(rounds > 1 ? ['round'] : []), 'req/s', 'p50', 'p99', 'errors', 'non-2xx', 'cpu/req', 'cpu: % of one core (us per request)']];
  for (const r of results) {
    const { total, cpu } = cpuCells(r);
    rows.push([r.label, ...(rounds > 1 ? [String(r.round)] : []), r.rps.toFixed(0), `${r.p50} ms`, `${r.p99} ms`, String(r.errors), String(r.non2xx), total, cpu]);
  }
  printTable(
    `gateway benchmark ${new Date().toISOString()}: ${connections} connections, ${duration} s per scenario after ${warmup} s warm-up, ` +
      `${rounds} round(s), baseline ${opts.baseline}, ${NCPU} CPUs, node ${process.version}` +
      (idleBefore === undefined ? '' : `, other load before start ${idleBefore}% of one core`),
    rows,
  );

  const of = (s) => results.filter((r) => r.scenario === s);
  const a = of('a');
  const b = of('b');
  if (a.length > 0 && b.length > 0) {
    const { ok, p99 } = printGoals({ rounds, baseRuns: a, subjectRuns: b, ratioName: 'b/a', p99Name: 'b', goalRatio: GOAL_RATIO, goalP99: GOAL_P99_MS });
    const bl = of("b'");
    if (bl.length > 0) {
      console.log(`request logging: b' (LOG_REQUESTS=false) / b = ${(median(bl.map((r) => r.rps)) / median(b.map((r) => r.rps))).toFixed(2)}x req/s, p99 ${median(bl.map((r) => r.p99))} ms vs ${p99} ms`);
    }
    warnDisturbed(results);
    if (opts.strict && !ok && exitCode === 0) exitCode = 2;
  }
  if (reportFailures(results)) exitCode = 1;
  if (opts.json) {
    writeFileSync(
      opts.json,
      `${JSON.stringify({ date: new Date().toISOString(), cpus: NCPU, node: process.version, connections, duration, warmup, rounds, baseline: opts.baseline, idleBefore, results }, null, 2)}\n`,
    );
  }
}

clearTimeout(watchdog);
await shutdown(exitCode);
