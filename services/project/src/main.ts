// Composition root of the project service process.
import { createLogger, onShutdown, setServiceLabel, startMetricsServer, startTelemetry } from '@trainwright/platform';
import { migrateProject, startProjectServer } from './app.js';
import { loadProjectConfig } from './config.js';

const config = loadProjectConfig();
const logger = createLogger('project', config.LOG_LEVEL);
startTelemetry('project', config.OTEL_EXPORTER_OTLP_ENDPOINT);
setServiceLabel('project');

await migrateProject(config);
const server = await startProjectServer(config, logger);
const metrics = await startMetricsServer(config.METRICS_PORT);
logger.info({ port: server.port }, 'project service listening');
onShutdown(logger, [() => server.close(), () => metrics?.close()]);
