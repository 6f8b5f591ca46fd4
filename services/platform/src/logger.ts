import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * JSON lines on stdout, written synchronously: pino's default stdout stream hands every line to
 * libuv's thread pool (an async fs.write and a thread hand-off per line), which costs more CPU
 * than formatting the line. A synchronous write also loses no line when the process dies.
 */
export function createLogger(service: string, level = 'info'): Logger {
  return pino(
    {
      name: service,
      level,
      base: { service },
      redact: {
        paths: ['password', '*.password', 'refresh_token', '*.refresh_token', 'token', '*.token', 'req.headers.authorization', 'req.headers.cookie'],
        censor: '[redacted]',
      },
    },
    pino.destination({ dest: 1, sync: true }),
  );
}
