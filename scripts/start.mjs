// npm start: everything needed on a fresh Debian machine, then the whole product.
// First: on a node older than package.json engines (Node 24), re-runs this script on Node 24.
import './lib/ensure-node.mjs';
import { build, ensureKeys, installDependencies, log, prepareDatabase, processes, provision, seedDemo, stackEnv, stackPorts, startProcesses, waitFor } from './lib/stack.mjs';

provision();
installDependencies();
build();
const ports = stackPorts();
const env = stackEnv({ keys: ensureKeys(), ports });
await prepareDatabase(env);
seedDemo(env);

const { result, commands } = await startProcesses(processes(env, ports));
try {
  await waitFor(`http://127.0.0.1:${ports.gateway}/api/health`);
  await waitFor(`http://127.0.0.1:${ports.web}/healthcheck`, { ok: (r) => r.status < 500 });
  const { DEMO_ACCOUNT: DEMO } = await import('../services/auth/dist/src/demo-account.js');
  console.log(`
  Trainwright is running.

    Open:          http://localhost:${ports.web}
    Demo account:  ${DEMO.email}  /  ${DEMO.password}
    API docs:      http://localhost:${ports.gateway}/api/docs

  Press Ctrl+C to stop.
`);
} catch (error) {
  log(String(error));
  for (const c of commands) c.kill();
}
await result.catch(() => process.exit(1));
