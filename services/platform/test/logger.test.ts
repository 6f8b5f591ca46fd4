// What the services log never holds a credential: pino redacts, by the loggers' own paths,
// wherever an object carrying one is logged (an integration's configuration, a setup request, an
// API key header).
import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { LOG_REDACTION } from '../src/logger.js';

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
