// The gateway's request logging (one access line per request) and its precomputed security
// headers (the same headers helmet's middleware sets). No infrastructure: a bare Fastify app.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { Writable } from 'node:stream';
import { jest } from '@jest/globals';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import helmet from 'helmet';
import { pino } from 'pino';
import { AccessLog, LazyRequestLogger } from '../src/plugins/access-log.js';
import { HELMET_OPTIONS, applySecurityHeaders, computeSecurityHeaders } from '../src/plugins/security-headers.js';

function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  // The same redaction as the platform's createLogger.
  const logger = pino(
    { name: 'gateway', base: { service: 'gateway' }, redact: { paths: ['password', '*.password', 'token', '*.token', 'req.headers.authorization'], censor: '[redacted]' } },
    stream,
  );
  return { logger, lines };
}

async function appWith(disableRequestLogging: boolean) {
  const { logger, lines } = capturingLogger();
  const app = Fastify({
    loggerInstance: logger as unknown as FastifyBaseLogger,
    logController: new AccessLog(logger, { disableRequestLogging }),
    childLoggerFactory: LazyRequestLogger.factory,
    genReqId: () => 'req-1',
  });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  app.post('/secret', async (request) => {
    request.log.info({ body: request.body }, 'received');
    return { ok: true };
  });
  await app.ready();
  return { app, lines, logger };
}

describe('AccessLog', () => {
  it('should write one line per request, at completion, with the request, status and time', async () => {
    const { app, lines } = await appWith(false);
    const res = await app.inject({ method: 'GET', url: '/ok?x=1', headers: { host: 'example.test' } });
    expect(res.statusCode).toBe(200);
    expect(lines.map((l) => l.msg)).toEqual(['request completed']);
    const [line] = lines;
    expect(line).toMatchObject({
      level: 30,
      service: 'gateway',
      reqId: 'req-1',
      req: { method: 'GET', url: '/ok?x=1', host: 'example.test', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
    });
    expect(typeof line!.responseTime).toBe('number');
    expect(line!.responseTime as number).toBeGreaterThanOrEqual(0);
    await app.close();
  });

  it('should log the status of failed requests and keep the error log line', async () => {
    const { app, lines } = await appWith(false);
    expect((await app.inject({ method: 'GET', url: '/boom' })).statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: '/nowhere' })).statusCode).toBe(404);
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(completed.map((l) => (l.res as { statusCode: number }).statusCode)).toEqual([500, 404]);
    // Fastify's own error line for a 5xx is still written.
    expect(lines.some((l) => l.level === 50 && (l.err as { message?: string } | undefined)?.message === 'boom')).toBe(true);
    await app.close();
  });

  it('should write nothing per request when request logging is off', async () => {
    const { app, lines } = await appWith(true);
    await app.inject({ method: 'GET', url: '/ok' });
    expect(lines.filter((l) => l.msg === 'request completed' || l.msg === 'incoming request')).toEqual([]);
    await app.close();
  });

  it("should make a request's own logger only when something is logged through it", async () => {
    const { app, lines, logger } = await appWith(false);
    const child = jest.spyOn(logger, 'child');
    await app.inject({ method: 'GET', url: '/ok' });
    await app.inject({ method: 'GET', url: '/ok' });
    expect(child).not.toHaveBeenCalled();
    await app.inject({ method: 'POST', url: '/secret', payload: { name: 'x' } });
    expect(child).toHaveBeenCalledTimes(1);
    // Its lines carry the request id, as Fastify's own child logger's do.
    expect(lines.find((l) => l.msg === 'received')).toMatchObject({ reqId: 'req-1', body: { name: 'x' } });
    await app.close();
  });

  it('should answer the level of the logger it stands for', () => {
    const { logger } = capturingLogger();
    logger.level = 'warn';
    const lazy = LazyRequestLogger.factory(logger as unknown as FastifyBaseLogger, { reqId: 'r' }, {});
    expect(lazy.level).toBe('warn');
    lazy.level = 'debug';
    expect(lazy.level).toBe('debug');
    expect(logger.level).toBe('warn');
    expect(lazy.child({ part: 'x' }, {}).level).toBe('debug');
  });

  it('should leave the redaction of other lines in place', async () => {
    const { app, lines } = await appWith(false);
    await app.inject({ method: 'POST', url: '/secret', payload: { password: 'hunter2', name: 'x' } });
    const received = lines.find((l) => l.msg === 'received');
    expect(received?.body).toEqual({ password: '[redacted]', name: 'x' });
    expect(JSON.stringify(lines)).not.toContain('hunter2');
    await app.close();
  });
});

describe('security headers', () => {
  const response = () => new ServerResponse(new IncomingMessage(new Socket()));

  it('should set exactly the headers helmet sets, with the same values', () => {
    const viaHelmet = response();
    let finished = false;
    helmet(HELMET_OPTIONS)({} as never, viaHelmet as never, () => {
      finished = true;
    });
    expect(finished).toBe(true);
    const precomputed = response();
    applySecurityHeaders(computeSecurityHeaders(HELMET_OPTIONS), precomputed);
    expect(precomputed.getHeaders()).toEqual(viaHelmet.getHeaders());
    expect(precomputed.getHeader('content-security-policy')).toContain("style-src 'self' https: 'unsafe-inline'");
    expect(precomputed.getHeader('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('should remove X-Powered-By as helmet does', () => {
    const res = response();
    res.setHeader('X-Powered-By', 'something');
    applySecurityHeaders(computeSecurityHeaders(HELMET_OPTIONS), res);
    expect(res.getHeader('x-powered-by')).toBeUndefined();
  });
});
