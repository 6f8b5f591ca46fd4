// One access-log line per request, written when the answer has been sent (Fastify's default is two
// lines: 'incoming request' and 'request completed'). The line carries what both did: the request
// id, the request (method, url, host, client address and port), the status and the response time.
// Errors and warnings Fastify logs about a request (stream errors, serializer failures, 5xx from
// the error handler) are unchanged.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
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
   *  child skips the redaction pass that every other line pays for. */
  private readonly lines: Logger;

  constructor(
    private readonly logger: Logger,
    options: { disableRequestLogging: boolean },
  ) {
    super({ disableRequestLogging: options.disableRequestLogging });
    this.lines = logger.child({}, { redact: { paths: [] } });
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
