// Load generation with autocannon, re-measuring disturbed runs, checked HTTP calls, and the
// result table of the bench runners.
import autocannon from 'autocannon';
import { DISTURBED, waitForQuiet } from './cpu.mjs';

/** One autocannon run; resolves with its result. */
export function cannon(options) {
  return new Promise((done, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : done(result)));
    instance.on('error', reject);
  });
}

/**
 * Wraps `measureOnce(...args)` (answering {scenario, round, cpu, ...}): measures once, again (after
 * waiting for quiet) while other processes disturbed it, at most `retries` more times.
 */
export function withRetries(measureOnce, { retries, waitIdle, log, who }) {
  return async (...args) => {
    for (let attempt = 0; ; attempt++) {
      const result = await measureOnce(...args);
      result.attempts = attempt + 1;
      if (result.cpu.others <= DISTURBED || attempt >= retries) return result;
      log(`round ${result.round} ${result.scenario}: other processes used ${result.cpu.others}% of a core meanwhile; measuring again`);
      if (waitIdle > 0) await waitForQuiet(waitIdle, log, who);
    }
  };
}

/** The latency and count fields of an autocannon result (or one shaped like it). */
export function latencyFields(r) {
  return {
    rps: r.requests.average,
    total: r.requests.total,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    mean: r.latency.average,
  };
}

/** The error fields of an autocannon result. */
export function outcomeFields(r) {
  return { errors: r.errors + r.timeouts, non2xx: r.non2xx, ok: r['2xx'] };
}

/** fetch that insists on `status`; answers the parsed JSON body. */
export async function expectOk(url, init, status = 200) {
  const response = await fetch(url, init);
  const text = await response.text();
  if (response.status !== status) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${response.status} (expected ${status}): ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : undefined;
}

/** Polls `check` (every `everyMs`) until it answers a truthy value, which it answers; throws after `seconds`. */
export async function eventually(what, seconds, check, everyMs = 250) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not reached within ${seconds} s`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export const median = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The cpu/req and cpu cells of a result: total us per request without `others`, and per process. */
export function cpuCells(r) {
  const perReq = (pct) => Math.round((pct / 100 / r.rps) * 1e6);
  const ours = Object.entries(r.cpu).filter(([k]) => k !== 'others');
  const cpu = [...ours.map(([k, v]) => `${k} ${v}% (${perReq(v)})`), `others ${r.cpu.others}%`].join(', ');
  const total = perReq(ours.reduce((sum, [, v]) => sum + v, 0));
  return { total: `${total} us`, cpu };
}

/** Prints `title`, then the rows (first = header) aligned: first and last column left, others right. */
export function printTable(title, rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row) => row.map((cell, i) => (i === 0 || i === row.length - 1 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ').trimEnd();
  console.log('');
  console.log(title);
  console.log(line(rows[0]));
  for (const row of rows.slice(1)) console.log(line(row));
}

/**
 * Prints the goal lines (median ratio `name` >= goalRatio, median p99 of `subject` <= goalP99);
 * answers whether both are met.
 */
export function printGoals({ rounds, baseRuns, subjectRuns, ratioName, p99Name, goalRatio, goalP99 }) {
  const ratios = subjectRuns.map((r, i) => r.rps / (baseRuns[i] ?? baseRuns.at(-1)).rps);
  const ratio = median(ratios);
  const p99 = median(subjectRuns.map((r) => r.p99));
  const ratioOk = ratio >= goalRatio;
  const p99Ok = p99 <= goalP99;
  const m = rounds > 1 ? 'median ' : '';
  console.log('');
  if (rounds > 1) console.log(`ratios per round: ${ratios.map((x) => x.toFixed(2)).join(', ')}`);
  console.log(`${m}ratio ${ratioName} = ${ratio.toFixed(2)} (goal >= ${goalRatio.toFixed(2)})  ${ratioOk ? 'PASS' : 'MISS'}`);
  console.log(`${m}p99 of ${p99Name} = ${p99} ms (goal <= ${goalP99} ms)  ${p99Ok ? 'PASS' : 'MISS'}`);
  return { ok: ratioOk && p99Ok, p99 };
}

export function warnDisturbed(results) {
  const disturbed = results.filter((r) => r.cpu.others > DISTURBED);
  if (disturbed.length > 0) {
    console.log(`WARNING: other processes used > ${DISTURBED}% of a core during ${disturbed.map((r) => `${r.scenario}#${r.round}`).join(', ')}; those figures are disturbed`);
  }
}

/** Reports every result with errors or non-2xx answers; answers whether there was any. */
export function reportFailures(results) {
  let failed = false;
  for (const r of results) {
    if (r.errors > 0 || r.non2xx > 0) {
      console.error(`[bench] FAILED: "${r.label.trim()}" (round ${r.round}) had ${r.errors} errors/timeouts and ${r.non2xx} non-2xx answers`);
      failed = true;
    }
  }
  return failed;
}
