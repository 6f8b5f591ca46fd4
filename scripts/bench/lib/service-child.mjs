// One registry service (services/platform/src/service-registry.ts) in its own process, started by
// the bench runners with child_process.fork (through ./stack.mjs, or directly):
//
//   node service-child.mjs <name>    e.g. auth, project, generator, translation, media
//
// It migrates and starts the service in-process as its main.ts would: serviceModule(name, package)
// gives load<Name>Config, migrate<Name>, start<Name>Server, the config comes from env (the parent
// gives a role's settings, e.g. media's RENDER_WORKER=false from the registry: ./stack.mjs). The
// parent imports no service package: several children load and migrate on both cores. IPC
// protocol of ./server-child.mjs: the child sends {type: 'ready', role, port} (or {type: 'error',
// message}) and closes the server on {type: 'stop'}, on SIGTERM/SIGINT, or when the parent goes
// away. Logs (pino, fd 1, labelled like the service's own process: the folder's name, e.g.
// media-render) go wherever the runner points the child's stdout.
import { basename } from 'node:path';
import { createLogger, setServiceLabel } from '@trainwright/platform';
import { serviceEntry, serviceModule } from '@trainwright/platform/service-registry';
import { runServerChild } from './server-child.mjs';

const name = process.argv[2];

await runServerChild(name, async () => {
  const entry = serviceEntry(name); // throws for a name not in the registry
  const service = serviceModule(name, await import(entry.package));
  const config = service.loadConfig(process.env);
  await service.migrate(config);
  const label = basename(entry.dir);
  const logger = createLogger(label, config.LOG_LEVEL);
  setServiceLabel(label);
  const server = await service.start(config, logger);
  logger.info({ port: server.port }, `${label} service listening`);
  return [server];
});
