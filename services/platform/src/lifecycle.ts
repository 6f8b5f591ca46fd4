import type { Logger } from './logger.js';

/** Runs the closers once on SIGINT/SIGTERM, in order, then exits. */
export function onShutdown(logger: Logger, closers: Array<() => Promise<unknown> | unknown>): void {
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    for (const closer of closers) {
      try {
        await closer();
      } catch (error) {
        logger.error({ err: error }, 'error while shutting down');
      }
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
}
