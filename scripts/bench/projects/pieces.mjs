// `run.mjs --pieces`: after the scenarios, times the pieces of one GET /api/projects alone, against
// the same servers and data. Each piece runs for 3 s (after 0.5 s warm-up) with 10 calls in flight;
// CPU is counted as in run.mjs (bench = this process, i.e. the client side of the piece).
//
//   gRPC   the project service's ListProjects (everything behind the gateway)
//   HTTP   GET /api/auth/me and GET /api/projects through the gateway at 10 connections
//   SQL    the project repository's own code (pool of 10): a list page with its total, files and
//          statistics in one statement (repository.listPage, a named prepared statement), and the
//          same statement planned for its values on every call (an unnamed statement)
//   local  in this process, per list response: protobuf encode (project service) and decode
//          (gateway), and the gateway's route (mapping + response schema serialisation) through
//          Fastify inject with the gRPC call stubbed
//   EXPLAIN ANALYZE of the page statement, planned for its values (custom plan) and for any values
//          (the generic plan a prepared statement keeps)
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { createDatabase, createGrpcClient } from '@trainwright/platform';
import { ListProjectsResponse, ProjectServiceClient, ProjectServiceService } from '@trainwright/proto/trainwright/project/v1/project';

const PROJECT_DIST = import.meta.resolve('@trainwright/project'); // .../services/project/dist/src/index.js
const GATEWAY_DIST = import.meta.resolve('@trainwright/gateway'); // .../services/gateway/dist/index.js
const { LIST_COLUMNS, ProjectRepository, listStatement } = await import(new URL('./repositories/project.repository.js', PROJECT_DIST));
const { projectRoutes } = await import(new URL('./routes/projects/index.js', GATEWAY_DIST));

const CONCURRENCY = 10;
const SECONDS = 3;

export async function timePieces({ infra, database, auth, project, gateway, userId, companyId, words, base, headers, cpuMeter, log }) {
  const procs = [gateway, project, auth];
  const projectClient = createGrpcClient(ProjectServiceClient, ProjectServiceService, `127.0.0.1:${project.port}`);
  const db = createDatabase({ url: infra.databaseUrl, schema: 'project', maxConnections: CONCURRENCY });
  // A plain pool for the unnamed statement and EXPLAIN.
  const pgPool = new pg.Pool({ connectionString: infra.databaseUrl, max: CONCURRENCY, options: '-c search_path=project,public' });
  const repository = new ProjectRepository(db);
  const rows = [];
  const word = (i) => words[i % words.length];
  const filter = (i) => ({ companyIds: [companyId], search: word(i), status: 'pending', projectType: 'script_to_slides', limit: 20, offset: 0 });
  const listRequest = (i) => ({ userId, search: word(i), status: 'pending', projectType: 'script_to_slides', companyId: '', page: 1, pageSize: 20 });
  const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
  const statsOf = { companyIds: [companyId], monthStart };
  // The list statement of the scenario's filters, as the repository runs it.
  const pageSql = listStatement({ status: true, projectType: true, search: true }, LIST_COLUMNS);
  const pageValues = (i) => [[companyId], 'pending', 'script_to_slides', `%${word(i)}%`, 20, 0, [companyId], monthStart.toISOString().slice(0, 10)];

  /** Runs `call(i)` with CONCURRENCY in flight for SECONDS; CPU per call of every process. */
  async function concurrent(name, call) {
    let i = 0;
    const run = async (seconds, latencies) => {
      const until = performance.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (performance.now() < until) {
            const t0 = performance.now();
            await call(i++);
            latencies?.push(performance.now() - t0);
          }
        }),
      );
    };
    await run(0.5);
    const latencies = [];
    const stop = cpuMeter(procs, database);
    const t0 = performance.now();
    await run(SECONDS, latencies);
    const seconds = (performance.now() - t0) / 1000;
    const cpu = stop();
    latencies.sort((a, b) => a - b);
    record(name, latencies.length / seconds, latencies[Math.floor(latencies.length / 2)], cpu);
  }

  async function http(name, target) {
    const load = (duration) =>
      new Promise((done, reject) => autocannon({ connections: CONCURRENCY, duration, ...target }, (e, r) => (e ? reject(e) : done(r))));
    await load(1);
    const stop = cpuMeter(procs, database);
    const r = await load(SECONDS);
    const cpu = stop();
    if (r.non2xx || r.errors) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    record(name, r.requests.average, r.latency.p50, cpu);
  }

  function record(name, perSecond, p50, cpu) {
    const us = (pct) => Math.round(((pct ?? 0) / 100 / perSecond) * 1e6);
    const row = { name, perSecond: Math.round(perSecond), p50: Math.round(p50 * 100) / 100, us: {} };
    for (const [k, v] of Object.entries(cpu)) if (k !== 'others') row.us[k === 'autocannon' ? 'bench' : k] = us(v);
    row.us.others = us(cpu.others);
    rows.push(row);
    log(`piece ${name}: ${row.perSecond}/s, p50 ${row.p50} ms, cpu us/call ${JSON.stringify(row.us)}`);
  }

  /** CPU of this process per call, single-threaded loop. */
  async function local(name, n, call) {
    for (let i = 0; i < Math.min(200, n); i++) await call(i);
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await call(i);
    const c = process.cpuUsage(c0);
    const us = (c.user + c.system) / n;
    rows.push({ name, perSecond: Math.round(n / ((performance.now() - t0) / 1000)), p50: undefined, us: { bench: Math.round(us) } });
    log(`piece ${name}: ${Math.round(us)} us of CPU per call`);
  }

  /**
   * EXPLAIN ANALYZE: planning and execution time (median of 5 after one warm-up) and the plan; with
   * `generic`, of the plan PostgreSQL keeps for a prepared statement (planned for any values).
   */
  async function explainOf(name, text, values, { generic = false } = {}) {
    const client = await pgPool.connect();
    const runs = [];
    // The generic plan is a prepared statement's (SQL PREPARE, so EXPLAIN EXECUTE can name it);
    // a statement with parameters is otherwise planned for them.
    const literal = (v) => (Array.isArray(v) ? client.escapeLiteral(`{${v.join(',')}}`) : typeof v === 'number' ? String(v) : client.escapeLiteral(v));
    const explained = generic ? `execute bench_generic(${values.map(literal).join(', ')})` : text;
    try {
      if (generic) {
        await client.query('set plan_cache_mode = force_generic_plan');
        await client.query(`prepare bench_generic as ${text}`);
      }
      for (let k = 0; k < 6; k++) {
        const { rows: plan } = await client.query({ text: `explain (analyze, buffers, format json) ${explained}`, values: generic ? [] : values });
        runs.push(plan[0]['QUERY PLAN'][0]);
      }
    } finally {
      if (generic) await client.query('deallocate bench_generic; reset plan_cache_mode');
      client.release();
    }
    const median = runs.slice(1).sort((a, b) => a['Execution Time'] - b['Execution Time'])[2];
    return { name, planning: median['Planning Time'], execution: median['Execution Time'], plan: summarisePlan(median.Plan) };
  }

  try {
    // gRPC
    await concurrent('project ListProjects (gRPC)', (i) => projectClient.listProjects(listRequest(i), { userId }));
    // HTTP through the gateway
    await http('gateway GET /api/auth/me', { url: `${base}/api/auth/me`, headers });
    await http('gateway GET /api/projects', {
      url: base,
      headers,
      requests: words.map((w) => ({ method: 'GET', path: `/api/projects?search=${encodeURIComponent(w)}&status=pending&project_type=script_to_slides&page=1&page_size=20` })),
    });
    // SQL, as the repository runs it
    await concurrent('SQL list page: page, total, files, stats (repository.listPage)', (i) => repository.listPage(filter(i), statsOf));
    await concurrent('SQL the same, planned on every call (unnamed)', (i) => pgPool.query({ text: pageSql, values: pageValues(i) }));

    // In-process: serialisation of one real answer.
    const answer = await projectClient.listProjects(listRequest(0), { userId });
    const bytes = ListProjectsResponse.encode(answer).finish();
    await local(`protobuf encode ListProjectsResponse (${(bytes.length / 1024).toFixed(1)} KB)`, 2000, () => ListProjectsResponse.encode(answer).finish());
    await local('protobuf decode ListProjectsResponse', 2000, () => ListProjectsResponse.decode(bytes));
    const path = `/api/projects?search=${words[0]}&status=pending&project_type=script_to_slides&page=1&page_size=20`;
    const app = Fastify({ logger: false });
    app.decorateRequest('caller', null);
    app.addHook('onRequest', async (request) => {
      request.caller = { userId, sessionId: 'bench' };
    });
    projectRoutes({ app, clients: { project: { listProjects: async () => ListProjectsResponse.decode(bytes) } }, config: {} });
    await app.ready();
    const probe = await app.inject({ method: 'GET', url: path });
    if (probe.statusCode !== 200) throw new Error(`inject answered ${probe.statusCode}: ${probe.body.slice(0, 300)}`);
    await local(`gateway route via inject, decode included (${(probe.body.length / 1024).toFixed(1)} KB JSON)`, 2000, () => app.inject({ method: 'GET', url: path }));
    const empty = Fastify({ logger: false });
    empty.get('/x', async () => ({ ok: true }));
    await empty.ready();
    await local('fastify inject of an empty route (overhead to subtract)', 2000, () => empty.inject({ method: 'GET', url: '/x' }));
    for (const a of [app, empty]) await a.close();

    // Plans
    const explain = [];
    explain.push(await explainOf('page, planned for its values', pageSql, pageValues(0)));
    explain.push(await explainOf('page, the generic plan of the prepared statement', pageSql, pageValues(0), { generic: true }));
    return { rows, explain, text: report(rows, explain) };
  } finally {
    projectClient.close();
    await db.destroy();
    await pgPool.end();
  }
}

function summarisePlan(node, depth = 0) {
  const line = `${'  '.repeat(depth)}${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : ''} rows=${node['Actual Rows']}${node['Rows Removed by Filter'] ? ` removed=${node['Rows Removed by Filter']}` : ''} ${node['Actual Total Time']} ms`;
  return [line, ...(node.Plans ?? []).flatMap((p) => summarisePlan(p, depth + 1))].join('\n');
}

function report(rows, explain) {
  const keys = ['bench', 'gateway', 'project', 'auth', 'postgres'];
  const out = [`pieces (${CONCURRENCY} in flight, ${SECONDS} s each; CPU in us per call; bench = this process, the client side; others = the rest of the machine, not in total)`];
  const table = [['piece', 'calls/s', 'p50', ...keys, 'total', 'others']];
  for (const r of rows) {
    const total = keys.reduce((s, k) => s + (r.us[k] ?? 0), 0);
    const cell = (v) => (v === undefined ? '' : String(v));
    table.push([r.name, String(r.perSecond), r.p50 === undefined ? '' : `${r.p50} ms`, ...keys.map((k) => cell(r.us[k])), String(total), cell(r.us.others)]);
  }
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  for (const row of table) out.push(row.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '));
  out.push('');
  for (const e of explain) out.push(`EXPLAIN ${e.name}: planning ${e.planning.toFixed(3)} ms, execution ${e.execution.toFixed(3)} ms\n${e.plan}`);
  return out.join('\n');
}
