// Server-Sent Events: a user's project events, live, from the event hub (plugins/event-hub.ts).
import type { GatewayContext } from '../../context.js';
import { signedIn } from '../../lib/signed-in.js';

const KEEPALIVE_MS = 25_000;

export function eventRoutes({ app }: GatewayContext) {
  const hub = app.projectEvents;
  app.get(
    '/api/events',
    { schema: { tags: ['projects'], summary: "Server-Sent Events of the caller's projects", produces: ['text/event-stream'] } },
    async (request, reply) => {
      const { userId } = signedIn(request);
      const companyIds = await hub.companiesOf(userId);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(': connected\n\n');
      const remove = hub.add({
        userId,
        companyIds,
        send: (event, data) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
      });
      const keepalive = setInterval(() => res.write(': keepalive\n\n'), KEEPALIVE_MS);
      request.raw.on('close', () => {
        clearInterval(keepalive);
        remove();
      });
    },
  );
}
