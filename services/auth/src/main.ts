// Composition root of the auth service process.
import { createLogger, onShutdown, setServiceLabel, startMetricsServer, startTelemetry } from '@trainwright/platform';
import { loadAuthConfig } from './config.js';
import { migrateAuth, startAuthServer } from './app.js';

const config = loadAuthConfig();
const logger = createLogger('auth', config.LOG_LEVEL);
startTelemetry('auth', config.OTEL_EXPORTER_OTLP_ENDPOINT);
setServiceLabel('auth');

await migrateAuth(config);
const server = await startAuthServer(config, logger);
const metrics = await startMetricsServer(config.METRICS_PORT);
logger.info({ port: server.port, metricsPort: config.METRICS_PORT || undefined }, 'auth service listening');
onShutdown(logger, [() => server.close(), () => metrics?.close()]);
