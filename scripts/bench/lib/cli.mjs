// Option parsing, --help from the runner's header comment, logging, watchdog and signal handling
// shared by the bench runners.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export const log = (message) => process.stderr.write(`[bench] ${message}\n`);

export function usage(message) {
  log(message);
  process.exit(1);
}

/**
 * The options every runner has; `extra` adds the runner's own (and may override the defaults of
 * duration, connections, warmup and rounds). `load: false` drops --duration and --connections, for
 * runners that do not generate load with autocannon.
 */
export function parseOptions(extra, { load = true } = {}) {
  const { values } = parseArgs({
    options: {
      ...(load && {
        duration: { type: 'string', default: '10' },
        connections: { type: 'string', default: '50' },
      }),
      warmup: { type: 'string', default: '2' },
      rounds: { type: 'string', default: '1' },
      ...extra,
      'wait-idle': { type: 'string', default: '60' },
      retries: { type: 'string', default: '2' },
      'cpu-prof': { type: 'string' },
      logs: { type: 'string' },
      json: { type: 'string' },
      strict: { type: 'boolean', default: false },
      smoke: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  // --smoke: the shortest run that still goes through every step (npm test runs each bench so, so a
  // benchmark cannot rot unnoticed); its figures prove the bench works, not how fast anything is.
  if (values.smoke) Object.assign(values, SMOKE, 'projects' in values ? { projects: '100' } : {});
  return values;
}

const SMOKE = { duration: '1', warmup: '0', rounds: '1', 'wait-idle': '0', retries: '0' };

/** --help: prints the leading // comment of the runner at `moduleUrl` and exits. */
export function printHelpIfAsked(opts, moduleUrl) {
  if (!opts.help) return;
  const text = readFileSync(fileURLToPath(moduleUrl), 'utf8').split('\n');
  console.log(text.slice(0, text.findIndex((l) => !l.startsWith('//'))).map((l) => l.slice(3)).join('\n'));
  process.exit(0);
}

/** duration, connections, warmup, rounds as numbers, validated. */
export function loadOptions(opts) {
  const duration = Number(opts.duration);
  const connections = Number(opts.connections);
  const warmup = Number(opts.warmup);
  const rounds = Number(opts.rounds);
  if (!(duration >= 1)) usage('--duration must be >= 1');
  if (!(Number.isInteger(connections) && connections >= 1)) usage('--connections must be a positive integer');
  if (!(warmup >= 0)) usage('--warmup must be >= 0');
  if (!(Number.isInteger(rounds) && rounds >= 1 && rounds <= 20)) usage('--rounds must be 1..20');
  return { duration, connections, warmup, rounds };
}

/** wait-idle and retries as numbers, validated. */
export function quietOptions(opts) {
  const waitIdle = Number(opts['wait-idle']);
  const retries = Number(opts.retries);
  if (!(waitIdle >= 0)) usage('--wait-idle must be >= 0');
  if (!(Number.isInteger(retries) && retries >= 0 && retries <= 5)) usage('--retries must be 0..5');
  return { waitIdle, retries };
}

/** Calls `shutdown(1)` when the run exceeds `budgetMs`; answers the timer. */
export function startWatchdog(budgetMs, shutdown) {
  const watchdog = setTimeout(() => {
    log(`the run exceeded its time budget (${Math.round(budgetMs / 1000)} s); stopping`);
    void shutdown(1);
  }, budgetMs);
  watchdog.unref();
  return watchdog;
}

/** Ctrl+C, kill (and with `hangup` a closed terminal) run `shutdown(128 + signal number)`. */
export function shutdownOnSignals(shutdown, { hangup = false } = {}) {
  process.once('SIGINT', () => void shutdown(130));
  process.once('SIGTERM', () => void shutdown(143));
  if (hangup) process.once('SIGHUP', () => void shutdown(129));
}
