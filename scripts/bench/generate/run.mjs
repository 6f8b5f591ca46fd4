// npm run bench:generate -- [options]
//
// Times two generations with the offline engine end to end, through the gateway and the queue:
//   (document)    document analysis of a 20-page PDF: POST /api/ai-content-generator/upload-projects
//                 (multipart: generator_type document_analysis, request_data, project_name, file)
//   (assessment)  an assessment of 20 questions (multiple choice and true/false) from pasted text:
//                 POST /api/ai-content-generator/projects (generator_type assessment_generator,
//                 content_source = the same handbook as text)
// Each is timed from the HTTP request to the project's hand-off to rendering (`creating_slides`) arriving on
// GET /api/events (Server-Sent Events, opened before the request), and split along the path to
// `completed` into parts that add up to it:
//   upload+create    from the request to the job being enqueued (BullMQ `timestamp`): the upload,
//                    the gateway, the project service's checks and insert
//   queueing         BullMQ processedOn - timestamp
//   extraction, generation, scoring
//                    the job's own timings (its return value {extractMs, generateMs, scoreMs});
//                    extraction includes fetching the project's input over gRPC
//   event delivery   the rest: publishing the result, the project service applying the events,
//                    the status event reaching the browser
// The HTTP answer (201) itself comes back while the job already runs; its time is printed apart.
//
// The baseline, measured in the same run, round by round: the same work in this process without
// gateway, services or queue: the generator's ingestion (extractDocument on the same PDF, or
// documentFromText on the same text), the OfflineEngine on the same request, and the quality
// scoring. It prints end-to-end / in-process per scenario and whether the goal is met: a median
// end-to-end time under 3 s for each scenario.
//
// The handbook (document.mjs) is made in the run with pdf-lib: 20 pages, a heading every second
// page in a larger bold font, about 400 words of varied training text per page, the same bytes
// on every run. The services run in child processes with the settings `npm start` uses (LOG_LEVEL
// info, request logging on, GENERATE_CONCURRENCY 2, LLM_BASE_URL empty), on a fresh database
// (createTestInfra) and ports chosen by the system; one user registers through the gateway and
// becomes enterprise (the admin's set-tier). Everything is removed at the end, also on Ctrl+C; a
// watchdog bounds the run time.
//
// Options:
//   --rounds N       measured runs of each scenario, both ways, interleaved; median and max (5)
//   --warmup N       unmeasured runs of each scenario, both ways, first (2): the first run loads
//                    pdfjs and compiles the engine (its time is printed as the cold start); the
//                    next ones let the JIT settle in both processes
//   --wait-idle S    wait up to S seconds for other processes to go quiet first (60; 0 = no)
//   --retries N      repeat a run during which other processes used more than 25% of a core,
//                    after waiting for quiet again, at most N times (2)
//   --cpu-prof DIR   write V8 CPU profiles of the gateway and the services to DIR
//   --logs DIR       write the servers' logs to DIR/<name>.log instead of /dev/null
//   --json FILE      also write every figure as JSON
//   --strict         exit 2 when a goal is missed
//
// The `others` column is the CPU that other processes on the machine used during the run, in %
// of one core. Exit code: 1 on a failed set-up, a failed or timed-out generation, or content that
// differs from the in-process result; 2 with --strict on a missed goal.
import { loadavg } from 'node:os';
import { writeFileSync } from 'node:fs';
import { GENERATE_PROJECT_JOB, createQueue } from '@trainwright/platform';
import { DEFAULT_ATMOSPHERE, DEFAULT_TARGET_AUDIENCE, normalizeGeneratorRequest } from '@trainwright/catalogue';
import { createChildren } from '../lib/children.mjs';
import { followEvents } from '../lib/events.mjs';
import { log, parseOptions, printHelpIfAsked, quietOptions, shutdownOnSignals, startWatchdog, usage } from '../lib/cli.mjs';
import { NCPU, cpuMeter, waitForQuiet } from '../lib/cpu.mjs';
import { eventually, expectOk, median, printTable, warnDisturbed, withRetries } from '../lib/load.mjs';
import { createStack, registerAccount } from '../lib/stack.mjs';
import { PAGES, TITLE, trainingPages, trainingPdf, trainingText } from './document.mjs';

const GENERATOR = import.meta.resolve('@trainwright/generator'); // .../services/generator/dist/src/index.js
const { extractDocument, documentFromText } = await import(new URL('./ingest/index.js', GENERATOR));
const { OfflineEngine } = await import(new URL('./adapters/offline/offline-engine.js', GENERATOR));
const { scoreContent } = await import(new URL('./quality/index.js', GENERATOR));

const GOAL_MS = 3000;
const RUN_TIMEOUT_S = 60;

const opts = parseOptions({ rounds: { type: 'string', default: '5' }, warmup: { type: 'string', default: '2' } }, { load: false });
printHelpIfAsked(opts, import.meta.url);
const rounds = Number(opts.rounds);
const warmups = Number(opts.warmup);
if (!(Number.isInteger(rounds) && rounds >= 1 && rounds <= 50)) usage('--rounds must be 1..50');
if (!(Number.isInteger(warmups) && warmups >= 0 && warmups <= 10)) usage('--warmup must be 0..10 (runs)');
const { waitIdle, retries } = quietOptions(opts);

// ---------------------------------------------------------------- the material

const pages = trainingPages();
const text = trainingText(pages);
const pdf = Buffer.from(await trainingPdf(pages));
const wordCount = text.split(/\s+/).filter(Boolean).length;
const FILENAME = 'information-security-essentials.pdf';

const SCENARIOS = {
  document: {
    label: `document analysis, ${PAGES}-page PDF`,
    name: `${TITLE}: document analysis`,
    type: 'document_analysis',
    requestData: { analysis_focus: 'The everyday practices every employee must follow', analysis_output: 'slides', create_glossary: true },
    file: true,
  },
  assessment: {
    label: 'assessment, 20 questions',
    name: `${TITLE}: assessment`,
    type: 'assessment_generator',
    requestData: { content_source: text, question_count: 20, assessment_types: ['multiple_choice', 'true_false'] },
    file: false,
  },
};

// ---------------------------------------------------------------- shutdown

const children = createChildren({ logs: opts.logs, cpuProf: opts['cpu-prof'], log });
const stack = createStack({ children, log });
const runs = (warmups + rounds) * 4;
const watchdog = startWatchdog((240 + waitIdle + runs * (retries + 1) * (RUN_TIMEOUT_S + 15 + (retries > 0 ? waitIdle : 0))) * 1000, shutdown);
let queue;
let shuttingDown = false;
async function shutdown(code) {
  if (shuttingDown) return;
  shuttingDown = true;
  await queue?.close().catch((e) => log(`closing the queue: ${e}`));
  await children.stopAll();
  await stack.cleanup();
  children.closeLogs();
  process.exit(code);
}
shutdownOnSignals(shutdown, { hangup: true });

// ---------------------------------------------------------------- the two ways

/** Generation is over when the project is handed to rendering (creating_slides), or failed. */
const GENERATED = new Set(['creating_slides', 'completed', 'failed']);

/** GET /api/events, open: `until(projectId)` resolves when its generation is over. */
async function openEvents(base, headers) {
  const statuses = new Map(); // projectId -> [{status, progress, at}]
  const waiters = new Map();
  const stream = await followEvents(base, headers, (event, e, at) => {
    if (event !== 'project.status_changed') return;
    const list = statuses.get(e.project_id) ?? [];
    list.push({ status: e.status, progress: e.progress, error: e.error, at });
    statuses.set(e.project_id, list);
    if (GENERATED.has(e.status)) waiters.get(e.project_id)?.();
  });
  return {
    until(projectId, seconds) {
      const final = () => statuses.get(projectId)?.find((s) => GENERATED.has(s.status));
      if (final()) return Promise.resolve({ final: final(), statuses: statuses.get(projectId) });
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`project ${projectId}: no completed/failed event within ${seconds} s`)), seconds * 1000);
        waiters.set(projectId, () => {
          clearTimeout(timer);
          resolve({ final: final(), statuses: statuses.get(projectId) });
        });
      });
    },
    close: stream.close,
  };
}

/** The create request of a scenario. */
function createRequest(s, headers) {
  if (s.file) {
    const form = new FormData(); // text fields first: the gateway's fast path streams the file straight into place
    form.append('generator_type', s.type);
    form.append('request_data', JSON.stringify(s.requestData));
    form.append('project_name', s.name);
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), FILENAME);
    return ['/api/ai-content-generator/upload-projects', { method: 'POST', headers, body: form }];
  }
  return [
    '/api/ai-content-generator/projects',
    {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ generator_type: s.type, request_data: s.requestData, project_name: s.name }),
    },
  ];
}

/** What must be the same both ways (a stored project has no deck, only its printed text). */
const contentOf = (c) => ({
  questions: c.questions?.length ?? 0,
  prompts: (c.questions ?? []).map((q) => q.prompt).join('\n'),
  objectives: c.objectives?.length ?? 0,
  glossary: c.glossary?.length ?? 0,
  summary: c.summary ?? '',
});

/** One generation through the gateway and the queue. */
async function endToEnd(ctx, key, round) {
  const s = SCENARIOS[key];
  const headers = await ctx.account.headers();
  const events = await openEvents(ctx.base, headers);
  try {
    const [path, init] = createRequest(s, headers);
    const stopMeter = cpuMeter(ctx.servers, ctx.database);
    const wallStart = Date.now();
    const t0 = performance.now();
    const created = await expectOk(ctx.base + path, init, 201);
    const t1 = performance.now();
    const { final, statuses } = await events.until(created.project_id, RUN_TIMEOUT_S);
    const { autocannon: bench, ...cpu } = stopMeter();
    if (final.status === 'failed') throw new Error(`${s.label}: the generation failed: ${final.error}`);
    // A new project's first generation is content version 1.
    const jobId = GENERATE_PROJECT_JOB.jobId({ projectId: created.project_id, contentVersion: '1' });
    const job = await eventually(`job ${jobId} finished`, 10, async () => {
      const j = await queue.getJob(jobId);
      return j?.finishedOn && j.returnvalue ? j : undefined;
    }, 20);
    const total = final.at - t0;
    const { extractMs, generateMs, scoreMs } = job.returnvalue;
    // The parts along the path to `completed`; the HTTP answer (t1) overlaps the job.
    const parts = { create: job.timestamp - wallStart, queueing: job.processedOn - job.timestamp, extraction: extractMs, generation: generateMs, scoring: scoreMs };
    parts.delivery = total - Object.values(parts).reduce((a, b) => a + b, 0);
    const project = await expectOk(`${ctx.base}/api/projects/${created.project_id}`, { headers });
    return {
      key,
      way: 'e2e',
      scenario: `${key} e2e`,
      label: s.label,
      round,
      total,
      http: t1 - t0,
      parts,
      // Where the job's timestamps lie from the start of the request (ms; clocks of one machine).
      job: { attempts: job.attemptsMade, enqueuedAt: job.timestamp - wallStart, processedAt: job.processedOn - wallStart, finishedAt: job.finishedOn - wallStart },
      statuses: statuses.map((x) => ({ status: x.status, progress: x.progress, at: x.at - t0 })),
      content: contentOf(project.generated_content ?? {}),
      engine: project.generated_content?.engine,
      cpu: { bench, ...cpu },
    };
  } finally {
    events.close();
  }
}

/** The same work in this process: ingestion, the offline engine, scoring. */
async function inProcess(_ctx, key, round) {
  const s = SCENARIOS[key];
  const request = normalizeGeneratorRequest(s.type, s.requestData, s.file);
  const stopMeter = cpuMeter([], undefined);
  const t0 = performance.now();
  // As the job's source reader does: the stored file through extractDocument, pasted text through documentFromText.
  const source = s.file ? await extractDocument({ bytes: pdf, filename: FILENAME }, { libreOfficePath: null }) : documentFromText(request.request_data.content_source, s.name);
  const t1 = performance.now();
  const result = await new OfflineEngine().generate({ task: { kind: 'generator', request, source }, title: s.name, description: '', aiInstructions: '', language: 'en' }, async () => undefined);
  const t2 = performance.now();
  scoreContent(
    {
      deck: result.deck,
      script: '',
      objectives: result.objectives,
      questions: result.questions,
      glossary: result.glossary,
      templateId: '',
      fontStyle: 'modern',
      imageStyle: 'professional',
      branding: { company_name: 'Bench Co', logo_url: '', website: '' },
    },
    { desired_atmosphere: DEFAULT_ATMOSPHERE, target_audience: DEFAULT_TARGET_AUDIENCE, focus_areas: [], notes: '' },
  );
  const t3 = performance.now();
  const { autocannon: bench, ...cpu } = stopMeter();
  return {
    key,
    way: 'in-process',
    scenario: `${key} in-process`,
    label: s.label,
    round,
    total: t3 - t0,
    parts: { extraction: t1 - t0, generation: t2 - t1, scoring: t3 - t2 },
    content: contentOf(result),
    cpu: { bench, ...cpu },
  };
}

const once = { e2e: endToEnd, 'in-process': inProcess };
const measure = Object.fromEntries(Object.entries(once).map(([way, run]) => [way, withRetries(run, { retries, waitIdle, log, who: 'the machine uses' })]));

// ---------------------------------------------------------------- the run

const results = [];
const coldStart = [];
const failures = [];
let exitCode = 0;
let idleBefore;
const loadBefore = loadavg();
try {
  log(`${NCPU} CPUs, load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')}; node ${process.version}`);
  log(`material: ${PAGES}-page PDF of ${(pdf.length / 1024).toFixed(0)} KB, ${wordCount} words (the same text is the assessment's content_source)`);
  const started = await stack.start({ label: 'bench_generate' });
  log(`servers ready: ${started.servers.map((p) => `${p.name} pid ${p.pid} port ${p.port}`).join(', ')}`);
  const account = await registerAccount(started.base, started.common, { tier: 'enterprise' });
  queue = createQueue({ redisUrl: started.infra.redisUrl, namespace: started.infra.namespace }, GENERATE_PROJECT_JOB.queue);
  const ctx = { ...started, account };

  if (waitIdle > 0) idleBefore = await waitForQuiet(waitIdle, log, 'the machine uses');
  for (let round = 1 - warmups; round <= rounds; round++) {
    for (const key of Object.keys(SCENARIOS)) {
      for (const way of ['e2e', 'in-process']) {
        const what = `${round < 1 ? 'warm-up' : `round ${round}`} ${key} ${way}`;
        // Warm-up runs are not measured: no repeating them when disturbed.
        const r = round < 1 ? await once[way](ctx, key, round) : await measure[way](ctx, key, round);
        log(`${what}: ${Math.round(r.total)} ms${r.cpu.others > 0 ? ` (other processes ${r.cpu.others}% of a core)` : ''}`);
        (round < 1 ? coldStart : results).push(r);
      }
    }
  }

  // The same content both ways: the job did the work the baseline did.
  for (const r of results.filter((x) => x.way === 'e2e')) {
    const base = results.find((x) => x.way === 'in-process' && x.key === r.key && x.round === r.round);
    const differs = Object.keys(r.content).filter((k) => r.content[k] !== base.content[k]);
    if (r.engine !== 'offline') failures.push(`${r.key} round ${r.round}: made by engine ${r.engine}, not offline`);
    const show = (v) => (typeof v === 'number' ? v : `"${v.slice(0, 60)}..."`);
    if (differs.length > 0) failures.push(`${r.key} round ${r.round}: content differs from in-process (${differs.map((k) => `${k} ${show(r.content[k])} vs ${show(base.content[k])}`).join(', ')})`);
    if (r.key === 'assessment' && r.content.questions !== 20) failures.push(`assessment round ${r.round}: ${r.content.questions} questions, not 20`);
    if (r.job.attempts > 1) failures.push(`${r.key} round ${r.round}: the job needed ${r.job.attempts} attempts`);
  }
} catch (error) {
  if (shuttingDown) await new Promise(() => undefined); // Ctrl+C or the watchdog: shutdown() exits
  log(`FAILED: ${error?.stack ?? error}`);
  exitCode = 1;
}

// ---------------------------------------------------------------- report

const ms = (x) => `${Math.round(x)} ms`;
const pct = (x, total) => `${((x / total) * 100).toFixed(0)}%`;
const PARTS = [
  ['create', 'upload+create'],
  ['queueing', 'queueing'],
  ['extraction', 'extraction'],
  ['generation', 'generation'],
  ['scoring', 'scoring'],
  ['delivery', 'event delivery'],
];
const summary = {};
if (results.length > 0) {
  const rows = [['scenario', 'round', 'end-to-end', ...PARTS.map(([, name]) => name), 'HTTP 201', 'in-process', 'ratio', 'others']];
  for (const key of Object.keys(SCENARIOS)) {
    const e2e = results.filter((r) => r.key === key && r.way === 'e2e');
    const local = results.filter((r) => r.key === key && r.way === 'in-process');
    if (e2e.length === 0 || local.length === 0) continue;
    const ratios = e2e.map((r) => r.total / (local.find((l) => l.round === r.round) ?? local.at(-1)).total);
    for (const [i, r] of e2e.entries()) {
      const l = local.find((x) => x.round === r.round);
      rows.push([
        SCENARIOS[key].label,
        String(r.round),
        ms(r.total),
        ...PARTS.map(([k]) => `${ms(r.parts[k])} ${pct(r.parts[k], r.total)}`),
        ms(r.http),
        l ? ms(l.total) : '',
        `${ratios[i].toFixed(1)}x`,
        `${Math.max(r.cpu.others, l?.cpu.others ?? 0)}%`,
      ]);
    }
    const med = median(e2e.map((r) => r.total));
    const medParts = Object.fromEntries(PARTS.map(([k]) => [k, median(e2e.map((r) => r.parts[k]))]));
    const localMed = median(local.map((r) => r.total));
    const medHttp = median(e2e.map((r) => r.http));
    rows.push([SCENARIOS[key].label, 'median', ms(med), ...PARTS.map(([k]) => `${ms(medParts[k])} ${pct(medParts[k], med)}`), ms(medHttp), ms(localMed), `${median(ratios).toFixed(1)}x`, '']);
    summary[key] = {
      label: SCENARIOS[key].label,
      median: med,
      max: Math.max(...e2e.map((r) => r.total)),
      parts: medParts,
      http: medHttp,
      inProcess: { median: localMed, max: Math.max(...local.map((r) => r.total)), parts: Object.fromEntries(['extraction', 'generation', 'scoring'].map((k) => [k, median(local.map((r) => r.parts[k]))])) },
      ratio: median(ratios),
      ok: med <= GOAL_MS,
    };
  }
  printTable(
    `generate benchmark ${new Date().toISOString()}: ${rounds} round(s) after ${warmups} warm-up, offline engine, ${PAGES}-page PDF / pasted text of ${wordCount} words, ` +
      `${NCPU} CPUs, node ${process.version}, load average at start ${loadBefore.map((l) => l.toFixed(2)).join(' ')}` +
      (idleBefore === undefined ? '' : `, other load before measuring ${idleBefore}% of one core`) +
      '\nend-to-end = HTTP request to `creating_slides` (generation done) on GET /api/events, split into parts that add up to it (ms, % of it); HTTP 201 = when the create request answered (the job runs meanwhile);' +
      '\nin-process = ingestion + offline engine + scoring in this process; ratio = end-to-end / in-process; others = CPU of other processes meanwhile, % of one core',
    rows,
  );
  if (coldStart.length > 0) {
    console.log('');
    console.log(`cold start (first warm-up run, not counted): ${Object.keys(SCENARIOS).map((key) => `${key} ${coldStart.filter((r) => r.key === key && r.round === 1 - warmups).map((r) => `${r.way} ${ms(r.total)}`).join(', ')}`).join('; ')}`);
  }
  console.log('');
  for (const s of Object.values(summary)) {
    const p = s.inProcess.parts;
    console.log(
      `${s.label}: end-to-end median ${ms(s.median)}, max ${ms(s.max)} (goal < ${GOAL_MS} ms) ${s.ok ? 'PASS' : 'MISS'}${s.ok && s.max > GOAL_MS ? ' (max above the goal)' : ''}; ` +
        `in-process median ${ms(s.inProcess.median)} (extraction ${ms(p.extraction)}, generation ${ms(p.generation)}, scoring ${ms(p.scoring)}); ratio ${s.ratio.toFixed(1)}x`,
    );
  }
  warnDisturbed(results);
}
for (const f of failures) console.error(`[bench] FAILED: ${f}`);
if (failures.length > 0) exitCode = 1;
const missed = Object.values(summary).some((s) => !s.ok) || Object.keys(summary).length < Object.keys(SCENARIOS).length;
if (opts.strict && missed && exitCode === 0) exitCode = 2;
/** A result without the texts compared above. */
const brief = ({ content: { prompts, summary: text, ...counts }, ...r }) => ({ ...r, content: { ...counts, summaryChars: text.length } });
if (opts.json && results.length > 0) {
  writeFileSync(
    opts.json,
    `${JSON.stringify({ date: new Date().toISOString(), cpus: NCPU, node: process.version, loadBefore, idleBefore, rounds, warmups, goalMs: GOAL_MS, material: { pages: PAGES, pdfBytes: pdf.length, words: wordCount }, summary, coldStart: coldStart.map(brief), results: results.map(brief) }, null, 2)}\n`,
  );
}

clearTimeout(watchdog);
await shutdown(exitCode);
