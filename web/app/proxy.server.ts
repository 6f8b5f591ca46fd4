// Forwards a request under /api to the gateway and streams the answer back: method, query,
// headers (cookies included), body (streamed), status and every set-cookie header.
import { clientAddress, CLIENT_ADDRESS_HEADER } from './client-address.server';
import { GATEWAY_URL } from './config.server';

/** Hop-by-hop headers (RFC 9110 section 7.6.1) and ones fetch must set itself. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'expect',
]);

const NO_BODY_STATUS = new Set([101, 103, 204, 205, 304]);

function connectionTokens(headers: Headers): Set<string> {
  return new Set(
    (headers.get('connection') ?? '')
      .split(',')
      .map((t) => t.trim().toLowerCase())
      .filter(Boolean),
  );
}

function upstreamHeaders(request: Request, incoming: URL): Headers {
  const dropped = connectionTokens(request.headers);
  const headers = new Headers();
  for (const [name, value] of request.headers) {
    if (HOP_BY_HOP.has(name) || dropped.has(name) || name === CLIENT_ADDRESS_HEADER) continue;
    headers.append(name, value);
  }
  // Ask for an unencoded answer: this server compresses for the browser itself.
  headers.set('accept-encoding', 'identity');
  setForwardingHeaders(headers, request, incoming);
  return headers;
}

/**
 * x-forwarded-for (the client's address appended), x-forwarded-proto and x-forwarded-host on a
 * gateway call made for `request`: the gateway rate-limits and logs by the client's address.
 */
export function setForwardingHeaders(headers: Headers, request: Request, incoming = new URL(request.url)): void {
  const peer = clientAddress(request.headers);
  if (peer) {
    const prior = request.headers.get('x-forwarded-for');
    headers.set('x-forwarded-for', prior ? `${prior}, ${peer}` : peer);
  }
  headers.set('x-forwarded-proto', request.headers.get('x-forwarded-proto') ?? incoming.protocol.replace(':', ''));
  headers.set('x-forwarded-host', request.headers.get('x-forwarded-host') ?? incoming.host);
}

function downstreamHeaders(upstream: Response): Headers {
  const dropped = connectionTokens(upstream.headers);
  const encoded = upstream.headers.has('content-encoding');
  const headers = new Headers();
  // Iterating a Headers yields each set-cookie separately, so all of them are kept.
  for (const [name, value] of upstream.headers) {
    if (HOP_BY_HOP.has(name) || dropped.has(name)) continue;
    // fetch decodes a compressed body, so its encoding and length no longer apply.
    if (encoded && (name === 'content-encoding' || name === 'content-length')) continue;
    headers.append(name, value);
  }
  // Server-sent events (GET /api/events) must reach the browser as they are written. remix-serve
  // gzips every compressible type, text/event-stream included, and gzip holds small writes back;
  // `no-transform` tells its compression middleware to leave the stream alone.
  if ((headers.get('content-type') ?? '').toLowerCase().startsWith('text/event-stream')) {
    noTransform(headers, 'no-cache');
    headers.set('x-accel-buffering', 'no');
  }
  // Files (downloads: attachment; the video preview: inline) keep their Content-Length, which the
  // browser's progress bar divides by, and their byte ranges: compressing would drop both.
  if (/^\s*(attachment|inline)\b/i.test(headers.get('content-disposition') ?? '')) noTransform(headers, 'private');
  return headers;
}

/** Adds `no-transform` to Cache-Control (`fallback` is the directive used when there is none). */
function noTransform(headers: Headers, fallback: string): void {
  const cacheControl = headers.get('cache-control');
  if (!/(^|,)\s*no-transform\s*(,|$)/i.test(cacheControl ?? '')) {
    headers.set('cache-control', cacheControl ? `${cacheControl}, no-transform` : `${fallback}, no-transform`);
  }
}

function unavailable(): Response {
  return new Response(JSON.stringify({ code: 'UNAVAILABLE', message: 'Server error. Please try again later.' }), {
    status: 503,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

export async function proxyToGateway(request: Request): Promise<Response> {
  const incoming = new URL(request.url);
  const target = `${GATEWAY_URL}${incoming.pathname}${incoming.search}`;
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null;

  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: request.method,
      headers: upstreamHeaders(request, incoming),
      body: hasBody ? request.body : null,
      redirect: 'manual',
      signal: request.signal,
      // Required by Node's fetch to stream a request body.
      ...(hasBody ? { duplex: 'half' } : {}),
    } as RequestInit);
  } catch (error) {
    // The browser went away (navigation, closed event stream): nobody reads an answer, and it is
    // not an error worth a stack trace in the log.
    if (request.signal.aborted) return new Response(null, { status: 499, statusText: 'Client Closed Request' });
    console.error(`[api proxy] ${request.method} ${incoming.pathname}: gateway unreachable`, error);
    return unavailable();
  }

  const body = request.method === 'HEAD' || NO_BODY_STATUS.has(upstream.status) ? null : upstream.body;
  if (body === null) await upstream.body?.cancel();
  return new Response(body, {
    status: upstream.status,
    statusText: upstream.statusText,
    headers: downstreamHeaders(upstream),
  });
}
