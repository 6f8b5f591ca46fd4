// What every service process does around its composition root: logger, migrations, start,
// /metrics and graceful shutdown, in that order (traces start earlier, in trace-preload.ts). A
// service's main.ts ends with `if (isEntryPoint(import.meta.url)) await runServiceProcess({...})`,
// so tests import the same module and start the service in-process.
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { CommonConfig } from './config.js';
import { onShutdown } from './lifecycle.js';
import { createLogger, type Logger } from './logger.js';
import { setServiceLabel, startMetricsServer } from './metrics.js';

/** A started service: what the process closes on shutdown. */
export interface RunningService {
  /** The gRPC port (0 for a worker-only process). */
  port: number;
  close(): Promise<void>;
}

/** True when the module at `moduleUrl` is the script node was started with. */
export function isEntryPoint(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return pathToFileURL(realpathSync(script)).href === moduleUrl;
  } catch {
    return false;
  }
}

export async function runServiceProcess<C extends CommonConfig>(process_: {
  /** The label of logs, metrics and traces ('project', 'render-worker', ...). */
  name: string;
  loadConfig: () => C;
  migrate: (config: C) => Promise<unknown>;
  start: (config: C, logger: Logger) => Promise<RunningService>;
}): Promise<void> {
  const config = process_.loadConfig();
  const logger = createLogger(process_.name, config.LOG_LEVEL);
  setServiceLabel(process_.name);
  await process_.migrate(config);
  const service = await process_.start(config, logger);
  const metrics = await startMetricsServer(config.METRICS_PORT);
  logger.info({ port: service.port || undefined, metricsPort: config.METRICS_PORT || undefined }, `${process_.name} started`);
  onShutdown(logger, [() => service.close(), () => metrics?.close()]);
}
