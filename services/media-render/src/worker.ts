// A render worker process: drains the `render` queue (RENDER_CONCURRENCY jobs at once) and
// serves no API. Scale by running more of these (Kubernetes: on the queue's depth).
import { createLogger, onShutdown, setServiceLabel, startMetricsServer, startTelemetry } from '@trainwright/platform';
import { migrateMedia, startMediaServer } from './app.js';
import { loadMediaConfig } from './config.js';

const config = loadMediaConfig();
const logger = createLogger('render-worker', config.LOG_LEVEL);
startTelemetry('render-worker', config.OTEL_EXPORTER_OTLP_ENDPOINT);
setServiceLabel('render-worker');

await migrateMedia(config);
const server = await startMediaServer(config, logger, { api: false, worker: true });
const metrics = await startMetricsServer(config.METRICS_PORT);
logger.info({ concurrency: config.RENDER_CONCURRENCY }, 'render worker started');
onShutdown(logger, [() => server.close(), () => metrics?.close()]);
