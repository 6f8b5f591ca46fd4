import { pino, type Logger } from 'pino';

export type { Logger };

/** Credentials of every kind, wherever an object carrying them is logged (integrations' too). */
export const LOG_REDACTION = {
  paths: [
    'password',
    '*.password',
    'refresh_token',
    '*.refresh_token',
    'token',
    '*.token',
    'secret',
    '*.secret',
    'client_secret',
    '*.client_secret',
    'api_key',
    '*.api_key',
    'signing_secret',
    '*.signing_secret',
    'webhook_url',
    '*.webhook_url',
    'configuration',
    '*.configuration',
    'req.headers.authorization',
    'req.headers.cookie',
    'req.headers["x-api-key"]',
  ],
  censor: '[redacted]',
};

/**
 * JSON lines on stdout, written synchronously: pino's default stdout stream hands every line to
 * libuv's thread pool (an async fs.write and a thread hand-off per line), which costs more CPU
 * than formatting the line. A synchronous write also loses no line when the process dies.
 */
export function createLogger(service: string, level = 'info'): Logger {
  return pino({ name: service, level, base: { service }, redact: LOG_REDACTION }, pino.destination({ dest: 1, sync: true }));
}
