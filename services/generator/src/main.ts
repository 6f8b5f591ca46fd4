// Composition root of the generator service process.
import { createLogger, onShutdown, setServiceLabel, startMetricsServer, startTelemetry } from '@trainwright/platform';
import { migrateGenerator, startGeneratorServer } from './app.js';
import { loadGeneratorConfig } from './config.js';

const config = loadGeneratorConfig();
const logger = createLogger('generator', config.LOG_LEVEL);
startTelemetry('generator', config.OTEL_EXPORTER_OTLP_ENDPOINT);
setServiceLabel('generator');

await migrateGenerator(config);
const server = await startGeneratorServer(config, logger);
const metrics = await startMetricsServer(config.METRICS_PORT);
logger.info({ port: server.port }, 'generator service listening');
onShutdown(logger, [() => server.close(), () => metrics?.close()]);
