// A local stand-in for Google (node:http on 127.0.0.1, a port of its own) speaking the real
// protocols closely enough to test the Google Workspace sender:
// - the OAuth 2.0 token endpoint, `POST /token`, form-encoded, the refresh-token grant
//   (developers.google.com/identity/protocols/oauth2/web-server, "Refreshing an access token"):
//   `{ access_token, expires_in, scope, token_type: 'Bearer' }`, or Google's `{ error,
//   error_description }`: 400 invalid_grant for an unknown ("Bad Request") or revoked ("Token has
//   been expired or revoked.") refresh token, 401 invalid_client for an unknown client ("The OAuth
//   client was not found.") or a wrong secret ("Unauthorized"), 400 unsupported_grant_type;
// - Drive's multipart upload, `POST /upload/drive/v3/files?uploadType=multipart`
//   (developers.google.com/drive/api/guides/manage-uploads): the bearer token checked, the
//   `multipart/related` body parsed for real (the boundary from the Content-Type, the metadata part
//   as JSON, the media part's type and bytes), the parent folder looked up; 200 with the file's
//   `fields` (`{ id, name, webViewLink }`), Google's `{ error: { code, message, errors, status } }`
//   otherwise;
// - Drive's resumable upload (same guide, "Perform a resumable upload"): `POST
//   /upload/drive/v3/files?uploadType=resumable`, the bearer token checked, the metadata as JSON,
//   `X-Upload-Content-Type` and `X-Upload-Content-Length` required and checked, answered 200 with
//   the session URI in `Location` (the request's URL and `upload_id`, as Google does); then `PUT
//   {session URI}` (no token needed: the URI is the key) with `Content-Range: bytes a-b/total`,
//   checked strictly (the chunk starts at the first byte not held, matches Content-Length and its
//   range, totals the declared length, and all but the last are multiples of 256 KiB), answered 308
//   with `Range: bytes=0-n` (none before the first byte) until the last, which answers 200 with the
//   file's `fields`; `Content-Range: bytes */total` with no body asks where the upload stands (308
//   and its Range, or the file once complete); an unknown session is 404. A test can interrupt
//   chunks (`interrupt`): the connection dropped without an answer, a 503, a chunk taken only in
//   part (308 with a shorter Range), or the session forgotten (404);
// - a Chat space's incoming webhook, `POST /v1/spaces/{space}/messages?key=…&token=…`
//   (developers.google.com/workspace/chat/quickstart/webhooks): 200 with the created Message,
//   400 for a message over 32,000 bytes.
// Everything received is recorded, the uploaded bytes too.
import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answer, read } from './http.js';

export const FAKE_CLIENT_ID = '804219573311-q2m7d4k9v0h1s8c3r6t5b2n7x4z9w1e0.apps.googleusercontent.com';
export const FAKE_CLIENT_SECRET = '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r8';
export const FAKE_REFRESH_TOKEN = '1//0gFakeRefreshToken-L9IrAXc2bT7q5yP0wN3kR8sV1mD4hJ6fG0aZ';
export const FAKE_FOLDER_ID = '1Zk8tq3Vb2XnP4rLm7Wc9Ys0Ad5Fg6Hj';
export const FAKE_CHAT_SPACE = 'AAAAq1w2e3r';
export const FAKE_CHAT_KEY = 'AIzaSyDdI0hCZtE6vySjMm-WEfRq3CPzqKqqsHI';
export const FAKE_CHAT_TOKEN = 'qG5pT8zK1cV3xB6nM9wR2yU4iO7aS0dF1gH3jL5kZ8Q%3D';
export const CHAT_MESSAGE_LIMIT = 32_000;
const SCOPE = 'https://www.googleapis.com/auth/drive.file https://www.googleapis.com/auth/chat.messages.create';

export interface TokenRequest {
  form: Record<string, string>;
}

export interface Upload {
  query: Record<string, string>;
  authorization: string;
  contentType: string;
  metadata: Record<string, unknown>;
  metadataType: string;
  mediaType: string;
  content: Buffer;
  id: string;
}

/** A resumable upload's session, as the fake keeps it. */
export interface ResumableSession {
  id: string;
  /** The session request's query (uploadType, supportsAllDrives, fields). */
  query: Record<string, string>;
  authorization: string;
  contentType: string;
  metadata: Record<string, unknown>;
  /** X-Upload-Content-Type. */
  mediaType: string;
  /** X-Upload-Content-Length. */
  total: number;
  /** The bytes held so far, in order. */
  chunks: Buffer[];
  held: number;
  /** The Drive file once the last byte arrived. */
  fileId?: string;
}

/** One PUT to a session URI, and what the fake did with it. */
export interface ResumableCall {
  uploadId: string;
  contentRange: string;
  /** Bytes in the body. */
  bytes: number;
  /** The Authorization header ('' when none: the session URI is the key). */
  authorization: string;
  /** The status answered; 0 when the connection was dropped instead. */
  status: number;
  /** The Range header answered ('' when none). */
  range: string;
}

/** Chunks a test makes go wrong (each PUT with bytes counts; a status query does not). */
export interface Interruption {
  /**
   * 'drop': `keep` bytes of the chunk are held, then the connection is closed without an answer;
   * 'unavailable': `keep` bytes held, then 503; 'partial': `keep` bytes held and 308 with the
   * shorter Range; 'expire': the session is forgotten, 404.
   */
  mode: 'drop' | 'unavailable' | 'partial' | 'expire';
  /** Bytes of the chunk held before it goes wrong (default 0). */
  keep?: number;
  /** Chunks let through first (default 0: the next one). */
  after?: number;
  /** Chunks in a row that go wrong (default 1). */
  times?: number;
}

export interface ChatCall {
  space: string;
  query: Record<string, string>;
  body: Record<string, unknown>;
  bytes: number;
}

export interface FakeGoogle {
  origin: string;
  /** The Chat webhook URL of the fake space, key and token included. */
  chatWebhook: string;
  tokenRequests: TokenRequest[];
  /** Files Drive took, by either upload (for a resumable one, the session's query, token and metadata, and all its bytes). */
  uploads: Upload[];
  /** Resumable sessions by upload_id. */
  sessions: Map<string, ResumableSession>;
  /** PUTs to session URIs. */
  resumableCalls: ResumableCall[];
  /** The next chunks to go wrong (null: none). */
  interrupt: Interruption | null;
  /** The origin of the session URIs answered ('' for the fake's own; a test points it elsewhere). */
  sessionOrigin: string;
  chatCalls: ChatCall[];
  /** Access tokens issued and still honoured. */
  tokens: Set<string>;
  /** Refresh tokens Google has revoked (invalid_grant "Token has been expired or revoked."). */
  revoked: Set<string>;
  /** Folders the account can write into. */
  folders: Set<string>;
  /** Lifetime of the tokens issued, seconds (Google: 3599). */
  expiresIn: number;
  /** What the Chat webhook answers (200 unless a test says otherwise). */
  chatStatus: number;
  close(): Promise<void>;
}

const STATUS: Record<number, string> = { 400: 'INVALID_ARGUMENT', 401: 'UNAUTHENTICATED', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 410: 'NOT_FOUND', 500: 'INTERNAL', 503: 'UNAVAILABLE' };
/** Resumable chunks are multiples of this, all but the last. */
export const CHUNK_GRANULE = 256 * 1024;

/** Google's API error (Drive, Chat). */
function apiError(res: ServerResponse, code: number, message: string, reason: string, extra: Record<string, string> = {}): void {
  answer(res, code, { error: { code, message, errors: [{ message, domain: 'global', reason, ...extra }], status: STATUS[code] ?? 'UNKNOWN' } });
}

function oauthError(res: ServerResponse, status: number, error: string, description: string): void {
  answer(res, status, { error, error_description: description });
}

function parse(body: Buffer): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(body.toString('utf8')) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export interface Part {
  headers: Record<string, string>;
  content: Buffer;
}

/** The boundary of a `multipart/related; boundary=…` Content-Type (quoted or not). */
export function boundaryOf(contentType: string): string | undefined {
  if (!/^multipart\/related\s*;/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : undefined;
}

/** The parts of a multipart body (RFC 2046 5.1.1): undefined when it is malformed. */
export function parseMultipart(raw: Buffer, boundary: string): Part[] | undefined {
  const dash = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first boundary opens the body or follows a preamble's line break.
  let at = 0;
  if (!raw.subarray(0, dash.length).equals(dash)) {
    const first = raw.indexOf(delimiter);
    if (first < 0) return undefined;
    at = first + 2;
  }
  const parts: Part[] = [];
  for (;;) {
    let pos = at + dash.length;
    if (raw.subarray(pos, pos + 2).toString('latin1') === '--') return parts; // the close delimiter
    while (raw[pos] === 0x20 || raw[pos] === 0x09) pos += 1; // transport padding
    if (raw.subarray(pos, pos + 2).toString('latin1') !== '\r\n') return undefined;
    const start = pos + 2;
    const next = raw.indexOf(delimiter, start);
    if (next < 0) return undefined; // never closed
    const part = raw.subarray(start, next);
    const end = part.subarray(0, 2).toString('latin1') === '\r\n' ? 0 : part.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const headers: Record<string, string> = {};
    for (const line of part.subarray(0, end).toString('latin1').split('\r\n').filter(Boolean)) {
      const colon = line.indexOf(':');
      if (colon <= 0) return undefined;
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    parts.push({ headers, content: part.subarray(end === 0 ? 2 : end + 4) });
    at = next + 2;
  }
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const fake = {
    tokenRequests: [] as TokenRequest[],
    uploads: [] as Upload[],
    sessions: new Map<string, ResumableSession>(),
    resumableCalls: [] as ResumableCall[],
    interrupt: null as Interruption | null,
    sessionOrigin: '',
    chatCalls: [] as ChatCall[],
    tokens: new Set<string>(),
    revoked: new Set<string>(),
    folders: new Set<string>([FAKE_FOLDER_ID]),
    expiresIn: 3599,
    chatStatus: 200,
  };

  let origin = '';

  function token(res: ServerResponse, req: IncomingMessage, raw: Buffer): void {
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return oauthError(res, 400, 'invalid_request', 'Invalid content type.');
    }
    const form = Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
    fake.tokenRequests.push({ form });
    if (!form.grant_type) return oauthError(res, 400, 'unsupported_grant_type', 'Invalid grant_type: ');
    if (form.grant_type !== 'refresh_token') return oauthError(res, 400, 'unsupported_grant_type', `Invalid grant_type: ${form.grant_type}`);
    if (form.client_id !== FAKE_CLIENT_ID) return oauthError(res, 401, 'invalid_client', 'The OAuth client was not found.');
    if (form.client_secret !== FAKE_CLIENT_SECRET) return oauthError(res, 401, 'invalid_client', 'Unauthorized');
    if (!form.refresh_token) return oauthError(res, 400, 'invalid_request', 'Missing required parameter: refresh_token');
    if (fake.revoked.has(form.refresh_token)) return oauthError(res, 400, 'invalid_grant', 'Token has been expired or revoked.');
    if (form.refresh_token !== FAKE_REFRESH_TOKEN) return oauthError(res, 400, 'invalid_grant', 'Bad Request');
    const accessToken = `ya29.a0${randomBytes(48).toString('base64url')}`;
    fake.tokens.add(accessToken);
    answer(res, 200, { access_token: accessToken, expires_in: fake.expiresIn, scope: SCOPE, token_type: 'Bearer' }, { 'cache-control': 'no-cache, no-store, max-age=0, must-revalidate' });
  }

  /** The bearer token checked (401 answered when it is not honoured). */
  function authorized(res: ServerResponse, req: IncomingMessage): boolean {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (bearer && fake.tokens.has(bearer)) return true;
    apiError(
      res,
      401,
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
      'authError',
      { location: 'Authorization', locationType: 'header' },
    );
    return false;
  }

  /** The metadata's parents, each a folder the account may write into (404 answered otherwise). */
  function parentsOf(res: ServerResponse, metadata: Record<string, unknown>): unknown[] | undefined {
    const parents = Array.isArray(metadata.parents) ? (metadata.parents as unknown[]) : [];
    for (const parent of parents) {
      if (typeof parent !== 'string' || !fake.folders.has(parent)) {
        apiError(res, 404, `File not found: ${String(parent)}.`, 'notFound', { location: 'fileId', locationType: 'parameter' });
        return undefined;
      }
    }
    return parents;
  }

  /** The file's fields a request asked for (`fields`), as Drive answers them. */
  function fileAnswer(query: Record<string, string>, id: string, metadata: Record<string, unknown>, mediaType: string, parents: unknown[]): Record<string, unknown> {
    const name = typeof metadata.name === 'string' && metadata.name ? metadata.name : 'Untitled';
    const file: Record<string, unknown> = { kind: 'drive#file', id, name, mimeType: mediaType.split(';')[0], webViewLink: `https://drive.google.com/file/d/${id}/view?usp=drivesdk`, parents };
    const fields = query.fields ? query.fields.split(',').map((f) => f.trim()) : ['kind', 'id', 'name', 'mimeType'];
    return Object.fromEntries(fields.filter((f) => f in file).map((f) => [f, file[f]]));
  }

  function upload(res: ServerResponse, req: IncomingMessage, url: URL, raw: Buffer): void {
    if (!authorized(res, req)) return;
    const authorization = req.headers.authorization ?? '';
    const query = Object.fromEntries(url.searchParams);
    if (query.uploadType === 'resumable') return startSession(res, req, url, raw);
    if (query.uploadType !== 'multipart') return apiError(res, 400, `Invalid value for uploadType: ${query.uploadType ?? ''}`, 'invalidParameter');
    const contentType = req.headers['content-type'] ?? '';
    const boundary = boundaryOf(contentType);
    if (!boundary) return apiError(res, 400, 'Media type must be multipart/related with a boundary.', 'badContent');
    const parts = parseMultipart(raw, boundary);
    if (!parts || parts.length !== 2) return apiError(res, 400, 'Malformed multipart body.', 'badContent');
    const [meta, media] = parts as [Part, Part];
    const metadataType = meta.headers['content-type'] ?? '';
    const metadata = parse(meta.content);
    if (!metadataType.startsWith('application/json') || !metadata) return apiError(res, 400, 'The metadata part must be JSON.', 'parseError');
    const mediaType = media.headers['content-type'] ?? '';
    if (!mediaType) return apiError(res, 400, 'The media part must have a Content-Type.', 'badContent');
    const parents = parentsOf(res, metadata);
    if (!parents) return;
    const id = `1${randomBytes(24).toString('base64url')}`;
    fake.uploads.push({ query, authorization, contentType, metadata, metadataType, mediaType, content: Buffer.from(media.content), id });
    answer(res, 200, fileAnswer(query, id, metadata, mediaType, parents));
  }

  /** `POST …?uploadType=resumable`: the metadata and the X-Upload-* headers checked, the session URI in Location. */
  function startSession(res: ServerResponse, req: IncomingMessage, url: URL, raw: Buffer): void {
    const contentType = req.headers['content-type'] ?? '';
    const metadata = raw.length === 0 ? {} : parse(raw);
    if (!contentType.startsWith('application/json') || !metadata) return apiError(res, 400, 'The metadata must be JSON (Content-Type: application/json; charset=UTF-8).', 'parseError');
    const mediaType = String(req.headers['x-upload-content-type'] ?? '');
    if (!/^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+/.test(mediaType)) return apiError(res, 400, 'X-Upload-Content-Type must be a media type.', 'badContent');
    const length = String(req.headers['x-upload-content-length'] ?? '');
    if (!/^\d{1,15}$/.test(length)) return apiError(res, 400, 'X-Upload-Content-Length must be the number of bytes to upload.', 'badContent');
    if (!parentsOf(res, metadata)) return;
    const id = `ADPycd${randomBytes(36).toString('base64url')}`;
    fake.sessions.set(id, {
      id,
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization ?? '',
      contentType,
      metadata,
      mediaType,
      total: Number(length),
      chunks: [],
      held: 0,
    });
    const location = new URL(`${url.pathname}${url.search}`, fake.sessionOrigin || origin);
    location.searchParams.set('upload_id', id);
    answer(res, 200, undefined, { location: location.href, 'content-length': '0' });
  }

  /** `PUT {session URI}`: a chunk, or `bytes *\/total` asking where the upload stands. */
  function putChunk(res: ServerResponse, req: IncomingMessage, url: URL, raw: Buffer): void {
    const uploadId = url.searchParams.get('upload_id') ?? '';
    const contentRange = String(req.headers['content-range'] ?? '');
    const call: ResumableCall = { uploadId, contentRange, bytes: raw.length, authorization: req.headers.authorization ?? '', status: 0, range: '' };
    fake.resumableCalls.push(call);
    const reply = (status: number, session?: ResumableSession) => {
      call.status = status;
      if (status === 308) {
        call.range = session && session.held > 0 ? `bytes=0-${session.held - 1}` : '';
        answer(res, 308, undefined, { ...(call.range ? { range: call.range } : {}), 'content-length': '0' });
      }
    };
    const refuse = (status: number, message: string, reason: string) => {
      call.status = status;
      apiError(res, status, message, reason);
    };
    const session = fake.sessions.get(uploadId);
    if (url.searchParams.get('uploadType') !== 'resumable' || !session) return refuse(404, 'The upload session was not found: it may have expired.', 'notFound');
    if (req.headers['content-length'] !== String(raw.length)) return refuse(400, 'Content-Length must be the number of bytes sent.', 'badContent');
    const query = /^bytes \*\/(\d+)$/.exec(contentRange);
    const chunk = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(contentRange);
    if (!query && !chunk) return refuse(400, `Invalid Content-Range: ${contentRange}`, 'badContent');
    const total = Number((query ?? chunk)![query ? 1 : 3]);
    if (total !== session.total) return refuse(400, `The upload's size ${total} is not the declared ${session.total}.`, 'badContent');
    if (session.fileId) return finished(res, call, session);
    if (query) {
      if (raw.length !== 0) return refuse(400, 'A status request has no body.', 'badContent');
      return reply(308, session);
    }
    const first = Number(chunk![1]);
    const last = Number(chunk![2]);
    if (first !== session.held) return refuse(400, `The chunk starts at byte ${first}, but the upload holds ${session.held} bytes.`, 'badContent');
    if (last < first || last >= total || last - first + 1 !== raw.length) return refuse(400, `Content-Range ${contentRange} does not match the ${raw.length} bytes sent.`, 'badContent');
    if (last + 1 < total && raw.length % CHUNK_GRANULE !== 0) return refuse(400, `A chunk but the last must be a multiple of ${CHUNK_GRANULE} bytes, not ${raw.length}.`, 'badContent');

    const interrupt = fake.interrupt;
    if (interrupt && (interrupt.after ?? 0) > 0) {
      interrupt.after = (interrupt.after ?? 0) - 1;
    } else if (interrupt) {
      interrupt.times = (interrupt.times ?? 1) - 1;
      if (interrupt.times <= 0) fake.interrupt = null;
      const keep = Math.min(interrupt.keep ?? 0, raw.length - 1);
      if (interrupt.mode === 'expire') {
        fake.sessions.delete(uploadId);
        return refuse(404, 'The upload session was not found: it may have expired.', 'notFound');
      }
      if (keep > 0) {
        session.chunks.push(Buffer.from(raw.subarray(0, keep)));
        session.held += keep;
      }
      if (interrupt.mode === 'drop') {
        res.socket?.destroy();
        return;
      }
      if (interrupt.mode === 'unavailable') return refuse(503, 'Service Unavailable', 'backendError');
      return reply(308, session);
    }
    session.chunks.push(Buffer.from(raw));
    session.held += raw.length;
    if (session.held < total) return reply(308, session);
    session.fileId = `1${randomBytes(24).toString('base64url')}`;
    const { query: q, authorization, contentType, metadata, mediaType } = session;
    fake.uploads.push({ query: q, authorization, contentType, metadata, metadataType: contentType, mediaType, content: Buffer.concat(session.chunks), id: session.fileId });
    return finished(res, call, session);
  }

  /** A complete upload's answer: the file's fields. */
  function finished(res: ServerResponse, call: ResumableCall, session: ResumableSession): void {
    call.status = 200;
    const parents = Array.isArray(session.metadata.parents) ? (session.metadata.parents as unknown[]) : [];
    answer(res, 200, fileAnswer(session.query, session.fileId!, session.metadata, session.mediaType, parents));
  }

  function chat(res: ServerResponse, req: IncomingMessage, space: string, url: URL, raw: Buffer): void {
    const query = Object.fromEntries(url.searchParams);
    if (query.key !== FAKE_CHAT_KEY || query.token !== decodeURIComponent(FAKE_CHAT_TOKEN)) {
      return apiError(res, 401, 'Request had invalid authentication credentials.', 'authError');
    }
    const body = parse(raw);
    if (!(req.headers['content-type'] ?? '').startsWith('application/json') || !body) return apiError(res, 400, 'Invalid JSON payload received.', 'badRequest');
    fake.chatCalls.push({ space, query, body, bytes: raw.length });
    if (fake.chatStatus !== 200) return apiError(res, fake.chatStatus, fake.chatStatus === 410 ? 'The webhook was removed from the space.' : 'The request failed.', 'failed');
    if (raw.length > CHAT_MESSAGE_LIMIT) return apiError(res, 400, 'Message is too large: it exceeds the 32,000 byte limit.', 'badRequest');
    if (typeof body.text !== 'string' && !Array.isArray(body.cardsV2)) return apiError(res, 400, 'Message cannot be empty.', 'badRequest');
    for (const card of Array.isArray(body.cardsV2) ? (body.cardsV2 as Array<Record<string, unknown>>) : []) {
      const sections = ((card.card as Record<string, unknown> | undefined)?.sections ?? []) as Array<{ widgets?: unknown[] }>;
      if (!card.card || !Array.isArray(sections)) return apiError(res, 400, 'Invalid card.', 'badRequest');
      for (const section of sections) if (!Array.isArray(section.widgets) || section.widgets.length === 0) return apiError(res, 400, 'A section must have at least one widget.', 'badRequest');
    }
    const id = `${randomBytes(8).toString('base64url')}.${randomBytes(8).toString('base64url')}`;
    const thread = randomBytes(8).toString('base64url');
    answer(res, 200, {
      name: `spaces/${space}/messages/${id}`,
      sender: { name: 'users/114022495153014004089', displayName: 'Trainwright', avatarUrl: '', email: '', domainId: '', type: 'BOT' },
      text: body.text ?? '',
      cardsV2: body.cardsV2 ?? [],
      annotations: [],
      thread: { name: `spaces/${space}/threads/${thread}` },
      space: { name: `spaces/${space}`, type: 'ROOM', displayName: 'Training team', spaceThreadingState: 'THREADED_MESSAGES', spaceType: 'SPACE' },
      argumentText: body.text ?? '',
      createTime: new Date().toISOString(),
    });
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const raw = await read(req);
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'PUT' && url.pathname === '/upload/drive/v3/files') return putChunk(res, req, url, raw);
      if (req.method !== 'POST') return apiError(res, 405, 'Only POST is served here.', 'methodNotAllowed');
      if (url.pathname === '/token') return token(res, req, raw);
      if (url.pathname === '/upload/drive/v3/files') return upload(res, req, url, raw);
      const space = /^\/v1\/spaces\/([^/]+)\/messages$/.exec(url.pathname)?.[1];
      if (space) return chat(res, req, decodeURIComponent(space), url, raw);
      return apiError(res, 404, `No route for ${url.pathname}.`, 'notFound');
    })().catch(() => {
      if (!res.headersSent) answer(res, 500);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    origin,
    chatWebhook: `${origin}/v1/spaces/${FAKE_CHAT_SPACE}/messages?key=${FAKE_CHAT_KEY}&token=${FAKE_CHAT_TOKEN}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  });
}
