// The Statements resource (xAPI Communication 2.1): PUT and POST store, GET reads one statement or
// a page of a query. Every answer says how far the store is consistent (X-Experience-API-
// Consistent-Through): statements are stored before the answer, so up to now.
import type { FastifyReply } from 'fastify';
import { AppError } from '@trainwright/platform';
import type { ServiceClients } from '../../clients.js';
import { XAPI_MESSAGES_OF_GATEWAY } from './messages.js';
import { XAPI_PROTOCOL_MESSAGES, basicCredential, httpDate, mediaType, multipartParts, sendMultipart, type XapiCall } from './protocol.js';

export const STATEMENTS_PATH = '/api/xapi/statements';
const MAX_PARTS = 1001;

/**
 * The statements' JSON bytes (passed on undecoded: the scorm service reads them) and the raw
 * attachments of a PUT or POST (application/json or multipart/mixed).
 */
function statementsBody(call: XapiCall): { body: Buffer; attachments: Array<{ sha2: string; contentType: string; content: Buffer }> } {
  const type = mediaType(call);
  if (type === 'application/json') return { body: call.body, attachments: [] };
  if (type !== 'multipart/mixed') throw AppError.validation('Content-Type', XAPI_PROTOCOL_MESSAGES.contentType);
  const [first, ...rest] = multipartParts(call, MAX_PARTS);
  if ((first!.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() !== 'application/json') throw AppError.validation('body', XAPI_MESSAGES_OF_GATEWAY.firstPartJson);
  const attachments = rest.map((part) => {
    const sha2 = part.headers['x-experience-api-hash'];
    if (!sha2) throw AppError.validation('body', XAPI_MESSAGES_OF_GATEWAY.partHash);
    if ((part.headers['content-transfer-encoding'] ?? '').toLowerCase() !== 'binary') throw AppError.validation('body', XAPI_MESSAGES_OF_GATEWAY.partEncoding);
    return { sha2, contentType: part.headers['content-type'] ?? 'application/octet-stream', content: part.content };
  });
  return { body: first!.content, attachments };
}

/** PUT and POST take no query parameter but PUT's statementId (the LRS refuses any other, Communication 3.2). */
function onlyParameters(call: XapiCall, allowed: readonly string[]): void {
  const unknown = Object.keys(call.query).find((name) => !allowed.includes(name));
  if (unknown !== undefined) throw AppError.validation(unknown, XAPI_MESSAGES_OF_GATEWAY.unknownParameter(unknown));
}

export function statementHandlers(clients: ServiceClients) {
  return {
    async PUT(call: XapiCall, reply: FastifyReply, requestId: string) {
      const { body, attachments } = statementsBody(call);
      onlyParameters(call, ['statementId']);
      const statementId = call.query.statementId ?? '';
      await clients.scorm.storeXapiStatements({ credential: basicCredential(call), body, hasStatementId: true, statementId, attachments }, { requestId });
      return reply.status(204).send();
    },
    async POST(call: XapiCall, reply: FastifyReply, requestId: string) {
      const { body, attachments } = statementsBody(call);
      onlyParameters(call, []);
      const { ids } = await clients.scorm.storeXapiStatements({ credential: basicCredential(call), body, hasStatementId: false, statementId: '', attachments }, { requestId });
      return reply.type('application/json').send(JSON.stringify(ids));
    },
    async GET(call: XapiCall, reply: FastifyReply, requestId: string) {
      const result = await clients.scorm.queryXapiStatements({ credential: basicCredential(call), params: call.query, acceptLanguage: call.headers['accept-language'] ?? '' }, { requestId });
      void reply.header('last-modified', httpDate(result.lastModified));
      const json = result.single ? result.json : `{"statements":${result.json},"more":${JSON.stringify(result.more ? `${STATEMENTS_PATH}?more=${result.more}` : '')}}`;
      if (call.query.attachments === 'true') return sendMultipart(reply, json, result.attachments);
      return reply.type('application/json').send(json);
    },
  };
}
