// npm run bench:collab -- [options]
//
// Realtime co-editing under a crowd: N editors (50) on one project's document over loopback, one of
// them writing an update every 1000/R ms; for each update, the time until each other editor has it.
//   (bare)  a bare Hocuspocus server in its own process (baseline-server.mjs): no sign-in, no
//           access check, no storage, no Redis: the floor
//   (ours)  the gateway's /api/collab (the whole stack: gateway, auth, project, ... each in its
//           own process; an Enterprise account, its project's document): the session check, the
//           access check on connect, the read-only check on every message, the Redis sync between
//           replicas and the stores to the project
// Prints, for each: the p50, p95 and max of the update latency (every editor's receipt of every
// update), the server's CPU per update, the ratio ours/bare, and whether the goal (p95 of ours
// under 200 ms) is met. The editors run in this process (the Hocuspocus provider, ws).
//
// Options:
//   --editors N     editors on the document (50)
//   --updates N     updates written (200)
//   --rate R        updates a second (20)
//   --json FILE     also write every figure as JSON
//   --strict        exit 2 when the goal is missed
//   --smoke         5 editors, 20 updates: that the bench runs, not how fast
// Exit code: 1 on a failed set-up or an update that never arrived, 2 with --strict on a missed goal.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { log, parseOptions, printHelpIfAsked, startWatchdog, usage } from '../lib/cli.mjs';
import { cpuMeter } from '../lib/cpu.mjs';
import { expectOk, printTable } from '../lib/load.mjs';
import { registerAccount, stackRun } from '../lib/stack.mjs';

const GOAL_P95_MS = 200;
const opts = parseOptions({ editors: { type: 'string', default: '50' }, updates: { type: 'string', default: '200' }, rate: { type: 'string', default: '20' } }, { load: false });
printHelpIfAsked(opts, import.meta.url);
if (opts.smoke) Object.assign(opts, { editors: '5', updates: '20' });
const editors = Number(opts.editors);
const updates = Number(opts.updates);
const rate = Number(opts.rate);
if (!(Number.isInteger(editors) && editors >= 2 && editors <= 500)) usage('--editors must be 2..500');
if (!(Number.isInteger(updates) && updates >= 1)) usage('--updates must be a positive integer');
if (!(rate > 0 && rate <= 1000)) usage('--rate must be 0..1000');

const { children, stack, shutdown } = stackRun({ logs: opts.logs, log });
startWatchdog(10 * 60_000, shutdown);

/** One editor: a provider on the document over its own socket (with `headers` on the upgrade). */
function editor(url, name, headers) {
  class Socket extends WebSocket {
    constructor(address, protocols) {
      super(address, protocols, { headers });
    }
  }
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({ url, WebSocketPolyfill: Socket, maxAttempts: 1 });
  let synced;
  const ready = new Promise((resolve, reject) => {
    synced = resolve;
    setTimeout(() => reject(new Error(`${name}: no sync in 20 s`)), 20_000).unref();
  });
  const provider = new HocuspocusProvider({ websocketProvider: socket, name, document: doc, token: 'bench', onSynced: () => synced() });
  provider.attach();
  return { doc, ready, close: () => (provider.destroy(), socket.destroy()) };
}

/** N editors on `name`; the first writes `updates` map entries at `rate`; every other one's receipt time of each. */
async function measure(label, url, name, headers, server) {
  const all = Array.from({ length: editors }, () => editor(url, name, headers));
  await Promise.all(all.map((e) => e.ready));
  const sentAt = new Map();
  const latencies = [];
  let received = 0;
  const expected = updates * (editors - 1);
  let done;
  const finished = new Promise((resolve) => (done = resolve));
  for (const e of all.slice(1)) {
    e.doc.getMap('bench').observe((event) => {
      const now = performance.now();
      for (const key of event.keysChanged) {
        latencies.push(now - sentAt.get(key));
        if (++received === expected) done();
      }
    });
  }
  const meter = cpuMeter([server]);
  const started = performance.now();
  const writer = all[0].doc.getMap('bench');
  for (let i = 0; i < updates; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    sentAt.set(String(i), performance.now());
    writer.set(String(i), i);
  }
  const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error(`${label}: ${expected - received} receipts missing after 30 s`)), 30_000).unref());
  await Promise.race([finished, timeout]);
  const seconds = (performance.now() - started) / 1000;
  const cpu = meter();
  for (const e of all) e.close();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  const serverPct = cpu[server.name] ?? 0;
  return { label, p50: at(0.5), p95: at(0.95), max: latencies.at(-1), cpuPerUpdateMs: (serverPct / 100) * seconds * 1000 / updates, receipts: received };
}

try {
  log(`bare Hocuspocus: ${editors} editors, ${updates} updates at ${rate}/s`);
  const bare = await children.start(join(dirname(fileURLToPath(import.meta.url)), 'baseline-server.mjs'), 'baseline', 'bare');
  const bareResult = await measure('bare', `ws://127.0.0.1:${bare.port}`, 'bench', {}, bare);

  log('the stack (gateway, auth, project, ...)');
  const s = await stack.start({ label: 'bench_collab' });
  const account = await registerAccount(s.base, s.common, { tier: 'enterprise' });
  const headers = await account.headers();
  const project = await expectOk(`${s.base}/api/projects`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Bench', project_type: 'script_to_slides', script_content: '[SCENE: Bench]\nNARRATOR: Many editors.', input_method: 'text' }),
  }, 201);
  const ours = await measure('ours', `${s.base.replace(/^http/, 'ws')}/api/collab`, `project:${project.id}`, headers, s.gateway);

  const fmt = (n) => n.toFixed(1);
  printTable(`${editors} editors, ${updates} updates at ${rate}/s (latency: each other editor's receipt of each update)`, [
    ['scenario', 'p50 ms', 'p95 ms', 'max ms', 'server cpu/update ms', 'receipts'],
    ...[bareResult, ours].map((r) => [r.label, fmt(r.p50), fmt(r.p95), fmt(r.max), fmt(r.cpuPerUpdateMs), String(r.receipts)]),
  ]);
  const ratio = ours.p95 / Math.max(bareResult.p95, 0.1);
  const met = ours.p95 < GOAL_P95_MS;
  console.log(`p95 ours/bare: ${ratio.toFixed(2)}; cpu/update ours/bare: ${(ours.cpuPerUpdateMs / Math.max(bareResult.cpuPerUpdateMs, 0.001)).toFixed(2)}`);
  console.log(`goal: p95 of ours < ${GOAL_P95_MS} ms: ${met ? 'met' : 'MISSED'} (${fmt(ours.p95)} ms)`);
  if (opts.json) writeFileSync(opts.json, JSON.stringify({ editors, updates, rate, bare: bareResult, ours, ratio }, null, 2));
  await shutdown(opts.strict && !met ? 2 : 0);
} catch (error) {
  log(String(error?.stack ?? error));
  await shutdown(1);
}
