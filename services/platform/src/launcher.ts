// Child processes started by a small helper process instead of by this one.
//
// Node starts a child with fork() and exec(). fork() copies this process's page tables and marks
// every page of it copy-on-write until the child has exec'd, so each start costs the parent time in
// proportion to its memory (11-20 ms at the render worker's 350 MB), and afterwards every page the
// parent writes again takes a page fault. On a machine whose kernel isolates page tables (KPTI) each
// fault is expensive: a 20-slide pptx rendered right after one `spawn` of `/bin/true` took 141-187 ms
// against 61-77 ms, 7,000-9,000 page faults and 70 ms of system time against 500 and 5 ms
// (docs/benchmarks.md, issue 31). The helper is a bare Node process (about 40 MB), started once;
// it forks for each child, so the parent's pages stay its own.
//
// A launched process's standard streams are Unix sockets that the helper hands to the child as its
// fds 0-2, so the data goes straight between the child and this process. The helper listens on
// an abstract socket; each connection first says which launch and which stream it is (a fixed-size
// header), then carries nothing else from this side until the child has started.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';
import { EventEmitter } from 'node:events';
import { connect, type Socket } from 'node:net';
import { PassThrough, type Writable } from 'node:stream';

export interface LaunchOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** stdin, stdout, stderr: a pipe or /dev/null (default: three pipes). */
  stdio?: readonly ['pipe' | 'ignore', 'pipe' | 'ignore', 'pipe' | 'ignore'];
  /** The child's niceness, set as it starts (a hint: refused where not allowed). */
  niceness?: number;
}

/** What the helper says about a launch. */
type HelperMessage =
  | { id: number; type: 'spawn'; pid: number }
  | { id: number; type: 'error'; code?: string; message: string }
  | { id: number; type: 'exit'; code: number | null; signal: NodeJS.Signals | null };

/** What this process asks of the helper. */
type LaunchRequest =
  | { id: number; type: 'launch'; command: string; args: string[]; cwd?: string; env: NodeJS.ProcessEnv; streams: number[]; niceness?: number }
  | { id: number; type: 'kill'; signal: NodeJS.Signals };

const HEADER_BYTES = 16;
const header = (id: number, stream: number) => Buffer.from(`${id}:${stream}`.padEnd(HEADER_BYTES, ' '), 'latin1');

/**
 * A process started by the helper, with the events of a ChildProcess that its callers use:
 * 'spawn', 'error' (it could not be started: `code` is the errno name, e.g. ENOENT), 'exit'
 * (code, signal) and 'close' (code, signal: it has exited and its streams have ended).
 */
export class LaunchedProcess extends EventEmitter {
  readonly stdin: Writable | null;
  readonly stdout: PassThrough | null;
  readonly stderr: PassThrough | null;
  /** Set once the child has started. */
  pid: number | undefined;
  exitCode: number | null = null;
  signalCode: NodeJS.Signals | null = null;
  private exited = false;
  private closed = false;
  private openStreams = 0;

  constructor(
    readonly id: number,
    stdio: readonly ['pipe' | 'ignore', 'pipe' | 'ignore', 'pipe' | 'ignore'],
    private readonly send: (request: LaunchRequest) => void,
  ) {
    super();
    this.stdin = stdio[0] === 'pipe' ? new PassThrough() : null;
    this.stdout = stdio[1] === 'pipe' ? new PassThrough() : null;
    this.stderr = stdio[2] === 'pipe' ? new PassThrough() : null;
    for (const out of [this.stdout, this.stderr]) {
      if (!out) continue;
      this.openStreams++;
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        this.streamClosed();
      };
      out.once('end', end).once('close', end);
    }
  }

  /** Sends `signal` to the child (after it started; before, it is sent once it has). */
  kill(signal: NodeJS.Signals = 'SIGTERM'): boolean {
    if (this.exited) return false;
    this.send({ id: this.id, type: 'kill', signal });
    return true;
  }

  /** The helper's connection for stream `n` (0-2), made when the child is asked for. */
  attach(n: number, socket: Socket): void {
    if (n === 0) {
      // Held until the child runs: what the helper read before would be lost.
      socket.on('error', () => this.stdin!.destroy());
      this.once('spawn', () => this.stdin!.pipe(socket));
    } else {
      const out = (n === 1 ? this.stdout : this.stderr)!;
      socket.on('error', () => out.end());
      socket.pipe(out);
    }
  }

  /** The helper's report about this child. */
  receive(message: HelperMessage): void {
    if (message.type === 'spawn') {
      this.pid = message.pid;
      this.emit('spawn');
    } else if (message.type === 'error') {
      this.exited = true;
      const error = Object.assign(new Error(message.message), message.code ? { code: message.code } : {});
      for (const stream of [this.stdin, this.stdout, this.stderr]) stream?.destroy();
      this.emit('error', error);
      this.emit('close', null, null);
    } else {
      this.exited = true;
      this.exitCode = message.code;
      this.signalCode = message.signal;
      this.emit('exit', message.code, message.signal);
      // As Node does for a ChildProcess: a stream nobody reads is drained, so that 'close' comes.
      for (const out of [this.stdout, this.stderr]) {
        if (out && out.readableFlowing === null && out.listenerCount('readable') === 0) out.resume();
      }
      this.maybeClose();
    }
  }

  private streamClosed(): void {
    this.openStreams--;
    this.maybeClose();
  }

  private maybeClose(): void {
    if (this.closed || !this.exited || this.openStreams > 0) return;
    this.closed = true;
    this.emit('close', this.exitCode, this.signalCode);
  }
}

/** The helper process and the launches in flight through it. */
class Launcher {
  private helper: ChildProcess | null = null;
  private path = '';
  private ready: Promise<void> | null = null;
  private nextId = 1;
  private readonly running = new Map<number, LaunchedProcess>();

  launch(command: string, args: readonly string[], options: LaunchOptions = {}): LaunchedProcess {
    const id = this.nextId++;
    const stdio = options.stdio ?? ['pipe', 'pipe', 'pipe'];
    const child = new LaunchedProcess(id, stdio, (request) => this.helper?.send(request));
    this.running.set(id, child);
    this.helper?.channel?.ref();
    const streams = stdio.flatMap((s, n) => (s === 'pipe' ? [n] : []));
    const ready = this.start();
    void ready.then(
      () => {
        for (const n of streams) {
          const socket = connect({ path: this.path });
          socket.write(header(id, n));
          child.attach(n, socket);
        }
        this.helper!.send({ id, type: 'launch', command, args: [...args], cwd: options.cwd, env: options.env ?? process.env, streams, niceness: options.niceness } satisfies LaunchRequest);
      },
      (err: Error) => this.receive({ id, type: 'error', message: `The process launcher could not start: ${err.message}` }),
    );
    return child;
  }

  private receive(message: HelperMessage): void {
    const child = this.running.get(message.id);
    if (!child) return;
    if (message.type !== 'spawn') {
      this.running.delete(message.id);
      if (this.running.size === 0) this.helper?.channel?.unref();
    }
    child.receive(message);
  }

  /** Starts the helper once; a helper that died is started again by the next launch. */
  private start(): Promise<void> {
    if (this.ready) return this.ready;
    this.path = `\0trainwright-launcher-${process.pid}-${randomBytes(6).toString('hex')}`;
    const helper = spawn(process.execPath, ['-e', `(${helperMain.toString()})(${JSON.stringify(this.path)}, ${HEADER_BYTES})`], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: {},
    });
    this.helper = helper;
    this.ready = new Promise<void>((resolve, reject) => {
      helper.once('error', reject);
      helper.on('message', (message: HelperMessage | 'ready') => (message === 'ready' ? resolve() : this.receive(message)));
      helper.once('exit', (code, signal) => {
        reject(new Error(`it exited (${signal ?? code})`));
        this.helper = null;
        this.ready = null;
        // The children it started cannot be followed any more: their callers hear that they failed.
        for (const id of [...this.running.keys()]) this.receive({ id, type: 'error', message: 'The process launcher ended' });
      });
    });
    this.ready.catch(() => undefined);
    // The helper does not keep this process alive; a launch in flight does (launch() refs it).
    helper.unref();
    return this.ready;
  }
}

/**
 * The helper's program, run with `node -e` (its source is this function's text): it takes launch
 * requests on its IPC channel and the streams on its socket, starts each child with its sockets
 * as fds 0-2, and reports start, failure and exit. It ends with the process that started it.
 */
function helperMain(path: string, headerBytes: number): void {
  const { spawn: start } = require('node:child_process') as typeof import('node:child_process');
  const { createServer } = require('node:net') as typeof import('node:net');
  const { setPriority } = require('node:os') as typeof import('node:os');
  type Request = LaunchRequest;
  const send = (message: unknown) => process.send?.(message);
  const requests = new Map<number, Extract<Request, { type: 'launch' }>>();
  const sockets = new Map<number, Map<number, import('node:net').Socket>>();
  const children = new Map<number, import('node:child_process').ChildProcess>();
  // A kill can come before the launch it is for (it is sent at once, the launch once connected).
  const killsFirst = new Map<number, NodeJS.Signals>();

  const tryStart = (id: number) => {
    const request = requests.get(id);
    const got = sockets.get(id) ?? new Map();
    if (!request || got.size < request.streams.length) return;
    requests.delete(id);
    sockets.delete(id);
    const stdio = [0, 1, 2].map((n) => got.get(n) ?? 'ignore');
    let child: import('node:child_process').ChildProcess;
    try {
      child = start(request.command, request.args, { cwd: request.cwd, env: request.env, stdio });
    } catch (err) {
      for (const socket of got.values()) socket.destroy();
      send({ id, type: 'error', code: (err as NodeJS.ErrnoException).code, message: (err as Error).message });
      return;
    }
    // The child has its own copies of the sockets; this process's are closed (not shut down).
    for (const socket of got.values()) socket.destroy();
    children.set(id, child);
    const killed = killsFirst.get(id);
    killsFirst.delete(id);
    if (killed) child.kill(killed);
    child.once('error', (err: NodeJS.ErrnoException) => {
      children.delete(id);
      send({ id, type: 'error', code: err.code, message: err.message });
    });
    child.once('spawn', () => {
      if (request.niceness !== undefined && child.pid !== undefined) {
        try {
          setPriority(child.pid, request.niceness);
        } catch {
          // Not allowed here: it runs at the usual priority.
        }
      }
      send({ id, type: 'spawn', pid: child.pid });
    });
    child.once('exit', (code, signal) => {
      children.delete(id);
      send({ id, type: 'exit', code, signal });
    });
  };

  const server = createServer({ pauseOnConnect: true }, (socket) => {
    const readHeader = () => {
      const head = socket.read(headerBytes) as Buffer | null;
      if (!head) return void socket.once('readable', readHeader);
      socket.pause();
      const [id, n] = head.toString('latin1').trim().split(':').map(Number) as [number, number];
      if (!sockets.has(id)) sockets.set(id, new Map());
      sockets.get(id)!.set(n, socket);
      tryStart(id);
    };
    socket.on('error', () => undefined);
    readHeader();
  });
  server.listen(path, () => send('ready'));
  process.on('message', (request: Request) => {
    if (request.type === 'launch') {
      requests.set(request.id, request);
      tryStart(request.id);
    } else {
      const child = children.get(request.id);
      if (child) child.kill(request.signal);
      else killsFirst.set(request.id, request.signal);
    }
  });
  // With the process that started it gone, nobody can use it any more.
  process.on('disconnect', () => process.exit(0));
}

const launcher = new Launcher();

/**
 * Every launch is published here ({ command, args, child }) before it starts: for tools that
 * observe the service from the same process, such as the render benchmark's timeline. Nothing is
 * built when nobody subscribes.
 */
export const LAUNCH_CHANNEL = 'trainwright:launch';
const launches = channel(LAUNCH_CHANNEL);

/**
 * Starts `command` with `args` from the helper process (see above), like child_process.spawn
 * without a shell. Use it for the children a large process starts often (the render worker's
 * ffmpeg and speech engines).
 */
export function launch(command: string, args: readonly string[], options?: LaunchOptions): LaunchedProcess {
  const child = launcher.launch(command, args, options);
  if (launches.hasSubscribers) launches.publish({ command, args, child });
  return child;
}
