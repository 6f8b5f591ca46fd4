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
import { Worker, type TransferListItem } from 'node:worker_threads';

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
}

/** What a worker entry posts: progress or child processes while it runs, then one answer. */
export type WorkerMessage =
  | { type: 'result'; value: unknown }
  | { type: 'error'; error: SerializedError }
  | { type: 'child'; pid: number }
  | { type: 'progress'; value: number };

export function serializeError(error: unknown): SerializedError {
  if (error instanceof Error) {
    const { retryable, code, detail } = error as Error & { retryable?: unknown; code?: unknown; detail?: unknown };
    return {
      name: error.name,
      message: error.message,
      retryable: typeof retryable === 'boolean' ? retryable : undefined,
      code: typeof code === 'string' ? code : undefined,
      detail,
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

interface Running {
  worker: Worker;
  children: Set<number>;
  stop(): void;
}

export class WorkerSupervisor {
  private readonly running = new Set<Running>();
  private closed = false;

  /** Workers running now. */
  get size(): number {
    return this.running.size;
  }

  run<T>(
    script: string,
    input: { workerData: unknown; transferList?: TransferListItem[] },
    limits: WorkerLimits,
    onProgress?: (value: number) => void
  ): Promise<WorkerOutcome<T>> {
    if (this.closed) return Promise.resolve({ kind: 'stopped' });
    return new Promise((resolve) => {
      const worker = new Worker(script, {
        workerData: input.workerData,
        transferList: input.transferList,
        resourceLimits: {
          maxOldGenerationSizeMb: limits.maxMemoryMb,
          maxYoungGenerationSizeMb: Math.max(4, Math.min(64, Math.floor(limits.maxMemoryMb / 8))),
          stackSizeMb: 4,
        },
        // The worker's console goes to the service's own streams.
        stdout: false,
        stderr: false,
      });
      let outcome: WorkerOutcome<T> | null = null;
      const entry: Running = {
        worker,
        children: new Set(),
        stop: () => {
          outcome ??= { kind: 'stopped' };
          kill(entry);
        },
      };
      this.running.add(entry);
      const timer = setTimeout(() => {
        outcome ??= { kind: 'timeout' };
        kill(entry);
      }, limits.timeoutMs);
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'child') entry.children.add(message.pid);
        else if (message.type === 'progress') onProgress?.(message.value);
        else if (message.type === 'result') outcome ??= { kind: 'ok', value: message.value as T };
        else if (message.type === 'error') outcome ??= { kind: 'error', error: message.error };
      });
      worker.on('error', (error: Error & { code?: string }) => {
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') outcome ??= { kind: 'out_of_memory' };
        else outcome ??= { kind: 'crashed', detail: `${error.name}: ${error.message}` };
      });
      // Settles only once the thread is gone (no worker outlives its job).
      worker.once('exit', (code) => {
        clearTimeout(timer);
        this.running.delete(entry);
        killChildren(entry);
        resolve(outcome ?? { kind: 'crashed', detail: `the worker exited with code ${code} without an answer` });
      });
    });
  }

  /** Stops every running worker (and its converter processes) and refuses new ones; resolves when they are gone. */
  async closeAll(): Promise<void> {
    this.closed = true;
    const exits = [...this.running].map((entry) => new Promise<void>((resolve) => {
      entry.worker.once('exit', () => resolve());
      entry.stop();
    }));
    await Promise.all(exits);
  }
}

function kill(entry: Running): void {
  killChildren(entry);
  void entry.worker.terminate();
}

/** Converters run in their own process group; the whole group goes. */
function killChildren(entry: Running): void {
  for (const pid of entry.children) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  entry.children.clear();
}
