// The baseline of bench:collab: a bare Hocuspocus server (no authentication, no access check, no
// storage, no Redis), the floor the gateway's co-editing is compared with.
import { Server } from '@hocuspocus/server';
import { runServerChild } from '../lib/server-child.mjs';

await runServerChild('baseline', async () => {
  const server = new Server({ port: 0, quiet: true, address: '127.0.0.1' });
  await server.listen();
  return [{ port: server.address.port, close: () => server.destroy() }];
});
