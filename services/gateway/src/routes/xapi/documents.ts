// The State, Activity Profile and Agent Profile resources (documents under an activity and an
// agent) and the Activities and Agents resources (xAPI Communication 2.2-2.7, 3.1).
import type { FastifyReply } from 'fastify';
import type { ServiceClients } from '../../clients.js';
import { basicCredential, httpDate, type XapiCall } from './protocol.js';

type Kind = 'state' | 'activity_profile' | 'agent_profile';

export function documentHandlers(clients: ServiceClients, kind: Kind) {
  const request = (call: XapiCall) => ({
    credential: basicCredential(call),
    kind,
    params: call.query,
    ifMatch: call.headers['if-match'] ?? '',
    ifNoneMatch: call.headers['if-none-match'] ?? '',
    content: call.body,
    contentType: call.headers['content-type'] ?? '',
  });
  const write = (method: 'putXapiDocument' | 'postXapiDocument' | 'deleteXapiDocument') => async (call: XapiCall, reply: FastifyReply, requestId: string) => {
    await clients.scorm[method](request(call), { requestId });
    return reply.status(204).send();
  };
  return {
    async GET(call: XapiCall, reply: FastifyReply, requestId: string) {
      const document = await clients.scorm.getXapiDocument(request(call), { requestId });
      if (document.etag) void reply.header('etag', document.etag);
      if (document.updatedAt) void reply.header('last-modified', httpDate(document.updatedAt));
      return reply.type(document.contentType).send(Buffer.from(document.content));
    },
    PUT: write('putXapiDocument'),
    POST: write('postXapiDocument'),
    DELETE: write('deleteXapiDocument'),
  };
}

export function objectHandlers(clients: ServiceClients, method: 'getXapiActivity' | 'getXapiPerson') {
  return {
    async GET(call: XapiCall, reply: FastifyReply, requestId: string) {
      const { json } = await clients.scorm[method]({ credential: basicCredential(call), params: call.query }, { requestId });
      return reply.type('application/json').send(json);
    },
  };
}
