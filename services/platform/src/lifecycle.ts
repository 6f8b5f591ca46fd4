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
