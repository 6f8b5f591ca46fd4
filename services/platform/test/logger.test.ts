// What the services log never holds a credential: pino redacts, by the loggers' own paths,
// wherever an object carrying one is logged (an integration's configuration, a setup request, an
// API key header). A batched logger's lines reach their file when flushed, by themselves within
// flushMs, and when the process exits.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { LOG_REDACTION, createBatchedLogger } from '../src/logger.js';

describe('LOG_REDACTION', () => {
  it('should redact credentials from what a logger writes', () => {
    let written = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        written += String(chunk);
        done();
      },
    });
    const log = pino({ redact: LOG_REDACTION }, sink);
    log.info({ integration: { configuration: { webhook_url: 'https://hooks.slack.com/services/T1/B2/SECRET1' } } }, 'set up');
    log.info({ body: { api_key: 'SECRET2', client_secret: 'SECRET3', refresh_token: 'SECRET4' }, signing_secret: 'SECRET5' }, 'request');
    log.info({ req: { headers: { 'x-api-key': 'SECRET6', authorization: 'Bearer SECRET7' } } }, 'call');
    expect(written.trim().split('\n')).toHaveLength(3);
    expect(written).not.toMatch(/SECRET\d/);
    expect(written.match(/\[redacted\]/g)?.length).toBe(7);
  });
});

describe('createBatchedLogger', () => {
  const dir = mkdtempSync(join(tmpdir(), 'batched-logger-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("should write the logger's lines, with its name, bindings and level, once flushed", () => {
    const file = join(dir, 'lines.log');
    const base = pino({ name: 'gateway', base: { service: 'gateway' }, level: 'info' }, new Writable({ write: (_c, _e, done) => done() }));
    const { logger, flush } = createBatchedLogger(base, { dest: file, flushMs: 60_000 });
    logger.info({ reqId: 'r1', res: { statusCode: 200 } }, 'request completed');
    logger.debug('not at this level');
    expect(readFileSync(file, 'utf8')).toBe('');
    flush();
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toEqual([expect.objectContaining({ level: 30, service: 'gateway', name: 'gateway', reqId: 'r1', res: { statusCode: 200 }, msg: 'request completed' })]);
  });

  it('should write gathered lines by itself within flushMs', async () => {
    const file = join(dir, 'periodic.log');
    const { logger } = createBatchedLogger(pino({ base: { service: 's' } }, new Writable({ write: (_c, _e, done) => done() })), { dest: file, flushMs: 20 });
    logger.info('soon');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readFileSync(file, 'utf8')).toContain('"msg":"soon"');
  });

  it('should write the lines gathered when the process exits, also after an uncaught exception', () => {
    const file = join(dir, 'exit.log');
    const logger = new URL('../src/logger.ts', import.meta.url).href;
    const script = `
      const { pino } = await import('pino');
      const { createBatchedLogger } = await import(${JSON.stringify(logger)});
      const { logger } = createBatchedLogger(pino({ base: { service: 's' } }), { dest: ${JSON.stringify(file)}, flushMs: 60_000 });
      logger.info('last words');
      setTimeout(() => { throw new Error('crash'); }, 10);`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', cwd: fileURLToPath(new URL('..', import.meta.url)) });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('crash');
    expect(readFileSync(file, 'utf8')).toContain('"msg":"last words"');
  });
});
