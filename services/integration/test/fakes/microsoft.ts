// A local stand-in for Microsoft (node:http on 127.0.0.1, a port of its own) speaking the real
// protocols closely enough to test the Teams sender:
// - Microsoft Entra's token endpoint, `POST /{tenant}/oauth2/v2.0/token`, form-encoded, the
//   client-credentials grant (learn.microsoft.com/entra/identity-platform/v2-oauth2-client-creds-grant-flow):
//   `{ token_type: 'Bearer', expires_in, ext_expires_in, access_token }`, or Entra's errors
//   `{ error, error_description, error_codes, … }` (401 invalid_client for a wrong secret, 400 for
//   an unknown tenant or application, a wrong grant or scope);
// - Graph's `POST /v1.0/teams/{team}/channels/{channel}/messages` (learn.microsoft.com/graph/api/chatmessage-post):
//   the bearer token checked, 201 with a chatMessage; Graph's `{ error: { code, message } }` otherwise;
// - a Workflows webhook, `POST /workflows/{id}/triggers/manual/paths/invoke?…&sig=…`, answering 202
//   Accepted with no body, as Power Automate's request trigger does.
// Everything received is recorded.
import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answer, read } from './http.js';

export const FAKE_TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
export const FAKE_CLIENT_ID = '6731de76-14a6-49ae-97bc-6eba6914391e';
export const FAKE_CLIENT_SECRET = 'Qx8Q~fake.client~secret-9Zt2Lm4Np6Rr8Tt0Vv';
const GRAPH_SCOPE = 'https://graph.microsoft.com/.default';
/** What Graph answers an app-only token posting into a channel not in migration mode. */
export const APP_ONLY_REFUSAL =
  'Message POST is allowed in application-only context only for import purposes. Refer to https://docs.microsoft.com/microsoftteams/platform/graph-api/import-messages/import-external-messages-to-teams for more details.';

export interface TokenRequest {
  tenant: string;
  form: Record<string, string>;
}

export interface ChannelMessage {
  teamId: string;
  channelId: string;
  authorization: string;
  body: Record<string, unknown>;
  bytes: number;
}

export interface WebhookCall {
  path: string;
  body: Record<string, unknown>;
  bytes: number;
}

export interface FakeMicrosoft {
  origin: string;
  tokenRequests: TokenRequest[];
  channelMessages: ChannelMessage[];
  webhookCalls: WebhookCall[];
  /** Tokens issued and still honoured. */
  tokens: Set<string>;
  /** Lifetime of the tokens issued, seconds (Entra: 3599). */
  expiresIn: number;
  /** What the Workflows webhook answers (202 unless a test says otherwise). */
  webhookStatus: number;
  /** Answer app-only posts as Graph does outside migration mode (401). */
  refuseAppOnly: boolean;
  close(): Promise<void>;
}

const MESSAGE_LIMIT = 28 * 1024;

function entraError(res: ServerResponse, status: number, error: string, code: number, description: string): void {
  const traceId = randomBytes(16).toString('hex');
  answer(res, status, {
    error,
    error_description: `AADSTS${code}: ${description}\r\nTrace ID: ${traceId}\r\nCorrelation ID: ${traceId}\r\nTimestamp: ${new Date().toISOString()}`,
    error_codes: [code],
    timestamp: new Date().toISOString(),
    trace_id: traceId,
    correlation_id: traceId,
  });
}

function graphError(res: ServerResponse, status: number, code: string, message: string): void {
  answer(res, status, { error: { code, message, innerError: { date: new Date().toISOString(), 'request-id': randomBytes(8).toString('hex') } } });
}

function parse(body: Buffer): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(body.toString('utf8')) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export async function startFakeMicrosoft(): Promise<FakeMicrosoft> {
  const fake = {
    tokenRequests: [] as TokenRequest[],
    channelMessages: [] as ChannelMessage[],
    webhookCalls: [] as WebhookCall[],
    tokens: new Set<string>(),
    expiresIn: 3599,
    webhookStatus: 202,
    refuseAppOnly: false,
  };

  function token(res: ServerResponse, tenant: string, req: IncomingMessage, raw: Buffer): void {
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return entraError(res, 400, 'invalid_request', 900144, "The request body must contain the following parameter: 'grant_type'.");
    }
    const form = Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
    fake.tokenRequests.push({ tenant, form });
    if (tenant !== FAKE_TENANT) return entraError(res, 400, 'invalid_request', 90002, `Tenant '${tenant}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud.`);
    if (form.grant_type !== 'client_credentials') return entraError(res, 400, 'unsupported_grant_type', 70003, `The app requested an unsupported grant type '${form.grant_type ?? ''}'.`);
    if (form.scope !== GRAPH_SCOPE) return entraError(res, 400, 'invalid_scope', 1002012, `The provided value for scope ${form.scope ?? ''} is not valid. Client credential flows must have a scope value with /.default suffixed to the resource identifier (application ID URI).`);
    if (form.client_id !== FAKE_CLIENT_ID) return entraError(res, 400, 'unauthorized_client', 700016, `Application with identifier '${form.client_id ?? ''}' was not found in the directory '${tenant}'.`);
    if (!form.client_secret) return entraError(res, 401, 'invalid_client', 7000218, "The request body must contain the following parameter: 'client_assertion' or 'client_secret'.");
    if (form.client_secret !== FAKE_CLIENT_SECRET) {
      return entraError(res, 401, 'invalid_client', 7000215, `Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${FAKE_CLIENT_ID}'.`);
    }
    const accessToken = `eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.${randomBytes(32).toString('base64url')}.${randomBytes(32).toString('base64url')}`;
    fake.tokens.add(accessToken);
    answer(res, 200, { token_type: 'Bearer', expires_in: fake.expiresIn, ext_expires_in: fake.expiresIn, access_token: accessToken }, { 'cache-control': 'no-store, no-cache' });
  }

  function channelMessage(res: ServerResponse, teamId: string, channelId: string, req: IncomingMessage, raw: Buffer): void {
    const authorization = req.headers.authorization ?? '';
    const bearer = /^Bearer (.+)$/.exec(authorization)?.[1];
    if (!bearer) return graphError(res, 401, 'InvalidAuthenticationToken', 'Access token is empty.');
    if (!fake.tokens.has(bearer)) return graphError(res, 401, 'InvalidAuthenticationToken', 'Lifetime validation failed, the token is expired.');
    const body = parse(raw);
    if (!(req.headers['content-type'] ?? '').startsWith('application/json') || !body) return graphError(res, 400, 'BadRequest', 'Invalid request body.');
    fake.channelMessages.push({ teamId, channelId, authorization, body, bytes: raw.length });
    if (fake.refuseAppOnly) return graphError(res, 401, 'Unauthorized', APP_ONLY_REFUSAL);
    if (raw.length > MESSAGE_LIMIT) return graphError(res, 413, 'RequestEntityTooLarge', 'Request entity too large.');
    const content = (body.body as { content?: unknown } | undefined)?.content;
    if (typeof content !== 'string' || !content) return graphError(res, 400, 'BadRequest', 'Missing body content.');
    const attachments = Array.isArray(body.attachments) ? (body.attachments as Array<Record<string, unknown>>) : [];
    for (const [, id] of content.matchAll(/<attachment id="([^"]+)"><\/attachment>/g)) {
      if (!attachments.some((a) => a.id === id)) return graphError(res, 400, 'BadRequest', `Attachment with id '${id}' is referenced in the message body but not present in the attachments.`);
    }
    for (const a of attachments) {
      if (a.contentType === 'application/vnd.microsoft.card.adaptive' && (typeof a.content !== 'string' || !parse(Buffer.from(a.content)))) {
        return graphError(res, 400, 'BadRequest', 'Invalid adaptive card content: it must be a JSON string.');
      }
    }
    const id = String(Date.now());
    const now = new Date().toISOString();
    answer(res, 201, {
      '@odata.context': `https://graph.microsoft.com/v1.0/$metadata#teams('${teamId}')/channels('${encodeURIComponent(channelId)}')/messages/$entity`,
      id,
      replyToId: null,
      etag: id,
      messageType: 'message',
      createdDateTime: now,
      lastModifiedDateTime: now,
      subject: null,
      importance: 'normal',
      locale: 'en-us',
      from: { application: { id: FAKE_CLIENT_ID, displayName: 'Trainwright', applicationIdentityType: 'aadApplication' }, device: null, user: null },
      body: body.body,
      channelIdentity: { teamId, channelId },
      attachments,
      mentions: [],
      reactions: [],
    });
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const raw = await read(req);
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = url.pathname.split('/').map((p) => decodeURIComponent(p));
      if (req.method !== 'POST') return graphError(res, 405, 'MethodNotAllowed', 'Only POST is served here.');
      // /{tenant}/oauth2/v2.0/token
      if (path.length === 5 && path[2] === 'oauth2' && path[3] === 'v2.0' && path[4] === 'token') return token(res, path[1]!, req, raw);
      // /v1.0/teams/{team}/channels/{channel}/messages
      if (path.length === 7 && path[1] === 'v1.0' && path[2] === 'teams' && path[4] === 'channels' && path[6] === 'messages') return channelMessage(res, path[3]!, path[5]!, req, raw);
      // /workflows/{id}/triggers/manual/paths/invoke
      if (path[1] === 'workflows' && url.pathname.endsWith('/triggers/manual/paths/invoke')) {
        const body = parse(raw);
        if (!url.searchParams.get('sig')) return answer(res, 401, { error: { code: 'DirectApiAuthorizationRequired', message: 'The request must be authenticated.' } });
        if (!body) return answer(res, 400, { error: { code: 'InvalidRequestContent', message: 'The request content is not valid JSON.' } });
        fake.webhookCalls.push({ path: url.pathname, body, bytes: raw.length });
        return answer(res, fake.webhookStatus);
      }
      return graphError(res, 404, 'NotFound', `No route for ${url.pathname}.`);
    })().catch(() => {
      if (!res.headersSent) answer(res, 500);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    origin,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  });
}
