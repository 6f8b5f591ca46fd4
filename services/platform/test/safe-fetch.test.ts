// The fetcher against real local servers that count every connection and request: a refused
// address must fail with a clear message before anything reaches the server.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { AppError } from '../src/errors.js';
import {
  SafeFetchError,
  UnsafeUrlError,
  checkUrlTarget,
  nonPublicReason,
  safeFetch,
  safeRequest,
  type HostResolver,
} from '../src/safe-fetch.js';

interface TestServer {
  host: string;
  port: number;
  origin: string;
  requests: number;
  connections: number;
  hosts: string[];
  close(): Promise<void>;
}

async function startServer(handler: (req: IncomingMessage, res: ServerResponse) => void, host = '127.0.0.1'): Promise<TestServer> {
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    state.requests += 1;
    state.hosts.push(req.headers.host ?? '');
    handler(req, res);
  });
  server.on('connection', (socket) => {
    state.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const state: TestServer = {
    host,
    port,
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    requests: 0,
    connections: 0,
    hosts: [],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return state;
}

const ARTICLE = '<!doctype html><html><head><title>Lifting</title></head><body><p>Bend your knees.</p></body></html>';

function html(res: ServerResponse, body = ARTICLE): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(body);
}

function redirect(res: ServerResponse, location: string, status = 302): void {
  res.writeHead(status, { location });
  res.end();
}

/** Resolves every name to the given addresses and records what was asked. */
function fakeResolver(addresses: string[], calls: string[] = []): HostResolver {
  return (hostname, _options, callback) => {
    calls.push(hostname);
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
}

async function refusal(promise: Promise<unknown>): Promise<UnsafeUrlError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the fetch to be refused');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UnsafeUrlError);
  return error as UnsafeUrlError;
}

async function failure(promise: Promise<unknown>): Promise<SafeFetchError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the fetch to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SafeFetchError);
  return error as SafeFetchError;
}

describe('checkUrlTarget', () => {
  it.each([
    ['http://127.0.0.1/', '127.0.0.1 is a loopback address.'],
    ['http://127.1/', '127.0.0.1 is a loopback address.'],
    ['http://2130706433/', '127.0.0.1 is a loopback address.'],
    ['http://0x7f.1/', '127.0.0.1 is a loopback address.'],
    ['http://0177.0.0.1/', '127.0.0.1 is a loopback address.'],
    ['http://[::1]/', '::1 is a loopback address.'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1 (127.0.0.1) is a loopback address.'],
    ['http://[2002:7f00:1::]/', '2002:7f00:1:: (127.0.0.1) is a loopback address.'],
    ['http://10.0.0.1/', '10.0.0.1 is a private network address.'],
    ['http://172.16.5.4/', '172.16.5.4 is a private network address.'],
    ['https://192.168.1.1/admin', '192.168.1.1 is a private network address.'],
    ['http://[fd00:ec2::254]/', 'fd00:ec2::254 is a private network address.'],
    ['http://[64:ff9b::a00:1]/', '64:ff9b::a00:1 (10.0.0.1) is a private network address.'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address (cloud metadata).'],
    ['http://[::ffff:169.254.169.254]/', '::ffff:a9fe:a9fe (169.254.169.254) is a link-local address (cloud metadata).'],
    ['http://[fe80::1]/', 'fe80::1 is a link-local address.'],
    ['http://100.64.0.1/', '100.64.0.1 is a shared (carrier-grade NAT) address.'],
    ['http://0/', '0.0.0.0 is an unspecified address.'],
    ['http://[::]/', ':: is an unspecified address.'],
    ['http://224.0.0.1/', '224.0.0.1 is a multicast address.'],
    ['http://255.255.255.255/', '255.255.255.255 is a broadcast address.'],
    ['http://198.51.100.7/', '198.51.100.7 is a reserved address.'],
    ['http://[::7f00:1]/', '::7f00:1 is a reserved address.'],
    ['http://localhost:8080/', 'localhost is a local host name.'],
    ['http://LOCALHOST./', 'localhost is a local host name.'],
    ['http://api.localhost/', 'api.localhost is a local host name.'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'metadata.google.internal is a local host name.'],
    ['http://printer.local/', 'printer.local is a local host name.'],
    ['http://redis:6379/', 'redis is not a public host name.'],
  ])('should refuse %s', (url, reason) => {
    expect(() => checkUrlTarget(url)).toThrow(`This address is not allowed: ${reason}`);
  });

  it.each(['file:///etc/passwd', 'ftp://example.com/file.txt', 'gopher://example.com/', 'javascript:alert(1)'])(
    'should refuse the scheme of %s',
    (url) => {
      expect(() => checkUrlTarget(url)).toThrow('Only http and https URLs can be fetched.');
    },
  );

  it('should refuse credentials in the URL', () => {
    expect(() => checkUrlTarget('https://admin:secret@example.com/')).toThrow('Web addresses with a user name or password cannot be fetched.');
    expect(() => checkUrlTarget('https://admin@example.com/')).toThrow('user name or password');
  });

  it('should refuse what is not a URL', () => {
    expect(() => checkUrlTarget('example.com/page')).toThrow('Please enter a valid URL (http or https).');
  });

  it('should raise a validation AppError naming the url field', () => {
    let caught: unknown;
    try {
      checkUrlTarget('http://169.254.169.254/');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect(caught).toMatchObject({ code: 'VALIDATION_FAILED', status: 400, detail: { field: 'url' } });
  });

  it('should accept public addresses and names', () => {
    expect(checkUrlTarget('https://example.com/a?b=1')).toMatchObject({ host: 'example.com', address: null, allowed: false });
    expect(checkUrlTarget('http://93.184.216.34/')).toMatchObject({ host: '93.184.216.34', address: '93.184.216.34' });
    expect(checkUrlTarget('http://[2606:4700:4700::1111]/')).toMatchObject({ host: '2606:4700:4700::1111', address: '2606:4700:4700::1111' });
    // 6to4 of a public address is public.
    expect(checkUrlTarget('http://[2002:5db8:d822::1]/').address).toBe('2002:5db8:d822::1');
  });

  it('should let exactly the allowed origins through', () => {
    const options = { allowOrigins: ['http://127.0.0.1:4321', 'HTTP://10.0.0.5:80'] };
    expect(checkUrlTarget('http://127.0.0.1:4321/page', options)).toMatchObject({ allowed: true, address: '127.0.0.1' });
    // The default port is part of the origin either way.
    expect(checkUrlTarget('http://10.0.0.5/', options).allowed).toBe(true);
    expect(() => checkUrlTarget('http://127.0.0.1:4322/', options)).toThrow('127.0.0.1 is a loopback address.');
    expect(() => checkUrlTarget('https://127.0.0.1:4321/', options)).toThrow('127.0.0.1 is a loopback address.');
    // Credentials are refused even for an allowed origin.
    expect(() => checkUrlTarget('http://u:p@127.0.0.1:4321/', options)).toThrow('user name or password');
  });
});

describe('nonPublicReason', () => {
  it('should classify resolved addresses', () => {
    expect(nonPublicReason('8.8.8.8')).toBeNull();
    expect(nonPublicReason('2001:4860:4860::8888')).toBeNull();
    expect(nonPublicReason('127.0.0.53')).toBe('a loopback address');
    expect(nonPublicReason('::ffff:10.1.2.3')).toBe('a private network address');
    // Teredo with an obfuscated client address of 192.168.0.1 (bits inverted).
    expect(nonPublicReason('2001:0:5db8:d822::3f57:fffe')).toBe('a private network address');
    expect(nonPublicReason('not-an-ip')).toBe('not a valid address');
  });
});

describe('safeFetch', () => {
  let target: TestServer;
  let target6: TestServer | null = null;
  let site: TestServer;

  beforeAll(async () => {
    target = await startServer((_req, res) => html(res, '<p>internal secret</p>'));
    try {
      target6 = await startServer((_req, res) => html(res, '<p>internal secret</p>'), '::1');
    } catch {
      target6 = null; // no IPv6 loopback in this environment
    }
    site = await startServer((req, res) => {
      const path = req.url ?? '/';
      const to = new URL(path, 'http://x').searchParams.get('to');
      if (path.startsWith('/to?')) return redirect(res, to ?? '/');
      if (path === '/start') return redirect(res, '/article', 301);
      if (path === '/article') return html(res);
      const loop = /^\/loop\/(\d+)$/.exec(path);
      if (loop) return redirect(res, `/loop/${Number(loop[1]) + 1}`);
      if (path === '/image') {
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      }
      if (path === '/missing') {
        res.writeHead(404, { 'content-type': 'text/html' });
        return res.end('<h1>Not found</h1>');
      }
      if (path === '/down') {
        res.writeHead(503, { 'content-type': 'text/html' });
        return res.end('busy');
      }
      if (path === '/gzip') {
        res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
        return res.end(gzipSync('Compressed text.'));
      }
      if (path === '/bomb') {
        res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
        return res.end(gzipSync(Buffer.alloc(4 * 1024 * 1024, 0x61)));
      }
      if (path === '/declared-large') {
        res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(10 * 1024 * 1024) });
        return res.write('<p>start</p>');
      }
      res.writeHead(404);
      res.end();
    });
  });

  afterAll(async () => {
    await target.close();
    await target6?.close();
    await site.close();
  });

  beforeEach(() => {
    target.requests = 0;
    target.connections = 0;
  });

  afterEach(() => {
    // Whatever the test did, nothing may have reached the internal server.
    expect(target.connections).toBe(0);
    expect(target.requests).toBe(0);
  });

  describe('refuses before connecting', () => {
    it('should refuse 127.0.0.1', async () => {
      const error = await refusal(safeFetch(`http://127.0.0.1:${target.port}/`));
      expect(error.message).toBe('This address is not allowed: 127.0.0.1 is a loopback address.');
    });

    it('should refuse [::1]', async () => {
      const port = target6?.port ?? target.port;
      const error = await refusal(safeFetch(`http://[::1]:${port}/`));
      expect(error.message).toBe('This address is not allowed: ::1 is a loopback address.');
      expect(target6?.connections ?? 0).toBe(0);
    });

    it('should refuse an IPv4-mapped loopback address', async () => {
      const error = await refusal(safeFetch(`http://[::ffff:127.0.0.1]:${target.port}/`));
      expect(error.message).toContain('(127.0.0.1) is a loopback address.');
    });

    it('should refuse 10.0.0.1 and never resolve or connect', async () => {
      const calls: string[] = [];
      const error = await refusal(safeFetch(`http://10.0.0.1:${target.port}/`, { resolve: fakeResolver(['127.0.0.1'], calls) }));
      expect(error.message).toBe('This address is not allowed: 10.0.0.1 is a private network address.');
      expect(calls).toEqual([]);
    });

    it('should refuse the cloud metadata address', async () => {
      const error = await refusal(safeFetch('http://169.254.169.254/latest/meta-data/iam/security-credentials/'));
      expect(error.message).toBe('This address is not allowed: 169.254.169.254 is a link-local address (cloud metadata).');
    });

    it('should refuse a decimal IP', async () => {
      const error = await refusal(safeFetch(`http://2130706433:${target.port}/`));
      expect(error.message).toBe('This address is not allowed: 127.0.0.1 is a loopback address.');
    });

    it('should refuse a hex IP', async () => {
      const error = await refusal(safeFetch(`http://0x7f.0x0.0x0.0x1:${target.port}/`));
      expect(error.message).toBe('This address is not allowed: 127.0.0.1 is a loopback address.');
    });

    it('should refuse localhost', async () => {
      const error = await refusal(safeFetch(`http://localhost:${target.port}/`));
      expect(error.message).toBe('This address is not allowed: localhost is a local host name.');
    });

    it('should refuse a name that resolves to loopback', async () => {
      const calls: string[] = [];
      const error = await refusal(safeFetch(`http://wiki.acme-test.com:${target.port}/`, { resolve: fakeResolver(['127.0.0.1'], calls) }));
      expect(error.message).toBe('This address is not allowed: wiki.acme-test.com resolves to 127.0.0.1, a loopback address.');
      expect(calls).toEqual(['wiki.acme-test.com']);
    });

    it('should refuse a name when any of its addresses is private', async () => {
      const error = await refusal(
        safeFetch(`http://mixed.acme-test.com:${target.port}/`, { resolve: fakeResolver(['93.184.216.34', '127.0.0.1']) }),
      );
      expect(error.message).toBe('This address is not allowed: mixed.acme-test.com resolves to 127.0.0.1, a loopback address.');
    });

    it('should refuse a redirect from an allowed origin to another local port', async () => {
      site.requests = 0;
      const error = await refusal(
        safeFetch(`${site.origin}/to?to=${encodeURIComponent(`http://127.0.0.1:${target.port}/secret`)}`, { allowOrigins: [site.origin] }),
      );
      expect(error.message).toBe('The page redirected to an address that is not allowed: 127.0.0.1 is a loopback address.');
      expect(site.requests).toBe(1);
    });

    it('should refuse a redirect from an allowed origin to the metadata address', async () => {
      const error = await refusal(
        safeFetch(`${site.origin}/to?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`, { allowOrigins: [site.origin] }),
      );
      expect(error.message).toBe('The page redirected to an address that is not allowed: 169.254.169.254 is a link-local address (cloud metadata).');
    });

    it('should refuse a redirect to a name that resolves to loopback', async () => {
      const error = await refusal(
        safeFetch(`${site.origin}/to?to=${encodeURIComponent(`http://rebind.acme-test.com:${target.port}/`)}`, {
          allowOrigins: [site.origin],
          resolve: fakeResolver(['127.0.0.1']),
        }),
      );
      expect(error.message).toBe('The page redirected to an address that is not allowed: rebind.acme-test.com resolves to 127.0.0.1, a loopback address.');
    });

    it('should refuse a redirect to a file URL', async () => {
      const error = await refusal(safeFetch(`${site.origin}/to?to=${encodeURIComponent('file:///etc/passwd')}`, { allowOrigins: [site.origin] }));
      expect(error.message).toBe('Only http and https URLs can be fetched.');
    });

    it.each(['file:///etc/passwd', 'ftp://127.0.0.1/pub/file.txt'])('should refuse %s', async (url) => {
      const error = await refusal(safeFetch(url));
      expect(error.message).toBe('Only http and https URLs can be fetched.');
    });

    it('should refuse credentials in the URL even for an allowed origin', async () => {
      const error = await refusal(safeFetch(`http://admin:secret@127.0.0.1:${target.port}/`, { allowOrigins: [target.origin] }));
      expect(error.message).toBe('Web addresses with a user name or password cannot be fetched.');
    });
  });

  describe('fetches allowed pages', () => {
    it('should fetch an allowed origin and follow an allowed redirect', async () => {
      const result = await safeFetch(`${site.origin}/start`, { allowOrigins: [site.origin] });
      expect(result).toMatchObject({ url: `${site.origin}/article`, status: 200, contentType: 'text/html; charset=utf-8' });
      expect(result.body.toString('utf8')).toBe(ARTICLE);
    });

    it('should connect to the address the injected resolver returned, resolving once', async () => {
      const calls: string[] = [];
      const origin = `http://wiki.acme-test.com:${site.port}`;
      site.hosts = [];
      const result = await safeFetch(`${origin}/article`, { allowOrigins: [origin], resolve: fakeResolver(['127.0.0.1'], calls) });
      expect(result.body.toString()).toBe(ARTICLE);
      expect(calls).toEqual(['wiki.acme-test.com']);
      expect(site.hosts).toEqual([`wiki.acme-test.com:${site.port}`]);
    });

    it('should decode a gzip body', async () => {
      const result = await safeFetch(`${site.origin}/gzip`, { allowOrigins: [site.origin] });
      expect(result.body.toString()).toBe('Compressed text.');
    });
  });

  describe('limits', () => {
    it('should abort a body larger than maxBytes while it streams', async () => {
      let sent = 0;
      let finished = false;
      const big = await startServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        const chunk = Buffer.alloc(64 * 1024, 0x61);
        const pump = (): void => {
          while (!res.destroyed && sent < 50 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          if (!res.destroyed) {
            finished = true;
            res.end();
          }
        };
        pump();
      });
      try {
        const error = await failure(safeFetch(`${big.origin}/`, { allowOrigins: [big.origin], maxBytes: 256 * 1024 }));
        expect(error.message).toBe('The page is larger than the 256 KB limit.');
        expect(error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', reason: 'too_large', retryable: false });
        // Only time shows that the reading stopped: the server would have finished by now.
        await new Promise((r) => setTimeout(r, 50));
        expect(finished).toBe(false);
        expect(sent).toBeLessThan(50 * 1024 * 1024);
      } finally {
        await big.close();
      }
    });

    it('should refuse a declared Content-Length over the limit without reading', async () => {
      const error = await failure(safeFetch(`${site.origin}/declared-large`, { allowOrigins: [site.origin], maxBytes: 1024 * 1024 }));
      expect(error.message).toBe('The page is larger than the 1 MB limit.');
    });

    it('should count decompressed bytes against the limit', async () => {
      const error = await failure(safeFetch(`${site.origin}/bomb`, { allowOrigins: [site.origin], maxBytes: 1024 * 1024 }));
      expect(error.reason).toBe('too_large');
    });

    it('should stop a server that keeps trickling data at the total timeout', async () => {
      const slow = await startServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        const timer = setInterval(() => res.write('<p>more</p>'), 50);
        res.on('close', () => clearInterval(timer));
      });
      try {
        const started = Date.now();
        const error = await failure(safeFetch(`${slow.origin}/`, { allowOrigins: [slow.origin], timeoutMs: 400 }));
        expect(error.message).toBe('The page took too long to load (more than 400 ms).');
        expect(error).toMatchObject({ code: 'TIMEOUT', reason: 'timeout', retryable: true });
        expect(Date.now() - started).toBeLessThan(3000);
      } finally {
        await slow.close();
      }
    });

    it('should time out a server that never answers', async () => {
      const silent = await startServer(() => undefined);
      try {
        const error = await failure(safeFetch(`${silent.origin}/`, { allowOrigins: [silent.origin], timeoutMs: 1000 }));
        expect(error.message).toBe('The page took too long to load (more than 1 second).');
      } finally {
        await silent.close();
      }
    });

    it('should refuse a content type that is not a page or text', async () => {
      const error = await failure(safeFetch(`${site.origin}/image`, { allowOrigins: [site.origin] }));
      expect(error.message).toBe('The page is not a web page or text (content type image/png).');
      expect(error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', retryable: false });
    });

    it('should refuse too many redirects', async () => {
      site.requests = 0;
      const error = await failure(safeFetch(`${site.origin}/loop/0`, { allowOrigins: [site.origin], maxRedirects: 3 }));
      expect(error.message).toBe('The page redirected too many times (more than 3).');
      expect(site.requests).toBe(4);
      site.requests = 0;
      await failure(safeFetch(`${site.origin}/loop/0`, { allowOrigins: [site.origin] }));
      expect(site.requests).toBe(6);
    });

    it('should report HTTP errors, retryable only for server-side failures', async () => {
      const missing = await failure(safeFetch(`${site.origin}/missing`, { allowOrigins: [site.origin] }));
      expect(missing.message).toBe('The page could not be fetched (HTTP 404).');
      expect(missing).toMatchObject({ reason: 'http_status', httpStatus: 404, retryable: false });
      const down = await failure(safeFetch(`${site.origin}/down`, { allowOrigins: [site.origin] }));
      expect(down.message).toBe('The page could not be fetched (HTTP 503).');
      expect(down.retryable).toBe(true);
    });

    it('should report a refused connection as retryable', async () => {
      const gone = await startServer(() => undefined);
      await gone.close();
      const error = await failure(safeFetch(`${gone.origin}/`, { allowOrigins: [gone.origin] }));
      expect(error).toMatchObject({ message: 'The site refused the connection.', retryable: true });
    });

    it('should report a name that does not exist', async () => {
      const resolve: HostResolver = (_host, _options, callback) => {
        const error: NodeJS.ErrnoException = new Error('getaddrinfo ENOTFOUND');
        error.code = 'ENOTFOUND';
        callback(error, []);
      };
      const error = await failure(safeFetch('https://no-such-host.acme-test.com/', { resolve }));
      expect(error).toMatchObject({ message: 'The address could not be found: no-such-host.acme-test.com.', retryable: false });
    });
  });
});

describe('safeRequest', () => {
  let target: TestServer;
  let receiver: TestServer;
  const received: Array<{ method: string; path: string; body: string; signature: string }> = [];

  beforeAll(async () => {
    target = await startServer((_req, res) => html(res, '<p>internal secret</p>'));
    receiver = await startServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        received.push({ method: req.method ?? '', path, body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['webhook-signature'] ?? '') });
        if (path === '/moved') return redirect(res, '/hook', 308);
        if (path === '/see-other') return redirect(res, '/hook', 303);
        if (path === '/to-internal') return redirect(res, `${target.origin}/`, 307);
        if (path === '/fails') {
          res.writeHead(500, { 'content-type': 'text/plain' });
          return res.end('broken');
        }
        if (path === '/huge') {
          res.writeHead(200, { 'content-type': 'text/plain' });
          return res.end(Buffer.alloc(1024 * 1024, 0x61));
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      });
    });
  });

  afterAll(async () => {
    await target.close();
    await receiver.close();
  });

  beforeEach(() => {
    received.length = 0;
  });

  afterEach(() => {
    expect(target.requests).toBe(0);
  });

  const post = (path: string, options: Partial<Parameters<typeof safeRequest>[1]> = {}) =>
    safeRequest(`${receiver.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'webhook-signature': 'v1,abc' }, body: '{"a":1}', allowOrigins: [receiver.origin], ...options });

  it('should send the method, headers and body and answer the status and the answer', async () => {
    const answer = await post('/hook');
    expect(answer).toMatchObject({ status: 200, truncated: false });
    expect(answer.body.toString()).toBe('{"ok":true}');
    expect(received).toEqual([{ method: 'POST', path: '/hook', body: '{"a":1}', signature: 'v1,abc' }]);
  });

  it('should answer a failing status instead of throwing', async () => {
    const answer = await post('/fails');
    expect(answer.status).toBe(500);
    expect(answer.body.toString()).toBe('broken');
  });

  it('should follow a 308 with the same method and body, and not a 303', async () => {
    expect((await post('/moved')).status).toBe(200);
    expect(received.map((r) => `${r.method} ${r.path} ${r.body}`)).toEqual(['POST /moved {"a":1}', 'POST /hook {"a":1}']);
    expect((await post('/see-other')).status).toBe(303);
  });

  it('should refuse a redirect to a loopback address it was not allowed', async () => {
    await expect(post('/to-internal')).rejects.toThrow(UnsafeUrlError);
  });

  it('should refuse loopback, private and metadata addresses before connecting', async () => {
    for (const url of ['http://127.0.0.1:9/hook', 'http://10.0.0.1/hook', 'http://169.254.169.254/latest', 'http://[::1]/hook']) {
      await expect(safeRequest(url, { method: 'POST', body: '{}' })).rejects.toThrow(UnsafeUrlError);
    }
  });

  it('should read at most maxBytes of a huge answer', async () => {
    const answer = await post('/huge', { maxBytes: 1000 });
    expect(answer).toMatchObject({ status: 200, truncated: true });
    expect(answer.body.length).toBe(1000);
  });
});
