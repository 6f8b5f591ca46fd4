import type { Logger } from './logger.js';
import { stopTelemetry } from './telemetry.js';

/** How long closing may take: an open event stream or a stuck job must not keep a process alive. */
const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * Runs the closers once on SIGINT/SIGTERM, in order, then sends the spans not sent yet and exits
 * (at the latest after the deadline).
 */
export function onShutdown(logger: Logger, closers: Array<() => Promise<unknown> | unknown>): void {
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.warn({ deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    for (const closer of closers) {
      try {
        await closer();
      } catch (error) {
        logger.error({ err: error }, 'error while shutting down');
      }
    }
    await stopTelemetry().catch((error: unknown) => logger.warn({ err: error }, 'traces not sent'));
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
}

/**
 * What a service's composition root opened, closed once in the reverse order of opening: the gRPC
 * server (opened last) stops first, then workers, queues and clients, and the database and bus
 * (opened first) last.
 */
export class Opened {
  private readonly steps: Array<() => unknown> = [];
  private closing: Promise<void> | undefined;

  /** Closes `thing` with the rest; returns it. */
  own<T extends { close(): unknown }>(thing: T): T {
    this.steps.push(() => thing.close());
    return thing;
  }

  /** A closing step that is not a close(): a gRPC server's shutdown, a sandbox's workers. */
  onClose(step: () => unknown): void {
    this.steps.push(step);
  }

  /** Runs the steps once, last opened first; a second call waits for the first. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      for (const step of [...this.steps].reverse()) await step();
    })();
    return this.closing;
  }
}
