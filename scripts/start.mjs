// npm start: everything needed on a fresh Debian machine, then the whole product.
// First: on a node older than package.json engines (Node 24), re-runs this script on Node 24.
import './lib/ensure-node.mjs';
import { build, ensureKeys, installDependencies, log, prepareDatabase, processes, provision, seedDemo, stackEnv, stackPorts, startProcesses, waitFor } from './lib/stack.mjs';

provision();
installDependencies();
build();
const ports = await stackPorts();
// The education centre's videos and manuals render in the background from the start.
const env = await stackEnv({ keys: ensureKeys(), ports, extra: { EDUCATION_AT_START: 'true' } });
await prepareDatabase(env);
seedDemo(env);

// Under the supervisor: a process that exits is restarted with backoff; everything stops on Ctrl+C.
// Until the product first answers, a process that cannot start at all (five exits in a row, each
// within 10 s of its start) stops everything; after that the supervisor never gives up.
const stack = await startProcesses(await processes(env, ports), { giveUp: { exits: 5, withinMs: 10_000 } });
stack.result.then(
  () => process.exit(0),
  (error) => {
    log(`stopped: ${error.message}`);
    process.exit(1);
  },
);

async function ready() {
  await waitFor(`http://127.0.0.1:${ports.gateway}/api/health`);
  await waitFor(`http://127.0.0.1:${ports.web}/healthcheck`, { ok: (r) => r.status < 500 });
}
for (;;) {
  try {
    await ready();
    break;
  } catch (error) {
    log(`${error.message}; still waiting (the logs above say why; Ctrl+C stops everything)`);
  }
}
stack.setGiveUp(null);
const { DEMO_ACCOUNT: DEMO } = await import('../services/auth/dist/src/demo-account.js');
console.log(`
  Trainwright is running.

    Open:          http://localhost:${ports.web}
    Demo account:  ${DEMO.email}  /  ${DEMO.password}
    API docs:      http://localhost:${ports.gateway}/api/docs
    Emails:        npm run admin -- outbox  (invitations and support: the local outbox, no SMTP_URL set)

  A process that stops is started again (its log says why). Press Ctrl+C to stop.
`);
