// GET /api/collab: the WebSocket of realtime co-editing (src/collab/collab.ts). The caller is the
// session's (the access cookie, or a bearer token); a browser's connection must come from the web
// app (its Origin), as every cookie-authenticated write must: a page of another site cannot open
// one on the user's behalf.
import websocket from '@fastify/websocket';

import type { GatewayContext } from '../../context.js';
import type { Collab, CollabContext } from '../../collab/collab.js';
import { CROSS_SITE_MESSAGE, callerOf } from '../../plugins/session.js';

export async function collabRoutes({ app, config }: GatewayContext, collab: Collab) {
  await app.register(websocket, { options: { maxPayload: 4 * 1024 * 1024 } });
  const allowed = new URL(config.WEB_ORIGIN).origin;
  app.get('/api/collab', { websocket: true, schema: { tags: ['projects'], summary: "Realtime co-editing of a project's text (WebSocket, Hocuspocus protocol)" } }, (socket, request) => {
    const { userId } = callerOf(request);
    if (!request.headers.authorization && request.headers.origin !== allowed) {
      socket.close(4403, CROSS_SITE_MESSAGE);
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
    const context: CollabContext = { userId, projectId: '', companyId: '', field: 'script_content', readOnly: true, seed: { text: '', contentVersion: 0 } };
    const connection = collab.hocuspocus.handleConnection(socket, new Request(`http://gateway${request.url}`, { headers }), context);
    socket.on('message', (data: Buffer) => connection.handleMessage(new Uint8Array(data)));
    socket.on('close', (code: number, reason: Buffer) => connection.handleClose({ code, reason: reason.toString() }));
    socket.on('error', () => connection.handleClose());
  });
}

