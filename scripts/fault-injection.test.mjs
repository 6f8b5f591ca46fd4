// The supervisor under fault (run by `npm test` beside the benchmark smoke runs; by hand:
// `node scripts/fault-injection.test.mjs`, after a build).
//
// 1. The supervisor alone, with tiny processes: a killed process is started again after the
//    backoff, a process that cannot start makes it give up, stop() escalates to SIGKILL.
// 2. A whole stack of its own (database tw_fault_<pid>, namespace fault_<pid>, ports 23100, 28180,
//    23351-23357) started through the supervisor as `npm start` does: a narrated-video project is
//    created through the API and its video paid for (pay-per-use, the local test checkout), and
//    while it generates and renders each service and worker process (generator, auth, project,
//    render worker, billing, media API, gateway) is SIGKILLed in turn. Each must be restarted (a
//    new pid and the supervisor's line saying why), the project and its video must complete, and
//    exactly one set of files must exist (in storage and in media_render.rendered_files) with
//    every format downloadable.
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { ROOT, isolatedStackEnv, prepareDatabase, processes, startProcesses, waitFor } from './lib/stack.mjs';
import { supervise } from './lib/supervisor.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
const note = (message) => process.stdout.write(`\x1b[36m[fault-injection]\x1b[0m ${elapsed()} ${message}\n`);

/** The pids in a process group (the supervisor starts each process as the leader of its own). */
function group(pgid) {
  try {
    return execFileSync('pgrep', ['-g', String(pgid)], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

async function until(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms${last ? ` (${last.message})` : ''}`);
    await sleep(100);
  }
}

test('the supervisor restarts, gives up on a crash loop and stops with SIGKILL after the deadline', async () => {
  const lines = [];
  const sup = supervise(
    [
      { name: 'steady', command: `exec "${process.execPath}" -e "setInterval(() => {}, 1000)"` },
      { name: 'stubborn', command: `exec "${process.execPath}" -e "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"`, stopTimeoutMs: 300 },
    ],
    { handleSignals: false, write: (line) => lines.push(line), initialDelayMs: 100 },
  );
  await until(() => sup.state('steady').pid && sup.state('stubborn').pid, 3000, 'both started');
  const first = sup.state('steady').pid;
  process.kill(first, 'SIGKILL');
  await until(() => sup.state('steady').pid && sup.state('steady').pid !== first, 3000, 'steady restarted');
  assert.equal(sup.state('steady').starts, 2);
  assert.match(lines.join(''), /steady \(pid \d+\) exited unexpectedly: killed by SIGKILL after .*; restarting in 0\.1 s/);
  // The second exit after a short run waits twice as long.
  process.kill(sup.state('steady').pid, 'SIGKILL');
  await until(() => /restarting in 0\.2 s/.test(lines.join('')), 3000, 'second restart');
  await until(() => sup.state('steady').starts === 3, 3000, 'steady started a third time');
  const stopping = Date.now();
  await sup.stop();
  await sup.result;
  assert.ok(Date.now() - stopping < 2000, 'stop() took too long');
  assert.match(lines.join(''), /stubborn did not stop within 0\.3 s: SIGKILL/);
  assert.equal(sup.state('stubborn').exits.at(-1).signal, 'SIGKILL');
  assert.equal(sup.state('steady').exits.at(-1).signal, 'SIGTERM');

  const failing = supervise(
    [
      { name: 'steady', command: `exec "${process.execPath}" -e "setInterval(() => {}, 1000)"` },
      { name: 'broken', command: `exec "${process.execPath}" -e "console.error('EADDRINUSE'); process.exit(3)"` },
    ],
    { handleSignals: false, write: (line) => lines.push(line), initialDelayMs: 50, giveUp: { exits: 3, withinMs: 5000 } },
  );
  await assert.rejects(failing.result, (error) => error.processName === 'broken' && /exited 3 times/.test(error.message) && /EADDRINUSE/.test(error.message));
  assert.equal(failing.state('broken').starts, 3);
  assert.equal(failing.state('steady').status, 'stopped');
});

test('every process SIGKILLed in turn during a narrated video: restarted, and the project completes with one set of files', { timeout: 360_000 }, async (t) => {
  const { ports, env, remove } = await isolatedStackEnv(
    'fault',
    { web: 23100, gateway: 28180, firstService: 23351 },
    // A dead worker's job is taken up again once its lock expires (30 s by default).
    { LOG_LEVEL: 'warn', LOG_REQUESTS: 'false', RENDER_LOCK_MS: '3000', GENERATE_LOCK_MS: '3000', VIDEO_WIDTH: '640', VIDEO_HEIGHT: '360' },
  );

  const base = `http://127.0.0.1:${ports.gateway}`;
  let stack;
  t.after(async () => {
    await stack?.stop();
    await remove();
  });

  await prepareDatabase(env);
  const lines = [];
  // The web app is not needed: the test drives the API.
  stack = await startProcesses(await processes(env, ports, { web: false }), {
    handleSignals: true,
    giveUp: { exits: 3, withinMs: 10_000 },
    write: (line) => {
      lines.push(line);
      process.stdout.write(line);
    },
  });
  let gaveUp = null;
  stack.result.catch((error) => (gaveUp = error));
  const healthy = () => waitFor(`${base}/api/health`, { timeoutMs: 60_000 });
  await healthy();
  note('stack up');

  const api = async (method, path, token, body) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return response;
  };

  const email = `fault-${process.pid}@example.com`;
  const registered = await api('POST', '/api/auth/register', null, { name: 'Fay Fault', company: 'Fault Co', email, password: 'password1' });
  assert.equal(registered.status, 201, await registered.clone().text());
  const { token, user } = await registered.json();
  // A plan with narrated video, set the way support staff does (bench/projects does the same).
  await promisify(execFile)(process.execPath, ['services/billing/dist/src/admin.js', 'set-tier', '--email', email, '--tier', 'professional', '--wait'], { cwd: ROOT, env, timeout: 30_000 });

  const script = Array.from({ length: 6 }, (_, i) => `[SCENE: Part ${i + 1}]\nNARRATOR: This is part ${i + 1} of the evacuation briefing. Walk, do not run, to the nearest exit and wait at the assembly point.`).join('\n');
  const created = await api('POST', '/api/projects', token, { title: 'Evacuation Briefing', project_type: 'script_to_slides', script_content: script, visual_format: 'mp4' });
  assert.equal(created.status, 201, await created.clone().text());
  const projectId = (await created.json()).id;
  const statuses = [];
  const status = async () => {
    const response = await api('GET', `/api/projects/${projectId}`, token);
    if (!response.ok) throw new Error(`GET project: ${response.status}`);
    const project = await response.json();
    if (statuses.at(-1) !== project.status) {
      statuses.push(project.status);
      note(`project ${project.status}`);
    }
    return project;
  };

  const killed = [];
  async function killAndWait(name) {
    const before = stack.state(name);
    assert.ok(before.pid, `${name} is running`);
    note(`SIGKILL ${name} (pid ${before.pid}) while the project is ${statuses.at(-1)}`);
    process.kill(before.pid, 'SIGKILL');
    const again = await until(() => {
      const now = stack.state(name);
      return now.pid && now.pid !== before.pid && now;
    }, 15_000, `${name} started again`);
    assert.equal(again.starts, before.starts + 1);
    assert.equal(again.exits.at(-1).signal, 'SIGKILL');
    // What it had started (ffmpeg, Flite, espeak-ng) went with it.
    await until(() => group(before.pid).length === 0, 5000, `${name}'s old process group is empty`);
    killed.push({ name, oldPid: before.pid, newPid: again.pid });
    // Every service answers again (the render worker has no port: its new process is enough).
    await healthy();
    note(`${name} back (pid ${again.pid})`);
  }

  // Generation: the generator (its worker holds the job), then auth and project under it.
  await status();
  await killAndWait('generator');
  await killAndWait('auth');
  await killAndWait('project');
  // The documents render; the narrated video waits for its payment (pay-per-use).
  await until(async () => {
    const p = await status();
    assert.notEqual(p.status, 'failed', `the project failed: ${p.error}`);
    return p.status === 'completed' && p.video_status === 'payment_required';
  }, 180_000, 'the documents are ready and the video waits for payment');
  // Paid as the Payment Required dialog does: confirm, then the local test checkout's Pay.
  const confirmed = await api('POST', '/api/billing/confirm', token, { project_id: projectId, billing_type: 'video_generation', estimated_duration_minutes: 1, format: 'mp4' });
  assert.equal(confirmed.status, 200, await confirmed.clone().text());
  const paid = await api('POST', `/api/billing/checkout/${(await confirmed.json()).session_id}/pay`, token);
  assert.equal(paid.status, 200, await paid.clone().text());
  // The video render: the render worker while it encodes, then billing, the media API and the gateway.
  await until(async () => {
    const p = await status();
    assert.notEqual(p.video_status, 'failed', `the video failed: ${p.error}`);
    return ['rendering', 'ready'].includes(p.video_status);
  }, 60_000, 'the paid video renders');
  // Kill the render worker while it works: once its group holds a child (Flite, espeak-ng or ffmpeg).
  const renderPid = stack.state('render').pid;
  const busy = await until(() => group(renderPid).length > 1, 20_000, 'the render worker starts a child').catch(() => false);
  note(busy ? `render worker busy: ${group(renderPid).length - 1} child process(es)` : 'no child of the render worker seen; killing it anyway');
  await killAndWait('render');
  await killAndWait('billing');
  await killAndWait('media');
  await killAndWait('gateway');

  const project = await until(async () => {
    const p = await status();
    return (p.video_status === 'ready' || p.video_status === 'failed' || p.status === 'failed') && p;
  }, 180_000, 'the video is ready');
  assert.equal(project.status, 'completed', `the project failed: ${project.error}`);
  assert.equal(project.video_status, 'ready', `the video did not render: ${project.error}`);
  assert.equal(gaveUp, null);

  // Each killed process: the supervisor said why and started it again.
  const log = lines.join('');
  for (const { name, oldPid } of killed) {
    assert.match(log, new RegExp(`${name} \\(pid ${oldPid}\\) exited unexpectedly: killed by SIGKILL after [0-9.]+ s; restarting in`), `no restart line for ${name}`);
  }
  assert.deepEqual(killed.map((k) => k.name).sort(), ['auth', 'billing', 'gateway', 'generator', 'media', 'project', 'render']);

  // Exactly one set of files: in storage, in media_render.rendered_files, and every format downloads.
  const renders = join(env.STORAGE_DIR, 'companies', user.currentCompanyId, 'projects', projectId, 'renders');
  const sets = readdirSync(renders);
  assert.equal(sets.length, 1, `render sets in storage: ${sets.join(', ')}`);
  const files = readdirSync(join(renders, sets[0])).sort();
  assert.deepEqual(files, ['Evacuation_Briefing.docx', 'Evacuation_Briefing.mov', 'Evacuation_Briefing.mp4', 'Evacuation_Briefing.pdf', 'Evacuation_Briefing.pptx', 'Evacuation_Briefing.txt', 'Evacuation_Briefing.vtt']);
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query('SELECT render_key, format, storage_key FROM media_render.rendered_files WHERE project_id = $1', [projectId]);
    assert.equal(new Set(rows.map((r) => r.render_key)).size, 1, `render keys: ${JSON.stringify(rows)}`);
    assert.equal(new Set(rows.map((r) => r.format)).size, rows.length, `one file per format: ${JSON.stringify(rows)}`);
    for (const row of rows) assert.ok(row.storage_key.includes(`/renders/${sets[0]}/`), `${row.storage_key} is in the set on disk`);
  } finally {
    await db.end();
  }
  for (const format of ['pptx', 'pdf', 'docx', 'txt', 'mp4', 'mov']) {
    const response = await api('GET', `/api/projects/${projectId}/download/${format}`, token);
    const body = Buffer.from(await response.arrayBuffer());
    assert.equal(response.status, 200, `download ${format}: ${response.status} ${body.toString().slice(0, 200)}`);
    assert.ok(body.length > 0, `download ${format} is empty`);
  }
  note(`done: ${killed.map((k) => `${k.name} ${k.oldPid}->${k.newPid}`).join(', ')}`);
});
