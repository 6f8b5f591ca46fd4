// The project service in its own process, started by run.mjs with child_process.fork:
//
//   node servers.mjs project      the real project service (startProjectServer), config from env
//
// The auth service and the gateway come from ../gateway/servers.mjs (roles `auth` and `gateway`).
// Same IPC protocol as there: the child sends {type: 'ready', role, port} (or {type: 'error',
// message}) and closes everything on {type: 'stop'}, on SIGTERM/SIGINT, or when the parent goes away.
// Logs (pino, fd 1) go wherever run.mjs points the child's stdout: /dev/null by default.

import { createLogger, setServiceLabel } from '@trainwright/platform';
import { loadProjectConfig, startProjectServer } from '@trainwright/project';
import { runServerChild } from '../lib/server-child.mjs';

await runServerChild(process.argv[2], async () => {
  if (process.argv[2] !== 'project') throw new Error(`unknown role ${process.argv[2]}`);
  const config = loadProjectConfig(process.env);
  const logger = createLogger('project', config.LOG_LEVEL);
  setServiceLabel('project');
  const server = await startProjectServer(config, logger);
  logger.info({ port: server.port }, 'project service listening');
  return [server];
});
