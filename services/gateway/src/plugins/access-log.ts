// One access-log line per request, written when the answer has been sent (Fastify's default is two
// lines: 'incoming request' and 'request completed'). The line carries what both did: the request
// id, the request (method, url, host, client address and port), the status and the response time.
// Errors and warnings Fastify logs about a request (stream errors, serializer failures, 5xx from
// the error handler) are unchanged.
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Bindings, ChildLoggerOptions, LogFn } from 'pino';
import type { Logger } from '@trainwright/platform';

export interface AccessLogFields {
  reqId: string;
  req: { method: string; url: string; version?: string; host: string; remoteAddress: string; remotePort?: number };
  res: { statusCode: number };
  /** Milliseconds from the request's arrival to the end of the answer. */
  responseTime: number;
}

/** The fields of a request's access-log line (the same names Fastify's own request lines use). */
export function accessLogFields(request: FastifyRequest, reply: FastifyReply): AccessLogFields {
  const version = request.headers['accept-version'];
  return {
    reqId: request.id,
    req: {
      method: request.method,
      url: request.url,
      version: typeof version === 'string' ? version : undefined,
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    },
    res: { statusCode: reply.statusCode },
    responseTime: reply.elapsedTime,
  };
}

export class AccessLog extends LogController {
  /** Writes the access lines. They hold only the scalar fields above, none of which the logger's
   *  redaction paths (passwords, tokens, authorization and cookie headers) can match, so this
   *  logger skips the redaction pass that every other line pays for. The gateway gives it a
   *  batched logger (platform createBatchedLogger: one write for many lines); by default it is a
   *  child of `logger`, which writes each line at once. */
  private readonly lines: Logger;

  constructor(
    private readonly logger: Logger,
    options: { disableRequestLogging: boolean; lines?: Logger },
  ) {
    super({ disableRequestLogging: options.disableRequestLogging });
    this.lines = options.lines ?? logger.child({}, { redact: { paths: [] } });
  }

  override incomingRequest(): void {
    // Logged once, at completion (requestCompleted).
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const fields = accessLogFields(request, reply);
    // An error object may carry anything: that line goes through the redacting logger.
    if (error) this.logger.error({ ...fields, err: error }, 'request errored');
    else this.lines.info(fields, 'request completed');
  }
}

type LevelMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * A request's logger (`request.log`): the pino child bound to its request id, made the first time
 * something is logged through it. Fastify makes one for every request, and a child of a redacting
 * logger costs a redaction pass over its bindings (about 2 us and 4 kB per request), yet an
 * answered request logs nothing through it: its access line is written by AccessLog's own child.
 */
export class LazyRequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** The child logger, made now if it was not yet. */
  get logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.made ? this.made.level : this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }

  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;
  declare silent: LogFn;

  /** Fastify's childLoggerFactory option. */
  static factory(this: void, parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
    return new LazyRequestLogger(parent, bindings, options);
  }
}

for (const method of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const satisfies readonly LevelMethod[]) {
  LazyRequestLogger.prototype[method] = function (this: LazyRequestLogger, ...args: unknown[]) {
    const logger = this.logger;
    (logger[method] as (...a: unknown[]) => void).apply(logger, args);
  } as LogFn;
}
