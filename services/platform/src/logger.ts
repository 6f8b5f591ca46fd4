import { pino, type Logger } from 'pino';

export type { Logger };

/** Credentials of every kind, wherever an object carrying them is logged (integrations' too). */
export const LOG_REDACTION = {
  paths: [
    'password',
    '*.password',
    'refresh_token',
    '*.refresh_token',
    'token',
    '*.token',
    'secret',
    '*.secret',
    'client_secret',
    '*.client_secret',
    'api_key',
    '*.api_key',
    'signing_secret',
    '*.signing_secret',
    'webhook_url',
    '*.webhook_url',
    'configuration',
    '*.configuration',
    'req.headers.authorization',
    'req.headers.cookie',
    'req.headers["x-api-key"]',
  ],
  censor: '[redacted]',
};

/**
 * JSON lines on stdout, written synchronously: pino's default stdout stream hands every line to
 * libuv's thread pool (an async fs.write and a thread hand-off per line), which costs more CPU
 * than formatting the line. A synchronous write also loses no line when the process dies.
 */
export function createLogger(service: string, level = 'info'): Logger {
  return pino({ name: service, level, base: { service }, redact: LOG_REDACTION }, pino.destination({ dest: 1, sync: true }));
}

/** Streams of batched loggers, written out when the process exits. */
const batched = new Set<SonicBoomLike>();
let flushOnExit = false;

interface SonicBoomLike {
  flushSync(): void;
  write(line: string): boolean;
}

export interface BatchedLogger {
  logger: Logger;
  /** Writes out the lines gathered so far. */
  flush(): void;
}

/**
 * A logger with the name, bindings and level of `logger` whose lines are written in batches, for
 * the lines a process writes at a high rate (the gateway's access line, one per request): when
 * `minLength` bytes have gathered, at least every `flushMs`, on flush(), and synchronously when
 * the process exits (also after an uncaught exception). Every write is a system call, and on a
 * machine whose kernel isolates page tables without PCID (KPTI; the 2-core benchmark VM) each
 * system call leaves the process with cold TLBs: the gateway spent about 30 us of CPU per request
 * on its access line, one write each (docs/benchmarks.md, issue 31). What this gives up: the lines
 * of the last `flushMs` are lost if the process is killed outright (SIGKILL, out of memory). No
 * redaction: the lines it is for hold no credential. Lines of other loggers may precede
 * batched lines written before them.
 */
export function createBatchedLogger(logger: Logger, options: { flushMs?: number; minLength?: number; dest?: number | string } = {}): BatchedLogger {
  const { flushMs = 100, minLength = 8192, dest = 1 } = options;
  const stream = pino.destination({ dest, sync: true, minLength, periodicFlush: flushMs }) as unknown as SonicBoomLike;
  batched.add(stream);
  if (!flushOnExit) {
    flushOnExit = true;
    process.on('exit', () => {
      for (const s of batched) {
        try {
          s.flushSync();
        } catch {
          // Exiting: a stream that cannot be written any more loses its lines.
        }
      }
    });
  }
  return {
    logger: pino({ level: logger.level, base: logger.bindings() }, stream as never),
    flush: () => stream.flushSync(),
  };
}
