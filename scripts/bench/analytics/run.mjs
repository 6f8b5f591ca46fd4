// npm run bench:analytics -- [options]
//
// Learner analytics through the gateway, on the whole stack (gateway, auth, project, scorm with its
// analytics worker, ...; ../lib/stack.mjs), an Enterprise account and its LRS credential:
//   (batch)     POST /api/xapi/statements with 100 statements (fresh ids every request): the
//               learning record store's ingest, xAPI Video Profile statements as the player sends
//               them (validated, stored append-only, queued for the rollups, which run meanwhile)
//   (single)    the same with one statement a request, from --single-connections senders: single
//               statements come from many learners' players at once, each sending its own; with
//               only 10 the run waits on the commits' round trips with a core idle (784 req/s at
//               1.5 of 2 cores), which measures the bench's concurrency, not the LRS's capacity
//   (copy)      the baseline, in the same run: PostgreSQL's own COPY of the same rows (those the
//               batch scenario stored, under another company) into the same tables and indexes
//               (xapi_statements, xapi_statement_ids), pg-copy-streams from this process
//   (me)        GET /api/auth/me, the gateway's cheapest signed-in call: the baseline of the reads
//   (dashboard) GET /api/analytics/dashboard?range=90d over --statements stored statements (one
//               million) and their rollups: a view is 10 statements, 100,000 views over 90 days,
//               20 projects, 3 languages, 4 channels, answers to 3 questions (seeded by SQL; the
//               dashboards read the rollups, which the worker keeps from the statements)
//   (project)   GET /api/analytics/projects/{id}?range=90d: one project's (5,000 views, its
//               retention curve over a 5-minute video and drop-off points)
//   The two reads are measured warm (the scorm service keeps computed figures while the company's
//   rollups do not change: figures-cache.ts); before that, five filters each are read once cold
//   (computed while the reader waits) and their median and maximum printed.
// Prints req/s, statements/s, p50/p95/p99 and CPU per scenario, the ratios batch/copy, and
// dashboard/me, and whether the goals are met: at least 10,000 statements/s batched and 1,000
// single-statement requests/s, and p95 under 100 ms for the dashboard and the project.
//
// Options:
//   --duration S       seconds measured per load scenario (10)
//   --connections N    autocannon connections (10) of every scenario but single
//   --single-connections N  autocannon connections of the single scenario (20)
//   --warmup S         seconds of unmeasured load before each (2)
//   --statements N     statements behind the dashboards (1000000; --smoke: 10000)
//   --wait-idle S      before each scenario, wait up to S seconds for the machine to go quiet (60)
//   --cpu-prof DIR     V8 CPU profiles of the servers in DIR (../gateway/profile-summary.mjs)
//   --logs DIR         the servers' logs in DIR/<name>.log
//   --json FILE        also write every figure as JSON
//   --strict           exit 2 when a goal is missed
//   --smoke            1 s per scenario, 10,000 statements: that the bench runs, not how fast
// Exit code: 1 on a failed set-up or any error or non-2xx answer, 2 with --strict on a missed goal.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Readable, Writable } from 'node:stream';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { VideoTracker } from '@trainwright/interactive-player';
import { loadOptions, log, parseOptions, printHelpIfAsked, quietOptions, startWatchdog, usage } from '../lib/cli.mjs';
import { cpuMeter, waitForQuiet } from '../lib/cpu.mjs';
import { cannon, cpuCells, eventually, expectOk, latencyFields, outcomeFields, printTable } from '../lib/load.mjs';
import { registerAccount, stackRun } from '../lib/stack.mjs';

const GOALS = { batchPerSecond: 10_000, singleRequestsPerSecond: 1_000, p95Ms: 100 };
const BATCH = 100;
const STATEMENTS_PER_VIEW = 10;
const PROJECTS = 20;
const VIDEO_SECONDS = 300;
/** Filters whose figures are computed cold, one request each. */
const COLD_FILTERS = ['&language=en', '&language=es', '&language=fr', '&channel=embed', '&channel=scorm'];

const opts = parseOptions({ connections: { type: 'string', default: '10' }, 'single-connections': { type: 'string', default: '20' }, statements: { type: 'string', default: '1000000' } });
printHelpIfAsked(opts, import.meta.url);
if (opts.smoke) Object.assign(opts, { statements: '10000' });
const { duration, connections, warmup } = loadOptions(opts);
const { waitIdle } = quietOptions(opts);
const statementCount = Number(opts.statements);
const singleConnections = Number(opts['single-connections']);
if (!(Number.isInteger(singleConnections) && singleConnections >= 1 && singleConnections <= 1000)) usage('--single-connections must be 1..1000');
if (!(Number.isInteger(statementCount) && statementCount >= 1000 && statementCount <= 20_000_000)) usage('--statements must be 1000..20000000');

const { stack, shutdown } = stackRun({ logs: opts.logs, cpuProf: opts['cpu-prof'], log });
startWatchdog((300 + statementCount / 5000 + 6 * (warmup + duration + 10)) * 1000, shutdown);

/**
 * A view's statements as the published player sends them (its own tracker), as JSON text with
 * placeholders for the ids, so that a request's body is cheap to make with fresh ones.
 */
function viewTemplate(activityId) {
  const ids = [];
  const tracker = new VideoTracker({
    activityId,
    title: 'Bench training',
    language: 'en',
    channel: 'interactive',
    channelExtension: 'http://127.0.0.1/api/xapi/extensions/channel',
    learner: { homePage: 'http://127.0.0.1/api/xapi/', name: '@LEARNER@' },
    sessionId: '@SESSION@',
    metadata: { completion_threshold: 90, hotspots: [], call_to_actions: [], quizzes: [{ id: 'q1', question: 'Max load?', question_type: 'multiple_choice', options: [{ id: 'a', text: '1 t', is_correct: true }, { id: 'b', text: '5 t', is_correct: false }], correct_feedback: '', incorrect_feedback: '', show_time: 10, points: 1, auto_advance: false, required: true }] },
    newId: () => {
      ids.push(`@ID${ids.length}@`);
      return ids[ids.length - 1];
    },
  });
  const statements = [
    tracker.initialized(VIDEO_SECONDS),
    ...tracker.fromPlayer({ type: 'play', media_time: 0 }),
    ...tracker.fromPlayer({ type: 'quiz_answer', element_id: 'q1', value: 'a', media_time: 10 }),
    ...tracker.fromPlayer({ type: 'pause', media_time: 40 }),
    ...tracker.fromPlayer({ type: 'play', media_time: 40 }),
    ...tracker.fromPlayer({ type: 'seek', media_time: 120, value: '60' }),
    ...tracker.fromPlayer({ type: 'pause', media_time: 200 }),
    tracker.terminated(200),
  ].filter(Boolean);
  return statements.map((s) => JSON.stringify(s));
}

/** `count` statements as a JSON array with fresh statement ids, session and learner per view. */
function bodyOf(template, count) {
  const parts = [];
  let session = randomUUID();
  for (let i = 0; i < count; i++) {
    const s = template[i % template.length];
    if (i % template.length === 0) session = randomUUID();
    parts.push(s.replace(/@ID\d+@/, randomUUID()).replace('@SESSION@', session).replace('@LEARNER@', session.slice(0, 8)));
  }
  return count === 1 ? parts[0] : `[${parts.join(',')}]`;
}

/** One load scenario: warm-up, then the measured run with CPU accounting. */
async function measure(label, target, procs, database, senders = connections) {
  // The account's welcome sample and the bench project generate at first: not during a measurement.
  if (waitIdle > 0) await waitForQuiet(waitIdle, log);
  if (warmup > 0) await cannon({ connections: senders, ...target, duration: warmup });
  log(`${label}: ${duration} s at ${senders} connections`);
  const stop = cpuMeter(procs, database);
  const r = await cannon({ connections: senders, ...target, duration });
  const result = { label, connections: senders, ...latencyFields(r), p95: percentile95(r), ...outcomeFields(r), cpu: stop() };
  if (result.errors || result.non2xx) throw new Error(`${label}: ${result.errors} errors and ${result.non2xx} non-2xx answers`);
  return result;
}
// autocannon reports p90 and p97.5, not p95: the p95 lies between them; the higher is the honest bound.
const percentile95 = (r) => r.latency.p97_5;

/** COPY of `rows` (text format lines) into `table` (with `columns`); answers the seconds it took. */
async function copyIn(client, table, columns, lines) {
  const started = performance.now();
  await pipeline(Readable.from(lines), client.query(copyStreams.from(`copy ${table} (${columns.join(', ')}) from stdin`)));
  return (performance.now() - started) / 1000;
}

/** The rows of a query in COPY's text format. */
async function copyOut(client, query) {
  const lines = [];
  let rest = '';
  await pipeline(
    client.query(copyStreams.to(`copy (${query}) to stdout`)),
    new Writable({
      write(chunk, _encoding, done) {
        const text = rest + chunk.toString('utf8');
        const cut = text.lastIndexOf('\n') + 1;
        if (cut > 0) lines.push(text.slice(0, cut));
        rest = text.slice(cut);
        done();
      },
    }),
  );
  return lines.join('');
}

try {
  const s = await stack.start({ label: 'bench_analytics', scorm: true, env: { gateway: { RATE_LIMIT_XAPI_MAX: '100000000', RATE_LIMIT_MAX: '100000000' } } });
  const account = await registerAccount(s.base, s.common, { tier: 'enterprise' });
  const headers = await account.headers();
  const companyId = account.me.currentCompanyId ?? account.me.current_company_id;
  const json = { ...headers, 'content-type': 'application/json' };
  const project = await expectOk(`${s.base}/api/projects`, { method: 'POST', headers: json, body: JSON.stringify({ title: 'Bench training', project_type: 'script_to_slides', script_content: '[SCENE: Bench]\nNARRATOR: Watch it all.', input_method: 'text' }) }, 201);
  const key = await expectOk(`${s.base}/api/analytics/lrs-keys`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'Bench' }) }, 201);
  const xapiHeaders = { 'content-type': 'application/json', 'x-experience-api-version': '1.0.3', authorization: `Basic ${Buffer.from(`${key.key}:${key.secret}`).toString('base64')}` };
  const template = viewTemplate(`${key.endpoint}activities/projects/${project.id}`);
  // A body made here must be one the LRS stores.
  await expectOk(`${s.base}/api/xapi/statements`, { method: 'POST', headers: xapiHeaders, body: bodyOf(template, BATCH) });

  const procs = s.servers;
  const client = new pg.Client({ connectionString: s.infra.databaseUrl });
  await client.connect();
  const results = {};
  try {
    const post = (count) => ({ url: `${s.base}/api/xapi/statements`, requests: [{ method: 'POST', headers: xapiHeaders, setupRequest: (req) => ({ ...req, body: bodyOf(template, count) }) }] });
    results.batch = await measure(`batch (${BATCH} statements a request)`, post(BATCH), procs, s.database);
    results.single = await measure(`single (1 statement a request, ${singleConnections} senders)`, post(1), procs, s.database, singleConnections);

    // The baseline: the rows the batch scenario stored, copied again under another company.
    const stored = Number((await client.query('select count(*) from scorm.xapi_statements where company_id = $1', [companyId])).rows[0].count);
    const copyRows = Math.min(stored, Math.max(BATCH, Math.round(results.batch.rps * BATCH * duration)));
    const other = randomUUID();
    const columns = ['company_id', 'stored', 'id', 'key_id', 'verb', 'activity', 'ref_id', 'registration', 'voiding', 'agents', 'related_agents', 'related_activities', 'statement'];
    const statementLines = await copyOut(client, `select '${other}'::uuid, stored, id, key_id, verb, activity, ref_id, registration, voiding, agents, related_agents, related_activities, statement from scorm.xapi_statements where company_id = '${companyId}' order by stored limit ${copyRows}`);
    const idLines = await copyOut(client, `select '${other}'::uuid, id, stored from scorm.xapi_statements where company_id = '${companyId}' order by stored limit ${copyRows}`);
    await client.query('begin');
    const copySeconds = (await copyIn(client, 'scorm.xapi_statement_ids', ['company_id', 'id', 'stored'], [idLines])) + (await copyIn(client, 'scorm.xapi_statements', columns, [statementLines]));
    await client.query('commit');
    results.copy = { label: `copy (${copyRows} rows, PostgreSQL COPY)`, rows: copyRows, seconds: copySeconds, statementsPerSecond: copyRows / copySeconds };

    // What the dashboards read: one million statements' worth of views and answers, 90 days back.
    log(`seeding ${statementCount} statements and their rollups`);
    const views = Math.round(statementCount / STATEMENTS_PER_VIEW);
    const projectIds = [project.id, ...Array.from({ length: PROJECTS - 1 }, () => randomUUID())];
    await client.query(
      `insert into scorm.xapi_statements (company_id, stored, id, key_id, verb, activity, voiding, agents, related_agents, related_activities, statement)
       select $1::uuid, now() - ((g::bigint * 7776000) / $4) * interval '1 second', gen_random_uuid(), $2::uuid, 'https://w3id.org/xapi/video/verbs/played', $3, false, array['account:["bench","' || (g % 20000) || '"]'], '{}', '{}', '{"bench": true}'::jsonb
       from generate_series(1, $4::int) g`,
      [companyId, key.id, `${key.endpoint}activities/projects/${project.id}`, statementCount],
    );
    await client.query(
      `insert into scorm.learner_sessions (company_id, session_id, activity_id, project_id, learner, channel, language, started_at, last_at, length, watched_seconds, progress, completed, segments)
       select $1::uuid, 'bench-' || g, 'bench', ($2::uuid[])[1 + g % ${PROJECTS}], 'learner-' || (g % 20000),
              (array['share_link', 'embed', 'interactive', 'scorm'])[1 + g % 4], (array['en', 'es', 'fr'])[1 + g % 3],
              now() - ((g::bigint * 7776000) / $3) * interval '1 second', now() - ((g::bigint * 7776000) / $3) * interval '1 second' + interval '4 minutes',
              ${VIDEO_SECONDS}, w, w / ${VIDEO_SECONDS}, w >= ${VIDEO_SECONDS * 0.9}, jsonb_build_array(jsonb_build_array(0, w))
       from generate_series(1, $3::int) g, lateral (select (30 + (g * 7919) % ${VIDEO_SECONDS - 29})::real as w) x`,
      [companyId, projectIds, views],
    );
    await client.query(
      `insert into scorm.learner_answers (company_id, statement_id, project_id, session_id, question, question_name, response, success, answered_at, channel, language)
       select $1::uuid, gen_random_uuid(), ($2::uuid[])[1 + g % ${PROJECTS}], 'bench-' || g, 'q' || (g % 3), 'Question ' || (g % 3), (array['a', 'b', 'c'])[1 + g % 3], g % 3 = 0,
              now() - ((g::bigint * 7776000) / $3) * interval '1 second', (array['share_link', 'embed', 'interactive', 'scorm'])[1 + g % 4], (array['en', 'es', 'fr'])[1 + g % 3]
       from generate_series(1, $3::int) g`,
      [companyId, projectIds, Math.round(views / 2)],
    );
    await client.query('analyze scorm.learner_sessions; analyze scorm.learner_answers; analyze scorm.xapi_statements');
    const total = Number((await client.query('select count(*) from scorm.xapi_statements where company_id = $1', [companyId])).rows[0].count);
    // The batch and single scenarios' statements must have reached the rollups too.
    await eventually('the rollups of the ingested statements', 300, async () => Number((await client.query('select count(*) from scorm.learner_rollup_pending')).rows[0].count) === 0, 1000);
    const dashboard = await expectOk(`${s.base}/api/analytics/dashboard?range=90d`, { headers });
    log(`${total} statements stored; the dashboard counts ${dashboard.analytics.total_views} views`);

    // Cold: figures nobody asked for yet (each filter is a query of its own), computed while the reader waits.
    const cold = async (path) => {
      const times = [];
      for (const filter of COLD_FILTERS) {
        const started = performance.now();
        await expectOk(`${s.base}${path}${filter}`, { headers });
        times.push(performance.now() - started);
      }
      times.sort((x, y) => x - y);
      return { median: times[Math.floor(times.length / 2)], max: times.at(-1) };
    };
    results.coldDashboard = await cold('/api/analytics/dashboard?range=90d');
    results.coldProject = await cold(`/api/analytics/projects/${project.id}?range=90d`);
    results.me = await measure('me (GET /api/auth/me)', { url: `${s.base}/api/auth/me`, headers }, procs, s.database);
    results.dashboard = await measure('dashboard (90 days)', { url: `${s.base}/api/analytics/dashboard?range=90d`, headers }, procs, s.database);
    results.project = await measure('project (90 days)', { url: `${s.base}/api/analytics/projects/${project.id}?range=90d`, headers }, procs, s.database);
    results.storedStatements = total;
  } finally {
    await client.end();
  }

  const fmt = (n, d = 1) => Number(n).toFixed(d);
  const loads = ['batch', 'single', 'me', 'dashboard', 'project'].map((k) => results[k]);
  printTable(`learner analytics: ${results.storedStatements} statements stored, ${connections} connections (single: ${singleConnections}), ${duration} s a scenario`, [
    ['scenario', 'req/s', 'statements/s', 'p50 ms', 'p95 ms', 'p99 ms', 'cpu/req', 'cpu % of a core (us/req)'],
    ...loads.map((r) => [r.label, fmt(r.rps, 0), r === results.batch ? fmt(r.rps * BATCH, 0) : r === results.single ? fmt(r.rps, 0) : '', fmt(r.p50), fmt(r.p95), fmt(r.p99), cpuCells(r).total, cpuCells(r).cpu]),
    [results.copy.label, '', fmt(results.copy.statementsPerSecond, 0), '', '', '', '', ''],
  ]);
  const batchRate = results.batch.rps * BATCH;
  console.log(`batch/copy: ${fmt(batchRate / results.copy.statementsPerSecond, 3)}; single/copy: ${fmt(results.single.rps / results.copy.statementsPerSecond, 3)}`);
  console.log(`cold (figures computed while the reader waits, ${COLD_FILTERS.length} filters): dashboard median ${fmt(results.coldDashboard.median)} ms, max ${fmt(results.coldDashboard.max)} ms; project median ${fmt(results.coldProject.median)} ms, max ${fmt(results.coldProject.max)} ms`);
  console.log(`p95 dashboard/me: ${fmt(results.dashboard.p95 / Math.max(results.me.p95, 0.1), 2)}; project/me: ${fmt(results.project.p95 / Math.max(results.me.p95, 0.1), 2)}`);
  const goals = [
    [`batched ingest >= ${GOALS.batchPerSecond} statements/s`, batchRate >= GOALS.batchPerSecond, `${fmt(batchRate, 0)}/s`],
    [`single-statement requests >= ${GOALS.singleRequestsPerSecond}/s`, results.single.rps >= GOALS.singleRequestsPerSecond, `${fmt(results.single.rps, 0)}/s`],
    [`dashboard p95 < ${GOALS.p95Ms} ms`, results.dashboard.p95 < GOALS.p95Ms, `${fmt(results.dashboard.p95)} ms`],
    [`project p95 < ${GOALS.p95Ms} ms`, results.project.p95 < GOALS.p95Ms, `${fmt(results.project.p95)} ms`],
  ];
  for (const [goal, met, value] of goals) console.log(`goal: ${goal}: ${met ? 'met' : 'MISSED'} (${value})`);
  if (opts.json) writeFileSync(opts.json, JSON.stringify({ connections, singleConnections, duration, statements: statementCount, results }, null, 2));
  await shutdown(opts.strict && goals.some(([, met]) => !met) ? 2 : 0);
} catch (error) {
  log(String(error?.stack ?? error));
  await shutdown(1);
}
