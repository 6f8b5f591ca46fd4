// The media-render API in its own process, started by the bench runners with child_process.fork
// (through ../lib/stack.mjs):
//
//   node servers.mjs media    the real media-render service's API (startMediaServer without the
//                             render worker: downloads, voices, and the storage the uploads count)
//
// Same IPC protocol as ../gateway/servers.mjs: the child sends {type: 'ready', role, port} (or
// {type: 'error', message}) and closes everything on {type: 'stop'}, on SIGTERM/SIGINT, or when the
// parent goes away. Logs (pino, fd 1) go wherever the runner points the child's stdout.
import { createLogger, setServiceLabel } from '@trainwright/platform';
import { loadMediaConfig, startMediaServer } from '@trainwright/media-render';
import { runServerChild } from '../lib/server-child.mjs';

await runServerChild(process.argv[2], async () => {
  if (process.argv[2] !== 'media') throw new Error(`unknown role ${process.argv[2]}`);
  const config = loadMediaConfig(process.env);
  const logger = createLogger('media-render', config.LOG_LEVEL);
  setServiceLabel('media-render');
  const server = await startMediaServer(config, logger, { api: true, worker: false });
  logger.info({ port: server.port }, 'media-render API listening');
  return [server];
});
