// CPU accounting from Linux /proc: per child process, the PostgreSQL backends of one database,
// this process (autocannon), and `others` = the rest of the machine; this process with the
// processes it ran (selfMeter); waiting for a quiet machine.
import { readFileSync, readdirSync } from 'node:fs';
import { cpus } from 'node:os';

export const NCPU = cpus().length;
/** % of one core used by other processes during a measurement above which it counts as disturbed. */
export const DISTURBED = 25;
const TICK = 100; // USER_HZ

export function readStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { comm, ticks: Number(fields[11]) + Number(fields[12]) }; // utime + stime
  } catch {
    return undefined;
  }
}

/** utime+stime per PostgreSQL backend serving `database` (their process title names it). */
export function postgresTicks(database) {
  const out = new Map();
  if (!database) return out;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const s = readStat(pid);
    if (s?.comm !== 'postgres') continue;
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `)) out.set(pid, s.ticks);
    } catch {
      // gone already
    }
  }
  return out;
}

/** Busy and total ticks of the whole machine. */
export function machineTicks() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const total = f.reduce((a, b) => a + b, 0);
  return { busy: total - f[3] - f[4], total };
}

/**
 * Starts measuring; the returned function gives CPU in % of one core per process ({pid, name}),
 * `postgres` (when `database` is given) and `others`.
 */
export function cpuMeter(procs, database) {
  const t0 = process.hrtime.bigint();
  const self0 = process.cpuUsage();
  const child0 = procs.map((p) => readStat(p.pid)?.ticks);
  const pg0 = postgresTicks(database);
  const m0 = machineTicks();
  return () => {
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const self = process.cpuUsage(self0);
    const m1 = machineTicks();
    const pct = (ticks) => (ticks / TICK / seconds) * 100;
    const result = { autocannon: ((self.user + self.system) / 1e6 / seconds) * 100 };
    procs.forEach((p, i) => {
      const now = readStat(p.pid)?.ticks;
      if (now !== undefined && child0[i] !== undefined) result[p.name] = pct(now - child0[i]);
    });
    if (database) {
      let pg = 0; // backends that exit meanwhile are lost (idle pool connections close after 30 s)
      for (const [pid, ticks] of postgresTicks(database)) pg += ticks - (pg0.get(pid) ?? 0);
      result.postgres = pct(pg);
    }
    // Machine busy time in % of one core, minus what is accounted for above.
    const machine = ((m1.busy - m0.busy) / (m1.total - m0.total)) * NCPU * 100;
    const ours = Object.values(result).reduce((a, b) => a + b, 0);
    result.others = Math.max(0, machine - ours);
    for (const k of Object.keys(result)) result[k] = Math.round(result[k]);
    return result;
  };
}

export async function machineBusyPct(ms) {
  const m0 = machineTicks();
  await new Promise((r) => setTimeout(r, ms));
  const m1 = machineTicks();
  return ((m1.busy - m0.busy) / (m1.total - m0.total)) * NCPU * 100;
}

/**
 * Waits (bounded) until the machine uses less than 20% of one core for 3 s; answers the last
 * reading. `who` starts the waiting message (e.g. 'other processes use').
 */
export async function waitForQuiet(seconds, log, who = 'the machine uses') {
  const until = Date.now() + seconds * 1000;
  let busy = await machineBusyPct(3000);
  while (busy > 20 && Date.now() < until) {
    log(`${who} ${Math.round(busy)}% of one core; waiting for quiet (up to ${Math.round((until - Date.now()) / 1000)} s more)`);
    busy = await machineBusyPct(3000);
  }
  if (busy > 20) log(`WARNING: the machine is not idle (${Math.round(busy)}% of one core busy); figures will be disturbed`);
  return Math.round(busy);
}

/** Fields of /proc/<pid>/stat from the state on (index 0 = field 3), or null if it has gone. */
function statFields(path) {
  try {
    const stat = readFileSync(path, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * utime+stime of this process's children: those that have exited and been waited for
 * (cutime+cstime), and those still running, with what they have waited for. The second covers the
 * platform's process launcher (services/platform/src/launcher.ts), a child that lives on and starts
 * ffmpeg and the speech engines for this process.
 */
export function childTicks() {
  const own = statFields('/proc/self/stat');
  let ticks = Number(own[13]) + Number(own[14]);
  let live = '';
  try {
    live = readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8');
  } catch {
    // No such file on this kernel: only exited children count.
  }
  for (const pid of live.split(' ').filter(Boolean)) {
    const f = statFields(`/proc/${pid}/stat`);
    if (f) ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
  }
  return ticks;
}

/**
 * Starts measuring work done in this process and in the short-lived processes it runs (espeak-ng,
 * ffmpeg: counted when they have exited, so measure until they have). The returned function gives
 * CPU in % of one core, `bench` (this process), `children` and `others` (the rest of the machine),
 * and `cpuMs`, the CPU time of this process and its children together.
 */
export function selfMeter() {
  const t0 = process.hrtime.bigint();
  const self0 = process.cpuUsage();
  const children0 = childTicks();
  const m0 = machineTicks();
  return () => {
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const self = process.cpuUsage(self0);
    // A child that ended meanwhile without being waited for takes its ticks with it.
    const children = Math.max(0, childTicks() - children0);
    const m1 = machineTicks();
    const selfMs = (self.user + self.system) / 1000;
    const childMs = (children / TICK) * 1000;
    const pct = (ms) => (ms / 1000 / seconds) * 100;
    const machine = ((m1.busy - m0.busy) / (m1.total - m0.total)) * NCPU * 100;
    return {
      bench: Math.round(pct(selfMs)),
      children: Math.round(pct(childMs)),
      others: Math.round(Math.max(0, machine - pct(selfMs) - pct(childMs))),
      cpuMs: Math.round(selfMs + childMs),
    };
  };
}
