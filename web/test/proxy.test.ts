// The /api proxy against a real local HTTP server standing in for the gateway's socket.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

let server: Server;
let proxyToGateway: (request: Request) => Promise<Response>;
let last: { method: string; url: string; headers: IncomingHttpHeaders; body: string };

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    last = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() };
    if (req.url === '/api/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write('event: project.created\ndata: {"project_id":"p1"}\n\n');
      // Left open, like the gateway's stream; the test cancels it.
      req.on('close', () => res.end());
      return;
    }
    if (req.url === '/api/projects/p1/download/txt') {
      const body = 'Slide one\n';
      res.writeHead(200, {
        'content-type': 'text/plain; charset=utf-8',
        'content-disposition': `attachment; filename="Safety.txt"; filename*=UTF-8''Safety.txt`,
        'content-length': String(Buffer.byteLength(body)),
        'cache-control': 'private, no-store',
        'accept-ranges': 'bytes',
      });
      res.end(body);
      return;
    }
    if (req.url === '/api/auth/logout') {
      res.writeHead(204, { 'set-cookie': ['tw_at=; Max-Age=0; Path=/', 'tw_rt=; Max-Age=0; Path=/api/auth'] });
      res.end();
      return;
    }
    res.writeHead(req.url?.startsWith('/api/missing') ? 404 : 200, {
      'content-type': 'application/json',
      'set-cookie': ['tw_at=a; Path=/; HttpOnly', 'tw_rt=r; Path=/api/auth; HttpOnly'],
      connection: 'close',
    });
    res.end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  process.env.GATEWAY_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  ({ proxyToGateway } = await import('../app/proxy.server.js'));
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
});

describe('api proxy', () => {
  it('forwards method, path, query, cookies and body, and returns every set-cookie', async () => {
    const response = await proxyToGateway(
      new Request('http://localhost:3000/api/auth/login?next=%2F', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: 'tw_at=old', 'x-forwarded-for': '203.0.113.9' },
        body: '{"email":"a@b.c"}',
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.getSetCookie()).toEqual(['tw_at=a; Path=/; HttpOnly', 'tw_rt=r; Path=/api/auth; HttpOnly']);
    expect(response.headers.has('connection')).toBe(false);
    expect(last).toMatchObject({ method: 'POST', url: '/api/auth/login?next=%2F', body: '{"email":"a@b.c"}' });
    expect(last.headers.cookie).toBe('tw_at=old');
    expect(last.headers['x-forwarded-host']).toBe('localhost:3000');
    expect(last.headers['x-forwarded-proto']).toBe('http');
  });

  it('streams server-sent events unbuffered and marks them no-transform so they are not gzipped', async () => {
    const controller = new AbortController();
    const response = await proxyToGateway(new Request('http://localhost:3000/api/events', { signal: controller.signal }));
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toContain('event: project.created');
    await reader.cancel();
    controller.abort();
  });

  it('keeps a download whole: Content-Length, ranges and no-transform so it is not compressed', async () => {
    const response = await proxyToGateway(new Request('http://localhost:3000/api/projects/p1/download/txt'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('10');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-disposition')).toContain('filename="Safety.txt"');
    expect(response.headers.get('cache-control')).toBe('private, no-store, no-transform');
    expect(await response.text()).toBe('Slide one\n');
  });

  it('passes statuses through, including bodiless ones', async () => {
    expect((await proxyToGateway(new Request('http://localhost:3000/api/missing'))).status).toBe(404);
    const logout = await proxyToGateway(new Request('http://localhost:3000/api/auth/logout', { method: 'POST', body: '{}' }));
    expect(logout.status).toBe(204);
    expect(logout.headers.getSetCookie()).toHaveLength(2);
  });

  it('ignores a client-supplied client-address tag', async () => {
    await proxyToGateway(
      new Request('http://localhost:3000/api/plans', { headers: { 'x-trainwright-client-address': 'forged 6.6.6.6' } }),
    );
    // (The stand-in gateway runs in this process, so its own server tags what it receives.)
    expect(String(last.headers['x-trainwright-client-address'])).not.toContain('6.6.6.6');
    expect(last.headers['x-forwarded-for']).toBeUndefined();
  });
});

describe('api proxy without a gateway', () => {
  it('answers 503 UNAVAILABLE in the API error shape', async () => {
    const { jest } = await import('@jest/globals');
    jest.resetModules();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    process.env.GATEWAY_URL = 'http://127.0.0.1:9'; // discard port: nothing listens
    const { proxyToGateway: proxy } = await import('../app/proxy.server.js');
    const response = await proxy(new Request('http://localhost:3000/api/auth/me'));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ code: 'UNAVAILABLE', message: 'Server error. Please try again later.' });
  });
});
