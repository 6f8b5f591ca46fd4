// Outbound HTTP for addresses a user typed (URL ingestion and the like). The server runs inside a
// network with databases, internal services and cloud metadata endpoints, so a user-supplied URL
// must only ever reach the public internet (SSRF). Every hop, including each redirect, is checked
// before any connection is opened, and the socket connects to exactly the addresses that were
// checked: the name is resolved once, so a DNS answer that changes between check and connect
// (rebinding) cannot slip through.
import dns, { type LookupAddress, type LookupAllOptions } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import ipaddr from 'ipaddr.js';
import { AppError, type ErrorCode } from './errors.js';
import { formatBytes } from '@trainwright/catalogue';

/** dns.lookup's `all: true` form; tests inject one to make a name resolve to loopback. */
export type HostResolver = (
  hostname: string,
  options: LookupAllOptions,
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

export interface UrlTargetOptions {
  /**
   * Exact origins (`http://127.0.0.1:4321`, `https://wiki.corp.example`) that skip the address
   * checks: an operator's intranet, or a test server. Only the origin itself is trusted; a
   * redirect from it to anywhere else is checked as usual.
   */
  allowOrigins?: string[];
}

export interface SafeFetchOptions extends UrlTargetOptions {
  /** Redirects followed before giving up (default 5). */
  maxRedirects?: number;
  /** Largest body accepted, after decompression (default 5 MB). */
  maxBytes?: number;
  /** Budget for the whole fetch: every lookup, redirect and the body (default 15 s). */
  timeoutMs?: number;
  /** Media types accepted for the final response (default HTML, XHTML and plain text). */
  allowedContentTypes?: string[];
  /** Name resolution (default dns.lookup). */
  resolve?: HostResolver;
  userAgent?: string;
}

export interface SafeFetchResult {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  /** The Content-Type header as sent ('' when absent), charset included. */
  contentType: string;
  body: Buffer;
}

/** What checkUrlTarget found: where to connect and whether the origin is on the allow list. */
export interface UrlTarget {
  url: URL;
  /** The host to connect to, without IPv6 brackets. */
  host: string;
  /** The literal address when the host is an IP, else null (resolved and checked at fetch time). */
  address: string | null;
  allowed: boolean;
}

export const SAFE_FETCH_DEFAULTS = {
  maxRedirects: 5,
  maxBytes: 5 * 1024 * 1024,
  timeoutMs: 15_000,
  allowedContentTypes: ['text/html', 'application/xhtml+xml', 'text/plain'],
  userAgent: 'Trainwright/1.0 (+content import)',
} as const;

/** A URL that may not be fetched: always the user's input, never worth retrying. */
export class UnsafeUrlError extends AppError {
  constructor(message: string) {
    super('VALIDATION_FAILED', message, { field: 'url' });
    this.name = 'UnsafeUrlError';
  }
}

export type SafeFetchFailure =
  | 'timeout'
  | 'too_large'
  | 'content_type'
  | 'http_status'
  | 'redirect'
  | 'host_not_found'
  | 'tls'
  | 'network';

/** The fetch was allowed but did not produce a usable page. `retryable` says whether trying again later may help. */
export class SafeFetchError extends AppError {
  readonly reason: SafeFetchFailure;
  readonly retryable: boolean;
  /** The remote status for 'http_status'. */
  readonly httpStatus: number | undefined;

  constructor(code: ErrorCode, reason: SafeFetchFailure, message: string, retryable: boolean, httpStatus?: number) {
    super(code, message, httpStatus === undefined ? { field: 'url', reason } : { field: 'url', reason, status: httpStatus });
    this.name = 'SafeFetchError';
    this.reason = reason;
    this.retryable = retryable;
    this.httpStatus = httpStatus;
  }
}

// Names that only mean something inside a private network (RFC 6761, RFC 8375, common intranet
// and cluster suffixes). Matched as the whole name or its last labels.
const LOCAL_SUFFIXES = [
  'localhost',
  'localdomain',
  'local',
  'internal',
  'intranet',
  'lan',
  'home',
  'corp',
  'private',
  'svc',
  'home.arpa',
  'in-addr.arpa',
  'ip6.arpa',
  'test',
  'invalid',
];
const LOCAL_NAMES = new Set(['ip6-localhost', 'ip6-loopback']);

type Ip = ipaddr.IPv4 | ipaddr.IPv6;

/** Why an address is not public unicast, as a phrase ('a loopback address'), or null when it is. */
export function nonPublicReason(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not a valid address';
  return classify(ipaddr.parse(address));
}

function classify(ip: Ip): string | null {
  if (ip.kind() === 'ipv4') return classifyV4(ip as ipaddr.IPv4);
  return classifyV6(ip as ipaddr.IPv6);
}

function classifyV4(ip: ipaddr.IPv4): string | null {
  switch (ip.range()) {
    case 'unicast':
      return null;
    case 'loopback':
      return 'a loopback address';
    case 'private':
      return 'a private network address';
    case 'linkLocal':
      return 'a link-local address (cloud metadata)';
    case 'carrierGradeNat':
      return 'a shared (carrier-grade NAT) address';
    case 'unspecified':
      return 'an unspecified address';
    case 'broadcast':
      return 'a broadcast address';
    case 'multicast':
      return 'a multicast address';
    default:
      return 'a reserved address';
  }
}

function v4(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function classifyV6(ip: ipaddr.IPv6): string | null {
  // A zone id (fe80::1%eth0) only exists for link-scoped addresses.
  if (ip.zoneId) return 'a link-local address';
  const p = ip.parts;
  const range: string = ip.range();
  // Forms that carry an IPv4 address reach that address (through the kernel, NAT64 or a tunnel
  // relay), so the embedded address decides.
  switch (range) {
    case 'ipv4Mapped':
      return classifyV4(ip.toIPv4Address());
    case 'rfc6145':
      return classifyV4(v4(p[6]!, p[7]!));
    case 'rfc6052':
      // 64:ff9b::/96 is the well-known NAT64 prefix; 64:ff9b:1::/48 is for local use.
      return p[2] === 0 ? classifyV4(v4(p[6]!, p[7]!)) : 'a private network address';
    case '6to4':
      return classifyV4(v4(p[1]!, p[2]!));
    case 'teredo':
      // Server address in bits 32-63; the client's address is stored inverted in the last 32.
      return classifyV4(v4(p[2]!, p[3]!)) ?? classifyV4(v4(p[6]! ^ 0xffff, p[7]! ^ 0xffff));
    case 'loopback':
      return 'a loopback address';
    case 'linkLocal':
      return 'a link-local address';
    case 'uniqueLocal':
    case 'deprecatedSiteLocal':
      return 'a private network address';
    case 'unspecified':
      return 'an unspecified address';
    case 'multicast':
      return 'a multicast address';
    case 'unicast':
      // Only 2000::/3 is allocated as global unicast; the rest (including the deprecated
      // IPv4-compatible ::a.b.c.d) is reserved.
      return (p[0]! & 0xe000) === 0x2000 ? null : 'a reserved address';
    default:
      return 'a reserved address';
  }
}

/** 'IPv6 text (embedded IPv4)' so a message about ::ffff:7f00:1 names 127.0.0.1. */
function describeAddress(ip: Ip): string {
  if (ip.kind() === 'ipv4') return ip.toString();
  const v6 = ip as ipaddr.IPv6;
  const p = v6.parts;
  const range: string = v6.range();
  let embedded: ipaddr.IPv4 | null = null;
  if (range === 'ipv4Mapped') embedded = v6.toIPv4Address();
  else if (range === 'rfc6145' || (range === 'rfc6052' && p[2] === 0)) embedded = v4(p[6]!, p[7]!);
  else if (range === '6to4') embedded = v4(p[1]!, p[2]!);
  return embedded ? `${v6.toString()} (${embedded.toString()})` : v6.toString();
}

function parseAllowOrigins(allowOrigins: string[] | undefined): Set<string> {
  const origins = new Set<string>();
  // URL().origin drops default ports and lowercases, so 'HTTP://Host:80' matches 'http://host/'.
  for (const origin of allowOrigins ?? []) origins.add(new URL(origin).origin);
  return origins;
}

function refusal(prefix: string, reason: string): UnsafeUrlError {
  return new UnsafeUrlError(`${prefix}${reason}`);
}

const NOT_ALLOWED = 'This address is not allowed: ';
const REDIRECT_NOT_ALLOWED = 'The page redirected to an address that is not allowed: ';

function inspectTarget(raw: string, allow: Set<string>, prefix: string): UrlTarget {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError(prefix === NOT_ALLOWED ? 'Please enter a valid URL (http or https).' : 'The page redirected to an invalid address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UnsafeUrlError('Only http and https URLs can be fetched.');
  // Credentials would be sent to the target and stored with the project's source: never wanted.
  if (url.username || url.password) throw new UnsafeUrlError('Web addresses with a user name or password cannot be fetched.');

  const bracketed = url.hostname.startsWith('[');
  const host = bracketed ? url.hostname.slice(1, -1) : url.hostname;
  // WHATWG parsing already turned 2130706433, 0x7f.1 and 127.1 into dotted quads.
  const literal = bracketed ? ipaddr.IPv6.parse(host) : ipaddr.IPv4.isValidFourPartDecimal(host) ? ipaddr.IPv4.parse(host) : null;
  const allowed = allow.has(url.origin);
  if (allowed) return { url, host, address: literal ? literal.toString() : null, allowed };

  if (literal) {
    const reason = classify(literal);
    if (reason) throw refusal(prefix, `${describeAddress(literal)} is ${reason}.`);
    return { url, host, address: literal.toString(), allowed };
  }

  const name = host.replace(/\.+$/, '');
  if (!name) throw new UnsafeUrlError('Please enter a valid URL (http or https).');
  if (LOCAL_NAMES.has(name) || LOCAL_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`))) {
    throw refusal(prefix, `${name} is a local host name.`);
  }
  // A single label (redis, metadata, gateway) is a name on the local network or search domain.
  if (!name.includes('.')) throw refusal(prefix, `${name} is not a public host name.`);
  return { url, host, address: null, allowed };
}

/**
 * Checks a URL without any network access: scheme, credentials, literal addresses (in every
 * spelling WHATWG URL accepts) and obviously local names. Throws UnsafeUrlError when refused.
 * A host name that passes is still resolved and checked by safeFetch before connecting.
 */
export function checkUrlTarget(url: string, options: UrlTargetOptions = {}): UrlTarget {
  return inspectTarget(url, parseAllowOrigins(options.allowOrigins), NOT_ALLOWED);
}

function timeoutError(timeoutMs: number): SafeFetchError {
  const limit = timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} second${timeoutMs === 1000 ? '' : 's'}` : `${timeoutMs} ms`;
  return new SafeFetchError('TIMEOUT', 'timeout', `The page took too long to load (more than ${limit}).`, true);
}

function tooLargeError(maxBytes: number): SafeFetchError {
  return new SafeFetchError('PAYLOAD_TOO_LARGE', 'too_large', `The page is larger than the ${formatBytes(maxBytes)} limit.`, false);
}

const TLS_CODES = /^(CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|ERR_TLS_CERT|ERR_SSL_|ERR_TLS_)/;

/** Connection-level failures in words, with whether a later retry may help. */
function networkError(error: unknown, host: string): SafeFetchError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (code === 'ENOTFOUND' || code === 'ENODATA') {
    return new SafeFetchError('VALIDATION_FAILED', 'host_not_found', `The address could not be found: ${host}.`, false);
  }
  if (code === 'EAI_AGAIN') return new SafeFetchError('UNAVAILABLE', 'host_not_found', `The address could not be looked up right now: ${host}.`, true);
  if (TLS_CODES.test(code)) {
    return new SafeFetchError('VALIDATION_FAILED', 'tls', "The site's security certificate could not be verified.", false);
  }
  if (code.startsWith('HPE_')) return new SafeFetchError('VALIDATION_FAILED', 'network', 'The site sent an invalid response.', false);
  if (code === 'ECONNREFUSED') return new SafeFetchError('UNAVAILABLE', 'network', 'The site refused the connection.', true);
  return new SafeFetchError('UNAVAILABLE', 'network', 'The site could not be reached.', true);
}

function abortable<T>(signal: AbortSignal, work: Promise<T>): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Resolves a host name and refuses it if any answer is not public unicast. */
async function resolveTarget(target: UrlTarget, resolver: HostResolver, signal: AbortSignal, prefix: string): Promise<LookupAddress[]> {
  if (target.address) return [{ address: target.address, family: target.address.includes(':') ? 6 : 4 }];
  const addresses = await abortable(
    signal,
    new Promise<LookupAddress[]>((resolve, reject) => {
      resolver(target.host, { all: true }, (err, found) => (err ? reject(err) : resolve(found)));
    }),
  ).catch((error: unknown) => {
    if (error instanceof AppError) throw error;
    throw networkError(error, target.host);
  });
  if (addresses.length === 0) throw networkError({ code: 'ENOTFOUND' }, target.host);
  if (target.allowed) return addresses;
  // Every answer is checked: the connection may use any of them (happy eyeballs, retries).
  for (const { address } of addresses) {
    if (!ipaddr.isValid(address)) throw refusal(prefix, `${target.host} resolves to ${address}, which is not a valid address.`);
    const ip = ipaddr.parse(address);
    const reason = classify(ip);
    if (reason) throw refusal(prefix, `${target.host} resolves to ${describeAddress(ip)}, ${reason}.`);
  }
  return addresses;
}

/** A lookup that answers with the addresses already checked, so the socket never resolves again. */
function pinnedLookup(addresses: LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const usable = options.family ? addresses.filter((a) => a.family === options.family) : addresses;
    if (usable.length === 0) {
      const error: NodeJS.ErrnoException = new Error('No checked address for the requested family');
      error.code = 'ENOTFOUND';
      callback(error, '');
      return;
    }
    if (options.all) callback(null, usable);
    else callback(null, usable[0]!.address, usable[0]!.family);
  };
}

/** What one hop sends. */
interface Outgoing {
  method: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

function request(target: UrlTarget, addresses: LookupAddress[], outgoing: Outgoing, signal: AbortSignal): Promise<IncomingMessage> {
  const { url } = target;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = client.request(
      {
        protocol: url.protocol,
        hostname: target.host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: outgoing.method,
        headers: outgoing.headers,
        // A fresh agent per request: a pooled keep-alive socket would skip the lookup above and
        // could carry a connection made under another call's allow list.
        agent: false,
        lookup: pinnedLookup(addresses),
        signal,
      },
      resolve,
    );
    req.on('error', reject);
    req.end(outgoing.body);
  });
}

function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

async function readBody(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLargeError(maxBytes);

  const encoding = (res.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  let source: Readable = res;
  if (encoding !== 'identity' && encoding !== '') {
    const decoder =
      encoding === 'gzip' || encoding === 'x-gzip'
        ? zlib.createGunzip()
        : encoding === 'deflate'
          ? zlib.createInflate()
          : encoding === 'br'
            ? zlib.createBrotliDecompress()
            : null;
    if (!decoder) throw new SafeFetchError('UNSUPPORTED_MEDIA_TYPE', 'content_type', `The page uses an unsupported encoding (${encoding}).`, false);
    source = pipeline(res, decoder, () => undefined);
  }

  // The limit applies to the decoded bytes, so a small compressed bomb is stopped too.
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) throw tooLargeError(maxBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** The redirects that keep the method and the body (RFC 9110 15.4): the only ones a call with a body follows. */
const BODY_REDIRECTS = new Set([307, 308]);

interface ExchangeOptions extends UrlTargetOptions {
  maxRedirects: number;
  timeoutMs: number;
  resolve: HostResolver;
  outgoing: Outgoing;
}

/**
 * The checked hops of one request: each target's addresses resolved and checked before connecting
 * (unless its origin is allowed), redirects followed (re-checked) while `follows` says so, all
 * within `timeoutMs`; `read` takes the final answer (its body read under the same clock).
 */
async function exchange<T>(url: string, options: ExchangeOptions, follows: (status: number) => boolean, read: (response: IncomingMessage, target: UrlTarget) => Promise<T>): Promise<T> {
  const allow = parseAllowOrigins(options.allowOrigins);
  // Checked before the clock starts so an invalid address fails the same way every time.
  let target = inspectTarget(url, allow, NOT_ALLOWED);
  const controller = new AbortController();
  const timeout = timeoutError(options.timeoutMs);
  const timer = setTimeout(() => controller.abort(timeout), options.timeoutMs);
  const { signal } = controller;
  let response: IncomingMessage | undefined;
  try {
    for (let redirects = 0; ; redirects += 1) {
      const prefix = redirects === 0 ? NOT_ALLOWED : REDIRECT_NOT_ALLOWED;
      const addresses = await resolveTarget(target, options.resolve, signal, prefix);
      if (signal.aborted) throw timeout;
      response = await request(target, addresses, options.outgoing, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (follows(status) && location) {
        response.destroy();
        if (redirects >= options.maxRedirects) {
          throw new SafeFetchError('VALIDATION_FAILED', 'redirect', `The page redirected too many times (more than ${options.maxRedirects}).`, false);
        }
        let next: string;
        try {
          next = new URL(location, target.url).href;
        } catch {
          throw new SafeFetchError('VALIDATION_FAILED', 'redirect', 'The page redirected to an invalid address.', false);
        }
        target = inspectTarget(next, allow, REDIRECT_NOT_ALLOWED);
        continue;
      }
      return await read(response, target);
    }
  } catch (error) {
    if (signal.aborted) throw timeout;
    if (error instanceof AppError) throw error;
    throw networkError(error, target.host);
  } finally {
    clearTimeout(timer);
    response?.destroy();
  }
}

/**
 * GET a user-supplied URL safely: only public unicast addresses (unless the origin is in
 * allowOrigins), redirects re-checked hop by hop, and caps on redirects, size, time and content
 * type. Throws UnsafeUrlError for refused addresses (before connecting) and SafeFetchError for
 * everything else.
 */
export async function safeFetch(url: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const maxBytes = options.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes;
  const allowedTypes = (options.allowedContentTypes ?? SAFE_FETCH_DEFAULTS.allowedContentTypes).map((t) => t.toLowerCase());
  const outgoing: Outgoing = {
    method: 'GET',
    headers: {
      'user-agent': options.userAgent ?? SAFE_FETCH_DEFAULTS.userAgent,
      accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.1',
      'accept-encoding': 'gzip, deflate, br',
    },
  };
  const hops = { ...options, maxRedirects: options.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects, timeoutMs: options.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs, resolve: options.resolve ?? dns.lookup, outgoing };
  return exchange(url, hops, (status) => REDIRECTS.has(status), async (response, target) => {
    const status = response.statusCode ?? 0;
    if (status < 200 || status > 299) {
      // Overloaded or failing servers and rate limits may recover; other 4xx will not.
      const retryable = status >= 500 || status === 408 || status === 429;
      throw new SafeFetchError(retryable ? 'UNAVAILABLE' : 'VALIDATION_FAILED', 'http_status', `The page could not be fetched (HTTP ${status}).`, retryable, status);
    }
    const contentType = response.headers['content-type'] ?? '';
    const type = mediaType(contentType);
    if (!allowedTypes.includes(type)) {
      throw new SafeFetchError(
        'UNSUPPORTED_MEDIA_TYPE',
        'content_type',
        `The page is not a web page or text (${type ? `content type ${type}` : 'no content type'}).`,
        false,
      );
    }
    const body = await readBody(response, maxBytes);
    return { url: target.url.href, status, contentType, body };
  });
}

export interface SafeRequestOptions extends UrlTargetOptions {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Redirects followed (307 and 308 only when there is a body; default 5). */
  maxRedirects?: number;
  /** Bytes of the answer read; the rest is dropped and `truncated` set (default 64 KB). */
  maxBytes?: number;
  /** Budget for the whole call: lookups, redirects, sending and the answer (default 15 s). */
  timeoutMs?: number;
  resolve?: HostResolver;
}

export interface SafeResponse {
  url: string;
  status: number;
  headers: IncomingMessage['headers'];
  /** At most maxBytes of the answer, as sent (not decompressed). */
  body: Buffer;
  truncated: boolean;
}

/**
 * A call to an address a user configured (a webhook, a provider's API), with the same address
 * checks as safeFetch on every hop. Any status is answered, not thrown: the caller decides what
 * counts as success. A call with a body follows only 307 and 308, which keep it. Throws
 * UnsafeUrlError for a refused address and SafeFetchError for a timeout or a network failure.
 */
export async function safeRequest(url: string, options: SafeRequestOptions): Promise<SafeResponse> {
  const maxBytes = options.maxBytes ?? 64 * 1024;
  const outgoing: Outgoing = { method: options.method, headers: { 'user-agent': 'Trainwright/1.0', ...options.headers }, body: options.body };
  const hops = { ...options, maxRedirects: options.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects, timeoutMs: options.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs, resolve: options.resolve ?? dns.lookup, outgoing };
  const follows = options.body === undefined ? (status: number) => REDIRECTS.has(status) : (status: number) => BODY_REDIRECTS.has(status);
  return exchange(url, hops, follows, async (response, target) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let truncated = false;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      const room = maxBytes - total;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        total = maxBytes;
        truncated = true;
        break;
      }
      chunks.push(chunk);
      total += chunk.length;
    }
    return { url: target.url.href, status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks, total), truncated };
  });
}

/**
 * A URL field a user stores (a company's website, a logo): '' when empty; otherwise an http(s) URL
 * of at most `maxLength` characters at a public address, normalised. Each refusal is a validation
 * error naming the field: an address we would later refuse to fetch is refused when stored.
 */
export function storedUrlField(field: string, value: string | undefined, maxLength: number): string {
  const v = (value ?? '').trim();
  if (!v) return '';
  if (v.length > maxLength) throw AppError.validation(field, `${field} must be at most ${maxLength} characters`);
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw AppError.validation(field, `${field} must be a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw AppError.validation(field, `${field} must be an http or https URL`);
  try {
    checkUrlTarget(url.toString());
  } catch (error) {
    if (error instanceof UnsafeUrlError) throw AppError.validation(field, error.message);
    throw error;
  }
  return url.toString();
}
