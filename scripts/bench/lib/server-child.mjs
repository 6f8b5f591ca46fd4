// The child side of the bench IPC protocol: start the servers, send {type: 'ready', role, port}
// (port of the first server) or {type: 'error', message}, and close them all (in order) on
// {type: 'stop'}, on SIGTERM/SIGINT, or when the parent goes away.

/** `start()` answers the started servers, each {port, close()}. */
export async function runServerChild(role, start) {
  const send = (message) => process.connected && process.send(message);
  let servers = [];
  let stopping = false;
  async function stop(code = 0) {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(code || 2), 8000).unref();
    for (const s of servers) {
      try {
        await s.close();
      } catch (error) {
        process.stderr.write(`[bench ${role}] error while closing: ${error?.stack ?? error}\n`);
      }
    }
    process.exit(code);
  }

  process.on('message', (message) => {
    if (message?.type === 'stop') void stop(0);
  });
  // The parent died or closed the channel: never outlive it.
  process.on('disconnect', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));
  process.once('SIGINT', () => void stop(0));

  try {
    servers = await start();
    send({ type: 'ready', role, port: servers[0].port, pid: process.pid });
  } catch (error) {
    send({ type: 'error', role, message: String(error?.stack ?? error) });
    process.stderr.write(`[bench ${role}] failed to start: ${error?.stack ?? error}\n`);
    process.exit(1);
  }
}
