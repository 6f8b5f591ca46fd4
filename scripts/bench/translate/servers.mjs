// The translation service in its own process, started by the bench runners with child_process.fork
// (through ../lib/stack.mjs, `translation: true`):
//
//   node servers.mjs translation    the real translation service (startTranslationServer: gRPC
//                                   server, outbox relay, project.deleted consumer and the
//                                   `translate` queue's BullMQ worker), config from env
//
// Same IPC protocol as ../gateway/servers.mjs: the child sends {type: 'ready', role, port} (or
// {type: 'error', message}) and closes everything on {type: 'stop'}, on SIGTERM/SIGINT, or when the
// parent goes away. Logs (pino, fd 1) go wherever the runner points the child's stdout.
import { createLogger, setServiceLabel } from '@trainwright/platform';
import { loadTranslationConfig, startTranslationServer } from '@trainwright/translation';
import { runServerChild } from '../lib/server-child.mjs';

await runServerChild(process.argv[2], async () => {
  if (process.argv[2] !== 'translation') throw new Error(`unknown role ${process.argv[2]}`);
  const config = loadTranslationConfig(process.env);
  const logger = createLogger('translation', config.LOG_LEVEL);
  setServiceLabel('translation');
  const server = await startTranslationServer(config, logger);
  logger.info({ port: server.port }, 'translation service listening');
  return [server];
});
