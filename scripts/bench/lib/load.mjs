// Load generation (closed loop with autocannon, open loop at a fixed rate), re-measuring disturbed
// runs, checked HTTP calls, and the result table of the bench runners.
import http from 'node:http';
import autocannon from 'autocannon';
import { DISTURBED, waitForQuiet } from './cpu.mjs';

/**
 * Load shed on purpose (the gateway's admission limit, a service that is busy): 429 or 503 with
 * Retry-After. Counted apart from failures when a run asks for it (`shed: true`).
 */
export function isShed(status, headers) {
  if (status !== 429 && status !== 503) return false;
  for (const name of Object.keys(headers)) if (name.toLowerCase() === 'retry-after') return true;
  return false;
}

/**
 * One autocannon run; resolves with its result. With `shed: true`, answers that shed load
 * (isShed) are counted in `result.shed` (they stay in autocannon's non2xx; outcomeFields takes
 * them out).
 */
export function cannon({ shed = false, ...options }) {
  let shedCount = 0;
  if (shed) {
    const onResponse = (status, _body, _context, headers) => {
      if (isShed(status, headers)) shedCount++;
    };
    options = { ...options, requests: (options.requests ?? [{}]).map((r) => ({ ...r, onResponse })) };
  }
  return new Promise((done, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : done(shed ? { ...result, shed: shedCount } : result)));
    instance.on('error', reject);
  });
}

/**
 * Open-loop load: `perSecond` evenly spaced requests for `duration` seconds over up to
 * `connections` keep-alive sockets, each request's latency counted from its scheduled send time
 * (autocannon's own rate limit sends a burst at every second boundary, and a closed loop waits for
 * each answer before the next request, so neither shows the latency at a given offered load).
 * Request i goes to `paths[i % paths.length]` (default: the path and query of `url`). Answers in
 * the shape of an autocannon result (what latencyFields and outcomeFields read), with `shed`:
 * answers that shed load (isShed), counted apart from non2xx. Latencies are of every answer
 * (2xx, shed or not); a request that got no answer (connection error, 10 s timeout) is an error.
 */
export function openLoop({ url, headers = {}, duration, perSecond, connections = 50, paths }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const rotation = paths?.length ? paths : [`${target.pathname}${target.search}`];
  const total = Math.round(perSecond * duration);
  const latencies = [];
  const counts = { ok: 0, non2xx: 0, shed: 0, errors: 0 };
  let bytes = 0;
  let sent = 0;
  let done = 0;
  const start = performance.now();
  return new Promise((finish) => {
    let timer;
    const complete = () => {
      if (++done < total) return;
      clearTimeout(timer);
      agent.destroy();
      latencies.sort((x, y) => x - y);
      const pct = (q) => (latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] * 10) / 10 : NaN);
      const elapsed = (performance.now() - start) / 1000;
      finish({
        requests: { average: latencies.length / Math.max(duration, elapsed), total: latencies.length },
        latency: { p50: pct(0.5), p90: pct(0.9), p99: pct(0.99), max: pct(1), average: latencies.reduce((a, b) => a + b, 0) / (latencies.length || 1) },
        throughput: { total: bytes },
        errors: counts.errors,
        timeouts: 0,
        // As autocannon counts them: shed answers are non-2xx too (outcomeFields takes them out).
        non2xx: counts.non2xx + counts.shed,
        shed: counts.shed,
        '2xx': counts.ok,
      });
    };
    const fire = (scheduled, path) => {
      let settled = false;
      const settle = (outcome) => {
        if (settled) return;
        settled = true;
        if (outcome !== 'errors') latencies.push(performance.now() - scheduled);
        counts[outcome]++;
        complete();
      };
      const req = http.request({ host: target.hostname, port: target.port, path, headers, agent, timeout: 10_000 }, (res) => {
        // The status line and headers as sent (autocannon's byte count includes them too).
        bytes += 15 + (res.statusMessage?.length ?? 0) + res.rawHeaders.reduce((n, h) => n + h.length + 2, 0);
        res.on('data', (chunk) => {
          bytes += chunk.length;
        });
        res.on('end', () => settle(res.statusCode >= 200 && res.statusCode < 300 ? 'ok' : isShed(res.statusCode, res.headers) ? 'shed' : 'non2xx'));
        res.on('error', () => settle('errors'));
        res.on('aborted', () => settle('errors'));
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => settle('errors'));
      req.end();
    };
    // Each wake-up sends whatever is due by now, each request counted from its own scheduled
    // time (so a late generator shows up as latency rather than vanishing), then sleeps until the
    // next one is due (timers have about 1 ms resolution).
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * perSecond) + 1);
      while (sent < due) {
        const i = sent++;
        fire(start + (i * 1000) / perSecond, rotation[i % rotation.length]);
      }
      if (sent < total) timer = setTimeout(tick, Math.max(0, start + (sent * 1000) / perSecond - performance.now()));
    };
    tick();
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

/**
 * The outcome fields of an autocannon result (or one shaped like it): errors and timeouts, non-2xx
 * answers that are failures, and (when counted: `cannon({shed: true})`, openLoop) shed load.
 */
export function outcomeFields(r) {
  const shed = r.shed ?? 0;
  return { errors: r.errors + r.timeouts, non2xx: r.non2xx - shed, shed, ok: r['2xx'] };
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

/**
 * Reports every result with errors or non-2xx answers; answers whether there was any. Shed load
 * (outcomeFields' `shed`) is not a failure: it is reported on a line of its own.
 */
export function reportFailures(results) {
  let failed = false;
  for (const r of results) {
    if (r.shed > 0) console.log(`[bench] "${r.label.trim()}" (round ${r.round}) shed ${r.shed} requests (429/503 with Retry-After)`);
    if (r.errors > 0 || r.non2xx > 0) {
      console.error(`[bench] FAILED: "${r.label.trim()}" (round ${r.round}) had ${r.errors} errors/timeouts and ${r.non2xx} non-2xx answers`);
      failed = true;
    }
  }
  return failed;
}
