// The gateway process: listen, expose /metrics, close gracefully.
import { createLogger, onShutdown, roomyHeap, setServiceLabel } from '@trainwright/platform';
import { buildGateway } from './app.js';
import { loadGatewayConfig } from './config.js';

// Large request bodies (xAPI batches) promote much: see roomyHeap.
const roomy = roomyHeap();
const config = loadGatewayConfig();
const logger = createLogger('gateway', config.LOG_LEVEL);
setServiceLabel('gateway');
logger.info({ roomyHeap: roomy }, 'V8 heap growth');

const gateway = await buildGateway(config, logger);
await gateway.app.listen({ host: config.GATEWAY_HOST, port: config.GATEWAY_PORT });
onShutdown(logger, [() => gateway.close()]);
