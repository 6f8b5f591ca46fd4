// The generator service in its own process, started by the bench runners with child_process.fork
// (through ../lib/stack.mjs):
//
//   node servers.mjs generator    the real generator service (startGeneratorServer: gRPC server and
//                                 the `generate` queue's BullMQ worker), config from env
//
// Same IPC protocol as ../gateway/servers.mjs: the child sends {type: 'ready', role, port} (or
// {type: 'error', message}) and closes everything on {type: 'stop'}, on SIGTERM/SIGINT, or when the
// parent goes away. Logs (pino, fd 1) go wherever the runner points the child's stdout.
import { createLogger, setServiceLabel } from '@trainwright/platform';
import { loadGeneratorConfig, startGeneratorServer } from '@trainwright/generator';
import { runServerChild } from '../lib/server-child.mjs';

await runServerChild(process.argv[2], async () => {
  if (process.argv[2] !== 'generator') throw new Error(`unknown role ${process.argv[2]}`);
  const config = loadGeneratorConfig(process.env);
  const logger = createLogger('generator', config.LOG_LEVEL);
  setServiceLabel('generator');
  const server = await startGeneratorServer(config, logger);
  logger.info({ port: server.port }, 'generator service listening');
  return [server];
});
