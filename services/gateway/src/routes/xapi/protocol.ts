// The xAPI 1.0.3 protocol around the learning record store's resources (xAPI Communication 1.3,
// 1.5.2, 3.3, 4.0; docs/analytics.md): the version header every request but /about must carry and
// every answer carries, HTTP Basic credentials, the alternate request syntax (a POST with ?method=
// and the headers, parameters and content as form fields, which a browser can send without a
// preflight) and multipart/mixed bodies with attachments.
import { randomBytes } from 'node:crypto';
import { MultipartParseError, getMultipartBoundary, parseMultipart } from '@remix-run/multipart-parser';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@trainwright/platform';

export const XAPI_VERSION = '1.0.3';
export const XAPI_VERSION_HEADER = 'x-experience-api-version';
const ACCEPTED_VERSION = /^1\.0(\.\d+)?$/;

export type XapiMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';
const METHODS: readonly XapiMethod[] = ['GET', 'PUT', 'POST', 'DELETE'];

/** The headers the alternate syntax carries as form fields (Communication 1.3.s3.b5). */
const FORM_HEADERS = ['authorization', 'x-experience-api-version', 'content-type', 'content-length', 'if-match', 'if-none-match'];

export const XAPI_PROTOCOL_MESSAGES = {
  versionMissing: `The X-Experience-API-Version header is required (this LRS speaks ${XAPI_VERSION}).`,
  versionUnsupported: (v: string) => `X-Experience-API-Version ${v} is not supported: this LRS speaks 1.0.x (${XAPI_VERSION}).`,
  repeatedParameter: (name: string) => `${name} appears more than once.`,
  alternateOnlyMethod: 'A request in the alternate syntax has no other query parameter than method.',
  alternateMethod: 'method must be GET, PUT, POST or DELETE.',
  alternateContentType: 'A request in the alternate syntax must be application/x-www-form-urlencoded.',
  contentType: 'Statements are sent as application/json, or as multipart/mixed with their attachments.',
  multipart: (problem: string) => `The multipart/mixed body is not valid: ${problem}.`,
} as const;

/** One xAPI request, however it arrived (headers by lower-case name). */
export interface XapiCall {
  method: XapiMethod;
  query: Record<string, string>;
  headers: Record<string, string | undefined>;
  body: Buffer;
}

function singleValues(query: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (Array.isArray(value)) throw AppError.validation(name, XAPI_PROTOCOL_MESSAGES.repeatedParameter(name));
    out[name] = String(value);
  }
  return out;
}

/** The request as an xAPI call, unwrapping the alternate syntax. */
export function xapiCall(request: FastifyRequest): XapiCall {
  const query = singleValues(request.query);
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const method = request.method === 'HEAD' ? 'GET' : (request.method as XapiMethod);
  if (method !== 'POST' || query.method === undefined) return { method, query, headers, body };

  if (Object.keys(query).length > 1) throw AppError.validation('method', XAPI_PROTOCOL_MESSAGES.alternateOnlyMethod);
  const alternate = query.method.toUpperCase() as XapiMethod;
  if (!METHODS.includes(alternate)) throw AppError.validation('method', XAPI_PROTOCOL_MESSAGES.alternateMethod);
  if (!(headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) throw AppError.validation('Content-Type', XAPI_PROTOCOL_MESSAGES.alternateContentType);
  const form = new URLSearchParams(body.toString('utf8'));
  const fields: Record<string, string> = {};
  const formHeaders: Record<string, string | undefined> = { ...headers, 'content-type': undefined, 'content-length': undefined };
  let content = Buffer.alloc(0);
  for (const [name, value] of form) {
    const lower = name.toLowerCase();
    if (name === 'content') content = Buffer.from(value, 'utf8');
    else if (FORM_HEADERS.includes(lower)) formHeaders[lower] = value;
    else if (fields[name] !== undefined) throw AppError.validation(name, XAPI_PROTOCOL_MESSAGES.repeatedParameter(name));
    else fields[name] = value;
  }
  // The content is a statement unless the form says otherwise.
  formHeaders['content-type'] ??= 'application/json';
  return { method: alternate, query: fields, headers: formHeaders, body: content };
}

/** Every resource but /about needs a 1.0.x version header (Communication 3.3). */
export function checkVersion(call: XapiCall): void {
  const version = call.headers[XAPI_VERSION_HEADER]?.trim();
  if (!version) throw AppError.validation('X-Experience-API-Version', XAPI_PROTOCOL_MESSAGES.versionMissing);
  if (!ACCEPTED_VERSION.test(version)) throw AppError.validation('X-Experience-API-Version', XAPI_PROTOCOL_MESSAGES.versionUnsupported(version.slice(0, 20)));
}

/** The HTTP Basic credential (key and secret), or undefined; the scorm service decides what it is worth. */
export function basicCredential(call: XapiCall): { key: string; secret: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]{1,400})\s*$/i.exec(call.headers.authorization ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? { key: decoded.slice(0, colon), secret: decoded.slice(colon + 1) } : undefined;
}

export function mediaType(call: XapiCall): string {
  return (call.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

export interface Part {
  headers: Record<string, string>;
  content: Buffer;
}

/** The parts of a multipart/mixed body (bounded: parts and sizes as the body limit allows). */
export function multipartParts(call: XapiCall, maxParts: number): Part[] {
  const boundary = getMultipartBoundary(call.headers['content-type'] ?? '');
  if (!boundary) throw AppError.validation('Content-Type', XAPI_PROTOCOL_MESSAGES.multipart('the boundary is missing'));
  // RFC 2046 allows a preamble before the first boundary (some clients start with a CRLF): skipped.
  const first = call.body.indexOf(`--${boundary}`);
  if (first < 0) throw AppError.validation('body', XAPI_PROTOCOL_MESSAGES.multipart('the boundary is missing from the body'));
  const body = call.body.subarray(first);
  try {
    const parts = [...parseMultipart(body, { boundary, maxParts, maxFileSize: body.length + 1, maxTotalSize: body.length + 1 })].map((p) => ({
      headers: Object.fromEntries(Object.entries(p.headers).map(([k, v]) => [k.toLowerCase(), String(v)])),
      content: Buffer.from(p.bytes),
    }));
    if (parts.length === 0) throw AppError.validation('body', XAPI_PROTOCOL_MESSAGES.multipart('it has no part'));
    return parts;
  } catch (error) {
    if (error instanceof MultipartParseError) throw AppError.validation('body', XAPI_PROTOCOL_MESSAGES.multipart(error.message.replace(/\.$/, '')));
    throw error;
  }
}

/** A multipart/mixed answer: the JSON first, then each attachment's raw data with its hash. */
export function sendMultipart(reply: FastifyReply, json: string, attachments: Array<{ sha2: string; contentType: string; content: Uint8Array }>): FastifyReply {
  const boundary = randomBytes(18).toString('hex');
  const chunks: Buffer[] = [Buffer.from(`--${boundary}\r\nContent-Type: application/json\r\n\r\n${json}\r\n`)];
  for (const a of attachments) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Type: ${a.contentType}\r\nContent-Transfer-Encoding: binary\r\nX-Experience-API-Hash: ${a.sha2}\r\n\r\n`), Buffer.from(a.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return reply.type(`multipart/mixed; boundary=${boundary}`).send(Buffer.concat(chunks));
}

export function httpDate(iso: string): string {
  return new Date(iso).toUTCString();
}
