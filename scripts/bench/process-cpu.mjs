// node scripts/bench/process-cpu.mjs FILE [--from EPOCH_S] [--to EPOCH_S] [--top N]
//
// Where a whole run's CPU went, by program: reads a Linux process-accounting file (BSD acct v3,
// one 64-byte record per process that exited, written by the kernel once `accton FILE` is on;
// Debian's `acct` package has accton) and sums user + system time by program class (node, the
// Chromium family, LibreOffice, ffmpeg, PostgreSQL backends, Apertium, espeak-ng, turbo), then by
// command name. --from/--to keep the processes that ended in that span (a step of `npm test`).
//
//   apt-get install acct; touch /tmp/run.acct; accton /tmp/run.acct
//   npm test; accton off
//   node scripts/bench/process-cpu.mjs /tmp/run.acct
//
// A record names the thread that exited last (a node process is often `MainThread` or `V8Worker`,
// a Chromium one `ThreadPoolForeg`), hence the classes. Processes still running are not counted.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { from: { type: 'string' }, to: { type: 'string' }, top: { type: 'string', default: '15' } },
});
if (positionals.length !== 1) {
  console.error('usage: node scripts/bench/process-cpu.mjs FILE [--from EPOCH_S] [--to EPOCH_S] [--top N]');
  process.exit(2);
}

const RECORD = 64;
const TICKS = 100; // AHZ: acct's clock ticks per second
/** comp_t: a 13-bit mantissa and a 3-bit base-8 exponent. */
const comp = (v) => (v & 0x1fff) * 8 ** ((v >> 13) & 7);

const CLASSES = [
  ['node', /^(node|MainThread|V8Worker|SignalInspector|libuv-worker|DelayedTaskSche|jest)/],
  ['npm', /^npm/],
  ['chromium', /^(chrom|Chrome|ThreadPool|HangWatcher|sandbox_ipc|inotify_reader|CrShutdown|Perfetto|MemoryInfra)/i],
  ['libreoffice', /^(soffice|oosplash)/],
  ['ffmpeg', /^ff(mpeg|probe)/],
  ['postgresql', /^postgres/],
  ['apertium', /^(apertium|lt-proc|lrx-proc|cg-proc)/],
  ['espeak-ng', /^espeak/],
  ['turbo', /^(turbo|tokio)/],
];
const classOf = (comm) => CLASSES.find(([, re]) => re.test(comm))?.[0] ?? 'other';

const bytes = readFileSync(positionals[0]);
const from = values.from ? Number(values.from) : -Infinity;
const to = values.to ? Number(values.to) : Infinity;
const byClass = new Map();
const byComm = new Map();
let total = 0;
let processes = 0;
for (let at = 0; at + RECORD <= bytes.length; at += RECORD) {
  if (bytes[at + 1] !== 3) continue; // not a v3 record
  const started = bytes.readUInt32LE(at + 24);
  const ended = started + bytes.readFloatLE(at + 28) / TICKS;
  if (ended < from || ended >= to) continue;
  const cpu = (comp(bytes.readUInt16LE(at + 32)) + comp(bytes.readUInt16LE(at + 34))) / TICKS;
  const comm = bytes.subarray(at + 48, at + 64).toString('latin1').replace(/\0.*$/s, '');
  const cls = classOf(comm);
  byClass.set(cls, (byClass.get(cls) ?? 0) + cpu);
  byComm.set(comm, (byComm.get(comm) ?? 0) + cpu);
  total += cpu;
  processes += 1;
}

const rows = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
console.log(`${processes} processes, ${total.toFixed(0)} s of CPU`);
console.log('by program class:');
for (const [name, cpu] of rows(byClass, Infinity)) console.log(`  ${cpu.toFixed(1).padStart(8)} s  ${((cpu / total) * 100).toFixed(0).padStart(3)}%  ${name}`);
console.log(`by command name (top ${values.top}):`);
for (const [name, cpu] of rows(byComm, Number(values.top))) console.log(`  ${cpu.toFixed(1).padStart(8)} s  ${name}`);
