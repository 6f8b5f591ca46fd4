// The address of the client connected to this server, for x-forwarded-for. Remix hands loaders a
// Fetch Request without the socket, so Node's diagnostics channel for incoming HTTP requests tags
// each request with its peer address before the request handler sees it. The tag carries a
// per-process secret so a client cannot forge it with a header of its own.
import { randomUUID } from 'node:crypto';
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

export const CLIENT_ADDRESS_HEADER = 'x-trainwright-client-address';
const SECRET = randomUUID();

const registry = globalThis as typeof globalThis & { __trainwrightClientAddress?: boolean };
if (!registry.__trainwrightClientAddress) {
  registry.__trainwrightClientAddress = true;
  subscribe('http.server.request.start', (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    request.headers[CLIENT_ADDRESS_HEADER] = `${SECRET} ${socket.remoteAddress ?? ''}`;
  });
}

/** The peer address tagged on this request, or undefined (never a client-supplied value). */
export function clientAddress(headers: Headers): string | undefined {
  const value = headers.get(CLIENT_ADDRESS_HEADER);
  if (!value || !value.startsWith(`${SECRET} `)) return undefined;
  const address = value.slice(SECRET.length + 1).replace(/^::ffff:/, '');
  return address || undefined;
}
