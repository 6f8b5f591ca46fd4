// Untrusted work (parsing an uploaded document or an XLIFF file, CPU-heavy generation steps) runs in worker threads,
// never on the service's event loop: the loop keeps answering health checks, gRPC calls and
// other companies' jobs, and renews the queue's job locks, whatever a document does. Each worker
// has a V8 heap limit (`resourceLimits`) and a time limit: past the time it is terminated
// (worker.terminate() stops even a tight loop) together with any converter process it started;
// past the heap limit V8 stops it (ERR_WORKER_OUT_OF_MEMORY). `closeAll` stops every worker at
// shutdown. Worker entries import this module alone ('@trainwright/platform/worker-sandbox'), not the
// platform's index: a thread starts without loading gRPC, NATS and the database drivers.
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, Worker, workerData, type TransferListItem } from 'node:worker_threads';
import { messageRefOf, type MessageRef } from './errors.js';

export interface WorkerLimits {
  /** Wall-clock time the worker may run, in ms. */
  timeoutMs: number;
  /** The worker's V8 old-generation heap, in MB. */
  maxMemoryMb: number;
}

/** How a worker's run ended. */
export type WorkerOutcome<T> =
  | { kind: 'ok'; value: T }
  /** The work threw; `error` is what the worker posted (see serializeError). */
  | { kind: 'error'; error: SerializedError }
  | { kind: 'timeout' }
  | { kind: 'out_of_memory' }
  /** Terminated by closeAll (the service is stopping). */
  | { kind: 'stopped' }
  /** The worker died another way (exit without an answer, an uncaught error). */
  | { kind: 'crashed'; detail: string };

export interface SerializedError {
  name: string;
  message: string;
  /** GenerationError/JobError's flag; undefined for other errors. */
  retryable?: boolean;
  /** IngestError's or AppError's code. */
  code?: string;
  /** AppError's detail (e.g. the field of a validation error). */
  detail?: unknown;
  /** The catalogue message of a JobError or an AppError, so it keeps its id across the boundary. */
  messageRef?: MessageRef;
}

/** What a worker entry posts: progress or child processes while it runs, then one answer. */
export type WorkerMessage =
  | { type: 'result'; value: unknown }
  | { type: 'error'; error: SerializedError }
  | { type: 'child'; pid: number }
  | { type: 'progress'; value: number };

export function serializeError(error: unknown): SerializedError {
  if (error instanceof Error) {
    const { retryable, code, detail, messageRef } = error as Error & { retryable?: unknown; code?: unknown; detail?: unknown; messageRef?: unknown };
    return {
      name: error.name,
      message: error.message,
      retryable: typeof retryable === 'boolean' ? retryable : undefined,
      code: typeof code === 'string' ? code : undefined,
      detail,
      messageRef: messageRefOf(messageRef),
    };
  }
  return { name: 'Error', message: String(error) };
}

/**
 * The compiled worker script `name` beside the module at `moduleUrl` (its import.meta.url): the
 * sibling .js file when that module runs from dist, the built copy under the package's dist/ when
 * it runs from TypeScript sources (tests).
 */
export function compiledWorkerScript(moduleUrl: string, name: string): string {
  const path = fileURLToPath(new URL(`./${name}.js`, moduleUrl));
  if (!moduleUrl.endsWith('.ts')) return path;
  const at = path.lastIndexOf(`${sep}src${sep}`);
  return `${path.slice(0, at)}${sep}dist${path.slice(at)}`;
}

/** One thread: a one-shot worker, or a kept one that answers task after task. */
interface Thread {
  worker: Worker;
  key: string;
  /** The task it runs now (null while a kept thread waits for the next). */
  task: Task | null;
  idleTimer: NodeJS.Timeout | null;
}

interface Task {
  outcome: WorkerOutcome<unknown> | null;
  children: Set<number>;
  onProgress?: (value: number) => void;
  timer: NodeJS.Timeout;
  /** Ends the task with its outcome (a kept thread goes back to wait). */
  settle(): void;
}

/** How long a kept thread waits for another task before it is stopped. */
const KEPT_IDLE_MS = 30_000;
/** Kept threads per script and limits, waiting at most (one per job the service runs at once). */
const KEPT_PER_KEY = 2;

export class WorkerSupervisor {
  private readonly running = new Set<Thread>();
  private readonly kept = new Map<string, Thread[]>();
  private closed = false;

  /** Workers running a task now (kept threads waiting for one are not counted). */
  get size(): number {
    return this.running.size;
  }

  /** Kept threads waiting for a task. */
  get waiting(): number {
    return [...this.kept.values()].reduce((n, list) => n + list.length, 0);
  }

  /**
   * Runs one task in a thread of `script` with `limits`. By default the thread is new and ends
   * with the task. `keep: true` runs it in a kept thread of the same script and limits when one
   * waits (its modules already loaded: the engine takes about 1.8 s to load), and keeps the
   * thread for the next task when this one ends with an answer; a thread past its time or memory
   * limit, or that crashed, is never kept. The script must answer with `serveTasks` to be kept.
   * Only our own code on data is kept: parsers of uploaded files get a fresh thread each time.
   */
  run<T>(
    script: string,
    input: { workerData: unknown; transferList?: TransferListItem[]; keep?: boolean },
    limits: WorkerLimits,
    onProgress?: (value: number) => void
  ): Promise<WorkerOutcome<T>> {
    if (this.closed) return Promise.resolve({ kind: 'stopped' });
    const key = `${script}\n${limits.timeoutMs}\n${limits.maxMemoryMb}`;
    return new Promise((resolve) => {
      const reused = input.keep ? this.kept.get(key)?.pop() : undefined;
      const thread = reused ?? this.start(script, key, limits, input);
      if (thread.idleTimer) clearTimeout(thread.idleTimer);
      thread.idleTimer = null;
      thread.worker.ref();
      const task: Task = {
        outcome: null,
        children: new Set(),
        onProgress,
        timer: setTimeout(() => {
          task.outcome ??= { kind: 'timeout' };
          kill(thread);
        }, limits.timeoutMs),
        settle: () => {
          clearTimeout(task.timer);
          killChildren(task);
          thread.task = null;
          this.running.delete(thread);
          resolve((task.outcome ?? { kind: 'crashed', detail: 'the worker ended without an answer' }) as WorkerOutcome<T>);
        },
      };
      thread.task = task;
      this.running.add(thread);
      if (input.keep) thread.worker.postMessage({ type: 'task', data: input.workerData }, input.transferList ?? []);
    });
  }

  private start(script: string, key: string, limits: WorkerLimits, input: { workerData: unknown; transferList?: TransferListItem[]; keep?: boolean }): Thread {
    const worker = new Worker(script, {
      // A kept thread gets its tasks as messages; a one-shot thread its only task as workerData.
      workerData: input.keep ? undefined : input.workerData,
      transferList: input.keep ? undefined : input.transferList,
      resourceLimits: {
        maxOldGenerationSizeMb: limits.maxMemoryMb,
        maxYoungGenerationSizeMb: Math.max(4, Math.min(64, Math.floor(limits.maxMemoryMb / 8))),
        stackSizeMb: 4,
      },
      // The worker's console goes to the service's own streams.
      stdout: false,
      stderr: false,
    });
    const thread: Thread = { worker, key, task: null, idleTimer: null };
    worker.on('message', (message: WorkerMessage) => {
      const task = thread.task;
      if (!task) return;
      if (message.type === 'child') task.children.add(message.pid);
      else if (message.type === 'progress') task.onProgress?.(message.value);
      else if (message.type === 'result' || message.type === 'error') {
        task.outcome ??= message.type === 'result' ? { kind: 'ok', value: message.value } : { kind: 'error', error: message.error };
        // A one-shot thread settles once it is gone (no worker outlives its job); a kept one waits.
        if (input.keep && !this.closed) {
          task.settle();
          this.keep(thread);
        }
      }
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const task = thread.task;
      if (!task) return;
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') task.outcome ??= { kind: 'out_of_memory' };
      else task.outcome ??= { kind: 'crashed', detail: `${error.name}: ${error.message}` };
    });
    worker.once('exit', (code) => {
      if (thread.idleTimer) clearTimeout(thread.idleTimer);
      const list = this.kept.get(key);
      if (list?.includes(thread)) list.splice(list.indexOf(thread), 1);
      const task = thread.task;
      if (!task) return;
      task.outcome ??= { kind: 'crashed', detail: `the worker exited with code ${code} without an answer` };
      task.settle();
    });
    return thread;
  }

  /** Puts a thread that answered back to wait for its next task (or stops it when enough wait). */
  private keep(thread: Thread): void {
    const list = this.kept.get(thread.key) ?? [];
    if (list.length >= KEPT_PER_KEY) {
      void thread.worker.terminate();
      return;
    }
    list.push(thread);
    this.kept.set(thread.key, list);
    // A waiting thread keeps neither the process alive nor its memory for long.
    thread.worker.unref();
    thread.idleTimer = setTimeout(() => {
      // Out of the list first: a task must not be given to a thread on its way out.
      list.splice(list.indexOf(thread), 1);
      void thread.worker.terminate();
    }, KEPT_IDLE_MS);
    thread.idleTimer.unref();
  }

  /** Stops every worker (running and kept, with their converter processes) and refuses new ones; resolves when they are gone. */
  async closeAll(): Promise<void> {
    this.closed = true;
    const threads = [...this.running, ...[...this.kept.values()].flat()];
    const exits = threads.map((thread) => new Promise<void>((resolve) => {
      thread.worker.once('exit', () => resolve());
      if (thread.task) thread.task.outcome ??= { kind: 'stopped' };
      kill(thread);
    }));
    await Promise.all(exits);
  }
}

/**
 * A worker entry's loop: `work` answers the thread's task (workerData, for a one-shot thread) or
 * every task the supervisor sends a kept thread; its value or error goes back as the answer.
 */
export function serveTasks<D>(work: (data: D) => Promise<unknown>): void {
  const port = parentPort!;
  const answer = async (data: D): Promise<void> => {
    try {
      port.postMessage({ type: 'result', value: await work(data) } satisfies WorkerMessage);
    } catch (error) {
      port.postMessage({ type: 'error', error: serializeError(error) } satisfies WorkerMessage);
    }
  };
  if (workerData !== undefined) {
    void answer(workerData as D);
    return;
  }
  port.on('message', (message: { type: 'task'; data: D }) => {
    if (message.type === 'task') void answer(message.data);
  });
}

function kill(thread: Thread): void {
  if (thread.task) killChildren(thread.task);
  void thread.worker.terminate();
}

/** Converters run in their own process group; the whole group goes. */
function killChildren(task: Task): void {
  for (const pid of task.children) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  task.children.clear();
}
