// The media-render gRPC API process (downloads, voices); with RENDER_WORKER=true it also renders.
import { createLogger, onShutdown, setServiceLabel, startMetricsServer, startTelemetry } from '@trainwright/platform';
import { migrateMedia, startMediaServer } from './app.js';
import { loadMediaConfig } from './config.js';

const config = loadMediaConfig();
const logger = createLogger('media-render', config.LOG_LEVEL);
startTelemetry('media-render', config.OTEL_EXPORTER_OTLP_ENDPOINT);
setServiceLabel('media-render');

await migrateMedia(config);
const server = await startMediaServer(config, logger);
const metrics = await startMetricsServer(config.METRICS_PORT);
logger.info({ port: server.port }, 'media-render service listening');
onShutdown(logger, [() => server.close(), () => metrics?.close()]);
