// The supervisor behind `npm start` and the test stacks: runs every process of the product with a
// name and prefixed, coloured output; restarts a process that exits without being asked to, with
// exponential backoff, saying why it exited; stops everything only when asked (SIGINT, SIGTERM or
// SIGHUP to this process, or stop()), with SIGTERM and then SIGKILL after each process's deadline.
// Node built-ins only.
//
//   const sup = supervise([{ name, command, cwd, env, stopTimeoutMs }], options);
//   sup.result     settles once everything has stopped: resolves after stop(), rejects when a
//                  process crash-loops under options.giveUp (everything is stopped first)
//   sup.stop()     stops every process; resolves when all have exited
//   sup.state(n)   { name, pid, starts, exits: [{ code, signal, upMs, at }], status }
//   sup.on('start' | 'exit' | 'restart' | 'give-up', listener)
//
// Each process runs in its own process group (`detached`), so its children (ffmpeg, LibreOffice)
// are signalled with it, and what a dead process leaves behind in its group is killed before it is
// started again. A terminal's Ctrl+C therefore reaches the supervisor only, which stops the rest.
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { constants } from 'node:os';

const COLORS = [33, 32, 36, 31, 90, 35, 34]; // yellow, green, cyan, red, gray, magenta, blue
const paint = (code, text) => `\x1b[${code}m${text}\x1b[0m`;

export const DEFAULTS = {
  /** First restart delay; doubles on every exit that follows a short run, up to maxDelayMs. */
  initialDelayMs: 500,
  maxDelayMs: 30_000,
  /** A process that stayed up this long is healthy again: the next restart waits initialDelayMs. */
  resetAfterMs: 60_000,
  /** SIGTERM, then SIGKILL after this long, unless the process names its own stopTimeoutMs. */
  stopTimeoutMs: 11_000,
  /**
   * Give up (stop everything, reject `result`) when one process exits this many times in a row,
   * each time within withinMs of its start: it cannot start at all. null: never give up.
   */
  giveUp: null,
  /** Stop on SIGINT/SIGTERM/SIGHUP to this process, then exit with 128 + the signal's number. */
  handleSignals: true,
  /** Where prefixed lines go. */
  write: (line) => process.stdout.write(line),
};

function describeExit(code, signal) {
  return signal ? `killed by ${signal}` : `exit code ${code}`;
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

export function supervise(list, options = {}) {
  const opts = { ...DEFAULTS, ...options };
  const events = new EventEmitter();
  const width = Math.max(...list.map((p) => p.name.length), 'supervisor'.length);
  const prefix = (name, color) => paint(color, `[${name}]`.padEnd(width + 2));
  const say = (message) => opts.write(`${prefix('supervisor', 96)} ${message}\n`);

  let stopping = null;
  let failure = null;
  let settle;
  const result = new Promise((resolve, reject) => (settle = { resolve, reject }));
  const procs = list.map((spec, i) => ({
    spec,
    color: COLORS[i % COLORS.length],
    child: null,
    pid: null,
    startedAt: 0,
    starts: 0,
    exits: [],
    shortRuns: 0, // consecutive exits within giveUp.withinMs
    failures: 0, // consecutive exits that came before resetAfterMs: the backoff exponent
    timer: null,
    tail: [],
    status: 'starting',
  }));

  function pipe(p, stream) {
    let buffered = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop();
      for (const line of lines) emitLine(p, line);
    });
    stream.on('end', () => {
      if (buffered) emitLine(p, buffered);
      buffered = '';
    });
  }

  function emitLine(p, line) {
    p.tail.push(line);
    if (p.tail.length > 20) p.tail.shift();
    opts.write(`${prefix(p.spec.name, p.color)} ${line}\n`);
  }

  function killGroup(p, signal) {
    if (!p.pid) return;
    try {
      process.kill(-p.pid, signal);
    } catch {
      // ESRCH: nothing left in the group.
    }
  }

  function start(p) {
    p.timer = null;
    if (stopping) return;
    const child = spawn('sh', ['-c', p.spec.command], {
      cwd: p.spec.cwd,
      env: p.spec.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    p.child = child;
    p.pid = child.pid;
    p.startedAt = Date.now();
    p.starts += 1;
    p.status = 'running';
    pipe(p, child.stdout);
    pipe(p, child.stderr);
    child.on('error', (error) => emitLine(p, `could not start: ${error.message}`));
    child.on('exit', (code, signal) => onExit(p, child, code, signal));
    if (p.starts > 1) say(`${p.spec.name} started again (pid ${child.pid}, start ${p.starts})`);
    events.emit('start', { name: p.spec.name, pid: child.pid, starts: p.starts });
  }

  function onExit(p, child, code, signal) {
    if (p.child !== child) return;
    const upMs = Date.now() - p.startedAt;
    const exit = { code, signal, upMs, at: Date.now(), pid: child.pid };
    p.exits.push(exit);
    p.child = null;
    // Children it left behind (an encoder, a converter) go with it.
    killGroup(p, 'SIGKILL');
    events.emit('exit', { name: p.spec.name, ...exit, expected: Boolean(stopping) });
    if (stopping) {
      p.status = 'stopped';
      return;
    }
    p.failures = upMs >= opts.resetAfterMs ? 1 : p.failures + 1;
    p.shortRuns = opts.giveUp && upMs < opts.giveUp.withinMs ? p.shortRuns + 1 : 0;
    const why = `${p.spec.name} (pid ${child.pid}) exited unexpectedly: ${describeExit(code, signal)} after ${seconds(upMs)}`;
    if (opts.giveUp && p.shortRuns >= opts.giveUp.exits) {
      p.status = 'failed';
      say(paint(31, `${why}; it exited ${p.shortRuns} times within ${seconds(opts.giveUp.withinMs)} of starting: giving up`));
      const error = new Error(`${p.spec.name} cannot start: it exited ${p.shortRuns} times within ${seconds(opts.giveUp.withinMs)} of starting (last: ${describeExit(code, signal)})\n${p.tail.slice(-10).join('\n')}`);
      error.processName = p.spec.name;
      failure ??= error;
      events.emit('give-up', { name: p.spec.name, error });
      stop();
      return;
    }
    const delayMs = Math.min(opts.maxDelayMs, opts.initialDelayMs * 2 ** (p.failures - 1));
    p.status = 'backoff';
    say(paint(33, `${why}; restarting in ${seconds(delayMs)}`));
    events.emit('restart', { name: p.spec.name, pid: child.pid, delayMs, code, signal });
    p.timer = setTimeout(() => start(p), delayMs);
  }

  function stopOne(p) {
    if (p.timer) {
      clearTimeout(p.timer);
      p.timer = null;
    }
    const child = p.child;
    if (!child) {
      p.status = 'stopped';
      return Promise.resolve();
    }
    p.status = 'stopping';
    const exited = new Promise((resolve) => child.once('exit', resolve));
    killGroup(p, 'SIGTERM');
    const deadline = p.spec.stopTimeoutMs ?? opts.stopTimeoutMs;
    const timer = setTimeout(() => {
      say(`${p.spec.name} did not stop within ${seconds(deadline)}: SIGKILL`);
      killGroup(p, 'SIGKILL');
    }, deadline);
    return exited.then(() => clearTimeout(timer));
  }

  /** Stops every process (SIGTERM, SIGKILL after its deadline); resolves when all have exited. */
  function stop() {
    stopping ??= Promise.all(procs.map(stopOne)).then(() => {
      say('every process has stopped');
      removeSignalHandlers();
      if (failure) settle.reject(failure);
      else settle.resolve();
    });
    return stopping;
  }

  const signalHandlers = {};
  function removeSignalHandlers() {
    for (const [signal, handler] of Object.entries(signalHandlers)) process.removeListener(signal, handler);
  }
  if (opts.handleSignals) {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
      signalHandlers[signal] = () => {
        if (stopping) return;
        say(`${signal}: stopping every process`);
        stop().then(() => process.exit(128 + constants.signals[signal]));
      };
      process.on(signal, signalHandlers[signal]);
    }
  }

  for (const p of procs) start(p);
  return {
    result,
    stop,
    on: (event, listener) => events.on(event, listener),
    names: () => procs.map((p) => p.spec.name),
    state(name) {
      const p = procs.find((q) => q.spec.name === name);
      if (!p) throw new Error(`no process named ${name}`);
      return { name, pid: p.child ? p.pid : null, starts: p.starts, exits: [...p.exits], status: p.status };
    },
    /** Changes the give-up rule, e.g. to null once the product has come up. */
    setGiveUp(rule) {
      opts.giveUp = rule;
    },
  };
}
