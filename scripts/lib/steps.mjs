// The steps of `npm test`, run asynchronously and reported at the end.
//
// Asynchronous on purpose: while a step runs (the browser tests), this process's event loop must keep
// reading the pipes of the stack it supervises. A blocked reader fills a child's stdout pipe (64 KB)
// and Node's writes to a pipe are synchronous on Linux, so the web server would freeze mid-suite.
//
// At the end, each failed step's failure lines are printed again: a CI log is read from its tail,
// and the reason a suite failed is otherwise buried minutes of output earlier.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { deflateSync } from 'node:zlib';

// Lines that start a failure's account in jest (not its '● Console' blocks of passing tests),
// node:test, turbo and our own scripts.
const FAILURE_START = /(^|[\s:>])(FAIL\s|●\s(?!Console)|✘|✖|not ok\b|Failed:|FAILED\b|Tests?:.*failed)/;
const LINES_AFTER = 30;
const MAX_EXCERPT_LINES = 400;
const TAIL_LINES = 25;

const failures = [];
const timings = [];
const startedAt = Date.now();
const startedCpu = machineCpuSeconds();

/**
 * The CPU time the whole machine has spent busy so far (every process: the tests, the services and
 * PostgreSQL, Redis and NATS), from /proc/stat; null where there is none. The suite is bound by
 * its CPU on a 2-core machine, so each step's share of it is what to cut (docs/testing.md).
 */
function machineCpuSeconds() {
  try {
    const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    // USER_HZ is 100 on every Linux the suite runs on.
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return null;
  }
}

/**
 * The CPU time of a fixed piece of work (deflate and hash 7.4 MB, the best of three), measured
 * before anything starts: the machines the suite runs on differ in speed from day to day (two
 * runs of the same commit took 555 and 1052 s), so durations compare across runs only beside it.
 */
export function referenceWorkloadMs() {
  const text = Buffer.from(Array.from({ length: 400_000 }, (_, i) => `line ${i} ${(i * 2654435761) % 1000003}\n`).join(''));
  let best = Infinity;
  for (let round = 0; round < 3; round += 1) {
    const started = process.cpuUsage();
    deflateSync(text, { level: 6 });
    let digest = text;
    for (let i = 0; i < 20; i += 1) digest = createHash('sha256').update(digest).update(text).digest();
    const used = process.cpuUsage(started);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

/** A step's record for the table: its wall clock and the machine's CPU time meanwhile. */
function record(label, started, cpuStarted, status) {
  const cpu = machineCpuSeconds();
  timings.push({ label, ms: Date.now() - started, cpuS: cpu === null || cpuStarted === null ? null : cpu - cpuStarted, status });
}

/** Times a step that is not a child's run (provision, install, build, a stack's start) for the table. */
export async function timed(label, fn) {
  const started = Date.now();
  const cpuStarted = machineCpuSeconds();
  try {
    return await fn();
  } finally {
    record(label, started, cpuStarted, 'ok');
  }
}

/**
 * The table of every step's duration, in the order they ran (npm test's last lines, so CI prints
 * it), with the machine's CPU time during the step and how busy that kept its cores.
 */
export function reportTimings({ referenceMs = null, write = (text) => process.stdout.write(text) } = {}) {
  if (timings.length === 0) return;
  const width = Math.max(...timings.map((t) => t.label.length), 'total (wall clock)'.length);
  // Steps that ran side by side (the smoke runs) overlap: the total is the clock's, not a sum, and
  // their CPU is the machine's while each ran.
  const total = Date.now() - startedAt;
  const cores = availableParallelism();
  // A step shorter than a tenth of a second has no meaningful share of the cores.
  const cpuCell = (cpuS, ms) => (cpuS === null || ms < 100 ? ''.padStart(22) : `${cpuS.toFixed(1).padStart(7)} s cpu ${String(Math.round((100 * cpuS) / Math.max(0.001, (ms / 1000) * cores))).padStart(3)}%`);
  const line = (label, ms, cpuS, status) => `  ${label.padEnd(width)}  ${(ms / 1000).toFixed(1).padStart(7)} s ${cpuCell(cpuS, ms)}  ${status}\n`;
  write(`\n======== durations (cpu: the machine's busy CPU time meanwhile, % of its ${cores} cores) ========\n`);
  for (const t of timings) write(line(t.label, t.ms, t.cpuS, t.status));
  const cpuNow = machineCpuSeconds();
  write(line('total (wall clock)', total, cpuNow === null || startedCpu === null ? null : cpuNow - startedCpu, ''));
  if (referenceMs !== null) write(`  reference workload (the machine's speed; lower is faster): ${referenceMs.toFixed(0)} ms of CPU\n`);
}

/** Runs `command args` with its output passed through; resolves to its exit status (never rejects). */
export function runStep(label, command, args, options = {}) {
  const excerpt = [];
  const tail = [];
  let following = 0;
  let partial = '';
  const keep = (line) => {
    tail.push(line);
    if (tail.length > TAIL_LINES) tail.shift();
    if (FAILURE_START.test(line)) following = LINES_AFTER;
    if (following > 0 && excerpt.length < MAX_EXCERPT_LINES) {
      excerpt.push(line);
      following -= 1;
    }
  };
  const take = (chunk) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) keep(line);
  };
  const started = Date.now();
  const cpuStarted = machineCpuSeconds();
  const done = (status) => record(label, started, cpuStarted, status === 0 ? 'passed' : 'FAILED');
  return new Promise((resolveStatus) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      take(chunk);
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      take(chunk);
    });
    child.on('error', (error) => {
      failures.push({ label, status: null, excerpt: [`could not start: ${error.message}`], tail: [] });
      done(1);
      resolveStatus(1);
    });
    child.on('close', (code, signal) => {
      if (partial) keep(partial);
      const status = code ?? 1;
      if (status !== 0) failures.push({ label, status: signal ? `signal ${signal}` : `exit ${code}`, excerpt, tail });
      done(status);
      resolveStatus(status);
    });
  });
}

/** Records a failure that is not a step's exit status (the stack would not start, say). */
export function recordFailure(label, message) {
  failures.push({ label, status: 'error', excerpt: [message], tail: [] });
}

/** Prints what failed, each step's failure lines and last lines; returns whether anything failed. */
export function reportFailures(write = (text) => process.stdout.write(text)) {
  if (failures.length === 0) return false;
  write(`\n======== what failed (${failures.length}) ========\n`);
  for (const { label, status, excerpt, tail } of failures) {
    write(`\n--- ${label}: ${status}\n`);
    if (excerpt.length > 0) write(`${excerpt.join('\n')}\n`);
    const unseen = tail.filter((line) => !excerpt.includes(line));
    if (unseen.length > 0) write(`... its last lines:\n${unseen.join('\n')}\n`);
  }
  write(`\n======== end of what failed: ${failures.map((f) => f.label).join(', ')} ========\n`);
  return true;
}
